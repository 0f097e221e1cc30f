import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-react';
import * as v from 'valibot';
import { BudgetSchema, GroupBuySchema, PriceTierSchema, type CardInfo, type Product, type Variant } from '../contract/contract.ts';
import { cartCount as countPieces, cartLineKey, mergeLine, removeLine, setLineQuantity, totalQuantityByProduct } from '../domain/cart.ts';
import { pointsLineTotal, pointsTotal, roundUnitPrice, shownLine, unitPrice, vatRate, vatTotals, type VatRateTotals } from '../domain/pricing.ts';
import { t } from '../i18n/index.ts';
import { showAlert } from './alerts.ts';
import { pageSingleton } from '../page-singleton.ts';
import { buildCartLine, type CartLine } from './cart-line.ts';
import { sharedByKey } from './structural-sharing.ts';
import { getAuthToken } from '../api/cookies.ts';
import { sessionStatus, storedUserIdOf, user } from './session.ts';
import { isPointsShop, resolveShopSlug, shop } from './shop.ts';
import { perUserState, type StateBinding, type StateOwner } from './per-user-state.ts';
import { readRawStored, readStored, removeStored, storageKey, writeStored } from './storage.ts';

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
 * @module
 */

// ---------------------------------------------------------------------------------------------------
// Types

/** A cart line with its key and prices, as {@link cartTotals} gives it. */
export interface PricedCartLine {
  /** The line's {@link lineKey}, for `setCartQuantity` / `removeFromCart` and as a list key. */
  key: string;
  line: CartLine;
  /** The unit price by the domain's `unitPrice` for the product's TOTAL quantity in the cart, as the product stores it (gross when `vat_included`); points in a points shop. */
  unitPrice: number;
  /** The unit price to show: gross or net per the shop's `is_gross` (`displayPrice`); points in a points shop. */
  displayUnitPrice: number;
  /** The line's total as the shop shows it (gross or net, or points): `displayUnitPrice × quantity`, rounded to cents (`shownLine`). */
  total: number;
}

/** The priced cart: its lines and the order totals of a money shop or of a points shop. */
export type CartTotalsSummary =
  | {
      kind: 'money';
      lines: readonly PricedCartLine[];
      net: number;
      vat: number;
      gross: number;
      /** `gross` in a gross shop (`is_gross`), `net` otherwise: the sum of the lines' `total`. */
      total: number;
      /** The VAT summary per rate, highest rate first. */
      rates: VatRateTotals[];
    }
  | {
      kind: 'points';
      lines: readonly PricedCartLine[];
      /** Points to pay (points carry no VAT). */
      total: number;
    };

// ---------------------------------------------------------------------------------------------------
// Stored shape

/** Version of the stored cart; anything else is discarded. */
const STORED_VERSION = 1;

const positiveInteger = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** Card details as stored: plain strings (they were checked with the contract when entered). */
const StoredCardInfoSchema = v.object({
  name: v.string(),
  surname: v.string(),
  email: v.string(),
  phone: v.string(),
  job: v.string(),
  cost: v.string(),
  address: v.string(),
});

const StoredLineSchema = v.object({
  product_id: positiveInteger,
  variant_id: positiveInteger,
  name: v.string(),
  slug: v.string(),
  code: v.string(),
  image: v.nullable(v.string()),
  color_code: v.nullable(v.string()),
  size_code: v.nullable(v.string()),
  quantity: positiveInteger,
  groupbuy: v.boolean(),
  quantity_in_box: v.nullable(v.number()),
  budget: v.nullable(BudgetSchema),
  pricing: v.object({
    calculated_price: v.number(),
    vat: v.nullable(v.number()),
    vat_included: v.boolean(),
    thresholds: v.array(PriceTierSchema),
    groupbuy: v.nullable(GroupBuySchema),
  }),
  card_info: v.nullable(StoredCardInfoSchema),
});

/** What one cart key holds in browser storage. */
const StoredCartSchema = v.object({ version: v.literal(STORED_VERSION), lines: v.array(StoredLineSchema) });
type StoredCart = v.InferOutput<typeof StoredCartSchema>;

const isStoredCart = (value: unknown): value is StoredCart => v.is(StoredCartSchema, value);

// ---------------------------------------------------------------------------------------------------
// Keys and merging

/** The card details as one exact string ('' for none), fields in a fixed order. */
function cardIdentity(card: CardInfo | null): string {
  if (!card) return '';
  return JSON.stringify([card.name, card.surname, card.email, card.phone, card.job, card.cost, card.address]);
}

