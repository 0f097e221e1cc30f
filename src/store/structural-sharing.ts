/**
 * Structural sharing for computed store values: a recomputed list keeps the previous object of an
 * item whose data did not change, so `React.memo` rows (200 cart lines) skip every row but the one
 * that changed. Only for plain data (objects, arrays, primitives), as the store's values are.
 */

/** Whether two plain data values are equal all the way down (objects by own enumerable keys). */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => Object.hasOwn(recordB, key) && sameData(recordA[key], recordB[key]));
}

/** `previous` when it holds the same data as `next` (keeping its identity), else `next`. */
export function reuseEqual<T>(previous: T | undefined, next: T): T {
  return previous !== undefined && sameData(previous, next) ? previous : next;
}

/**
 * A keyed memory across recomputations: `keep(key, next)` gives the object kept under `key` last
 * time when it holds the same data as `next`, else `next`; `done()` ends a recomputation, forgetting
 * keys it did not see (removed lines).
 */
export function sharedByKey<T>(): { keep(key: string, next: T): T; done(): void } {
  let previous = new Map<string, T>();
  let current = new Map<string, T>();
  return {
    keep(key, next) {
      const kept = reuseEqual(previous.get(key), next);
      current.set(key, kept);
      return kept;
    },
    done() {
      previous = current;
      current = new Map();
    },
  };
}
