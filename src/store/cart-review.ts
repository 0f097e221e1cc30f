import { batch, computed, signal } from '@preact/signals-react';
import { fetchProductsByIds } from '../api/catalogue.ts';
import type { Product } from '../contract/contract.ts';
import { reviewCart, type CartReview, type LineReview } from '../domain/cart-review.ts';
import type { QuantityError } from '../domain/quantity.ts';
import { cartBudgetTotals, cartTotals, updateCartProducts } from './cart.ts';
import { latestRequest } from './latest-request.ts';
import { pageSingleton } from '../page-singleton.ts';
import { sharedByKey } from './structural-sharing.ts';
import { refreshUser, user } from './session.ts';
import { isPointsShop, shop } from './shop.ts';

/**
 * The cart checked against the shop as it is now: the cart screen loads the current
 * products of its lines in one call (`GET /api/products?ids=`), brings the lines' names and prices up
 * to date, and in a points shop reloads the user for current budget balances. {@link cartReview}
 * then says, for every line, the quantity bounds and broken rules, for every budget its subtotal
 * against the points left, and why checkout cannot start yet (the spec's texts).
 *
 * The products are kept only for the review; the cart's own lines stay the one truth of what was
 * chosen. A failed check leaves the cart usable: nothing is flagged that was not checked, the server
 * checks everything again when the order is placed.
 *
 * @module
 */

/** Where the check stands: `idle` before the first, `loading`, `ready`, or `error` (see {@link cartCheckError}). */
export type CartCheckStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What one check found: the shop asked, and for each product id asked about its current product or `null`. */
interface Checked {
  shopId: number | null;
  products: ReadonlyMap<number, Product | null>;
}

/**
 * What the last check found for each product id it asked about: the current product, or `null` when
 * the shop no longer sells it, with the shop it was asked of. Ids not asked about yet are absent.
 */
const checked = pageSingleton('cartReview.checked', () => signal<Checked>({ shopId: null, products: new Map() }));
export const cartCheckStatus = pageSingleton('cartReview.status', () => signal<CartCheckStatus>('idle'));
/** Why the last check failed; `null` otherwise. */
export const cartCheckError = pageSingleton('cartReview.error', () => signal<unknown>(null));
/** The last check changed a price per piece in the cart (the screen says so until the next check). */
export const cartPricesChanged = pageSingleton('cartReview.pricesChanged', () => signal(false));

/** The check in flight. */
const request = pageSingleton('cartReview.request', latestRequest, (inFlight) => inFlight.cancel());

/**
 * The review of the cart (`reviewCart`): bounds and problems per line and product, budget subtotals
 * against the points left (points shops, logged-in users), and the reasons checkout is blocked.
 * Products not checked yet (or checked for another shop) are not judged.
 */
export const cartReview = pageSingleton('cartReview.review', () => {
  // A line's or product's review that did not change keeps its object, so list rows can skip re-rendering.
  const sharedLines = sharedByKey<LineReview>();
  const sharedProducts = sharedByKey<QuantityError[]>();
  return computed<CartReview>(() => {
    const summary = cartTotals.value;
    const found = checked.value;
    const products = found.shopId !== null && found.shopId === shop.value?.id ? found.products : new Map<number, Product | null>();
    const me = user.value;
    const budgets = isPointsShop.value && me ? { assignments: me.budgets, needed: cartBudgetTotals.value } : null;
    const lines = summary.lines.map(({ key, line }) => ({ key, product_id: line.product_id, variant_id: line.variant_id, quantity: line.quantity, budget: line.budget }));
    const review = reviewCart(lines, products, budgets, shop.value?.max_line_quantity ?? null);
    const kept: CartReview = {
      ...review,
      lines: new Map([...review.lines].map(([key, line]) => [key, sharedLines.keep(key, line)])),
      products: new Map([...review.products].map(([id, errors]) => [id, sharedProducts.keep(String(id), errors)])),
    };
    sharedLines.done();
    sharedProducts.done();
    return kept;
  });
});

/** Stops the check in flight, if any (the screen went away); what was loaded stays. */
export function cancelCartCheck(): void {
  request.cancel();
}

/**
 * Checks the cart's products against the shop now: loads them (100 ids a call), updates the lines'
 * snapshots (`updateCartProducts`), and in a points shop reloads the user for current balances. A
 * newer check cancels an older one; an answer for a shop that is no longer shown is dropped.
 */
export async function checkCart(productIds: readonly number[]): Promise<void> {
  cancelCartCheck();
  const website = shop.peek();
  if (!website) return;
  const ids = [...new Set(productIds)];
  const run = request.start();
  batch(() => {
    cartCheckStatus.value = 'loading';
    cartCheckError.value = null;
  });
  try {
    const [products] = await Promise.all([fetchProductsByIds(website.id, ids, { signal: run.signal }), isPointsShop.peek() ? refreshUser() : Promise.resolve()]);
    if (!run.settle() || shop.peek()?.id !== website.id) return;
    batch(() => {
      const { pricesChanged } = updateCartProducts(products);
      const byId = new Map(products.map((product) => [product.id, product]));
      checked.value = { shopId: website.id, products: new Map(ids.map((id) => [id, byId.get(id) ?? null])) };
      cartPricesChanged.value = pricesChanged;
      cartCheckStatus.value = 'ready';
    });
  } catch (error) {
    if (!run.settle()) return;
    batch(() => {
      cartCheckError.value = error;
      cartCheckStatus.value = 'error';
    });
  }
}

