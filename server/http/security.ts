import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { cors } from 'hono/cors';
import type { ServerConfig } from '../config.ts';
import { forwardedProto, requestClient } from './client-address.ts';
import { newToken } from '../services/tokens.ts';
import type { AppEnv } from './env.ts';
import { PREVIEW_HEADER } from './preview-scope.ts';
import { fail } from './errors.ts';

/** Cookie and header of the cross-site request token pair (spec §7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser origin may call the API with credentials: the configured list, plus the demo's
 * own origins (`http://localhost:<port>` and `http://<shop>.localhost:<port>`) on the server's port.
 */
export function isAllowedOrigin(origin: string, config: ServerConfig): boolean {
  if (config.corsOrigins.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin || url.protocol !== 'http:' || url.port !== String(config.port)) return false;
  const domain = config.providerDomain;
  return url.hostname === domain || (url.hostname.endsWith(`.${domain}`) && /^[a-z0-9-]+$/.test(url.hostname.slice(0, -domain.length - 1)));
}

/** CORS with credentials for allowed origins only; others get no CORS headers at all. */
export function apiCors(config: ServerConfig): MiddlewareHandler<AppEnv> {
  return cors({
    origin: (origin) => (isAllowedOrigin(origin, config) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', XSRF_HEADER, 'Idempotency-Key', 'Accept', 'Accept-Language', PREVIEW_HEADER],
    exposeHeaders: ['Retry-After'],
    maxAge: 600,
  });
}

/**
 * Double-submit XSRF protection. Every API answer makes sure the browser holds an `XSRF-TOKEN`
 * cookie; a state-changing request that carries that cookie must echo it in `X-XSRF-TOKEN`.
 * A cross-site page can make the browser send the cookie but cannot read it, so it cannot echo it.
 * Requests without the cookie (server-to-server clients) carry no ambient credentials to abuse:
 * authentication is the explicit bearer header.
 */
export const xsrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  const cookie = getCookie(c, XSRF_COOKIE);
  if (!SAFE_METHODS.has(c.req.method) && cookie !== undefined && c.req.header(XSRF_HEADER) !== cookie && !fromAllowedOtherOrigin(c)) {
    fail(403, 'errors.csrf');
  }
  if (cookie === undefined) {
    // Lax in every case: a SameSite=None cookie would be sent by a cross-site widget's calls, whose page
    // cannot read it to echo it, so their writes would fail. Secure only over https (WebKit drops a
    // Secure cookie on http, even on *.localhost).
    setCookie(c, XSRF_COOKIE, newToken(), { path: '/', sameSite: 'Lax', httpOnly: false, secure: requestIsHttps(c) });
  }
  await next();
};

/**
 * Whether a request comes from a page on ANOTHER origin that the API allows (CORS_ORIGINS, the demo's
 * hosts), by its `Origin` header, which a page cannot forge. Such a page cannot read this host's cookie
 * to echo it, yet some browsers send it along (WebKit counts `localhost` and `globex.localhost` as one
 * site, so an intranet on `localhost` calling globex's API carried globex's Lax cookie and every write
 * failed). Its writes are protected as cross-origin calls are: they need the CORS preflight that only
 * allowed origins pass, and the Origin check itself is the defence (OWASP "verifying origin with
 * standard headers"). A page on this host, and any origin not allowed, still has to echo the cookie.
 */
function fromAllowedOtherOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header('origin');
  if (!origin || origin === 'null') return false;
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  const own = `${requestIsHttps(c) ? 'https' : 'http'}://${host}`;
  return origin !== own && isAllowedOrigin(origin, c.get('config'));
}

/**
 * Whether the browser reached the server over https: the request URL's scheme, or behind proxies the
 * operator trusts (`TRUST_PROXY`, the outermost one terminating TLS) the `X-Forwarded-Proto` entry that
 * proxy wrote ({@link forwardedProto}). Entries the client wrote itself are ignored.
 */
export function requestIsHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const trust = c.get('config').trustProxy;
  // A number of hops says how many proxies wrote the header, whether or not they also wrote X-Forwarded-For;
  // with a list, the proxies seen on the way are those of the X-Forwarded-For walk.
  const hops = typeof trust === 'number' ? trust : requestClient(c).proxies;
  return forwardedProto(c.req.header('x-forwarded-proto'), hops) === 'https';
}

/**
 * Headers every answer gets; the API is never framed or sniffed, and its answers are never stored
 * unless the route itself says otherwise: only `GET /api/openapi.json`, a public file the same for
 * everyone (routes/openapi.ts), does.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (c.req.path.startsWith('/api/')) {
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    c.header('X-Frame-Options', 'DENY');
  }
};
