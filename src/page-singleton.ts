/**
 * One store per page, whatever number of elements, React roots or copies of the bundle it holds:
 * every signal is created through {@link pageSingleton}, which keeps it on `globalThis` under a
 * registered symbol. Two entry files that each bundled the store still find the first one's signals,
 * so a `<shop-cart-button>` and a `<shop-catalogue>` always show one cart.
 */
const REGISTRY = Symbol.for('storefront-elements.store');

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
