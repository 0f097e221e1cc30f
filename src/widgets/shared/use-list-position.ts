import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react-dom';
import { useCallback, type CSSProperties, type MutableRefObject } from 'react';

/** Gap between a field and its list. */
export const LIST_OFFSET_PX = 4;
/** Distance a list keeps from the viewport's edges when it flips or shifts. */
export const LIST_VIEWPORT_PADDING_PX = 8;

/**
 * Positions a popup list (dropdown, autocomplete) under its field: at least as wide as the field,
 * flipped above it or shifted when the viewport is short, and `fixed` so that a scrolling ancestor (a
 * dialog, a drawer) cannot clip it. Returns ref callbacks that also fill the caller's refs; they are
 * stable, because a new callback on each render would detach and re-attach the nodes every time.
 */
export function useListPosition<R extends HTMLElement, F extends HTMLElement>(
  open: boolean,
  referenceRef: MutableRefObject<R | null>,
  floatingRef: MutableRefObject<F | null>,
): { setReference: (node: R | null) => void; setFloating: (node: F | null) => void; floatingStyles: CSSProperties } {
  const { refs, floatingStyles } = useFloating({
    open,
    strategy: 'fixed',
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(LIST_OFFSET_PX),
      flip({ padding: LIST_VIEWPORT_PADDING_PX }),
      shift({ padding: LIST_VIEWPORT_PADDING_PX }),
      size({
        apply({ rects, elements }) {
          elements.floating.style.minWidth = `${rects.reference.width}px`;
        },
      }),
    ],
  });
  const { setReference: setFloatingReference, setFloating: setFloatingElement } = refs;
  const setReference = useCallback(
    (node: R | null) => {
      referenceRef.current = node;
      setFloatingReference(node);
    },
    [referenceRef, setFloatingReference],
  );
  const setFloating = useCallback(
    (node: F | null) => {
      floatingRef.current = node;
      setFloatingElement(node);
    },
    [floatingRef, setFloatingElement],
  );
  return { setReference, setFloating, floatingStyles };
}
