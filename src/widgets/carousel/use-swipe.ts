import { useRef, useState, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import { CLICK_MOVE_TOLERANCE_PX } from '../shared/use-dismiss.ts';

/** A horizontal swipe longer than this share of the carousel's width changes slide (spec §9). */
export const CAROUSEL_SWIPE_THRESHOLD = 0.3;

/** A swipe in progress: where it started and how far it has moved. */
export interface Drag {
  pointerId: number;
  startX: number;
  dx: number;
  width: number;
}

/** What {@link useSwipe} answers: the drag in progress and the viewport's pointer handlers. */
export interface Swipe {
  drag: Drag | null;
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerCancel: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerLeave: (event: PointerEvent<HTMLDivElement>) => void;
  onClickCapture: (event: MouseEvent<HTMLDivElement>) => void;
}

/**
 * Swiping the carousel's viewport with a pointer: a swipe longer than `CAROUSEL_SWIPE_THRESHOLD` of
 * the root's width calls `onSwipe` with its direction (+1 next, -1 previous); a click ending a swipe
 * is swallowed. Ending a drag also clears `pointerFocusRef` (the carousel's "this focus came from a
 * pointer" flag): a pointer that ends outside the root never reaches its pointerup capture.
 */
export function useSwipe(enabled: boolean, rootRef: RefObject<HTMLElement | null>, pointerFocusRef: RefObject<boolean>, onSwipe: (direction: 1 | -1) => void): Swipe {
  const [drag, setDrag] = useState<Drag | null>(null);
  const suppressClickRef = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!enabled || !event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const width = rootRef.current?.getBoundingClientRect().width ?? 0;
    if (width <= 0) return;
    suppressClickRef.current = false;
    setDrag({ pointerId: event.pointerId, startX: event.clientX, dx: 0, width });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag === null || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.startX;
    // Captured only once it is clearly a swipe, so a plain click still reaches a link in the slide.
    if (Math.abs(dx) > CLICK_MOVE_TOLERANCE_PX && event.currentTarget.hasPointerCapture?.(event.pointerId) === false) {
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is already gone (released between events): pointerup/cancel ends the drag.
      }
    }
    setDrag({ ...drag, dx });
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    pointerFocusRef.current = false;
    if (drag === null || event.pointerId !== drag.pointerId) return;
    const dx = cancelled ? 0 : event.clientX - drag.startX;
    setDrag(null);
    if (Math.abs(dx) > CLICK_MOVE_TOLERANCE_PX) suppressClickRef.current = true;
    if (Math.abs(dx) > drag.width * CAROUSEL_SWIPE_THRESHOLD) onSwipe(dx < 0 ? 1 : -1);
  };
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (!suppressClickRef.current) return;
    suppressClickRef.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return {
    drag,
    onPointerDown,
    onPointerMove,
    onPointerUp: (event) => endDrag(event, false),
    onPointerCancel: (event) => endDrag(event, true),
    onPointerLeave: (event) => endDrag(event, true),
    onClickCapture,
  };
}
