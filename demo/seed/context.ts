/**
 * What the demo seed's steps (`writeDemo` in `index.ts`) hand to one another: the ids the database
 * gave to rows an earlier step wrote, the relative clock every seeded date is computed from, and the
 * loaded catalogues. Kept apart from the steps so each step file depends only on this and its own
 * data, never on another step's file or on `index.ts` (no import cycles).
 *
 * @module
 */
import type { DemoShop, InsertedProduct, ProductDef } from './catalogue.ts';

const DAY = 86_400_000;

/** A date relative to the seed's clock: `at(-30)` is 30 days before it. */
export type DayClock = (days: number) => Date;

/** The id the database gave to the seeded row with this key; throws when the seed is inconsistent. */
export type IdOf<K> = (key: K) => number;

/** Each shop's product definitions and the products written for them (by code). */
export type Catalogues = Map<DemoShop, { defs: ProductDef[]; inserted: Map<string, InsertedProduct> }>;

/** The relative clock of a seed run: seeded dates move with `now`, so the demo never goes stale. */
export function dayClock(now: Date): DayClock {
  return (days: number) => new Date(now.getTime() + days * DAY);
}

/** Looks a key up in a map built from the database, failing loudly when the seed itself is inconsistent. */
export function must<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: missing ${what} ${String(key)}`);
  return value;
}
