import { useCallback, type CSSProperties, type MutableRefObject } from 'react';
import { useLazyFloating, type FloatingModule } from './use-lazy-floating.ts';

/** Gap between a field and its list. */
export const LIST_OFFSET_PX = 4;
/** Distance a list keeps from the viewport's edges when it flips or shifts. */
export const LIST_VIEWPORT_PADDING_PX = 8;

/** The list's middleware: below the field, flipped or shifted to stay on screen, at least as wide as the field. */
function listMiddleware(module: FloatingModule) {
  return [
    module.offset(LIST_OFFSET_PX),
    module.flip({ padding: LIST_VIEWPORT_PADDING_PX }),
    module.shift({ padding: LIST_VIEWPORT_PADDING_PX }),
    module.size({
      apply({ rects, elements }) {
        elements.floating.style.minWidth = `${rects.reference.width}px`;
      },
    }),
  ];
}

/**
 * Positions a popup list (dropdown, autocomplete) under its field: at least as wide as the field,
 * flipped above it or shifted when the viewport is short, and `fixed` so that a scrolling ancestor (a
 * dialog, a drawer) cannot clip it. Floating UI loads when the first list opens (`use-lazy-floating.ts`).
 * Returns ref callbacks that also fill the caller's refs; they are stable, because a new callback on
 * each render would detach and re-attach the nodes every time.
 */
export function useListPosition<R extends HTMLElement, F extends HTMLElement>(
  open: boolean,
  referenceRef: MutableRefObject<R | null>,
  floatingRef: MutableRefObject<F | null>,
): { setReference: (node: R | null) => void; setFloating: (node: F | null) => void; floatingStyles: CSSProperties } {
  const { floatingStyles } = useLazyFloating({ open, placement: 'bottom-start', reference: referenceRef, floating: floatingRef, middleware: listMiddleware });
  const setReference = useCallback(
    (node: R | null) => {
      referenceRef.current = node;
    },
    [referenceRef],
  );
  const setFloating = useCallback(
    (node: F | null) => {
      floatingRef.current = node;
    },
    [floatingRef],
  );
  return { setReference, setFloating, floatingStyles };
}
