import { OverlayLayer } from '../../kit/element-context.tsx';
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { registerStyles } from '../../theme/styles.ts';
import { CloseButton } from '../shared/CloseButton.tsx';
import { useScrollLock } from '../shared/scroll-lock.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { useModalDialog } from '../shared/use-modal-dialog.ts';
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
 * Modal dialog on the native `<dialog>` and `showModal()` (`use-modal-dialog.ts`, shared with the
 * Drawer): it sits in the top layer above everything, the rest of the page is inert, and this holds
 * inside shadow roots too. Escape (the dialog's `cancel` event) and the Close button (`CloseButton`)
 * close it; focus moves into it on open (`initialFocus`, `data-autofocus`, else its first control) and
 * returns to the element that had it before. The content is mounted only while open. Parts: `base` (the dialog), `header`, `body`, `footer`, `button` (Close).
 *
 * Overlays opened from inside (tooltips, dropdowns) portal into an {@link OverlayLayer} inside the
 * dialog: the rest of the page is inert while it is modal, so they must live in the top layer with it.
 */
export function Dialog({ open: openProp, defaultOpen = false, onOpenChange, title, description, footer, children, initialFocus, lockScroll = true, className }: DialogProps) {
  useSignals();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useScrollLock(open && lockScroll);
  const { onCancel, onClose } = useModalDialog(dialogRef, open, setOpen, initialFocus);

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
            <CloseButton onClick={() => setOpen(false)} />
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
