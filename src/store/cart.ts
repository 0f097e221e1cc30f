import { cartLineKey, removeLine, setLineQuantity, totalQuantityByProduct } from '../domain/cart.ts';
import { unitPrice } from '../domain/pricing.ts';
import type { CardInfo, Product, Variant } from '../contract/contract.ts';
import { buildCartLine, type CartLine } from './cart-line.ts';
import { cardIdentity, lineKey, mergeCartLine, withinCardGroup } from './cart-keys.ts';
import { commit, latestLines, owner } from './cart-following.ts';
import { emptiedListeners, lines, state } from './cart-state.ts';
import { isStoredCart, normalise } from './cart-stored.ts';
import { readStored, removeStored } from './storage.ts';

export { cartChanges, cartCount, cartLines } from './cart-state.ts';
export { cartBadgeCount } from './cart-badge.ts';
export { cartBudgetTotals, cartTotals, type CartTotalsSummary, type PricedCartLine } from './cart-pricing.ts';
export { lineKey } from './cart-keys.ts';

/**
 * The cart (spec §3 "Cart item", §4, §9): one list of lines per page, shared by every element, kept in
 * browser storage per shop and per user id, or under the guest key.
 *
 * - Which cart is shown follows the session: nobody logged in → the guest cart (spec §4 "a guest cart
 *   is adopted when nobody is logged in"); a user → that user's own stored cart. While the session is
 *   still being checked no stored cart is shown (a token may belong to somebody), so one person's cart
 *   is never shown to another.
 * - Logging in merges the guest cart into the user's cart and removes the guest key (the common shop
 *   behaviour: what a visitor collected before signing in is not lost). Restoring a session on page
 *   load does not merge: it loads the user's cart as the spec says. Logging out shows the guest cart
 *   again (empty unless a guest filled one since). A switch from one user to another loads the other
 *   user's cart and carries nothing over.
 * - Lines merge by product, colour and size, Group Buy lines by product only (`src/domain/cart.ts`); a
 *   business-card line also carries its card details and merges only with a line for the same card.
 * - Prices are never stored as truth: each line keeps the product's pricing snapshot, and totals are
 *   recomputed with the domain rules from the product's total quantity across its lines.
 * - Another tab's change to the same cart appears here (storage event). Stored data that is corrupt,
 *   of another shape or foreign is discarded. A write that fails (full or blocked storage) shows one
 *   warning; the cart keeps working in memory.
 *
 * Elements import the cart from this module. Importing it starts nothing: {@link startCart} starts
 * following the shop, the session and other tabs (`cart-following.ts`), run by the elements that show
 * the cart when they connect and by every action here. Its parts: `cart-stored.ts` (the stored shape), `cart-keys.ts` (which lines
 * merge), `cart-pricing.ts` (prices and totals), `cart-badge.ts` (the badge's early count) and
 * `cart-state.ts` (the signals).
 *
 * @module
 */

/**
 * Starts the cart following the shop, the session and other tabs' writes, once per page whatever
 * number of elements or bundles call it: the cart shown is then the bound owner's. Run by an element
 * that shows the cart when it connects, and by every action here (a line added by a page that showed
 * no cart yet still lands in the stored cart). Importing the cart starts nothing, so a page whose
 * elements never use it sets up no storage listener.
 */
export function startCart(): void {
  owner.start();
}

/**
 * Adds `quantity` pieces of a variant: merged into the line with the same product, colour and size (a
 * Group Buy line by product only; a business-card line only with the same card details), otherwise a
 * new last line. Every line of the product takes the product's current name, budget and pricing, so
 * one product is never priced by two snapshots.
 *
 * @throws {RangeError} when `quantity` is not a positive whole number (a caller bug, see `mergeLine`).
 */
export function addToCart(product: Product, variant: Variant, quantity: number, cardInfo: CardInfo | null = null): void {
  startCart();
  const added = buildCartLine(product, variant, quantity, cardInfo);
  const merged = mergeCartLine(latestLines(), added);
  commit(merged.map((line) => (line.product_id === product.id ? { ...line, name: added.name, slug: added.slug, budget: added.budget, pricing: added.pricing } : line)));
}

