import { useEffect, useRef, type RefObject } from 'react';
import { pageSingleton } from '../../page-singleton.ts';

/** A press that moved further than this between down and up is a drag, not an outside click (spec §9). */
export const CLICK_MOVE_TOLERANCE_PX = 5;

export interface DismissOptions {
  /** Whether the layer is open; listeners exist only while it is. */
  open: boolean;
  /** Called with the reason when the layer should close. */
  onDismiss: (reason: 'escape' | 'outside') => void;
  /** Elements that count as inside (the layer and usually its trigger). */
  inside: RefObject<HTMLElement | null>[];
  /** Close on Escape (default true). */
  escape?: boolean;
  /** Close on a click outside (default true). */
  outsideClick?: boolean;
}

/**
 * Open layers, innermost last. Only the topmost layer answers Escape or an outside click, so Escape in
 * a dropdown inside a drawer closes the dropdown, not the drawer, and the next Escape closes the drawer.
 */
const layers = pageSingleton('dismissLayers', () => [] as symbol[]);

/** Whether `layer` is the innermost open layer. */
function isTopmost(layer: symbol): boolean {
  return layers[layers.length - 1] === layer;
}

/**
 * Closes a layer (dropdown, tooltip, popover, drawer) on Escape or on a click outside it (spec §4).
 * Clicks are judged by `composedPath()`, so it works inside shadow roots, and a press that moved more
 * than 5 px before release (text selection, a drag) is ignored (spec §9).
 */
export function useDismiss({ open, onDismiss, inside, escape = true, outsideClick = true }: DismissOptions): void {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  const insideRef = useRef(inside);
  insideRef.current = inside;

  useEffect(() => {
    if (!open) return;
    const layer = Symbol('layer');
    layers.push(layer);
    let press: { x: number; y: number; inside: boolean } | null = null;
    const isInside = (event: Event) => {
      const path = event.composedPath();
      return insideRef.current.some((ref) => ref.current !== null && path.includes(ref.current));
    };
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      press = { x: event.clientX, y: event.clientY, inside: isInside(event) };
    };
    const onPointerUp = (event: PointerEvent | MouseEvent) => {
      const start = press;
      press = null;
      if (!start || start.inside || isInside(event) || !isTopmost(layer)) return;
      const moved = Math.hypot(event.clientX - start.x, event.clientY - start.y);
      if (moved > CLICK_MOVE_TOLERANCE_PX) return;
      dismiss.current('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && isTopmost(layer)) {
        event.preventDefault();
        dismiss.current('escape');
      }
    };
    const doc = document;
    if (outsideClick) {
      doc.addEventListener('mousedown', onPointerDown, true);
      doc.addEventListener('mouseup', onPointerUp, true);
    }
    if (escape) doc.addEventListener('keydown', onKeyDown);
    return () => {
      layers.splice(layers.indexOf(layer), 1);
      doc.removeEventListener('mousedown', onPointerDown, true);
      doc.removeEventListener('mouseup', onPointerUp, true);
      doc.removeEventListener('keydown', onKeyDown);
    };
  }, [open, escape, outsideClick]);
}
