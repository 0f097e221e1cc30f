import { version } from '../package.json';

/**
 * One store per page, whatever number of elements, React roots or copies of the bundle it holds:
 * every signal is created through {@link pageSingleton}, which keeps it on `globalThis` under a
 * registered symbol. Two entry files that each bundled the store still find the first one's signals,
 * so a `<shop-cart-button>` and a `<shop-catalogue>` always show one cart.
 *
 * The symbol carries the package's major version: the versioned CDN lets a page load two majors, whose
 * signals may hold values of different shapes, so each major keeps its own store. Copies of one major
 * (minor and patch releases keep the stored shapes) share it.
 */
const REGISTRY = Symbol.for(registryKey(version));

/** The registered symbol's key for a package version: one per major version. */
export function registryKey(packageVersion: string): string {
  return `storefront-elements.store@${packageVersion.split('.')[0] ?? '0'}`;
}

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/** The page's one instance of `key`, created by `create` the first time it is asked for. */
export function pageSingleton<T>(key: string, create: () => T): T {
  const map = registry();
  if (!map.has(key)) map.set(key, create());
  return map.get(key) as T;
}

/** @internal Forgets every singleton: tests start from a fresh page. */
export function resetPageSingletons(): void {
  registry().clear();
}
