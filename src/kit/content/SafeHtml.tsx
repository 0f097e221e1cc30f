import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, type MouseEvent } from 'react';
import { useElement } from '../element-context.tsx';
import { isPlainLeftClick } from '../plain-click.ts';
import { navigate } from '../router.tsx';
import { registerStyles } from '../../theme/styles.ts';
import { sanitizeHtml } from './sanitize.ts';
import css from './shop-html.css?inline';

registerStyles('shop-html', css);

/**
 * The shop's HTML (a content page, a rich-text block, a popup), sanitised (`sanitizeHtml`) and inserted.
 * A click on a link to a storefront path ("/products?search=mug") navigates without a page load
 * (through the router, or `shop-navigate` outside a storefront); other links behave as links. It is
 * styled as shop content (`.shop-content`), plus `className`.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  useSignals();
  const { host } = useElement();
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!link || link.hasAttribute('target') || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href, { from: host });
  };
  // Only the links inside are interactive (Enter on a link clicks it, so keyboards reach the handler).
  // `data-shop-html` marks where shop HTML sits (tests check nothing runnable survives inside).
  return <div className={className ? `shop-content ${className}` : 'shop-content'} data-shop-html="" onClick={onClick} dangerouslySetInnerHTML={{ __html: safe }} />;
}
