import type { Placement } from '@floating-ui/react-dom';
import {
  Children,
  cloneElement,
  isValidElement,
  useCallback,
  useEffect,
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
import { containsDeep, getDeepActiveElement } from '../shared/deep-focus.ts';
import { getTabbables } from '../shared/tab-stops.ts';
import { composeHandlers } from '../shared/merge-props.ts';
import { Portal } from '../shared/Portal.tsx';
import { useAnchoredLayer } from '../shared/use-anchored-layer.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { useDismiss } from '../shared/use-dismiss.ts';
import css from './popover.css?inline';

registerStyles('popover', css);

/** Gap between the trigger and the popover (spec §9). */
export const POPOVER_OFFSET_PX = 10;
/** After the pointer leaves the trigger or the popover, it hides this much later unless the pointer is over it again (spec §9). */
export const POPOVER_HIDE_DELAY_MS = 100;
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
  const pointer = useRef({ trigger: false, popover: false });
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Set while focus is handed back to the trigger on close, so that focus does not reopen it. */
  const returningFocus = useRef(false);

  const cancelHide = useCallback(() => {
    if (hideTimer.current !== null) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  }, []);

  const focusIsInside = () => {
    const popover = popoverRef.current;
    return !!popover && containsDeep(popover, getDeepActiveElement(popover.getRootNode() as Document | ShadowRoot));
  };

  const focusTrigger = () => {
    returningFocus.current = true;
    try {
      triggerRef.current?.focus();
    } finally {
      returningFocus.current = false;
    }
  };

  /** Closes; focus inside the popover goes back to the trigger instead of being lost with it. */
  const close = () => {
    cancelHide();
    const hadFocus = focusIsInside();
    setOpen(false);
    if (hadFocus) focusTrigger();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  const show = () => {
    cancelHide();
    setOpen(true);
  };

  const scheduleHide = () => {
    cancelHide();
    hideTimer.current = setTimeout(() => {
      hideTimer.current = null;
      if (!pointer.current.trigger && !pointer.current.popover) closeRef.current();
    }, POPOVER_HIDE_DELAY_MS);
  };

  useEffect(() => {
    if (!open) cancelHide();
  }, [open, cancelHide]);
  useEffect(() => cancelHide, [cancelHide]);

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

  /** Focus moving to a real element outside both the trigger and the popover closes it. */
  const onFocusLeave = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || containsDeep(triggerRef.current, next) || containsDeep(popoverRef.current, next)) return;
    close();
  };

  /** Tab from the trigger enters the (portalled) popover first. */
  const onTriggerKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab' || event.shiftKey || !open || !popoverRef.current) return;
    const first = getTabbables(popoverRef.current)[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  };

  /** Shift+Tab from the first control goes back to the trigger; Tab past the last one goes on after the trigger. */
  const onPopoverKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const popover = popoverRef.current;
    const triggerNode = triggerRef.current;
    if (event.key !== 'Tab' || !popover || !triggerNode) return;
    const stops = getTabbables(popover);
    const active = getDeepActiveElement(popover.getRootNode() as Document | ShadowRoot);
    if (event.shiftKey) {
      if (active === stops[0] || active === popover || stops.length === 0) {
        event.preventDefault();
        triggerNode.focus();
      }
      return;
    }
    if (active !== stops[stops.length - 1] && active !== popover && stops.length > 0) return;
    event.preventDefault();
    const root = triggerNode.getRootNode();
    const page = getTabbables(root instanceof ShadowRoot ? root : triggerNode.ownerDocument.body).filter((node) => !containsDeep(popover, node));
    const next = page[page.indexOf(triggerNode) + 1];
    close();
    if (next) next.focus();
    else focusTrigger();
  };

  const pointerHandlers: Partial<TriggerProps> =
    trigger === 'hover'
      ? {
          onMouseEnter: composeHandlers(own.onMouseEnter, () => {
            pointer.current.trigger = true;
            show();
          }),
          onMouseLeave: composeHandlers(own.onMouseLeave, () => {
            pointer.current.trigger = false;
            scheduleHide();
          }),
          onFocus: composeHandlers(own.onFocus, () => {
            if (!returningFocus.current) show();
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
          onMouseEnter={
            trigger === 'hover'
              ? () => {
                  pointer.current.popover = true;
                  cancelHide();
                }
              : undefined
          }
          onMouseLeave={
            trigger === 'hover'
              ? () => {
                  pointer.current.popover = false;
                  scheduleHide();
                }
              : undefined
          }
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
