import type { Placement } from '@floating-ui/react-dom';
import { useCallback, useMemo, type CSSProperties, type MutableRefObject, type Ref } from 'react';
import { mergeRefs } from './merge-props.ts';
import { useLazyFloating, type FloatingModule } from './use-lazy-floating.ts';

/** Distance a tooltip or popover keeps from the viewport's edges when it flips or shifts. */
export const LAYER_VIEWPORT_PADDING_PX = 8;

export interface AnchoredLayerOptions {
  open: boolean;
  placement: Placement;
  /** Gap between trigger and layer (tooltip 8 px, popover 10 px: spec §9). */
  offsetPx: number;
  triggerRef: MutableRefObject<HTMLElement | null>;
  layerRef: MutableRefObject<HTMLDivElement | null>;
  /** The trigger's own ref, kept working alongside ours. */
  ownTriggerRef: Ref<HTMLElement> | undefined;
}

/**
 * Anchors a tooltip or popover to its trigger: `fixed` (no clipping by scrolling ancestors), flipped
 * and shifted to stay on screen, tracked by Floating UI only while open (closed layers cost no
 * listeners, and Floating UI loads when the first layer opens: `use-lazy-floating.ts`). The ref
 * callbacks are stable, so React does not detach and re-attach nodes on every render.
 */
export function useAnchoredLayer({ open, placement, offsetPx, triggerRef, layerRef, ownTriggerRef }: AnchoredLayerOptions): {
  setTrigger: (node: HTMLElement | null) => void;
  setLayer: (node: HTMLDivElement | null) => void;
  floatingStyles: CSSProperties;
  actualPlacement: Placement;
} {
  const middleware = useCallback(
    (module: FloatingModule) => [module.offset(offsetPx), module.flip({ padding: LAYER_VIEWPORT_PADDING_PX }), module.shift({ padding: LAYER_VIEWPORT_PADDING_PX })],
    [offsetPx],
  );
  const { floatingStyles, actualPlacement } = useLazyFloating({ open, placement, reference: triggerRef, floating: layerRef, middleware });
  const setLayer = useCallback(
    (node: HTMLDivElement | null) => {
      layerRef.current = node;
    },
    [layerRef],
  );
  const setTrigger = useMemo(
    () =>
      mergeRefs<HTMLElement>(ownTriggerRef, (node) => {
        triggerRef.current = node;
      }),
    [ownTriggerRef, triggerRef],
  );
  return { setTrigger, setLayer, floatingStyles, actualPlacement };
}