/**
 * The key of a line: the domain's `cartLineKey` (`"12|red|XL"`, `"12|groupbuy"`), followed for a
 * business-card line by its card details, so two people's cards of one product stay two lines.
 */
export function lineKey(line: CartLine): string {
  const card = cardIdentity(line.card_info);
  return card ? `${cartLineKey(line)}|card:${encodeURIComponent(card)}` : cartLineKey(line);
}

/**
 * Applies a domain rule (`mergeLine`, `setLineQuantity`, `removeLine`) to the lines with the
 * same card details only; every other line keeps its place. Within such a group `cartLineKey` is unique,
 * so the rule's result is matched back by it: changed lines stay where they were, new ones go last.
 */
function withinCardGroup(lines: readonly CartLine[], card: string, rule: (group: CartLine[]) => CartLine[]): CartLine[] {
  const inGroup = (line: CartLine) => cardIdentity(line.card_info) === card;
  const changed = new Map(rule(lines.filter(inGroup)).map((line) => [cartLineKey(line), line]));
  const next: CartLine[] = [];
  for (const line of lines) {
    if (!inGroup(line)) {
      next.push(line);
      continue;
    }
    const updated = changed.get(cartLineKey(line));
    if (updated) {
      next.push(updated);
      changed.delete(cartLineKey(line));
    }
  }
  return [...next, ...changed.values()];
}

/** Adds `line` by the merge rules (spec §9, plus card details). */
function mergeCartLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  return withinCardGroup(lines, cardIdentity(line.card_info), (group) => mergeLine(group, line));
}

/** Stored lines as a valid cart: copies with only the known fields, duplicates merged. */
function normalise(stored: StoredCart): CartLine[] {
  return v.parse(StoredCartSchema, stored).lines.reduce<CartLine[]>((cart, line) => mergeCartLine(cart, line), []);
}

// ---------------------------------------------------------------------------------------------------
// State

const lines = pageSingleton('cart.lines', () => signal<readonly CartLine[]>([]));
const state = pageSingleton('cart.state', () => ({
  /** A failed write was reported; cleared by the next write that succeeds or another cart. */
  warned: false,
  /** The bound key's text as this page last read or wrote it: anything else there is another tab's write. */
  storedRaw: null as string | null,
}));
const emptiedListeners = pageSingleton('cart.emptied', () => new Set<() => void>());
const changes = pageSingleton('cart.changes', () => signal(0));

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
const shownYet = pageSingleton('cart.shownYet', () => signal(false));

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
 * (issue 20), so a returning visitor's badge shows their pieces at once instead of 0 and then the
 * count. When the cart is shown it is the same count, so nothing flickers.
 */
export const cartBadgeCount = pageSingleton('cart.badgeCount', () => {
  // Tracks the page's configuration only (the slug): storage is read once, not on every cart change.
  const hint = computed(() => storedCountHint());
  return computed(() => (shownYet.value ? cartCount.value : hint.value + cartCount.value));
});

/**
 * The priced cart. Each line's unit price comes from the domain's `unitPrice` for the product's TOTAL
 * quantity across all its lines (tiers count colours and sizes together, spec §9), so 60 + 50 pieces
 * of a 1–99 / 100+ product both get the 100+ price. Each line is its shown unit price × quantity
 * (`shownLine`), and net, VAT and gross come from the VAT summary per rate (`vatTotals`, with `total`
 * gross or net per `is_gross`: the sum of the shown lines); points by `pointsTotal` in a pkt shop.
 * Group Buy end times are checked when the cart or the shop changes.
 */
