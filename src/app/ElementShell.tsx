import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { messagesReady, requireMessageParts } from '../i18n/index.ts';
import type { MessagePart } from '../i18n/parts.ts';
import { ElementContext } from '../kit/element-context.tsx';
import { locale } from '../store/locale.ts';
import { shop } from '../store/shop.ts';
import { ensureShopFont } from '../theme/shop-fonts.ts';
import { themeFromSettings } from '../theme/theme.ts';
import { registerStyles } from '../theme/styles.ts';
import tokensCss from '../theme/tokens.css?inline';

registerStyles('tokens', tokensCss);

/**
 * The root every element renders into: the themed `.shop-root` wrapper (tokens, theme from the shop's
 * settings, language) with `part="base"`, and a layer for overlays. Also used by tests and the demo
 * to render components outside an element.
 *
 * `messages`: the dictionary parts the content shows (an element passes them; see `src/i18n/parts.ts`).
 * They load for the page's language, and the content waits for them: a Polish page never shows
 * English or keys first. Without it the content renders at once (tests load the dictionaries up front).
 */
export function ElementShell({
  host,
  root,
  children,
  className,
  messages,
}: {
  host: HTMLElement | null;
  root: ShadowRoot | Document;
  children?: ReactNode;
  className?: string;
  messages?: readonly MessagePart[];
}) {
  useSignals();
  // Before paint, so the parts start loading in the same task as the element's first render.
  useLayoutEffect(() => {
    if (messages) requireMessageParts(messages);
  }, [messages]);
  const ready = !messages || messagesReady(messages);
  const [overlayRoot, setOverlayRoot] = useState<HTMLElement | null>(null);
  const value = useMemo(() => ({ host, root, overlayRoot }), [host, root, overlayRoot]);
  const settings = shop.value?.settings ?? null;
  const style = themeFromSettings(settings) as CSSProperties;
  // The shop's font, when it is one we ship, is declared on the document (a shadow root ignores
  // @font-face); its files download only then.
  const font = settings?.font ?? null;
  // Read in the effect: the server renders this shell too (elements/storefront-server.tsx), and has no Document.
  useEffect(() => ensureShopFont(font, host?.ownerDocument ?? ('ownerDocument' in root && root.ownerDocument ? root.ownerDocument : (root as Document))), [font, host, root]);
  return (
    <ElementContext.Provider value={value}>
      <div className={className ? `shop-root ${className}` : 'shop-root'} part="base" lang={locale.value} style={style}>
        {ready ? children : null}
        <div className="shop-overlays" ref={setOverlayRoot} />
      </div>
    </ElementContext.Provider>
  );
}
