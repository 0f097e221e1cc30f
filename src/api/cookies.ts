/**
 * Cookie helpers for the HTTP layer. The session token lives in a cookie named `Admin-Token`
 * (SameSite None, Secure: spec §3), so an element embedded in another site's page (an intranet, the
 * store designer) still sends and reads it; the provider's `XSRF-TOKEN` cookie is read here too
 * (spec §7). Everything tolerates a page without `document` (server tests, workers): reads answer
 * `null`, writes do nothing.
 *
 * `Secure` needs a page served over https: WebKit drops a `Secure` cookie written on an http page,
 * even on `http://localhost` and `http://<shop>.localhost` (Chromium and Firefox keep it there), and
 * `SameSite=None` without `Secure` is dropped by every engine. So on an http page (the demo, a
 * developer's machine) cookies are written `SameSite=Lax` without `Secure`: the shop's own pages work
 * in every engine, while an element embedded cross-site (another site's page or frame) has no session
 * cookie there; cross-site embedding needs https, where the spec's `SameSite=None; Secure` applies.
 */

/** The cookie holding the session's bearer token (spec §3). */
export const AUTH_COOKIE = 'Admin-Token';

/** The provider's cross-site request token cookie, echoed as `X-XSRF-TOKEN` (spec §7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** How long the token cookie lives: the provider's session lifetime (`SESSION_TTL_SECONDS`, 30 days). */
export const AUTH_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Attributes of a written cookie; the defaults are the spec's `SameSite=None; Secure` on the whole
 * site on an https page, `SameSite=Lax` without `Secure` on an http page ({@link pageIsHttps}).
 */
export interface CookieOptions {
  /** Lifetime in seconds; without it the cookie ends with the browser session. */
  maxAgeSeconds?: number;
  /** Default `None` when the cookie is `Secure`, else `Lax` (`None` without `Secure` is dropped). */
  sameSite?: 'None' | 'Lax' | 'Strict';
  /** Default: whether the page was served over https. */
  secure?: boolean;
  path?: string;
}

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

/** Whether the page was served over https, the only place a `Secure` cookie is kept by every engine. */
export function pageIsHttps(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/** Decodes a percent-encoded cookie part; a malformed escape is kept as written rather than throwing. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The value of cookie `name`, URL-decoded (Laravel-style providers percent-encode `XSRF-TOKEN`), or
 * `null` when the page holds no such cookie.
 */
export function readCookie(name: string): string | null {
  if (!hasDocument()) return null;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (decode(part.slice(0, separator).trim()) === name) return decode(part.slice(separator + 1).trim());
  }
  return null;
}

/**
 * Writes cookie `name`. Defaults to `Path=/; SameSite=None; Secure` on an https page (spec §3): the
 * storefront may be embedded cross-site, and browsers drop a `SameSite=None` cookie without `Secure`.
 * On an http page `Path=/; SameSite=Lax`, which every engine keeps (see the module comment).
 */
export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (!hasDocument()) return;
  const { maxAgeSeconds, secure = pageIsHttps(), path = '/' } = options;
  const sameSite = options.sameSite ?? (secure ? 'None' : 'Lax');
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=${path}; SameSite=${sameSite}`;
  if (maxAgeSeconds !== undefined) {
    const seconds = Math.max(0, Math.floor(maxAgeSeconds));
    // Expires as well as Max-Age: old embedded browsers honour only Expires.
    cookie += `; Max-Age=${seconds}; Expires=${new Date(Date.now() + seconds * 1000).toUTCString()}`;
  }
  if (secure) cookie += '; Secure';
  document.cookie = cookie;
}

/** Removes cookie `name` (written with the same path and attributes, or the browser keeps it). */
export function deleteCookie(name: string, options: Omit<CookieOptions, 'maxAgeSeconds'> = {}): void {
  writeCookie(name, '', { ...options, maxAgeSeconds: 0 });
}

/** The session's bearer token, or `null` for a guest. */
export function getAuthToken(): string | null {
  const token = readCookie(AUTH_COOKIE);
  return token ? token : null;
}

/** Keeps the token from login or password reset for every later call (spec §4 "Login stores the access token"). */
export function setAuthToken(token: string): void {
  writeCookie(AUTH_COOKIE, token, { maxAgeSeconds: AUTH_COOKIE_MAX_AGE_SECONDS });
}

/** Forgets the token (logout, or the provider answered 401). */
export function clearAuthToken(): void {
  deleteCookie(AUTH_COOKIE);
}
