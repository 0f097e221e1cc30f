import { computed, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { stripBasePath, withBasePath } from '../domain/routes.ts';
import { dispatchShopEvent } from '../events.ts';
import { pageConfig } from '../store/config.ts';
import { cartHandedOver, leaveFor, withHandoff } from '../store/handoff-links.ts';
import { pageSingleton } from '../page-singleton.ts';
import { useElement } from './element-context.tsx';
import { isPlainLeftClick } from './plain-click.ts';

/**
 * History-API routing for `<shop-storefront>` (spec §2) under an optional base path, and links for
 * elements that live outside it. One router per page: `location` is a signal every element reads.
 */

/** Whether a `<shop-storefront>` owns the URL on this page (set while one is mounted). */
export const routerActive = pageSingleton('routerActive', () => signal(false));

/**
 * The paths the page's router owns: `null` for all (a `<shop-storefront>`), or path prefixes when an
 * element routes only its own area (`<shop-account>` owns `/user…`). Paths outside it are left to the
 * storefront, as from a widget: `storefront-url` or `shop-navigate`.
 */
export const routerScope = pageSingleton('routerScope', () => signal<readonly string[] | null>(null));

/** Whether the page's router handles `path` itself. */
function routedHere(path: string): boolean {
  if (!routerActive.value) return false;
  const scope = routerScope.value;
  const pathname = path.split(/[?#]/)[0] ?? path;
  return scope === null || scope.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function readLocation(): string {
  if (typeof window === 'undefined') return '/';
  const inside = stripBasePath(`${window.location.pathname}${window.location.search}`, pageConfig.value.basePath);
  return inside ?? '/404';
}

/** The current path inside the storefront (without the base path), with its query string. */
export const currentPath = pageSingleton(
  'currentPath',
  () => {
    const path = signal(readLocation());
    if (typeof window !== 'undefined') window.addEventListener('popstate', () => (path.value = readLocation()));
    return path;
  },
  // Its popstate listener stays: the URL is read again.
  (path) => (path.value = readLocation()),
);

/** Re-reads the URL (after the base path became known, or in tests). */
export function syncLocation(): void {
  currentPath.value = readLocation();
}

/** The full URL of a storefront path: under the base path here, or on `storefront-url` elsewhere. */
export function hrefFor(path: string): string {
  const config = pageConfig.value;
  // A link leaving for a storefront on another origin carries the cart there (store/handoff-links.ts).
  if (!routedHere(path) && config.storefrontUrl) return withHandoff(`${config.storefrontUrl.replace(/\/+$/, '')}${path}`);
  return withBasePath(path, config.basePath);
}

/**
 * Goes to a storefront path. With a storefront on the page (or an element routing its own area, for a
 * path inside it): pushes (or replaces) history and updates `currentPath`. Otherwise (a widget on an
 * intranet page): fires the cancelable `shop-navigate` from `from`; if no host handles it, the browser
 * follows `storefront-url`.
 */
export function navigate(path: string, options: { replace?: boolean; from?: HTMLElement | null } = {}): void {
  if (!routedHere(path)) {
    const href = hrefFor(path);
    const proceed = options.from ? dispatchShopEvent(options.from, 'shop-navigate', { path, href }) : true;
    if (proceed && pageConfig.value.storefrontUrl) void leaveFor(href);
    return;
  }
  if (path === currentPath.value) return;
  const url = withBasePath(path, pageConfig.value.basePath);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  currentPath.value = path;
}

/** The query parameters of the current path. */
export function currentQuery(): URLSearchParams {
  const path = currentPath.value;
  const index = path.indexOf('?');
  return new URLSearchParams(index === -1 ? '' : path.slice(index + 1));
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A storefront path, e.g. `/products`. */
  to: string;
  replace?: boolean;
  children: ReactNode;
}

/**
 * A real link (`<a href>`: middle click, copy link and screen readers work) that navigates inside the
 * storefront without a page load; modified clicks (new tab) are left to the browser.
 */
export function Link({ to, replace, onClick, children, ...rest }: LinkProps) {
  useSignals();
  const { host } = useElement();
  // A computed: the link re-renders when it becomes (or stops being) the current page, not on every
  // URL change (a search in the catalogue writes the URL; its 24 card links need not re-render).
  const active = useMemo(() => computed(() => currentPath.value === to || currentPath.value.startsWith(`${to}?`)), [to]).value;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (!isPlainLeftClick(event)) {
      // A new tab or window follows the href, which carries the cart to another origin's storefront.
      cartHandedOver(event.currentTarget.href);
      return;
    }
    event.preventDefault();
    navigate(to, { replace, from: host });
  };
  return (
    <a
      {...rest}
      href={hrefFor(to)}
      aria-current={active ? 'page' : undefined}
      onClick={handle}
      onAuxClick={(event) => {
        if (event.button === 1) cartHandedOver(event.currentTarget.href);
      }}
    >
      {children}
    </a>
  );
}
