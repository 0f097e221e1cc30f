import { isApiClientError } from '../../api/errors.ts';
import { syncLocation } from '../../kit/router.tsx';

/**
 * Helpers of the screens a mailed link opens (`/confirm-email`, `/confirm-registration`): the link's
 * one-time token leaves the address bar once read, and a failure is told apart from a refusal.
 */

/**
 * Takes the one-time token out of the address bar (and so out of the history and of what a shared
 * screen or a copied URL shows), keeping the rest of the URL.
 */
export function forgetToken(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  syncLocation();
}

/** A failure worth trying again as it is: no answer, a server fault or a wait; not a refusal of the link. */
export function isRetryable(error: unknown): boolean {
  if (!isApiClientError(error)) return false;
  if (error.kind !== 'http') return error.kind !== 'malformed';
  return error.status === 429 || (error.status ?? 0) >= 500;
}
