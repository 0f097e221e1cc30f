import type { Placement } from '@floating-ui/react-dom';
import {
  Children,
  cloneElement,
  isValidElement,
  useId,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { registerStyles } from '../../theme/styles.ts';
import { composeHandlers } from '../shared/merge-props.ts';
import { Portal } from '../shared/Portal.tsx';
import { useAnchoredLayer } from '../shared/use-anchored-layer.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { useDismiss } from '../shared/use-dismiss.ts';
import { usePopoverVisibility } from './use-popover-visibility.ts';
import css from './popover.css?inline';

registerStyles('popover', css);

/** Gap between the trigger and the popover (spec §9). */
export const POPOVER_OFFSET_PX = 10;
export { POPOVER_HIDE_DELAY_MS } from './use-popover-visibility.ts';
/** Preferred side (spec §9: top); it flips and shifts to stay in view. */
export const POPOVER_DEFAULT_PLACEMENT: Placement = 'top';

/** Props a cloned trigger may already carry; the popover chains onto them. */
interface TriggerProps {
  ref?: Ref<HTMLElement>;
  id?: string;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/** Props of {@link Popover}; `open`/`defaultOpen`/`onOpenChange` follow the kit's controlled/uncontrolled rule. */
export interface PopoverProps {
  /** Interactive content (text, links, buttons). */
  content: ReactNode;
  /** Exactly one focusable element (usually a button) that opens the popover. */
  children: ReactElement;
  /** Visible heading; labels the popover. */
  title?: ReactNode;
  /** Accessible name when there is no `title`; without either, the trigger's text names the popover. */
  label?: string;
  /** Preferred side (default `top`, spec §9). */
  placement?: Placement;
  /**
   * `hover` (default, spec §9): the pointer opens it and it hides 100 ms after the pointer left both the
   * trigger and the popover; focus or a press (keyboard, touch) opens it too. `click`: a press toggles it.
   */
  trigger?: 'hover' | 'click';
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Extra class on the popover surface. */
  className?: string;
}

/**
 * Popover: a non-modal dialog next to its trigger (spec §2, §9), for content a tooltip cannot hold.
 * It renders through `Portal` into the element's overlay layer (Floating UI: offset 10 px, flip,
 * shift). Escape and a click outside close it (spec §4); if focus was inside, it goes back to the
 * trigger. Tab from the trigger enters the popover, and Tab past its last control continues after the
 * trigger, as if it sat right after the trigger in the page. The trigger carries `aria-expanded`,
 * `aria-haspopup="dialog"` and `aria-controls`. Parts: `popover`, `header`, `body`; state in
 * `data-state="open|closed"` and `data-placement`.
 */
export function Popover({
  content,
  children,
  title,
  label,
  placement = POPOVER_DEFAULT_PLACEMENT,
  trigger = 'hover',
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  className,
}: PopoverProps) {
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const popoverId = useId();
  const titleId = useId();
  const generatedTriggerId = useId();
  const triggerRef = useRef<HTMLElement | null>(null);
  const popoverRef = useRef<HTMLDivElement | null>(null);
  const { pointerOver, focusFromClose, close, show, onFocusLeave, onTriggerKeyDown, onPopoverKeyDown } = usePopoverVisibility(
    open,
    setOpen,
    triggerRef,
    popoverRef,
  );

  useDismiss({ open, onDismiss: () => close(), inside: [triggerRef, popoverRef] });

  const child = Children.only(children);
  const own: TriggerProps = isValidElement<TriggerProps>(child) ? child.props : {};
  const { setTrigger, setLayer: setPopover, floatingStyles, actualPlacement } = useAnchoredLayer({
    open,
    placement,
    offsetPx: POPOVER_OFFSET_PX,
    triggerRef,
    layerRef: popoverRef,
    ownTriggerRef: own.ref,
  });
  if (!isValidElement<TriggerProps>(child)) return child;
  const triggerId = own.id ?? generatedTriggerId;

  const pointerHandlers: Partial<TriggerProps> =
    trigger === 'hover'
      ? {
          onMouseEnter: composeHandlers(own.onMouseEnter, () => pointerOver('trigger', true)),
          onMouseLeave: composeHandlers(own.onMouseLeave, () => pointerOver('trigger', false)),
          onFocus: composeHandlers(own.onFocus, () => {
            if (!focusFromClose()) show();
          }),
          onClick: composeHandlers(own.onClick, show),
        }
      : { onClick: composeHandlers(own.onClick, () => (open ? close() : show())) };

  return (
    <>
      {cloneElement(child, {
        ...pointerHandlers,
        onBlur: composeHandlers(own.onBlur, onFocusLeave),
        onKeyDown: composeHandlers(own.onKeyDown, onTriggerKeyDown),
        ref: setTrigger,
        id: triggerId,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'aria-controls': open ? popoverId : undefined,
      } as Partial<TriggerProps>)}
      <Portal>
        <div
          ref={setPopover}
          id={popoverId}
          role="dialog"
          aria-labelledby={title ? titleId : label ? undefined : triggerId}
          aria-label={title ? undefined : label}
          className={className ? `shop-popover ${className}` : 'shop-popover'}
          part="popover"
          data-state={open ? 'open' : 'closed'}
          data-placement={actualPlacement}
          hidden={!open}
          style={floatingStyles}
          onMouseEnter={trigger === 'hover' ? () => pointerOver('popover', true) : undefined}
          onMouseLeave={trigger === 'hover' ? () => pointerOver('popover', false) : undefined}
          onBlur={onFocusLeave}
          onKeyDown={onPopoverKeyDown}
        >
          {title && (
            <div className="shop-popover__header" part="header" id={titleId}>
              {title}
            </div>
          )}
          <div className="shop-popover__body" part="body">
            {content}
          </div>
        </div>
      </Portal>
    </>
  );
}
