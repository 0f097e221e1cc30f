import type { Placement } from '@floating-ui/react-dom';
import { Children, cloneElement, isValidElement, useId, useRef, type FocusEvent, type MouseEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { registerStyles } from '../../theme/styles.ts';
import { composeHandlers } from '../shared/merge-props.ts';
import { Portal } from '../shared/Portal.tsx';
import { useAnchoredLayer } from '../shared/use-anchored-layer.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { useDismiss } from '../shared/use-dismiss.ts';
import css from './tooltip.css?inline';

registerStyles('tooltip', css);

/** Gap between the trigger and the tooltip (spec §9). */
export const TOOLTIP_OFFSET_PX = 8;
/** Where the tooltip goes when there is room (spec §9: top); it flips and shifts to stay in view. */
export const TOOLTIP_DEFAULT_PLACEMENT: Placement = 'top';

/** Props a cloned trigger may already carry; the tooltip chains onto them. */
interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-describedby'?: string;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

/** Props of {@link Tooltip}; `open`/`defaultOpen`/`onOpenChange` follow the kit's controlled/uncontrolled rule. */
export interface TooltipProps {
  /** The short, non-interactive text shown next to the trigger (use a Popover for links or buttons). */
  content: ReactNode;
  /** Exactly one focusable element (usually a button); it gets the handlers and `aria-describedby`. */
  children: ReactElement;
  /** Preferred side (default `top`, spec §9). */
  placement?: Placement;
  /** `hover` (default, spec §9): pointer hover or keyboard focus shows it. `click`: a press toggles it. */
  trigger?: 'hover' | 'click';
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Extra class on the tooltip surface. */
  className?: string;
}

/**
 * Tooltip (WAI-ARIA tooltip pattern). The trigger is described by the tooltip through
 * `aria-describedby` at all times (the tooltip stays in the DOM, hidden, while closed), so a screen
 * reader hears the text on focus. It shows on hover and on keyboard focus, hides on leave and blur,
 * on Escape and on a click outside (spec §4), and renders through `Portal` into the element's overlay
 * layer, positioned with Floating UI (offset 8 px, flip, shift). State is exposed as
 * `data-state="open|closed"` and `data-placement`; part: `tooltip`.
 */
export function Tooltip({ content, children, placement = TOOLTIP_DEFAULT_PLACEMENT, trigger = 'hover', open: openProp, defaultOpen = false, onOpenChange, className }: TooltipProps) {
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const id = useId();
  const triggerRef = useRef<HTMLElement | null>(null);
  const tooltipRef = useRef<HTMLDivElement | null>(null);

  useDismiss({ open, onDismiss: () => setOpen(false), inside: [triggerRef, tooltipRef] });

  const child = Children.only(children);
  const own: TriggerProps = isValidElement<TriggerProps>(child) ? child.props : {};
  const { setTrigger, setLayer: setTooltip, floatingStyles, actualPlacement } = useAnchoredLayer({
    open,
    placement,
    offsetPx: TOOLTIP_OFFSET_PX,
    triggerRef,
    layerRef: tooltipRef,
    ownTriggerRef: own.ref,
  });

  if (!isValidElement<TriggerProps>(child)) return child;
  const describedBy = [own['aria-describedby'], id].filter(Boolean).join(' ');
  const handlers: Partial<TriggerProps> =
    trigger === 'hover'
      ? {
          onMouseEnter: composeHandlers(own.onMouseEnter, () => setOpen(true)),
          onMouseLeave: composeHandlers(own.onMouseLeave, () => setOpen(false)),
          onFocus: composeHandlers(own.onFocus, () => setOpen(true)),
          onBlur: composeHandlers(own.onBlur, () => setOpen(false)),
        }
      : { onClick: composeHandlers(own.onClick, () => setOpen(!open)) };

  return (
    <>
      {cloneElement(child, {
        ...handlers,
        ref: setTrigger,
        'aria-describedby': describedBy,
      })}
      <Portal>
        <div
          ref={setTooltip}
          id={id}
          role="tooltip"
          className={className ? `shop-tooltip ${className}` : 'shop-tooltip'}
          part="tooltip"
          data-state={open ? 'open' : 'closed'}
          data-placement={actualPlacement}
          hidden={!open}
          style={floatingStyles}
        >
          {content}
        </div>
      </Portal>
    </>
  );
}
