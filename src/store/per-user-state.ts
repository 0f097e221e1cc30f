import { effect, untracked } from '@preact/signals-react';
import { pageSingleton } from '../page-singleton.ts';
import { onStorageChange, storageKey } from './storage.ts';

/**
 * State kept in browser storage per shop and per user that follows the page's session and other tabs
 * (the cart and the checkout, DESIGN.md §3). One subscription per page works out whose state the page
 * shows now (a shop and a user id, or the guest); whenever that changes (the shop loads, a login, a
 * logout, another user) the store is told the old and the new owner, and while an owner is shown a
 * change another tab makes to its entries is passed on. The store decides what a switch means for its
 * data (the cart carries a guest's lines into a login; the checkout starts afresh).
 *
 * @module
 */

/** Whose stored state the page shows: a shop and a user id (`null` = guest). */
export interface StateOwner {
  shop: string;
  userId: number | null;
}

/** The owner the page is bound to, with the storage key of its state. */
export interface StateBinding extends StateOwner {
  key: string;
}

/** How a store keeps its state per shop and user. */
export interface PerUserStateOptions {
  /** A page-unique name for the subscription (e.g. `cart`). */
  id: string;
  /** The entry's name in the storage key (`shop-elements:<shop>:<user>:<name>`). */
  name: string;
  /** Other entries of the same owner whose change in another tab counts as a change of the state too. */
  alsoWatch?: readonly string[];
  /** Whose state the page should show now, read inside an effect (so it follows its signals); null = none. */
  owner(): StateOwner | null;
  /** The page switched owners: `next` is already bound; either may be null. Runs untracked. */
  switched(next: StateBinding | null, previous: StateBinding | null): void;
  /** Another tab changed an entry of the bound owner. */
  changedElsewhere(binding: StateBinding): void;
}

/** A store's handle on its per-user state. */
export interface PerUserState {
  /** The owner bound now, or null. */
  readonly binding: StateBinding | null;
  /** The storage key of another entry of `binding`'s owner (e.g. the checkout's saved contact). */
  keyOf(binding: StateOwner, name: string): string;
  /**
   * Starts following the owner, once per page whatever number of bundles load the store. Call it after
   * the store's state exists: it binds at once, telling `switched` about the first owner.
   */
  start(): void;
}

/** The storage key of entry `name` of `owner`. */
function keyOf(owner: StateOwner, name: string): string {
  return storageKey(owner.shop, owner.userId, name);
}

/** The per-user state of one store; {@link PerUserState.start} starts following. */
export function perUserState(options: PerUserStateOptions): PerUserState {
  const held = pageSingleton(
    `${options.id}.binding`,
    () => ({ binding: null as StateBinding | null, stopListening: null as (() => void) | null }),
    (fresh) => {
      fresh.stopListening?.();
      fresh.stopListening = null;
      fresh.binding = null;
    },
  );

  const follow = (owner: StateOwner | null) => {
    const key = owner ? keyOf(owner, options.name) : null;
    if ((held.binding?.key ?? null) === key) return;
    held.stopListening?.();
    held.stopListening = null;
    const previous = held.binding;
    const next = owner && key ? { shop: owner.shop, userId: owner.userId, key } : null;
    held.binding = next;
    options.switched(next, previous);
    if (!next) return;
    const keys = [next.key, ...(options.alsoWatch ?? []).map((name) => keyOf(next, name))];
    const stops = keys.map((watched) =>
      onStorageChange(watched, () => {
        if (held.binding?.key === next.key) options.changedElsewhere(next);
      }),
    );
    held.stopListening = () => stops.forEach((stop) => stop());
  };

  return {
    get binding() {
      return held.binding;
    },
    keyOf,
    start() {
      pageSingleton(`${options.id}.follow`, () =>
        effect(() => {
          const owner = options.owner();
          untracked(() => follow(owner));
        }),
      );
    },
  };
}
