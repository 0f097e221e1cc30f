/**
 * The storefront's route table (spec §2 "Screens and routes") as plain data, with a matcher, its
 * inverse, and helpers for a storefront mounted under a base path.
 *
 * Pure: no router, no DOM. The router element matches `location.pathname` (after
 * {@link stripBasePath}) with {@link matchRoute}, runs the route through `guardRoute` (`guards.ts`)
 * and renders the screen; links are built with {@link buildPath} and {@link withBasePath}.
 *
 * @module
 */
import type { Page } from '../contract/contract.ts';

/** Every screen the storefront routes to. */
export type RouteId =
  | 'home'
  | 'privacy-policy'
  | 'terms-of-use'
  // An extra content page, `/{slug}`.
  | 'page'
  | 'login'
  | 'register'
  | 'forget'
  | 'new-password'
  // `/confirm-email?token=…`: the link mailed to a new e-mail address (issue 22); guests and users alike.
  | 'confirm-email'
  // `/confirm-registration?token=…`: the link mailed to a registration's address (issue 26); confirms on a button press.
  | 'confirm-registration'
  | 'products'
  | 'product'
  | 'cart'
  // The bare `/checkout`, which only redirects to the delivery step.
  | 'checkout'
  | 'checkout-delivery'
  | 'checkout-payment'
  | 'checkout-summary'
  | 'payment-processing'
  | 'order-confirmation'
  | 'user'
  | 'user-orders'
  | 'user-order'
  | 'user-budgets'
  | 'user-account-details'
  | 'user-addresses'
  // `/user/coordinator`: coordinators only (beyond the spec).
  | 'coordinator'
  // `/contact`: the contact form (spec §7 contact-us; reached from the footer).
  | 'contact'
  | 'not-found'
  | 'store-not-found';

/**
 * Who may see a route (spec §2 "Access" column, §6):
 * - `guest-only`: login, register, forget, new-password; a logged-in user is sent to `/`.
 * - `guest`: guest-flagged content pages (privacy policy, terms of use), visible to everyone even when
 *   the shop requires login.
 * - `shop`: "per shop rules": open to guests in an open shop, login otherwise.
 * - `open-shop`: "auth required unless the shop is open" (product, cart); the same rule as `shop`.
 * - `auth`: always needs a logged-in user (checkout steps, order confirmation, `/user…`).
 * - `any`: no visitor check at all (`/404`, `/store-not-found`, the bare `/checkout` redirect,
 *   `/payment-processing`, whose own `status=success` rule is applied separately, and `/confirm-email`
 *   and `/confirm-registration`, which a guest and a logged-in user may both open, even in a shop that
 *   requires login).
 */
export type RouteAccess = 'guest-only' | 'guest' | 'shop' | 'open-shop' | 'auth' | 'any';

/** One row of the route table. `pattern` uses `:name` for a path parameter. */
export interface RouteDef {
  readonly id: RouteId;
  readonly pattern: string;
  readonly access: RouteAccess;
}

/** The parameters each parameterised route takes; routes not listed take none. */
export interface RouteParamMap {
  page: { slug: string };
  product: { slug: string; id: string | number };
  'user-order': { name: string };
}

/** The parameters of route `Id` (an empty object type for a route without parameters). */
export type RouteParams<Id extends RouteId> = Id extends keyof RouteParamMap ? RouteParamMap[Id] : Record<string, never>;

/** A matched path: its route and its decoded path parameters (all strings). */
export interface RouteMatch {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
}

/** The shop-page fields the matcher needs (a `Website.pages` entry fits). */
export type RoutablePage = Pick<Page, 'slug' | 'type' | 'is_deletable'>;

/**
 * The route table, in matching order: fixed routes first, the `/{slug}` content route last, so a content
 * page can never shadow a fixed route (a page with slug `products` does not replace the catalogue).
 */
