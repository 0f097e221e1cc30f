import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { OverlayLayer } from '../../kit/element-context.tsx';
import { registerStyles } from '../../theme/styles.ts';
import { CloseButton } from '../shared/CloseButton.tsx';
import { Portal } from '../shared/Portal.tsx';
import { useScrollLock } from '../shared/scroll-lock.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { CLICK_MOVE_TOLERANCE_PX, useDismiss } from '../shared/use-dismiss.ts';
import { useModalDialog } from '../shared/use-modal-dialog.ts';
import { useExitAnimation } from './use-exit-animation.ts';
import css from './drawer.css?inline';

registerStyles('drawer', css);

/** The side a drawer slides in from. */
export type DrawerPlacement = 'left' | 'right' | 'top' | 'bottom';

/** Spec §9 drawer default: it slides in from the left. */
export const DRAWER_DEFAULT_PLACEMENT: DrawerPlacement = 'left';
/** Spec §9 drawer default: a backdrop dims the page (and a click on it closes the drawer). */
export const DRAWER_DEFAULT_BACKDROP = true;
/** Spec §9 drawer default: no body scrolling while open. */
export const DRAWER_DEFAULT_LOCK_SCROLL = true;

/** Props of {@link Drawer}; `open`/`defaultOpen`/`onOpenChange` follow the kit's controlled/uncontrolled rule. */
export interface DrawerProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Side it slides in from (default `left`). */
  placement?: DrawerPlacement;
  /** Dim the page behind; a click on it closes the drawer (default true). */
  backdrop?: boolean;
  /** No page scrolling while open (default true). */
  lockScroll?: boolean;
  /** Visible heading; names the drawer (`aria-labelledby`). */
  title?: ReactNode;
  /** Accessible name when there is no visible `title`. */
  label?: string;
  footer?: ReactNode;
  children?: ReactNode;
  /** What gets focus on open (default: the first control, usually Close). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra class on the panel. */
  className?: string;
}

/**
 * Drawer: a modal side panel (spec §2, §4, §9) on the native `<dialog>` and `showModal()`, as the
 * Dialog is (`use-modal-dialog.ts`): it sits in the top layer, the rest of the page is inert, and
 * focus moves in on open and back to the opener on close; the browser keeps Tab inside the page's
 * modal, so there is no hand-written trap. Named by its title or `label`; the page does not scroll
 * while open; Escape, the Close button and a click on the backdrop close it. It slides in from its
 * side and out again (no motion with prefers-reduced-motion: then it unmounts at once); while sliding
 * out it has already left the top layer and given focus back. State in `data-state="open|closed"`
 * (`closed` while sliding out). Overlays opened from inside portal into an {@link OverlayLayer} inside
 * the dialog. Parts: `base` (panel), `header`, `body`, `footer`, `button` (Close), `backdrop`.
 */
export function Drawer({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  placement = DRAWER_DEFAULT_PLACEMENT,
  backdrop = DRAWER_DEFAULT_BACKDROP,
  lockScroll = DRAWER_DEFAULT_LOCK_SCROLL,
  title,
  label,
  footer,
  children,
  initialFocus,
  className,
}: DrawerProps) {
  useSignals();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  panelRef.current = panel;
  const dialogRef = useRef<HTMLDialogElement | null>(null);
  const press = useRef<{ x: number; y: number } | null>(null);
  const titleId = useId();

  const mounted = useExitAnimation(open, panel);
  const { onCancel, onClose } = useModalDialog(dialogRef, open, setOpen, initialFocus);
  useScrollLock(open && lockScroll);
  // Escape also through the layer stack, so Escape in a dropdown inside the drawer closes only the dropdown.
  useDismiss({ open, onDismiss: () => setOpen(false), inside: [panelRef], outsideClick: false });

  if (!mounted) return null;
  const state = open ? 'open' : 'closed';

  /** A backdrop click closes: pressed and released on the backdrop, not moved more than 5 px (spec §9). */
  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    press.current = event.target === event.currentTarget ? { x: event.clientX, y: event.clientY } : null;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    const start = press.current;
    press.current = null;
    if (!start || event.target !== event.currentTarget) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_MOVE_TOLERANCE_PX) return;
    setOpen(false);
  };

  return (
    <Portal>
      <dialog
        ref={dialogRef}
        className="shop-drawer"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        data-state={state}
        data-placement={placement}
        onCancel={onCancel}
        onClose={onClose}
      >
        <OverlayLayer>
          {backdrop && <div className="shop-drawer__backdrop" part="backdrop" data-state={state} aria-hidden="true" onMouseDown={onBackdropMouseDown} onClick={onBackdropClick} />}
          <div
            ref={setPanel}
            tabIndex={-1}
            className={className ? `shop-drawer__panel ${className}` : 'shop-drawer__panel'}
            part="base"
            data-state={state}
            data-placement={placement}
          >
            <div className="shop-drawer__header" part="header">
              {title && (
                <h2 className="shop-drawer__title" id={titleId}>
                  {title}
                </h2>
              )}
              <CloseButton onClick={() => setOpen(false)} />
            </div>
            <div className="shop-drawer__body" part="body">
              {children}
            </div>
            {footer && (
              <div className="shop-drawer__footer" part="footer">
                {footer}
              </div>
            )}
          </div>
        </OverlayLayer>
      </dialog>
    </Portal>
  );
}
