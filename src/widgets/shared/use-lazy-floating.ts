import type { Middleware, Placement } from '@floating-ui/react-dom';
import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import type * as Floating from './floating.ts';

/** The Floating UI functions the layers use (`./floating.ts`). */
export type FloatingModule = typeof Floating;

let floatingModule: FloatingModule | undefined;
let loading: Promise<FloatingModule> | undefined;

/** Loads Floating UI once (a failed load is tried again by the next layer that opens). */
export function loadFloating(): Promise<FloatingModule> {
  loading ??= import('./floating.ts').then(
    (module) => (floatingModule = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A layer's place: where Floating UI put it, and on which side after flipping. */
interface Position {
  x: number;
  y: number;
  placement: Placement;
}

/** Rounds to the device's pixel grid, as Floating UI's React binding does, so text stays crisp. */
function roundToPixel(value: number): number {
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return Math.round(value * ratio) / ratio;
}

/** Options of {@link useLazyFloating}. */
export interface LazyFloatingOptions {
  open: boolean;
  placement: Placement;
  /** Refs rather than nodes in state: a state update from a ref callback would re-render in the middle of a commit. */
  reference: RefObject<HTMLElement | null>;
  floating: RefObject<HTMLElement | null>;
  /** The middleware, built from the loaded module; keep it stable (`useCallback`) or the layer re-positions on every render. */
  middleware: (floating: FloatingModule) => Middleware[];
}

/**
 * Positions `floating` against `reference` with Floating UI (`fixed`, tracked by `autoUpdate` only
 * while open), loading Floating UI the first time a layer opens. Until the first position is known the
 * layer is laid out but transparent (still focusable, so a popover can take focus):
 * it never shows at a wrong place first and then jumps.
 */
export function useLazyFloating({ open, placement, reference, floating, middleware }: LazyFloatingOptions): { floatingStyles: CSSProperties; actualPlacement: Placement } {
  const [position, setPosition] = useState<Position | null>(null);
  useLayoutEffect(() => {
    if (!open) {
      setPosition(null);
      return undefined;
    }
    let live = true;
    let stop: (() => void) | undefined;
    let frame = 0;
    const start = (module: FloatingModule, attempt = 0): void => {
      if (!live) return;
      const anchor = reference.current;
      const layer = floating.current;
      if (!anchor || !layer) {
        // A layer in a portal may attach a frame later.
        if (attempt < 10) frame = requestAnimationFrame(() => start(module, attempt + 1));
        return;
      }
      stop = module.autoUpdate(anchor, layer, () => {
        void module.computePosition(anchor, layer, { placement, strategy: 'fixed', middleware: middleware(module) }).then((result) => {
          if (live) setPosition({ x: result.x, y: result.y, placement: result.placement });
        });
      });
    };
    if (floatingModule) start(floatingModule);
    // A failed download leaves the layer transparent; the next opening tries again.
    else loadFloating().then(start, () => undefined);
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      stop?.();
    };
  }, [open, placement, reference, floating, middleware]);
  const floatingStyles: CSSProperties = position
    ? { position: 'fixed', left: 0, top: 0, transform: `translate(${roundToPixel(position.x)}px, ${roundToPixel(position.y)}px)` }
    : { position: 'fixed', left: 0, top: 0, opacity: 0 };
  return { floatingStyles, actualPlacement: position?.placement ?? placement };
}