export const ROUTES: readonly RouteDef[] = [
  { id: 'home', pattern: '/', access: 'shop' },
  { id: 'privacy-policy', pattern: '/privacy-policy', access: 'guest' },
  { id: 'terms-of-use', pattern: '/terms-of-use', access: 'guest' },
  { id: 'login', pattern: '/login', access: 'guest-only' },
  { id: 'register', pattern: '/register', access: 'guest-only' },
  { id: 'forget', pattern: '/forget', access: 'guest-only' },
  { id: 'new-password', pattern: '/new-password', access: 'guest-only' },
  { id: 'confirm-email', pattern: '/confirm-email', access: 'any' },
  { id: 'confirm-registration', pattern: '/confirm-registration', access: 'any' },
  { id: 'products', pattern: '/products', access: 'shop' },
  { id: 'product', pattern: '/products/:slug/:id', access: 'open-shop' },
  { id: 'cart', pattern: '/cart', access: 'open-shop' },
  { id: 'checkout', pattern: '/checkout', access: 'any' },
  { id: 'checkout-delivery', pattern: '/checkout/delivery', access: 'auth' },
  { id: 'checkout-payment', pattern: '/checkout/payment', access: 'auth' },
  { id: 'checkout-summary', pattern: '/checkout/summary', access: 'auth' },
  { id: 'payment-processing', pattern: '/payment-processing', access: 'any' },
  { id: 'order-confirmation', pattern: '/order-confirmation', access: 'auth' },
  { id: 'user', pattern: '/user', access: 'auth' },
  { id: 'user-orders', pattern: '/user/orders', access: 'auth' },
  { id: 'user-order', pattern: '/user/orders/:name', access: 'auth' },
  { id: 'user-budgets', pattern: '/user/budgets', access: 'auth' },
  { id: 'user-account-details', pattern: '/user/account-details', access: 'auth' },
  { id: 'user-addresses', pattern: '/user/addresses', access: 'auth' },
  { id: 'coordinator', pattern: '/user/coordinator', access: 'auth' },
  { id: 'contact', pattern: '/contact', access: 'shop' },
  { id: 'not-found', pattern: '/404', access: 'any' },
  { id: 'store-not-found', pattern: '/store-not-found', access: 'any' },
  { id: 'page', pattern: '/:slug', access: 'shop' },
];

/** The table by id. */
const BY_ID = new Map<RouteId, RouteDef>(ROUTES.map((route) => [route.id, route]));

/** The route table row of `id`. */
export function getRoute(id: RouteId): RouteDef {
  const route = BY_ID.get(id);
  // Unreachable: every RouteId has a row (the route tests check it).
  if (!route) throw new RangeError(`Unknown route id: ${id}`);
  return route;
}

/** Constraints on path parameters beyond "one non-empty segment". */
const PARAM_RULES: Readonly<Record<string, RegExp>> = { id: /^\d+$/ };

/** Content pages that only exist when the shop has a page with this slug. */
const CONDITIONAL_SLUG_ROUTES: ReadonlySet<RouteId> = new Set(['privacy-policy', 'terms-of-use']);

/** The path part of a URL-ish string: no query string, no hash. */
function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/**
 * Splits a path into segments: `''` and `'/'` give `[]`, trailing slashes are dropped; `null`
 * for a relative path or an empty segment inside (`/products//x`).
 */
function segmentsOf(path: string): string[] | null {
  if (path === '') return [];
  if (!path.startsWith('/')) return null;
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return [];
  const segments = trimmed.slice(1).split('/');
  return segments.includes('') ? null : segments;
}

/** `decodeURIComponent`, or `null` for a malformed escape. */
function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Matches segments against one pattern; the decoded params, or `null`. */
function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern === '/' ? [] : pattern.slice(1).split('/');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) {
      const name = part.slice(1);
      const value = decode(segment);
      if (value === null || value === '') return null;
      const rule = PARAM_RULES[name];
      if (rule && !rule.test(value)) return null;
      params[name] = value;
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}

/** Whether a shop page gets its own `/{slug}` route. */
function isExtraContentPage(page: RoutablePage): boolean {
  return page.is_deletable !== 0 && page.type !== 'pseudo' && page.type !== 'homepage';
}

/** How {@link matchRoute} reads the page list. */
export interface MatchOptions {
  /**
   * The list is a guest's view of a login-required shop (`guest_view`, issue 26), which withholds the
   * shop's own pages: any `/{slug}` may then be one of them, so it matches the content-page route (whose
   * guard asks the guest to log in first) rather than being unknown. After login the whole list decides.
   */
  readonly pagesWithheld?: boolean;
}

