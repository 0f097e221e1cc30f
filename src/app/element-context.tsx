import { useSignals } from '@preact/signals-react/runtime';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { dispatchShopEvent, type ShopEventDetail, type ShopEventName } from '../events.ts';
import { locale } from '../store/locale.ts';
import { themeSettings } from '../store/theme.ts';
import { ensureShopFont } from '../theme/shop-fonts.ts';
import { themeFromSettings } from '../theme/theme.ts';
import { registerStyles } from '../theme/styles.ts';
import tokensCss from '../theme/tokens.css?inline';

registerStyles('tokens', tokensCss);

/** What a component knows about the element it renders in. */
export interface ElementContextValue {
  /** The custom element itself (events are dispatched on it). */
  host: HTMLElement | null;
  /** The element's shadow root (outside-click checks, focus). */
  root: ShadowRoot | Document;
  /** Where overlays (popovers, tooltips, toasts) are portalled: inside the shadow root, so they are styled. */
  overlayRoot: HTMLElement | null;
}

const ElementContext = createContext<ElementContextValue>({ host: null, root: typeof document === 'undefined' ? (null as never) : document, overlayRoot: null });

/** The element a component renders in (works outside elements too: then the document). */
export function useElement(): ElementContextValue {
  return useContext(ElementContext);
}

/** A function that dispatches `shop-*` events from the current element (see `src/events.ts`). */
export function useEmit(): <K extends ShopEventName>(name: K, detail: ShopEventDetail<K>) => boolean {
  const { host } = useElement();
  return useCallback(<K extends ShopEventName>(name: K, detail: ShopEventDetail<K>) => (host ? dispatchShopEvent(host, name, detail) : true), [host]);
}

/**
 * A new overlay layer for everything rendered inside it: a modal `<dialog>` sits in the top layer and
 * makes the rest of the page inert, so lists and tooltips opened from inside it must be portalled
 * inside it too, not into the element's own overlay layer beneath.
 */
export function OverlayLayer({ children }: { children?: ReactNode }) {
  const parent = useElement();
  const [overlayRoot, setOverlayRoot] = useState<HTMLElement | null>(null);
  const value = useMemo(() => ({ ...parent, overlayRoot: overlayRoot ?? parent.overlayRoot }), [parent, overlayRoot]);
  return (
    <ElementContext.Provider value={value}>
      {children}
      <div className="shop-overlays" ref={setOverlayRoot} />
    </ElementContext.Provider>
  );
}

/**
 * The root every element renders into: the themed `.shop-root` wrapper (tokens, theme from the shop's
 * settings, language) with `part="base"`, and a layer for overlays. Also used by tests and the demo
 * to render components outside an element.
 */
export function ElementShell({ host, root, children, className }: { host: HTMLElement | null; root: ShadowRoot | Document; children?: ReactNode; className?: string }) {
  useSignals();
  const [overlayRoot, setOverlayRoot] = useState<HTMLElement | null>(null);
  const value = useMemo(() => ({ host, root, overlayRoot }), [host, root, overlayRoot]);
  const style = themeFromSettings(themeSettings.value) as CSSProperties;
  // The shop's font, when it is one we ship, is declared on the document (a shadow root ignores
  // @font-face); its files download only then.
  const font = themeSettings.value?.font ?? null;
  const doc = host?.ownerDocument ?? (root instanceof Document ? root : root.ownerDocument);
  useEffect(() => ensureShopFont(font, doc), [font, doc]);
  return (
    <ElementContext.Provider value={value}>
      <div className={className ? `shop-root ${className}` : 'shop-root'} part="base" lang={locale.value} style={style}>
        {children}
        <div className="shop-overlays" ref={setOverlayRoot} />
      </div>
    </ElementContext.Provider>
  );
}
