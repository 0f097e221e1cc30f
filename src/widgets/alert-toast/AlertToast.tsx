import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { alerts, dismissAlert, type Alert, type AlertType } from '../../store/alerts.ts';
import { pageSingleton } from '../../page-singleton.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Portal } from '../shared/Portal.tsx';
import { getDeepActiveElement } from '../shared/deep-focus.ts';
import css from './alert-toast.css?inline';
import { returnFocusFromToast, TOAST_HOTKEY, useOutOfFocusWay, useToastHotkey } from './toast-focus.ts';

registerStyles('alert-toast', css);

/** Re-exported beside the widget, as the kit's convention asks (defined in the store, spec §9). */
export { ALERT_DEFAULT_DURATION_MS } from '../../store/alerts.ts';

/** Types announced politely (after the current speech) versus assertively (at once). */
const POLITE_TYPES: readonly AlertType[] = ['info', 'success'];

/** Props of {@link AlertToast} (the alerts themselves come from the store). */
export interface AlertToastProps {
  /** Extra class on the fixed stack. */
  className?: string;
}

/** Mounted toast stacks, first first: only the first one renders, so the page shows each alert once. */
const stacks = pageSingleton('alerts.toast-stacks', () => signal<readonly symbol[]>([]));

function useIsFirstStack(): boolean {
  const [token] = useState(() => Symbol('alert-toast'));
  useEffect(() => {
    stacks.value = [...stacks.value, token];
    return () => {
      stacks.value = stacks.value.filter((item) => item !== token);
    };
  }, [token]);
  return stacks.value[0] === token;
}

/**
 * The alert toasts of spec §2: the page's alerts (`src/store/alerts.ts`, raised with `showAlert`)
 * stacked at the bottom centre, through `Portal`. Two live regions stay in the DOM even when empty, so
 * a new toast is announced: `role="status"` (polite) for info and success, `role="alert"` (assertive)
 * for warning and error. Each toast shows its type (icon, colour and a spoken type word), header,
 * text or list content and a Dismiss button, and hides after its duration (3000 ms by default; 0 =
 * until dismissed; error alerts stay until dismissed unless given a duration), the timer pausing
 * while the pointer is over it or focus is in it. F8 ({@link TOAST_HOTKEY}, named in the regions'
 * labels) moves focus to the newest toast; Escape in a toast dismisses it, and focus goes to the next
 * toast or back where it was.
 * Several elements may render it; only the first mounted one shows the toasts.
 * Parts: `toasts` (the stack), `toast`, `header`, `body`, `button`; type in `data-type`.
 */
export function AlertToast({ className }: AlertToastProps) {
  useSignals();
  const isFirst = useIsFirstStack();
  const stack = useRef<HTMLDivElement>(null);
  useToastHotkey(stack, isFirst);
  useOutOfFocusWay(stack, isFirst);
  // While focus is anywhere in the stack (F8 took it there), no toast goes: the person is reading them.
  const [focusIn, setFocusIn] = useState(false);
  if (!isFirst) return null;
  const label = t('widgets.notifications', { key: TOAST_HOTKEY });
  const list = alerts.value;
  const urgent = list.filter((alert) => !POLITE_TYPES.includes(alert.type));
  const polite = list.filter((alert) => POLITE_TYPES.includes(alert.type));
  return (
    <Portal>
      <div
        ref={stack}
        className={className ? `shop-toasts ${className}` : 'shop-toasts'}
        part="toasts"
        onFocus={() => setFocusIn(true)}
        onBlur={(event) => setFocusIn(event.currentTarget.contains(event.relatedTarget as Node | null))}
      >
        <div className="shop-toasts__region" role="alert" aria-live="assertive" aria-label={label}>
          {urgent.map((alert) => (
            <Toast key={alert.id} alert={alert} held={focusIn} />
          ))}
        </div>
        <div className="shop-toasts__region" role="status" aria-live="polite" aria-label={label}>
          {polite.map((alert) => (
            <Toast key={alert.id} alert={alert} held={focusIn} />
          ))}
        </div>
      </div>
    </Portal>
  );
}

/** Hides `alert` after its duration; the countdown stops while `paused` and goes on from where it was. */
function useAutoDismiss(alert: Alert, paused: boolean): void {
  const remaining = useRef(alert.duration);
  useEffect(() => {
    if (alert.duration <= 0 || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissAlert(alert.id), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [alert.id, alert.duration, paused]);
}

function Toast({ alert, held }: { alert: Alert; held: boolean }) {
  useSignals();
  const [hovered, setHovered] = useState(false);
  // `held`: focus is in the stack, this toast's own button included.
  useAutoDismiss(alert, hovered || held);

  // Dismissed from the keyboard (Escape, or Enter on its button): focus moves on instead of dropping to the page's body.
  const dismiss = (event: { currentTarget: HTMLElement }) => {
    const toast = event.currentTarget.closest<HTMLElement>('.shop-toast');
    if (toast?.contains(getDeepActiveElement(toast.getRootNode() as Document | ShadowRoot))) returnFocusFromToast(toast);
    dismissAlert(alert.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    dismiss(event);
  };

  return (
    <div
      className="shop-toast"
      part="toast"
      data-type={alert.type}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onKeyDown={onKeyDown}
    >
      <span className="shop-toast__icon" aria-hidden="true">
        {ICONS[alert.type]}
      </span>
      <div className="shop-toast__text">
        <span className="shop-visually-hidden">{t(`widgets.alert_${alert.type}`)}: </span>
        {alert.header && (
          <p className="shop-toast__header" part="header">
            {alert.header}
          </p>
        )}
        {Array.isArray(alert.content) ? (
          <ul className="shop-toast__body shop-toast__list" part="body">
            {alert.content.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="shop-toast__body" part="body">
            {alert.content}
          </p>
        )}
      </div>
      <button type="button" className="shop-toast__dismiss" part="button" aria-label={t('widgets.dismiss')} onClick={dismiss}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
        </svg>
      </button>
    </div>
  );
}

function icon(children: ReactNode): ReactNode {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
      {children}
    </svg>
  );
}

const ICONS: Record<AlertType, ReactNode> = {
  info: icon(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 11v6M12 7.5v.01" />
    </>,
  ),
  success: icon(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M7.5 12.5l3 3 6-6.5" />
    </>,
  ),
  warning: icon(
    <>
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v5M12 18v.01" />
    </>,
  ),
  error: icon(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M15 9l-6 6M9 9l6 6" />
    </>,
  ),
};
