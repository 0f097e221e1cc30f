import { autoUpdate, flip, offset, shift, useFloating, type Placement } from '@floating-ui/react-dom';
import { useCallback, useMemo, type CSSProperties, type MutableRefObject, type Ref } from 'react';
import { mergeRefs } from './merge-props.ts';

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
 * listeners). The ref callbacks are stable, so React does not detach and re-attach nodes on every render.
 */
export function useAnchoredLayer({ open, placement, offsetPx, triggerRef, layerRef, ownTriggerRef }: AnchoredLayerOptions): {
  setTrigger: (node: HTMLElement | null) => void;
  setLayer: (node: HTMLDivElement | null) => void;
  floatingStyles: CSSProperties;
  actualPlacement: Placement;
} {
  const middleware = useMemo(() => [offset(offsetPx), flip({ padding: LAYER_VIEWPORT_PADDING_PX }), shift({ padding: LAYER_VIEWPORT_PADDING_PX })], [offsetPx]);
  const { refs, floatingStyles, placement: actualPlacement } = useFloating({ open, placement, strategy: 'fixed', middleware, whileElementsMounted: autoUpdate });
  const setLayer = useCallback(
    (node: HTMLDivElement | null) => {
      layerRef.current = node;
      refs.setFloating(open ? node : null);
    },
    [open, refs, layerRef],
  );
  const setTrigger = useMemo(
    () =>
      mergeRefs<HTMLElement>(ownTriggerRef, (node) => {
        triggerRef.current = node;
        refs.setReference(node);
      }),
    [ownTriggerRef, refs, triggerRef],
  );
  return { setTrigger, setLayer, floatingStyles, actualPlacement };
}
