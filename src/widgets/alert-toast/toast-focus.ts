import { useEffect, type RefObject } from 'react';
import { pageSingleton } from '../../page-singleton.ts';
import { focusElement, getDeepActiveElement } from '../shared/deep-focus.ts';

/**
 * The key that takes keyboard users to the toasts (Radix's and Sonner's toast viewports use F8 too): a
 * toast disappears after its time, and its Dismiss button comes last in the page's Tab order, so it
 * could not be reached in time by Tab alone (WCAG 2.2.1). Not a character key (WCAG 2.1.4).
 */
export const TOAST_HOTKEY = 'F8';

/** Where focus was when the hotkey took it to the toasts: it goes back there when they are left. */
const focusBefore = pageSingleton('alerts.focus-before', () => ({ element: null as Element | null }));

/**
 * While `active` (the page's one shown stack), F8 moves focus to the newest toast's Dismiss button
 * under `stack`, which pauses its timer (focus is in it) until focus leaves.
 */
export function useToastHotkey(stack: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const buttons = stack.current?.querySelectorAll('button');
      const newest = buttons?.[buttons.length - 1];
      if (!newest) return;
      event.preventDefault();
      const current = getDeepActiveElement();
      if (!stack.current?.contains(current)) focusBefore.element = current;
      focusElement(newest);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [stack, active]);
}

/**
 * Before a toast holding focus goes: focus moves to another toast's Dismiss button, else back where it
 * was before the hotkey (when that is still on the page), so it is never dropped on the page's body.
 */
export function returnFocusFromToast(leaving: HTMLElement): void {
  const stack = leaving.closest('.shop-toasts');
  const other = [...(stack?.querySelectorAll('button') ?? [])].find((button) => !leaving.contains(button));
  if (other && focusElement(other)) return;
  const before = focusBefore.element;
  focusBefore.element = null;
  focusElement(before);
}

/**
 * Sends the stack to the other end of the screen (`data-away`) when a control gets focus under a toast,
 * which would hide it from the person moving there by keyboard (WCAG 2.4.11). Heard on the stack's own
 * root: focus moving inside one shadow root fires nothing on the document. Measured a frame after the
 * focus moved, once the browser has scrolled to it; the stack's own box tells where it is now. Focus
 * moving into the toasts (F8) leaves them where they are.
 */
export function useOutOfFocusWay(stack: RefObject<HTMLDivElement | null>, shown: boolean): void {
  useEffect(() => {
    const root = stack.current?.getRootNode() as Document | ShadowRoot | undefined;
    const moved = () =>
      requestAnimationFrame(() => {
        const active = root?.activeElement ?? null;
        // Focus in the toasts themselves (F8) is where the person wants to be.
        if (stack.current?.contains(active)) return;
        const over = stack.current?.getBoundingClientRect();
        const focus = active?.getBoundingClientRect();
        if (over?.height && focus && focus.bottom > over.top && focus.top < over.bottom && focus.right > over.left && focus.left < over.right) stack.current!.toggleAttribute('data-away');
      });
    root?.addEventListener('focusin', moved);
    return () => root?.removeEventListener('focusin', moved);
  }, [stack, shown]);
}
