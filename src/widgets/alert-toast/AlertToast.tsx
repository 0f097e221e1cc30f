import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { alerts, dismissAlert, type Alert, type AlertType } from '../../store/alerts.ts';
import { pageSingleton } from '../../page-singleton.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Portal } from '../shared/Portal.tsx';
import css from './alert-toast.css?inline';

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
 * until dismissed), the timer pausing while the pointer is over it or focus is in it.
 * Several elements may render it; only the first mounted one shows the toasts.
 * Parts: `toasts` (the stack), `toast`, `header`, `body`, `button`; type in `data-type`.
 */
export function AlertToast({ className }: AlertToastProps) {
  useSignals();
  const isFirst = useIsFirstStack();
  if (!isFirst) return null;
  const list = alerts.value;
  const urgent = list.filter((alert) => !POLITE_TYPES.includes(alert.type));
  const polite = list.filter((alert) => POLITE_TYPES.includes(alert.type));
  return (
    <Portal>
      <div className={className ? `shop-toasts ${className}` : 'shop-toasts'} part="toasts">
        <div className="shop-toasts__region" role="alert" aria-live="assertive" aria-label={t('widgets.notifications')}>
          {urgent.map((alert) => (
            <Toast key={alert.id} alert={alert} />
          ))}
        </div>
        <div className="shop-toasts__region" role="status" aria-live="polite" aria-label={t('widgets.notifications')}>
          {polite.map((alert) => (
            <Toast key={alert.id} alert={alert} />
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

function Toast({ alert }: { alert: Alert }) {
  useSignals();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoDismiss(alert, hovered || focused);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <div
      className="shop-toast"
      part="toast"
      data-type={alert.type}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
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
      <button type="button" className="shop-toast__dismiss" part="button" aria-label={t('widgets.dismiss')} onClick={() => dismissAlert(alert.id)}>
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
