import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { cartCount as countPieces } from '../domain/cart.ts';
import { pageSingleton } from '../page-singleton.ts';
import type { CartLine } from './cart-line.ts';

/**
 * The cart's page-wide state: its lines and change count, and what the page knows of their stored copy.
 * The other cart modules read and write it; elements import the cart from `cart.ts`, whose `startCart`
 * starts following the session.
 *
 * @module
 */

/** The cart's lines; written only by the cart's actions and its session following. */
export const lines = pageSingleton('cart.lines', () => signal<readonly CartLine[]>([]));
/** What the page knows of the bound cart's stored copy. */
export const state = pageSingleton('cart.state', () => ({
  /** A failed write was reported; cleared by the next write that succeeds or another cart. */
  warned: false,
  /** The bound key's text as this page last read or wrote it: anything else there is another tab's write. */
  storedRaw: null as string | null,
}));
/** Who waits for the shown cart to become empty (`onCartEmptied`). */
export const emptiedListeners = pageSingleton('cart.emptied', () => new Set<() => void>());
/** Counts the shown cart's changes (read it as `cartChanges`). */
export const changes = pageSingleton('cart.changes', () => signal(0));

/**
 * Counts the changes of the shown cart: an action here, another tab, a login or logout, a switch of
 * user. Not the cart the page starts with (its stored cart appearing once the session is known): that
 * is where the page starts, not a change. `shop-cart-change` fires on this.
 */
export const cartChanges: ReadonlySignal<number> = changes;

/** The cart's lines, in the order they were first added. Change them only through the actions below. */
export const cartLines: ReadonlySignal<readonly CartLine[]> = lines;

/** Pieces in the cart: the sum of the quantities. */
export const cartCount = pageSingleton('cart.count', () => computed(() => countPieces(lines.value)));

/** Whether a cart was shown on this page yet: the first owner bound (the shop and the session known). */
export const shownYet = pageSingleton('cart.shownYet', () => signal(false));
