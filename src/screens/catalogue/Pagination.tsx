import { useSignals } from '@preact/signals-react/runtime';
import type { MouseEvent, ReactNode } from 'react';
import { isPlainLeftClick } from '../../kit/plain-click.ts';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './catalogue.css?inline';

/** Shared with the catalogue screen (one stylesheet, registered once whoever loads first). */
registerStyles('catalogue', css);

/** Page numbers shown on each side of the current page (besides the first and the last). */
export const PAGINATION_SIBLINGS = 1;

/** One entry of the page list: a page number, or a gap ("…") standing for the pages left out. */
export type PageItem = number | 'gap';

/** The numbers `from`…`to`. */
function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

/**
 * The pages to offer: the first, the last, and `siblings` pages on each side of the current one, with
 * a gap ("…") where at least two pages are left out (a single left-out page is shown instead). Always
 * `2 × siblings + 5` entries once there are more pages than that, so the list keeps its width while
 * paging and 5,000 products never mean 200 links.
 */
export function pageItems(current: number, pages: number, siblings: number = PAGINATION_SIBLINGS): PageItem[] {
  const slots = 2 * siblings + 5;
  if (pages <= slots) return range(1, Math.max(0, pages));
  const page = Math.min(Math.max(1, current), pages);
  const left = Math.max(page - siblings, 1);
  const right = Math.min(page + siblings, pages);
  const leftGap = left > 3;
  const rightGap = right < pages - 2;
  if (!leftGap) return [...range(1, slots - 2), 'gap', pages];
  if (!rightGap) return [1, 'gap', ...range(pages - slots + 3, pages)];
  return [1, 'gap', ...range(left, right), 'gap', pages];
}

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  /** How many pages there are. */
  pages: number;
  /** Goes to another page. */
  onPageChange: (page: number) => void;
  /**
   * The URL of a page: pages become real links (open in a new tab, copy the link). Without it
   * (an element outside the storefront, which keeps its state locally) they are buttons.
   */
  hrefFor?: (page: number) => string;
}

/**
 * The catalogue's page navigation: previous, the page numbers of {@link pageItems} and next, in a
 * `nav` labelled "Pagination", the current page marked `aria-current="page"`; a "Page 2 of 9" line
 * says where the buyer is. Plain clicks go through `onPageChange`; with `hrefFor` the entries are
 * links, so modified clicks (new tab) stay the browser's. Nothing is rendered for a single page.
 * Parts: `pagination`.
 */
export function Pagination({ page, pages, onPageChange, hrefFor }: PaginationProps) {
  useSignals();
  if (pages <= 1) return null;

  const entry = (target: number, content: ReactNode, props: { label?: string; current?: boolean; rel?: string; kind: 'page' | 'step' }) => {
    const disabled = target < 1 || target > pages;
    const common = {
      className: 'shop-pagination__link',
      'data-kind': props.kind,
      'aria-label': props.label,
      'aria-current': props.current ? ('page' as const) : undefined,
    };
    if (disabled) {
      // A disabled link (no href, so not focusable): a labelled generic span is not allowed by ARIA.
      return (
        <a {...common} role="link" aria-disabled="true" data-disabled="">
          {content}
        </a>
      );
    }
    if (hrefFor) {
      const click = (event: MouseEvent<HTMLAnchorElement>) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        if (!props.current) onPageChange(target);
      };
      return (
        <a {...common} href={hrefFor(target)} rel={props.rel} onClick={click}>
          {content}
        </a>
      );
    }
    return (
      <button {...common} type="button" onClick={() => !props.current && onPageChange(target)}>
        {content}
      </button>
    );
  };

  return (
    <nav className="shop-pagination" part="pagination" aria-label={t('catalogue.pagination')}>
      <p className="shop-pagination__status">{t('catalogue.page', { page, pages })}</p>
      <ul className="shop-pagination__list">
        <li className="shop-pagination__step">
          {entry(page - 1, <span aria-hidden="true">‹</span>, { label: t('catalogue.previous_page'), rel: 'prev', kind: 'step' })}
        </li>
        {pageItems(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="shop-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>{entry(item, item, { label: t('catalogue.page_link', { page: item }), current: item === page, kind: 'page' })}</li>
          ),
        )}
        <li className="shop-pagination__step">
          {entry(page + 1, <span aria-hidden="true">›</span>, { label: t('catalogue.next_page'), rel: 'next', kind: 'step' })}
        </li>
      </ul>
    </nav>
  );
}
