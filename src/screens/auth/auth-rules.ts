import { errorMessage, isApiClientError } from '../../api/errors.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import { formatWait } from '../../i18n/plural.ts';

/** Pure rules of the sign-in screens (no React), kept apart so every screen can use them. */

/**
 * Where Login sends the user afterwards: the `redirect` query parameter when it is a path inside the
 * storefront, else the homepage. Anything that could leave the site is refused: a protocol-relative
 * `//evil.example`, a backslash form browsers read the same way (`/\evil.example`), an absolute URL,
 * a relative path, or control characters.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return '/';
  }
  return value;
}

/** Whether a path (with its query) is a step of the checkout, where the guards send a guest to Login first. */
export function isCheckoutPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return pathname === '/checkout' || pathname.startsWith('/checkout/');
}

/**
 * How a guest of an open shop who reached the checkout can get an account: the shop's
 * registration form (`register`), or, when the shop registers without one (`{product}_noform`), by
 * asking whoever runs the shop at their company, or the shop through its contact page (`ask`).
 */
export function accountRoute(registrationType: string | undefined): 'register' | 'ask' {
  return registrationClosed(registrationType) ? 'ask' : 'register';
}

/** Whether a shop's `registration_type` has no registration form (`{product}_noform`, spec §2 guards). */
export function registrationClosed(registrationType: string | undefined): boolean {
  return registrationType?.endsWith('_noform') ?? false;
}

/**
 * The texts of the 429 codes with a readable wait. The provider's own texts of these codes say
 * "{{seconds}} seconds" (they are also its English messages); a wait of an hour reads better as
 * "60 minutes" than as "3600 seconds".
 */
const WAIT_TEXTS: Readonly<Record<string, MessageKey>> = {
  'errors.throttled': 'errors.throttled_wait',
  'errors.too_many_requests': 'errors.too_many_requests_wait',
};

/**
 * The text of a form's alert for a failed call, in the current language: {@link errorMessage}, except
 * that "try again in …" of a 429 gives its wait in seconds under a minute and in minutes (rounded
 * up) from a minute on, with the plural form the language needs (see `formatWait`).
 */
export function formErrorText(error: unknown): string {
  if (isApiClientError(error, 'http')) {
    const key = WAIT_TEXTS[error.code];
    const seconds = error.params.seconds ?? error.retryAfter;
    if (key && typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) return t(key, { wait: formatWait(seconds) });
  }
  return errorMessage(error);
}
