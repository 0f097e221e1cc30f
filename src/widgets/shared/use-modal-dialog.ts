import { useEffect, useLayoutEffect, useRef, type RefObject, type SyntheticEvent } from 'react';
import { containsDeep, focusElement, getDeepActiveElement } from './deep-focus.ts';

/**
 * The one modal model of the kit, shared by the Dialog and the Drawer: a native `<dialog>` shown with
 * `showModal()`, so it sits in the top layer and the rest of the page is inert (also inside shadow
 * roots), with no hand-written focus trap. While `open`, the dialog is shown and focus moves in:
 * `initialFocus`, else a `data-autofocus` / `autofocus` control (React's `autoFocus` does not work in
 * a dialog that is not shown yet), else its first control (the Close button), else the dialog itself. When `open` turns
 * false (or the dialog unmounts) it is closed and focus returns to the element that had it before
 * (with none, to the screen's heading, `data-screen-heading`).
 * Returns the `cancel` handler (Escape: the state decides, so a controlled parent may keep it open) and
 * the `close` handler (a close the browser made by itself is followed).
 */
export function useModalDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  open: boolean,
  setOpen: (open: boolean) => void,
  initialFocus?: RefObject<HTMLElement | null>,
): { onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void; onClose: () => void } {
  const openRef = useRef(open);
  openRef.current = open;
  const setOpenRef = useRef(setOpen);
  setOpenRef.current = setOpen;

  /** The element that had focus before the dialog opened. */
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    opener.current = getDeepActiveElement(dialog.ownerDocument);
    if (!dialog.open) dialog.showModal();
    const root = dialog.getRootNode() as Document | ShadowRoot;
    const preferred = initialFocus?.current ?? dialog.querySelector<HTMLElement>('[data-autofocus], [autofocus]');
    // Else the browser has focused the first control already (its dialog focusing steps); where it
    // has not, the Close button (`CloseButton`) is that first control in both the Dialog and the Drawer.
    if (!focusElement(preferred, root) && !containsDeep(dialog, getDeepActiveElement(root))) {
      if (!focusElement(dialog.querySelector('.shop-close-button'), root)) dialog.focus();
    }
    return () => {
      if (dialog.open) dialog.close();
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- runs when the dialog opens or closes; `initialFocus` is read at that moment.
  }, [open, dialogRef]);

  // Focus goes back after the commit: React puts focus back on a control that is still in the DOM
  // (the Drawer's Close button while it slides out) once the commit's mutations are done.
  // A dialog that opened by itself (a shop popup at page load) had no opener, only <body>: focus then
  // goes to the screen's heading, the start of what the person came for, never to <body> (WCAG 2.4.3).
  useEffect(() => {
    if (!open) return;
    const root = dialogRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    return () => {
      const element = opener.current;
      opener.current = null;
      const back = element instanceof HTMLElement && element.isConnected && element !== element.ownerDocument.body ? element : root?.querySelector<HTMLElement>('[data-screen-heading]');
      back?.focus();
    };
  }, [open, dialogRef]);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    setOpen(false);
  };
  const onClose = () => {
    if (openRef.current) setOpenRef.current(false);
  };
  return { onCancel, onClose };
}
