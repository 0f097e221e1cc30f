import { PACKAGE_VERSION } from './package-version.ts';

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
const REGISTRY = Symbol.for(registryKey(PACKAGE_VERSION));

/** The registered symbol's key for a package version: one per major version. */
export function registryKey(packageVersion: string): string {
  return `storefront-elements.store@${packageVersion.split('.')[0] ?? '0'}`;
}

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/**
 * How a singleton looks on a newly loaded page, for {@link resetPageSingletons}: `'keep'` for what a
 * page sets up once and never changes back (registered styles, the API client); `'forget'` for one
 * its module asks for each time (it is made again when next asked for); or a function that brings the
 * value back in place (cancels a load, stops listening). Without one, the value's kind decides.
 */
export type FreshPageRule<T> = 'keep' | 'forget' | ((value: T) => void);

interface Creator {
  create: () => unknown;
  fresh: FreshPageRule<unknown> | undefined;
}

/** How this copy of the module created each singleton: the modules holding them keep their references. */
const creators = new Map<string, Creator>();

/**
 * The page's one instance of `key`, created by `create` the first time it is asked for. `fresh` says
 * how a newly loaded page has it when the value's kind does not (see {@link resetPageSingletons}).
 */
export function pageSingleton<T>(key: string, create: () => T, fresh?: FreshPageRule<T>): T {
  if (!creators.has(key)) creators.set(key, { create, fresh: fresh as FreshPageRule<unknown> | undefined });
  const map = registry();
  if (!map.has(key)) map.set(key, create());
  return map.get(key) as T;
}

/**
 * @internal Tests: every page singleton as a newly loaded page has it, without reloading the modules
 * that hold them (they keep their references, so values change in place):
 * - a function is a running thing's stop (an effect, a listener): it is called and forgotten, so the
 *   store's next start begins it again;
 * - a signal takes its first value again; a computed one is kept (it follows the others);
 * - a set, a map or an array is emptied and takes its first entries again;
 * - a plain data object (no functions in it) takes its first fields again;
 * - anything else needs a {@link FreshPageRule}, else this throws: a test must not go on from a
 *   page whose state it cannot vouch for;
 * - a singleton this copy of the module did not create (a copy loaded before `vi.resetModules`) is forgotten.
 * A {@link FreshPageRule} given to {@link pageSingleton} comes first.
 */
export function resetPageSingletons(): void {
  const map = registry();
  const renewed: Array<[string, unknown, Creator]> = [];
  for (const [key, value] of map) {
    const creator = creators.get(key);
    if (!creator || creator.fresh === 'forget' || typeof value === 'function') {
      if (typeof value === 'function') (value as () => void)();
      map.delete(key);
    } else if (creator.fresh === 'keep') {
      // Set up once per page.
    } else if (creator.fresh) {
      creator.fresh(value);
    } else {
      renewed.push([key, value, creator]);
    }
  }
  // After the loop: the effects that follow these values were stopped above.
  for (const [name, value, { create }] of renewed) renew(name, value, create);
}

/** Gives `value` (the singleton `name`) in place the contents of a new one made by `create`. */
function renew(name: string, value: unknown, create: () => unknown): void {
  if (isSignal(value)) {
    if (isWritable(value)) value.value = (create() as WritableSignal).peek();
  } else if (value instanceof Set) {
    value.clear();
    for (const entry of create() as Set<unknown>) value.add(entry);
  } else if (value instanceof Map) {
    value.clear();
    for (const [key, entry] of create() as Map<unknown, unknown>) value.set(key, entry);
  } else if (Array.isArray(value)) {
    value.splice(0, value.length, ...(create() as unknown[]));
  } else if (isPlainData(value)) {
    for (const key of Object.keys(value)) delete value[key];
    Object.assign(value, create());
  } else {
    throw new Error(`resetPageSingletons: the page singleton "${name}" is not data, so it needs a FreshPageRule`);
  }
}

interface WritableSignal {
  value: unknown;
  peek(): unknown;
}

/** A Preact signal (signals carry this brand), told without importing the library: the server shares this module. */
function isSignal(value: unknown): value is WritableSignal {
  return typeof value === 'object' && value !== null && (value as { brand?: unknown }).brand === Symbol.for('preact-signals');
}

/** A signal that can be set: a computed one has only a getter. */
function isWritable(value: object): boolean {
  for (let proto: object | null = Object.getPrototypeOf(value); proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'value');
    if (descriptor) return descriptor.set !== undefined;
  }
  return false;
}

function isPlainData(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(Object.getOwnPropertyDescriptors(value)).every((descriptor) => 'value' in descriptor && typeof descriptor.value !== 'function');
}
