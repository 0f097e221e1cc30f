import { batch } from '@preact/signals-react';
import { t } from '../i18n/index.ts';
import { showAlert } from './alerts.ts';
import type { CartLine } from './cart-line.ts';
import { mergeCartLine } from './cart-keys.ts';
import { changes, emptiedListeners, lines, shownYet, state } from './cart-state.ts';
import { isStoredCart, normalise, STORED_VERSION } from './cart-stored.ts';
import { perUserState, type StateBinding, type StateOwner } from './per-user-state.ts';
import { sessionStatus, user } from './session.ts';
import { shop } from './shop.ts';
import { readRawStored, readStored, removeStored, writeStored } from './storage.ts';

/**
 * Which stored cart the page shows, and keeping it in storage: the cart follows the shop and the
 * session (guest; a login, which merges the guest's lines in; logout; another user) and other tabs'
 * writes, and every change is saved under the bound owner's key. A write that fails warns once.
 *
 * @module
 */

/** The stored cart under `key`, or an empty one (bad data is discarded by `readStored`). */
export function load(key: string): CartLine[] {
  const stored = readStored(key, isStoredCart);
  // After readStored: it removes an entry it cannot use.
  state.storedRaw = readRawStored(key);
  return stored ? normalise(stored) : [];
}

/**
 * The lines an action starts from. Another tab may have just written the same cart (its
 * storage event is still on its way): when storage no longer holds what this page last read or wrote,
 * the stored cart is the newer one and the action applies to it, so neither tab's line is lost. When
 * this page's copy could not be saved (full or blocked storage), this page's copy is the newer one.
 */
export function latestLines(): readonly CartLine[] {
  const binding = owner.binding;
  if (!binding || state.warned || readRawStored(binding.key) === state.storedRaw) return lines.peek();
  return load(binding.key);
}

/** Writes the cart of the bound owner; an empty cart removes its key. Reports one failure. */
export function save(cart: readonly CartLine[]): boolean {
  const binding = owner.binding;
  if (!binding) return false;
  let saved = true;
  if (cart.length === 0) removeStored(binding.key);
  else saved = writeStored(binding.key, { version: STORED_VERSION, lines: cart });
  if (saved) {
    state.storedRaw = readRawStored(binding.key);
    state.warned = false;
  } else if (!state.warned) {
    state.warned = true;
    showAlert({ type: 'warning', content: t('cart.storage_full') });
  }
  return saved;
}

/** Runs the emptied listeners; one that throws does not stop the others or the cart. */
function notifyEmptied(): void {
  for (const listener of emptiedListeners) {
    try {
      listener();
    } catch (error) {
      globalThis.reportError?.(error);
    }
  }
}

/** Sets the lines, saves them unless they came from storage, and tells who waits for an empty cart. */
export function commit(next: CartLine[], persist = true): void {
  const wasEmpty = lines.peek().length === 0;
  batch(() => {
    lines.value = next;
    changes.value += 1;
  });
  if (persist) save(next);
  if (!wasEmpty && next.length === 0) notifyEmptied();
}

/** Whose cart the page should show now; null while there is no shop or the session is being checked. */
function targetOwner(): StateOwner | null {
  const slug = shop.value?.slug;
  if (!slug) return null;
  const current = user.value;
  if (current) return { shop: slug, userId: current.id };
  const status = sessionStatus.value;
  // A token may still turn into a user: show no stored cart until we know whose it is.
  if (status === 'unknown' || status === 'loading') return null;
  return { shop: slug, userId: null };
}

/**
 * Shows the cart of `next`:
 * - from no cart (page start, session being checked): the stored cart, plus anything added meanwhile;
 * - guest → user of the same shop (a login): the user's cart with the guest's lines merged in, saved,
 *   and the guest key removed once the merged cart is saved;
 * - anything else (logout, user switch, other shop): the target's stored cart alone;
 * - to no cart: an empty in-memory cart (never the previous person's lines).
 */
function switchCart(next: StateBinding | null, previous: StateBinding | null): void {
  state.warned = false;
  if (!next) {
    lines.value = [];
    return;
  }
  // The first cart shown on this page is where it starts; every later switch is a change.
  const isChange = previous !== null;
  const isLogin = previous !== null && previous.userId === null && next.userId !== null && previous.shop === next.shop;
  const carried = previous === null || isLogin ? lines.peek() : [];
  const merged = carried.reduce<CartLine[]>((cart, line) => mergeCartLine(cart, line), load(next.key));
  batch(() => {
    lines.value = merged;
    shownYet.value = true;
    if (isChange) changes.value += 1;
  });
  if (carried.length > 0 && save(merged) && isLogin && previous) removeStored(previous.key);
}

/** The cart shown follows the shop and the session, and another tab's change to it. */
export const owner = perUserState({
  id: 'cart',
  name: 'cart',
  owner: targetOwner,
  switched: switchCart,
  changedElsewhere: (binding) => commit(load(binding.key), false),
});
