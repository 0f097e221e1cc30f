import { computed } from '@preact/signals-react';
import { getAuthToken } from '../api/cookies.ts';
import { cartCount as countPieces } from '../domain/cart.ts';
import { pageSingleton } from '../page-singleton.ts';
import { cartCount, shownYet } from './cart-state.ts';
import { isStoredCart } from './cart-stored.ts';
import { storedUserIdOf } from './session.ts';
import { resolveShopSlug } from './shop.ts';
import { readStored, storageKey } from './storage.ts';

/**
 * The cart button's badge count, known before the page shows a cart: read from storage while the
 * shop's config and the session still load.
 *
 * @module
 */

/**
 * The pieces of the cart this page will most likely show, read from storage before the
 * shop's config and the session are known: the shop's slug comes from the elements' attributes or the
 * host, the owner from the session cookie and the stored user id of that shop (no token: the guest; a
 * token whose user this browser never stored: unknown, so 0, never somebody else's count).
 */
function storedCountHint(): number {
  const slug = resolveShopSlug();
  if (!slug) return 0;
  const token = getAuthToken();
  const userId = token ? storedUserIdOf(slug) : null;
  if (token && userId === null) return 0;
  const stored = readStored(storageKey(slug, userId, 'cart'), isStoredCart);
  return stored ? countPieces(stored.lines) : 0;
}

/**
 * The count the cart button's badge shows: {@link cartCount}, and until the page shows a cart (the
 * shop's config and the session still loading) the stored cart's count plus anything added meanwhile
 *, so a returning visitor's badge shows their pieces at once instead of 0 and then the
 * count. When the cart is shown it is the same count, so nothing flickers.
 */
export const cartBadgeCount = pageSingleton('cart.badgeCount', () => {
  // Tracks the page's configuration only (the slug): storage is read once, not on every cart change.
  const hint = computed(() => storedCountHint());
  return computed(() => (shownYet.value ? cartCount.value : hint.value + cartCount.value));
});
