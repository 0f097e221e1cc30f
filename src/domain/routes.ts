/**
 * The storefront's routes (spec §2 "Screens and routes"): the matcher of a path and its inverse.
 * This module is the routes' public face: the route table (`./route-table.ts`) and the base-path
 * helpers (`./base-path.ts`) are re-exported from here.
 *
 * Pure: no router, no DOM. The router element matches `location.pathname` (after
 * {@link stripBasePath}) with {@link matchRoute}, runs the route through `guardRoute` (`guards.ts`)
 * and renders the screen; links are built with {@link buildPath} and {@link withBasePath}.
 *
 * @module
 */
import { pathOnly } from './base-path.ts';
import { getRoute, ROUTES, type RoutablePage, type RouteId, type RouteMatch, type RouteParamMap } from './route-table.ts';

export { stripBasePath, withBasePath } from './base-path.ts';
export {
  getRoute,
  ROUTES,
  type RoutablePage,
  type RouteAccess,
  type RouteDef,
  type RouteId,
  type RouteMatch,
  type RouteParamMap,
  type RouteParams,
} from './route-table.ts';

/** Constraints on path parameters beyond "one non-empty segment". */
const PARAM_RULES: Readonly<Record<string, RegExp>> = { id: /^\d+$/ };

/** Content pages that only exist when the shop has a page with this slug. */
const CONDITIONAL_SLUG_ROUTES: ReadonlySet<RouteId> = new Set(['privacy-policy', 'terms-of-use']);

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
   * The list is a guest's view of a login-required shop (`guest_view`), which withholds the
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
