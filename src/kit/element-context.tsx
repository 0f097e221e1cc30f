import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { dispatchShopEvent, type ShopEventDetail, type ShopEventName } from '../events.ts';

/*
 * The element a component renders in, for screens and widgets alike. It knows no store: the themed
 * root that reads the shop's look and language is the composition's (`src/app/ElementShell.tsx`).
 */

/** What a component knows about the element it renders in. */
export interface ElementContextValue {
  /** The custom element itself (events are dispatched on it). */
  host: HTMLElement | null;
  /** The element's shadow root (outside-click checks, focus). */
  root: ShadowRoot | Document;
  /** Where overlays (popovers, tooltips, toasts) are portalled: inside the shadow root, so they are styled. */
  overlayRoot: HTMLElement | null;
}

/** @internal The context itself; only `ElementShell` provides a root value. */
export const ElementContext = createContext<ElementContextValue>({ host: null, root: typeof document === 'undefined' ? (null as never) : document, overlayRoot: null });

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
