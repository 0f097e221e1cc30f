/**
 * The one way the store persists to the browser (DESIGN.md §3). Keys are scoped by shop and by user
 * (or `guest`), so two shops or two users on one browser never see each other's data. Reading never
 * throws: storage that is unavailable (private mode, blocked), corrupt JSON, or a value that fails the
 * caller's check all read as "nothing stored" (and the bad entry is removed). Writing reports a full
 * quota instead of throwing. `onStorageChange` brings changes made in another tab. Values live in
 * `localStorage` unless a caller asks for `sessionStorage` (the tab's session, e.g. closed popups).
 */
const PREFIX = 'shop-elements';

/** The storage key of `name` for a shop and a user (`null` = guest). */
export function storageKey(shop: string, userId: number | null, name: string): string {
  return `${PREFIX}:${shop}:${userId === null ? 'guest' : `u${userId}`}:${name}`;
}

/** The storage key of a shop-wide value (e.g. the logged-in user's id). */
export function shopKey(shop: string, name: string): string {
  return `${PREFIX}:${shop}:${name}`;
}

/** Where a value lives: `local` (kept across visits, shared by tabs) or `session` (this tab until it closes). */
export type StorageArea = 'local' | 'session';

function area(where: StorageArea = 'local'): Storage | null {
  try {
    // Reading the global itself can throw (storage blocked), hence inside the try.
    if (where === 'session') return typeof sessionStorage === 'undefined' ? null : sessionStorage;
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Reads and checks a stored JSON value. `accept` decides whether the parsed value has the shape the
 * caller needs (e.g. `v.is(Schema, value)`); anything else is discarded, never passed on.
 */
export function readStored<T>(key: string, accept: (value: unknown) => value is T, where: StorageArea = 'local'): T | null {
  const storage = area(where);
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    // A reviver that drops prototype-polluting keys: stored data is untrusted.
    const value: unknown = JSON.parse(raw, (name, item: unknown) => (name === '__proto__' || name === 'constructor' || name === 'prototype' ? undefined : item));
    if (accept(value)) return value;
  } catch {
    // Corrupt JSON falls through to removal.
  }
  removeStored(key, where);
  return null;
}

/**
 * The text stored under `key` as it is, unchecked (null when absent or unreadable): for telling
 * whether another tab wrote the key since this page last read or wrote it, not for reading values.
 */
export function readRawStored(key: string, where: StorageArea = 'local'): string | null {
  try {
    return area(where)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a JSON value; false (and nothing thrown) when storage is unavailable or full. */
export function writeStored(key: string, value: unknown, where: StorageArea = 'local'): boolean {
  const storage = area(where);
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Removes one key (silently when storage is unavailable). */
export function removeStored(key: string, where: StorageArea = 'local'): void {
  try {
    area(where)?.removeItem(key);
  } catch {
    // Nothing to do: the entry is unreachable anyway.
  }
}

/** Removes every key that contains `marker` (spec §4 clear-checkout: "every entry whose key contains …"). */
export function removeStoredMatching(marker: string): void {
  const storage = area();
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(`${PREFIX}:`) && key.includes(marker)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage became unavailable: nothing more to clear.
  }
}

/** Calls `listener` when another tab changes `key`; returns the unsubscribe function. */
export function onStorageChange(key: string, listener: (raw: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const handler = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener(event.key === null ? null : event.newValue);
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