/**
 * Brings the lines up to date with the shop's current products (the cart screen loads them): each
 * line of a product in `products` takes its current name, slug, picture, budget and pricing, and its
 * variant's code and box quantity. Lines of other products are left as they are. Nothing is written
 * (and no change is announced) when nothing differs. Answers whether any line's pricing changed, so the
 * screen can tell the buyer that a price per piece moved since the products were added.
 */
export function updateCartProducts(products: readonly Product[]): { pricesChanged: boolean } {
  startCart();
  const byId = new Map(products.map((product) => [product.id, product]));
  const current = latestLines();
  const totals = totalQuantityByProduct(current);
  const now = new Date();
  let changed = false;
  let pricesChanged = false;
  const next = current.map((line) => {
    const product = byId.get(line.product_id);
    const variant = product?.variants.find((candidate) => candidate.id === line.variant_id);
    if (!product || !variant) return line;
    const fresh = buildCartLine(product, variant, line.quantity, line.card_info);
    const updated: CartLine = { ...line, name: fresh.name, slug: fresh.slug, code: fresh.code, image: fresh.image, quantity_in_box: fresh.quantity_in_box, budget: fresh.budget, pricing: fresh.pricing };
    if (JSON.stringify(updated) === JSON.stringify(line)) return line;
    changed = true;
    // What the buyer pays per piece, not the snapshot: a group's total moves with every order.
    const pieces = totals.get(line.product_id) ?? line.quantity;
    if (unitPrice(updated.pricing, pieces, now) !== unitPrice(line.pricing, pieces, now)) pricesChanged = true;
    return updated;
  });
  if (changed) commit(next);
  return { pricesChanged };
}

/**
 * Sets the quantity of the line with `key` (see {@link lineKey}); 0 or less removes it. An unknown key
 * changes nothing.
 *
 * @throws {RangeError} when `quantity` is not a whole number.
 */
export function setCartQuantity(key: string, quantity: number): void {
  startCart();
  const current = latestLines();
  const line = current.find((l) => lineKey(l) === key);
  if (!line) return;
  commit(withinCardGroup(current, cardIdentity(line.card_info), (group) => setLineQuantity(group, cartLineKey(line), quantity)));
}

/** Removes the line with `key` (see {@link lineKey}); an unknown key changes nothing. */
export function removeFromCart(key: string): void {
  startCart();
  const current = latestLines();
  const line = current.find((l) => lineKey(l) === key);
  if (!line) return;
  commit(withinCardGroup(current, cardIdentity(line.card_info), (group) => removeLine(group, cartLineKey(line))));
}

/**
 * Carries the guest cart stored in this browser into the signed-in user's cart and removes the guest
 * key, as a login on the page does (`switchCart`), for a sign-in the page never showed as a guest: a
 * handoff's one-time code signs in before the session is known, so the page starts on the user's cart
 * and a guest's lines from an earlier visit would otherwise stay behind, unseen, under the guest key.
 */
export function carryStoredGuestCart(): void {
  startCart();
  const binding = owner.binding;
  if (!binding || binding.userId === null) return;
  const guestKey = owner.keyOf({ shop: binding.shop, userId: null }, 'cart');
  const stored = readStored(guestKey, isStoredCart);
  if (!stored) return;
  const carried = normalise(stored);
  if (carried.length > 0) commit(carried.reduce<CartLine[]>((cart, line) => mergeCartLine(cart, line), [...latestLines()]));
  // Kept while the merged cart could not be saved (full storage): the lines are not lost on a reload.
  if (!state.warned) removeStored(guestKey);
}

/** Empties the cart (e.g. after an order is placed, spec §2 "Order confirmation"). */
export function clearCart(): void {
  startCart();
  if (lines.peek().length === 0) return;
  commit([]);
}

/**
 * Calls `listener` whenever the shown cart becomes empty: its last line removed, `clearCart()`, or
 * another tab emptying it. Not when the page switches to another person's cart that happens to be
 * empty (logout, user switch): that cart was not emptied. The checkout store clears itself here
 * (spec §4 "Whenever the cart becomes empty, checkout state is cleared"). Returns the unsubscribe function.
 */
export function onCartEmptied(listener: () => void): () => void {
  emptiedListeners.add(listener);
  return () => emptiedListeners.delete(listener);
}