/**
 * The route a path addresses in a shop with these pages, with its decoded parameters; `null` for an
 * unknown path (the caller redirects to `/404`).
 *
 * - `path` is a pathname (base path already stripped, see {@link stripBasePath}); a query string or a
 *   hash is ignored, trailing slashes are tolerated (`/products/` is `/products`), `''` is `/`. Paths
 *   are case-sensitive (`/Products` is unknown), and a relative path or an empty inner segment
 *   (`/user//orders`) is unknown.
 * - `/products/{slug}/{id}` needs a numeric id; `/user/orders/{name}` takes any one segment. Parameters
 *   are percent-decoded (`/user/orders/ZAM%2F1` has name `ZAM/1`); a malformed escape is unknown.
 * - `/privacy-policy` and `/terms-of-use` exist only when a page with that slug exists.
 * - `/{slug}` exists for each page whose `is_deletable` is not 0, never for a pseudo page or the
 *   homepage, and never in place of a fixed route (fixed routes match first); with
 *   `options.pagesWithheld`, for any slug.
 */
export function matchRoute(path: string, pages: readonly RoutablePage[], { pagesWithheld = false }: MatchOptions = {}): RouteMatch | null {
  const segments = segmentsOf(pathOnly(path));
  if (segments === null) return null;
  for (const route of ROUTES) {
    const params = matchPattern(route.pattern, segments);
    if (params === null) continue;
    if (CONDITIONAL_SLUG_ROUTES.has(route.id)) {
      const slug = route.pattern.slice(1);
      if (!pages.some((page) => page.slug === slug)) continue;
    } else if (route.id === 'page') {
      const slug = params['slug'];
      if (!pagesWithheld && !pages.some((page) => page.slug === slug && isExtraContentPage(page))) continue;
    }
    return { route, params };
  }
  return null;
}

/** The argument list of {@link buildPath} for route `Id`: params only where it has some. */
type BuildPathArgs<Id extends RouteId> = Id extends keyof RouteParamMap ? [params: RouteParamMap[Id]] : [params?: Record<string, never>];

/**
 * The path of route `id` (the inverse of {@link matchRoute}): `buildPath('product', { slug: 'mug', id: 7 })`
 * is `/products/mug/7`, `buildPath('cart')` is `/cart`. Parameters are percent-encoded.
 *
 * @throws RangeError for an empty parameter or a product id that is not a non-negative integer, which
 *   would build a path that does not match back.
 */
export function buildPath<Id extends RouteId>(id: Id, ...args: BuildPathArgs<Id>): string {
  const params: Readonly<Record<string, string | number>> = args[0] ?? {};
  const route = getRoute(id);
  if (route.pattern === '/') return '/';
  const parts = route.pattern
    .slice(1)
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const name = part.slice(1);
      const raw = params[name];
      const value = raw === undefined ? '' : String(raw);
      if (value === '') throw new RangeError(`Route ${id}: parameter "${name}" is missing`);
      const rule = PARAM_RULES[name];
      if (rule && !rule.test(value)) throw new RangeError(`Route ${id}: parameter "${name}" is invalid: ${value}`);
      return encodeURIComponent(value);
    });
  return `/${parts.join('/')}`;
}

/** A base path as `/a/b` (leading slash, no trailing one), or `''` for the root. */
function normaliseBase(basePath: string): string {
  const trimmed = basePath.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

/**
 * The storefront path of a document pathname when the storefront is mounted under `basePath`:
 * with `'/shop'`, `/shop/products` gives `/products` and `/shop` or `/shop/` give `/`. A query string
 * or hash is kept (`/shop?x=1` gives `/?x=1`). `null` for a path outside the base (`/shopping`, `/`).
 * An empty base or `'/'` means the root: the path comes back unchanged. Case-sensitive, like paths.
 */
export function stripBasePath(pathname: string, basePath: string): string | null {
  const base = normaliseBase(basePath);
  const path = pathOnly(pathname);
  const suffix = pathname.slice(path.length);
  if (base === '') return pathname;
  if (path === base) return `/${suffix}`;
  if (!path.startsWith(`${base}/`)) return null;
  return path.slice(base.length) + suffix;
}

/**
 * The document path of storefront path `path` under `basePath` (the inverse of {@link stripBasePath}):
 * with `'/shop'`, `/products` gives `/shop/products` and `/` gives `/shop`; a query string or hash is
 * kept. A path without a leading slash is taken from the root (`products` is `/products`).
 */
export function withBasePath(path: string, basePath: string): string {
  const base = normaliseBase(basePath);
  const bare = pathOnly(path);
  const suffix = path.slice(bare.length);
  const rooted = bare.startsWith('/') ? bare : `/${bare}`;
  if (base === '') return rooted + suffix;
  return (rooted === '/' ? base : base + rooted) + suffix;
}