export const cartTotals = pageSingleton('cart.totals', () => {
  // A line whose data and prices did not change keeps its object, so list rows can skip re-rendering.
  const shared = sharedByKey<PricedCartLine>();
  return computed<CartTotalsSummary>(() => {
    const cart = lines.value;
    const points = isPointsShop.value;
    const isGross = shop.value?.is_gross ?? false;
    const byProduct = totalQuantityByProduct(cart);
    const now = new Date();
    const priced = cart.map((line): PricedCartLine => {
      const unit = unitPrice(line.pricing, byProduct.get(line.product_id) ?? line.quantity, now);
      const totalsLine = { unit_price: unit, quantity: line.quantity, vat: line.pricing.vat, vat_included: line.pricing.vat_included };
      const key = lineKey(line);
      if (points) return shared.keep(key, { key, line, unitPrice: unit, displayUnitPrice: roundUnitPrice(unit), total: pointsLineTotal(totalsLine) });
      const shown = shownLine(totalsLine, isGross);
      return shared.keep(key, { key, line, unitPrice: unit, displayUnitPrice: shown.unit, total: shown.total });
    });
    shared.done();
    if (points) {
      return { kind: 'points', lines: priced, total: pointsTotal(priced.map((p) => ({ unit_price: p.unitPrice, quantity: p.line.quantity }))) };
    }
    // The VAT summary per rate of the shown line totals (docs/api.md "Prices and rounding").
    const summary = vatTotals(
      priced.map((p) => ({ total: p.total, rate: vatRate(p.line.pricing) })),
      isGross,
    );
    return { kind: 'money', lines: priced, net: summary.net, vat: summary.vat, gross: summary.gross, total: isGross ? summary.gross : summary.net, rates: summary.rates };
  });
});

/**
 * Points the cart takes from each budget (budget id → points) in a points shop, for the budget
 * checks and "In your cart" texts; empty in a money shop and for lines without a budget.
 */
export const cartBudgetTotals = pageSingleton('cart.budgetTotals', () =>
  computed<ReadonlyMap<number, number>>(() => {
    const summary = cartTotals.value;
    const byBudget = new Map<number, number>();
    if (summary.kind !== 'points') return byBudget;
    const grouped = new Map<number, { unit_price: number; quantity: number }[]>();
    for (const priced of summary.lines) {
      const budget = priced.line.budget;
      if (!budget) continue;
      const group = grouped.get(budget.id) ?? [];
      group.push({ unit_price: priced.unitPrice, quantity: priced.line.quantity });
      grouped.set(budget.id, group);
    }
    for (const [id, group] of grouped) byBudget.set(id, pointsTotal(group));
    return byBudget;
  }),
);

// ---------------------------------------------------------------------------------------------------
// Persistence

/** The stored cart under `key`, or an empty one (bad data is discarded by `readStored`). */
function load(key: string): CartLine[] {
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
function latestLines(): readonly CartLine[] {
  const binding = owner.binding;
  if (!binding || state.warned || readRawStored(binding.key) === state.storedRaw) return lines.peek();
  return load(binding.key);
}

/** Writes the cart of the bound owner; an empty cart removes its key. Reports one failure. */
function save(cart: readonly CartLine[]): boolean {
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
function commit(next: CartLine[], persist = true): void {
  const wasEmpty = lines.peek().length === 0;
  batch(() => {
    lines.value = next;
    changes.value += 1;
  });
  if (persist) save(next);
  if (!wasEmpty && next.length === 0) notifyEmptied();
}

// ---------------------------------------------------------------------------------------------------
// Following the session

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
const owner = perUserState({
  id: 'cart',
  name: 'cart',
  owner: targetOwner,
  switched: switchCart,
  changedElsewhere: (binding) => commit(load(binding.key), false),
});
owner.start();

// ---------------------------------------------------------------------------------------------------
// Actions

/**
 * Adds `quantity` pieces of a variant: merged into the line with the same product, colour and size (a
 * Group Buy line by product only; a business-card line only with the same card details), otherwise a
 * new last line. Every line of the product takes the product's current name, budget and pricing, so
 * one product is never priced by two snapshots.
 *
 * @throws {RangeError} when `quantity` is not a positive whole number (a caller bug, see `mergeLine`).
 */
export function addToCart(product: Product, variant: Variant, quantity: number, cardInfo: CardInfo | null = null): void {
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
  const current = latestLines();
  const line = current.find((l) => lineKey(l) === key);
  if (!line) return;
  commit(withinCardGroup(current, cardIdentity(line.card_info), (group) => setLineQuantity(group, cartLineKey(line), quantity)));
}

/** Removes the line with `key` (see {@link lineKey}); an unknown key changes nothing. */
export function removeFromCart(key: string): void {
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

/**
 * @internal Tests start from a fresh page: no lines, no cart shown, no listeners. The cart then follows
 * the current shop and session again (reading storage), as a store on a newly loaded page would.
 */
export function resetCart(): void {
  state.warned = false;
  state.storedRaw = null;
  emptiedListeners.clear();
  lines.value = [];
  shownYet.value = false;
  owner.rebind();
}
