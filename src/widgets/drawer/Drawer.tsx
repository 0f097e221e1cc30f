import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useElement } from '../../kit/element-context.tsx';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { useFocusTrap } from '../shared/focus-trap.ts';
import { Portal } from '../shared/Portal.tsx';
import { useScrollLock } from '../shared/scroll-lock.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { CLICK_MOVE_TOLERANCE_PX, useDismiss } from '../shared/use-dismiss.ts';
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

/** The longest of a computed, comma-separated CSS time list (`0.2s, 150ms`), in ms. */
function longestTime(list: string): number {
  return Math.max(0, ...list.split(',').map((item) => (item.trim().endsWith('ms') ? parseFloat(item) : parseFloat(item) * 1000) || 0));
}

/**
 * Drawer: a modal side panel (spec §2, §4, §9). Rendered through `Portal`; `role="dialog"`,
 * `aria-modal="true"`, named by its title or `label`. While open, focus is trapped inside (Tab and
 * Shift+Tab wrap) and the page does not scroll; Escape and a click on the backdrop close it and focus
 * returns to the opener. It slides in from its side and out again (no motion with
 * prefers-reduced-motion: then it unmounts at once). State in `data-state="open|closed"`
 * (`closed` while sliding out). Parts: `base` (panel), `header`, `body`, `footer`, `button` (Close),
 * `backdrop`.
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
  const { root } = useElement();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  panelRef.current = panel;
  const press = useRef<{ x: number; y: number } | null>(null);
  const titleId = useId();

  useFocusTrap({ active: open, container: panel, root, initialFocus });
  useScrollLock(open && lockScroll);
  useDismiss({ open, onDismiss: () => setOpen(false), inside: [panelRef], outsideClick: false });

  // Closing: keep the panel until its slide-out animation ends, or unmount at once when there is none.
  useEffect(() => {
    if (open || !mounted) return;
    if (!panel) {
      setMounted(false);
      return;
    }
    const style = getComputedStyle(panel);
    const duration = !style.animationName || style.animationName === 'none' ? 0 : longestTime(style.animationDuration) + longestTime(style.animationDelay);
    if (duration <= 0) {
      setMounted(false);
      return;
    }
    const done = () => setMounted(false);
    const onEnd = (event: AnimationEvent) => {
      if (event.target === panel) done();
    };
    panel.addEventListener('animationend', onEnd);
    const fallback = setTimeout(done, duration + 50);
    return () => {
      panel.removeEventListener('animationend', onEnd);
      clearTimeout(fallback);
    };
  }, [open, mounted, panel]);

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
      <div className="shop-drawer" data-state={state} data-placement={placement}>
        {backdrop && <div className="shop-drawer__backdrop" part="backdrop" data-state={state} aria-hidden="true" onMouseDown={onBackdropMouseDown} onClick={onBackdropClick} />}
        <div
          ref={setPanel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={title ? titleId : undefined}
          aria-label={title ? undefined : label}
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
            <button type="button" className="shop-drawer__close" part="button" aria-label={t('widgets.close')} onClick={() => setOpen(false)}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
              </svg>
            </button>
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
      </div>
    </Portal>
  );
}
