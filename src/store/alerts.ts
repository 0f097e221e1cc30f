import { signal } from '@preact/signals-react';
import { pageSingleton } from '../page-singleton.ts';

/** The four alert kinds of spec §2; each has its icon, colour and spoken type word. */
export type AlertType = 'info' | 'success' | 'warning' | 'error';

/** Spec §9: an alert hides after 3000 ms unless the caller says otherwise (an error stays: see {@link showAlert}). */
export const ALERT_DEFAULT_DURATION_MS = 3000;

/** What a caller passes to {@link showAlert}. */
export interface AlertOptions {
  type: AlertType;
  /** Short bold line above the content. */
  header?: string;
  /** Simple text, or several lines shown as a list. */
  content: string | string[];
  /** Milliseconds before it hides by itself (default 3000, errors 0); 0 keeps it until dismissed. */
  duration?: number;
}

/** An alert on screen. */
export interface Alert extends AlertOptions {
  id: string;
  duration: number;
}

/**
 * The page's alerts, oldest first. One list per page (whatever number of elements or bundles), so an
 * alert raised by any element shows in the one toast stack. Read it; change it only through the
 * actions below.
 */
export const alerts = pageSingleton('alerts', () => signal<readonly Alert[]>([]));

const counter = pageSingleton('alerts.counter', () => ({ next: 1 }));

/**
 * Shows an alert toast (spec §2) and returns its id, for {@link dismissAlert}. An error stays until
 * dismissed unless the caller gives a duration: a person must be able to read what went wrong however
 * slowly they read or reach it (WCAG 2.2.1), and an error usually asks them to act.
 */
export function showAlert({ type, header, content, duration = type === 'error' ? 0 : ALERT_DEFAULT_DURATION_MS }: AlertOptions): string {
  const id = `alert-${counter.next++}`;
  const alert: Alert = { id, type, content, duration: Number.isFinite(duration) && duration > 0 ? duration : 0 };
  if (header) alert.header = header;
  alerts.value = [...alerts.value, alert];
  return id;
}

/** Removes one alert (its dismiss button, its timer, or the caller); unknown ids are ignored. */
export function dismissAlert(id: string): void {
  if (!alerts.value.some((alert) => alert.id === id)) return;
  alerts.value = alerts.value.filter((alert) => alert.id !== id);
}

/** Removes every alert (e.g. on logout or a screen change). */
export function clearAlerts(): void {
  if (alerts.value.length > 0) alerts.value = [];
}
