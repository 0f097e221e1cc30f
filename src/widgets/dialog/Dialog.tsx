import { OverlayLayer } from '../../kit/element-context.tsx';
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { containsDeep, focusElement, getDeepActiveElement, getTabbables } from '../shared/focus-trap.ts';
import { useScrollLock } from '../shared/scroll-lock.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import css from './dialog.css?inline';

registerStyles('dialog', css);

/** Props of {@link Dialog}; `open`/`defaultOpen`/`onOpenChange` follow the kit's controlled/uncontrolled rule. */
export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Visible heading; the dialog's accessible name (`aria-labelledby`). */
  title: ReactNode;
  /** Short text under the title; the dialog's accessible description (`aria-describedby`). */
  description?: ReactNode;
  /** Actions row at the bottom (e.g. Cancel / Confirm buttons). */
  footer?: ReactNode;
  children?: ReactNode;
  /**
   * What gets focus on open. Without it: an element marked `data-autofocus` (React's `autoFocus` does
   * not work in a dialog that is not shown yet), else the first control (usually Close), like the browser.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Keep the page behind from scrolling while open (default true). */
  lockScroll?: boolean;
  /** Extra class on the `<dialog>`. */
  className?: string;
}

/**
 * Modal dialog on the native `<dialog>` and `showModal()`: it sits in the top layer above everything,
 * the rest of the page is inert, and this holds inside shadow roots too. Escape (the dialog's `cancel`
 * event) and the Close button close it; focus moves into it on open (`initialFocus`, `data-autofocus`,
 * else its first control) and returns to the element that had it before. The content is mounted only while open.
 * Parts: `base` (the dialog), `header`, `body`, `footer`, `button` (Close).
 *
 * Overlays opened from inside (tooltips, dropdowns) portal into an {@link OverlayLayer} inside the
 * dialog: the rest of the page is inert while it is modal, so they must live in the top layer with it.
 */
export function Dialog({ open: openProp, defaultOpen = false, onOpenChange, title, description, footer, children, initialFocus, lockScroll = true, className }: DialogProps) {
  useSignals();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const setOpenRef = useRef(setOpen);
  setOpenRef.current = setOpen;
  const initialFocusRef = useRef(initialFocus);
  initialFocusRef.current = initialFocus;
  const titleId = useId();
  const descriptionId = useId();

  useScrollLock(open && lockScroll);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = getDeepActiveElement(dialog.ownerDocument);
    if (!dialog.open) dialog.showModal();
    const root = dialog.getRootNode() as Document | ShadowRoot;
    const preferred = initialFocusRef.current?.current ?? dialog.querySelector<HTMLElement>('[data-autofocus], [autofocus]');
    if (!focusElement(preferred, root) && !containsDeep(dialog, getDeepActiveElement(root))) {
      if (!focusElement(getTabbables(dialog)[0], root)) dialog.focus();
    }
    return () => {
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);

  /** Escape: the browser asks through `cancel`; the state decides (a controlled parent may keep it open). */
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    setOpen(false);
  };

  /** The dialog closed by itself (a `<form method="dialog">`, a forced close request): follow it. */
  const onClose = () => {
    if (openRef.current) setOpenRef.current(false);
  };

  return (
    <dialog
      ref={dialogRef}
      className={className ? `shop-dialog ${className}` : 'shop-dialog'}
      part="base"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-state={open ? 'open' : 'closed'}
      onCancel={onCancel}
      onClose={onClose}
    >
      {open && (
        <OverlayLayer>
          <div className="shop-dialog__header" part="header">
            <h2 className="shop-dialog__title" id={titleId}>
              {title}
            </h2>
            <button type="button" className="shop-dialog__close" part="button" aria-label={t('widgets.close')} onClick={() => setOpen(false)}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
              </svg>
            </button>
          </div>
          <div className="shop-dialog__body" part="body">
            {description && (
              <p className="shop-dialog__description" id={descriptionId}>
                {description}
              </p>
            )}
            {children}
          </div>
          {footer && (
            <div className="shop-dialog__footer" part="footer">
              {footer}
            </div>
          )}
        </OverlayLayer>
      )}
    </dialog>
  );
}
