/**
 * Paths of a storefront mounted under a base path (`/shop`): the storefront path of a document path and
 * back. Pure string rules, no DOM.
 *
 * @module
 */

/** The path part of a URL-ish string: no query string, no hash. */
export function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
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
