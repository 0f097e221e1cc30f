import { useEffect, useState } from 'react';
import { getDeepActiveElement } from '../../widgets/shared/deep-focus.ts';

/**
 * When a shop popup may open (WCAG 2.4.3, 3.2.1): never over someone who is acting. A popup that is due
 * waits until the page has been quiet for {@link POPUP_QUIET_MS} (no key, click, touch or typing) and
 * focus is not where the person is working: in a field they type into, an open menu or list, or a
 * dialog they opened. Leaving the field, closing the menu or the dialog starts the quiet time again.
 */

/** How long the page must go without a key, pointer or input event before a popup opens. */
export const POPUP_QUIET_MS = 1000;

/** Input types that take typing (the rest are buttons, boxes and pickers, left with a click). */
const CLICKED_INPUTS = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'file', 'range', 'color']);

/** Events that show someone is acting; each starts the quiet time again. */
const ACTIVITY = ['keydown', 'pointerdown', 'input', 'focusin', 'focusout', 'wheel'] as const;

/** Whether focus on `element` means the person is busy there: typing, in an open menu, list or dialog. */
export function isBusyFocus(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.closest('dialog[open], [role="menu"], [role="listbox"], [role="dialog"]')) return true;
  if (element.getAttribute('aria-expanded') === 'true') return true;
  if (element instanceof HTMLInputElement) return !CLICKED_INPUTS.has(element.type);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement || element.isContentEditable;
}

/**
 * Whether the popup that is due may show now (call it in the popup's own component, mounted afresh for
 * each popup). Once it may, it stays shown whatever the person does next.
 */
export function usePopupTurn(): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    if (turn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      // Busy: the event that ends it (focus leaving the field, the menu closing) waits again.
      if (!isBusyFocus(getDeepActiveElement(document))) setTurn(true);
    };
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(attempt, POPUP_QUIET_MS);
    };
    for (const type of ACTIVITY) document.addEventListener(type, wait, true);
    wait();
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) document.removeEventListener(type, wait, true);
    };
  }, [turn]);
  return turn;
}
