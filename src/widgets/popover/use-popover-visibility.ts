import { useCallback, useEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { containsDeep, getDeepActiveElement } from '../shared/deep-focus.ts';
import { getTabbables } from '../shared/tab-stops.ts';

/** After the pointer leaves the trigger or the popover, it hides this much later unless the pointer is over it again (spec §9). */
export const POPOVER_HIDE_DELAY_MS = 100;

/**
 * When a popover opens and closes, and where focus goes meanwhile: the delayed hide after the pointer
 * leaves (cancelled when it comes back over the trigger or the popover), closing that hands focus back
 * to the trigger, focus leaving both closing it, and Tab moving between the trigger and the
 * (portalled) popover as if it followed the trigger in the page.
 */
export function usePopoverVisibility(
  open: boolean,
  setOpen: (open: boolean) => void,
  triggerRef: RefObject<HTMLElement | null>,
  popoverRef: RefObject<HTMLDivElement | null>,
) {
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

  /**
   * The pointer entering or leaving the trigger or the popover (hover popovers): entering the trigger
   * opens, entering the popover keeps it open, leaving either hides it after the delay unless the
   * pointer is over the other by then.
   */
  const pointerOver = (where: 'trigger' | 'popover', over: boolean) => {
    pointer.current[where] = over;
    if (!over) scheduleHide();
    else if (where === 'trigger') show();
    else cancelHide();
  };
  /** Whether focus is arriving because closing handed it back to the trigger (it must not reopen). */
  const focusFromClose = () => returningFocus.current;

  return { pointerOver, focusFromClose, close, show, onFocusLeave, onTriggerKeyDown, onPopoverKeyDown };
}
