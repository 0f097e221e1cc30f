import * as fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardInfo, Product, User, Variant, Website } from '../contract/contract.ts';
import { productFixture, variantFixture, websiteFixture } from '../contract/test-fixtures.ts';
import { effect } from '@preact/signals-react';
import { clearAuthToken, setAuthToken } from '../api/cookies.ts';
import { alerts, clearAlerts } from './alerts.ts';
import {
  addToCart,
  cartBadgeCount,
  cartBudgetTotals,
  cartCount,
  cartLines,
  cartTotals,
  clearCart,
  lineKey,
  onCartEmptied,
  removeFromCart,
  setCartQuantity,
  startCart,
  updateCartProducts,
} from './cart.ts';
import type { CartLine } from './cart-line.ts';
import { configurePage } from './config.ts';
import { setLocale } from './locale.ts';
import { login, logout, restoreSession, sessionStatus, user } from './session.ts';
import { savedShop } from './shop.ts';
import { shopKey, storageKey, writeStored } from './storage.ts';
import { resetPageSingletons } from '../page-singleton.ts';
import { reloadPage } from './test-reload.ts';

// ---------------------------------------------------------------------------------------------------
// Fixtures

/** The cart's shop: PLN, gross, invoice, no pages. */
const website = (overrides: Partial<Website> = {}): Website => websiteFixture({ pages: [], ...overrides });

const person = (id: number): User => ({
  id,
  email: `user${id}@acme.test`,
  name: `User${id}`,
  surname: 'Test',
  phone: '',
  job_title: '',
  buyer_id: '',
  cost_center: '',
  role: 'buyer',
  website_id: 1,
  coordinator_email: null,
  budgets: [],
  pending_email: null,
});

function variant(id: number, color: string | null, size: string | null, overrides: Partial<Variant> = {}): Variant {
  return variantFixture({ id, color_code: color, size_code: size, ...overrides });
}

/** A T-shirt at 10.00 net (VAT 23 %) in red and blue, sizes M and L. */
function product(overrides: Partial<Product> = {}): Product {
  return productFixture({
    id: 1,
    name: 'T-shirt',
    slug: 't-shirt',
    code: 'TS',
    description: '',
    images: ['products/t-shirt.png'],
    variants: [variant(11, 'red', 'M'), variant(12, 'red', 'L'), variant(13, 'blue', 'M')],
    ...overrides,
  });
}

const redM = variant(11, 'red', 'M');
const redL = variant(12, 'red', 'L');
const blueM = variant(13, 'blue', 'M');

const card = (name: string): CardInfo => ({ name, surname: 'Kowalska', email: `${name.toLowerCase()}@acme.test`, phone: '+48 600 700 800', job: 'Designer', cost: '', address: 'Prosta 1, Warszawa' });

const GUEST_KEY = storageKey('acme', null, 'cart');
const userKey = (id: number) => storageKey('acme', id, 'cart');

/** What a key holds, parsed. */
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');
/** The stored lines of a key as product/quantity pairs. */
const storedPairs = (key: string) => ((stored(key) as { lines?: CartLine[] } | null)?.lines ?? []).map((l) => [l.product_id, l.variant_id, l.quantity]);
const pairs = () => cartLines.value.map((l) => [l.product_id, l.variant_id, l.quantity]);

/** The session store's order when a user is loaded (`setUser`): the user, then the status. */
function signIn(who: User): void {
  user.value = who;
  sessionStatus.value = 'user';
}

/** A cart stored by an earlier visit, built through the store itself (then forgotten by the page). */
function storeCartFor(who: User | null, build: () => void): void {
  if (who) signIn(who);
  else sessionStatus.value = 'guest';
  build();
  // A new page: the shop is known, the session not yet.
  reloadPage('unknown');
}

/** A valid stored line, with overrides. */
const storedLine = (overrides: Record<string, unknown> = {}) => ({
  product_id: 1,
  variant_id: 11,
  name: 'T-shirt',
  slug: 't-shirt',
  code: 'V-11',
  image: null,
  color_code: 'red',
  size_code: 'M',
  quantity: 2,
  groupbuy: false,
  quantity_in_box: 30,
  budget: null,
  pricing: { calculated_price: 10, vat: 23, vat_included: false, thresholds: [], groupbuy: null },
  card_info: null,
  ...overrides,
});

/** Stores `raw` as the guest cart, then loads the page as a guest. */
function loadGuestCart(raw: string): void {
  localStorage.setItem(GUEST_KEY, raw);
  sessionStatus.value = 'guest';
}

/** Another tab writes the key; this tab gets the storage event. */
function otherTabWrites(key: string, value: unknown | null): void {
  const newValue = value === null ? null : JSON.stringify(value);
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
}

beforeEach(() => {
  localStorage.clear();
  clearAuthToken();
  resetPageSingletons();
  startCart();
  clearAlerts();
  setLocale('en');
  savedShop.value = website();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// ---------------------------------------------------------------------------------------------------

describe('cart store: merging (spec §9)', () => {
  beforeEach(() => {
    sessionStatus.value = 'guest';
  });

  it('should merge the same colour and size into one line and keep different sizes apart', () => {
    addToCart(product(), redM, 2);
    addToCart(product(), redM, 3);
    addToCart(product(), redL, 4);
    expect(pairs()).toEqual([
      [1, 11, 5],
      [1, 12, 4],
    ]);
    expect(cartCount.value).toBe(9);
  });

  it('should keep different colours of one size apart', () => {
    addToCart(product(), redM, 1);
    addToCart(product(), blueM, 1);
    expect(cartLines.value.map((l) => l.color_code)).toEqual(['red', 'blue']);
  });

  it('should merge Group Buy lines by product only, whatever the colour and size', () => {
    const offer = product({ groupbuy: { isActive: true, total_quantity: 0, ends_at: null, tiers: [{ min_quantity: 1, max_quantity: null, price: 7 }] } });
    addToCart(offer, redM, 2);
    addToCart(offer, blueM, 3);
    expect(cartLines.value).toHaveLength(1);
    expect(cartLines.value[0]).toMatchObject({ groupbuy: true, quantity: 5, color_code: 'red' });
  });

  it('should not treat an ended Group Buy as a Group Buy line', () => {
    const ended = product({ groupbuy: { isActive: true, total_quantity: 0, ends_at: '2000-01-01T00:00:00Z', tiers: [{ min_quantity: 1, max_quantity: null, price: 7 }] } });
    addToCart(ended, redM, 2);
    addToCart(ended, blueM, 3);
    expect(cartLines.value.map((l) => l.groupbuy)).toEqual([false, false]);
  });

  it('should keep business cards of different people apart and merge the same card', () => {
    const cards = product({ id: 5, name: 'Business cards', is_business_card: true, variants: [variant(51, null, null)] });
    const only = variant(51, null, null);
    addToCart(cards, only, 100, card('Anna'));
    addToCart(cards, only, 200, card('Ewa'));
    addToCart(cards, only, 50, card('Anna'));
    expect(cartLines.value.map((l) => [l.card_info?.name, l.quantity])).toEqual([
      ['Anna', 150],
      ['Ewa', 200],
    ]);
    const [anna, ewa] = cartLines.value.map(lineKey);
    expect(anna).not.toBe(ewa);
    setCartQuantity(ewa ?? '', 300);
    removeFromCart(anna ?? '');
    expect(cartLines.value.map((l) => [l.card_info?.name, l.quantity])).toEqual([['Ewa', 300]]);
  });

  it('should not merge a line without card details into a card line', () => {
    const cards = product({ id: 5, is_business_card: true, variants: [variant(51, null, null)] });
    addToCart(cards, variant(51, null, null), 100, card('Anna'));
    addToCart(cards, variant(51, null, null), 10);
    expect(cartLines.value.map((l) => l.quantity)).toEqual([100, 10]);
  });

  it('should build the line from the product and variant', () => {
    addToCart(product({ budget: { id: 3, name: 'Marketing', color: '#2563eb' } }), variant(11, 'red', 'M', { quantity_in_box: 12 }), 2);
    expect(cartLines.value[0]).toEqual({
      product_id: 1,
      variant_id: 11,
      name: 'T-shirt',
      slug: 't-shirt',
      code: 'V-11',
      image: 'products/t-shirt.png',
      color_code: 'red',
      size_code: 'M',
      quantity: 2,
      groupbuy: false,
      quantity_in_box: 12,
      budget: { id: 3, name: 'Marketing', color: '#2563eb' },
      pricing: { calculated_price: 10, vat: 23, vat_included: false, thresholds: [], groupbuy: null },
      card_info: null,
    });
    addToCart(product(), blueM, 1);
    expect(cartLines.value[1]?.quantity_in_box).toBe(30);
  });

  it('should give every line of a product the latest pricing when more is added', () => {
    addToCart(product(), redM, 1);
    addToCart(product({ calculated_price: 12 }), blueM, 1);
    expect(cartLines.value.map((l) => l.pricing.calculated_price)).toEqual([12, 12]);
  });

  it('should set a quantity, remove at 0 or below, and ignore unknown keys', () => {
    addToCart(product(), redM, 2);
    addToCart(product(), redL, 2);
    const [first, second] = cartLines.value.map(lineKey);
    setCartQuantity(first ?? '', 7);
    expect(pairs()).toEqual([
      [1, 11, 7],
      [1, 12, 2],
    ]);
    setCartQuantity('999|x|y', 5);
    removeFromCart('999|x|y');
    expect(cartCount.value).toBe(9);
    setCartQuantity(second ?? '', 0);
    expect(pairs()).toEqual([[1, 11, 7]]);
    setCartQuantity(first ?? '', -3);
    expect(cartLines.value).toEqual([]);
  });

  it('should refuse a quantity that is not a positive whole number', () => {
    expect(() => addToCart(product(), redM, 0)).toThrow(RangeError);
    expect(() => addToCart(product(), redM, 1.5)).toThrow(RangeError);
    expect(cartLines.value).toEqual([]);
  });
});

describe('cart store: prices and totals (spec §9)', () => {
  beforeEach(() => {
    sessionStatus.value = 'guest';
  });

  const tiered = product({
    thresholds: [
      { min_quantity: 1, max_quantity: 99, price: 10 },
      { min_quantity: 100, max_quantity: null, price: 8 },
    ],
  });

  it("should price every line by the product's total quantity across colours (60 + 50 → the 100+ tier)", () => {
    addToCart(tiered, redM, 60);
    expect(cartTotals.value.lines.map((l) => l.unitPrice)).toEqual([10]);
    addToCart(tiered, blueM, 50);
    expect(cartTotals.value.lines.map((l) => l.unitPrice)).toEqual([8, 8]);
    savedShop.value = website({ is_gross: false });
    expect(cartTotals.value.lines.map((l) => l.total)).toEqual([480, 400]);
    setCartQuantity(cartTotals.value.lines[1]?.key ?? '', 39);
    expect(cartTotals.value.lines.map((l) => l.unitPrice)).toEqual([10, 10]);
  });

  it('should give net, VAT and gross totals, and the gross total in a gross shop', () => {
    addToCart(product(), redM, 3);
    const totals = cartTotals.value;
    expect(totals).toMatchObject({ kind: 'money', net: 30, vat: 6.9, gross: 36.9, total: 36.9 });
    expect(totals.lines[0]).toMatchObject({ unitPrice: 10, displayUnitPrice: 12.3, total: 36.9 });
  });

  it('should show net prices and the net total in a net shop, taking VAT out of gross products', () => {
    savedShop.value = website({ is_gross: false });
    addToCart(product(), redM, 3);
    addToCart(product({ id: 2, calculated_price: 24.6, vat_included: true }), redM, 1);
    const totals = cartTotals.value;
    expect(totals).toMatchObject({ kind: 'money', net: 50, vat: 11.5, gross: 61.5, total: 50 });
    expect(totals.lines.map((l) => [l.displayUnitPrice, l.total])).toEqual([
      [10, 30],
      [20, 20],
    ]);
  });

  it('should total points and points per budget in a points shop', () => {
    savedShop.value = website({ currency: 'pkt', payment_type: 'budget', is_gross: false });
    const marketing = { id: 3, name: 'Marketing', color: '#2563eb' };
    const sales = { id: 4, name: 'Sales', color: '#16a34a' };
    addToCart(product({ calculated_price: 25, budget: marketing }), redM, 2);
    addToCart(product({ id: 2, calculated_price: 40, budget: sales }), redM, 1);
    addToCart(product({ id: 6, calculated_price: 5, budget: marketing }), redM, 4);
    addToCart(product({ id: 7, calculated_price: 1, budget: null }), redM, 3);
    expect(cartTotals.value).toMatchObject({ kind: 'points', total: 113 });
    expect(cartTotals.value.lines.map((l) => l.displayUnitPrice)).toEqual([25, 40, 5, 1]);
    expect([...cartBudgetTotals.value]).toEqual([
      [3, 70],
      [4, 40],
    ]);
  });

  it('should have no budget totals in a money shop', () => {
    addToCart(product({ budget: { id: 3, name: 'Marketing', color: '#2563eb' } }), redM, 2);
    expect(cartBudgetTotals.value.size).toBe(0);
  });
});

describe('cart store: updateCartProducts', () => {
  beforeEach(() => {
    sessionStatus.value = 'guest';
  });

  it("should take the product's current name, pricing and variant code, keep quantities, and say the price moved", () => {
    addToCart(product(), redM, 3);
    addToCart(product({ id: 2, name: 'Mug', variants: [variant(21, 'white', null)] }), variant(21, 'white', null), 1);
    const answer = updateCartProducts([product({ name: 'Organic T-shirt', calculated_price: 12, variants: [variant(11, 'red', 'M', { code: 'TS-RED-M' })] })]);
    expect(answer).toEqual({ pricesChanged: true });
    expect(cartLines.value[0]).toMatchObject({ name: 'Organic T-shirt', code: 'TS-RED-M', quantity: 3, pricing: { calculated_price: 12 } });
    expect(cartLines.value[1]).toMatchObject({ name: 'Mug', quantity: 1 });
    expect(storedPairs(GUEST_KEY)).toEqual([[1, 11, 3], [2, 21, 1]]);
    expect((stored(GUEST_KEY) as { lines: CartLine[] }).lines[0]?.name).toBe('Organic T-shirt');
  });

  it('should change nothing, and write nothing, when the products are as stored', () => {
    addToCart(product(), redM, 3);
    const before = cartLines.value;
    const write = vi.spyOn(Storage.prototype, 'setItem');
    expect(updateCartProducts([product()])).toEqual({ pricesChanged: false });
    expect(cartLines.value).toBe(before);
    expect(write).not.toHaveBeenCalled();
  });

  it("should not call a group's grown total a price change while the buyer's tier stays", () => {
    const tiers = [
      { min_quantity: 1, max_quantity: null, price: 10 },
      { min_quantity: 100, max_quantity: null, price: 8 },
    ];
    const groupBuy = (total_quantity: number) => product({ groupbuy: { isActive: true, total_quantity, ends_at: null, tiers } });
    addToCart(groupBuy(10), redM, 5);
    expect(updateCartProducts([groupBuy(20)])).toEqual({ pricesChanged: false });
    expect(cartLines.value[0]?.pricing.groupbuy?.total_quantity).toBe(20);
    expect(updateCartProducts([groupBuy(99)])).toEqual({ pricesChanged: true });
    expect(cartTotals.value.total).toBe(49.2);
  });
});

describe('cart store: storage per user and guest (spec §4)', () => {
  it('should keep the guest cart under the guest key and read it back on a new page', () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 2);
    expect(storedPairs(GUEST_KEY)).toEqual([[1, 11, 2]]);
    reloadPage();
    expect(pairs()).toEqual([[1, 11, 2]]);
  });

  it("should keep a user's cart under the user's key and read it back on a new page", () => {
    signIn(person(7));
    addToCart(product(), redL, 4);
    expect(storedPairs(userKey(7))).toEqual([[1, 12, 4]]);
    expect(localStorage.getItem(GUEST_KEY)).toBeNull();
    reloadPage();
    expect(pairs()).toEqual([[1, 12, 4]]);
  });

  it('should remove the key when the cart is emptied', () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 2);
    clearCart();
    expect(localStorage.getItem(GUEST_KEY)).toBeNull();
  });

  it('should adopt the stored guest cart when nobody is logged in', () => {
    storeCartFor(null, () => addToCart(product(), redM, 3));
    expect(cartLines.value).toEqual([]);
    sessionStatus.value = 'guest';
    expect(pairs()).toEqual([[1, 11, 3]]);
  });

  it('should show no stored cart while the session is still being checked', async () => {
    storeCartFor(null, () => addToCart(product(), redM, 3));
    sessionStatus.value = 'loading';
    expect(cartLines.value).toEqual([]);
    await restoreSession(); // no token: a guest
    expect(sessionStatus.value).toBe('guest');
    expect(pairs()).toEqual([[1, 11, 3]]);
  });

  it("should load the logged-in user's own cart on page load, without merging the guest cart", () => {
    storeCartFor(null, () => addToCart(product(), redM, 3));
    storeCartFor(person(7), () => addToCart(product(), blueM, 1));
    sessionStatus.value = 'loading';
    signIn(person(7)); // the session restored from the token
    expect(pairs()).toEqual([[1, 13, 1]]);
    expect(storedPairs(GUEST_KEY)).toEqual([[1, 11, 3]]);
  });

  it('should keep lines added before the cart was known and save them to the cart that loads', () => {
    storeCartFor(person(7), () => addToCart(product(), blueM, 1));
    sessionStatus.value = 'loading';
    addToCart(product(), redM, 2);
    signIn(person(7));
    expect(pairs()).toEqual([
      [1, 13, 1],
      [1, 11, 2],
    ]);
    expect(storedPairs(userKey(7))).toEqual(pairs());
  });

  it("should merge the guest cart into the user's cart on login and remove the guest key", async () => {
    storeCartFor(person(7), () => {
      addToCart(product(), redM, 1);
      addToCart(product(), redL, 1);
    });
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 2);
    addToCart(product(), blueM, 5);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://acme.localhost').pathname;
        const body = path === '/api/login' ? { access_token: 'a'.repeat(43) } : person(7);
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    await login('user7@acme.test', 'Secret123');
    expect(user.value?.id).toBe(7);
    expect(pairs()).toEqual([
      [1, 11, 3],
      [1, 12, 1],
      [1, 13, 5],
    ]);
    expect(storedPairs(userKey(7))).toEqual(pairs());
    expect(localStorage.getItem(GUEST_KEY)).toBeNull();
  });

  it("should show the guest cart on logout and keep the user's cart for the next login", async () => {
    signIn(person(7));
    addToCart(product(), redM, 4);
    await logout();
    expect(sessionStatus.value).toBe('guest');
    expect(cartLines.value).toEqual([]);
    expect(cartCount.value).toBe(0);
    addToCart(product(), blueM, 1);
    expect(storedPairs(GUEST_KEY)).toEqual([[1, 13, 1]]);
    expect(storedPairs(userKey(7))).toEqual([[1, 11, 4]]);
  });

  it("should never show one user's cart to another", async () => {
    signIn(person(7));
    addToCart(product(), redM, 4);
    // Straight from user 7 to user 8 (a new token while logged in): 8 sees only their own cart.
    signIn(person(8));
    expect(cartLines.value).toEqual([]);
    addToCart(product(), blueM, 1);
    expect(pairs()).toEqual([[1, 13, 1]]);
    // Logout, then 8 logs in again on a page where 7 had been: still only 8's cart.
    await logout();
    expect(cartLines.value).toEqual([]);
    signIn(person(8));
    expect(pairs()).toEqual([[1, 13, 1]]);
    signIn(person(7));
    expect(pairs()).toEqual([[1, 11, 4]]);
    expect(storedPairs(userKey(7))).toEqual([[1, 11, 4]]);
    expect(storedPairs(userKey(8))).toEqual([[1, 13, 1]]);
  });

  it('should show no cart without a shop, and keep shops apart', () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 1);
    savedShop.value = null;
    expect(cartLines.value).toEqual([]);
    savedShop.value = website({ id: 2, slug: 'globex' });
    expect(cartLines.value).toEqual([]);
    addToCart(product(), blueM, 2);
    expect(storedPairs(storageKey('globex', null, 'cart'))).toEqual([[1, 13, 2]]);
    savedShop.value = website();
    expect(pairs()).toEqual([[1, 11, 1]]);
  });
});

/** A new page of shop `acme` (named by an attribute): no shop config, no session yet. */
function newPage(): void {
  resetPageSingletons();
  startCart();
  configurePage({ shop: 'acme' });
}

describe("cart store: the badge's count before the shop and the session are known (issue 20)", () => {
  it("should show the guest's stored count at once, and the same count when the cart is shown: never 0 between", () => {
    storeCartFor(null, () => {
      addToCart(product(), redM, 2);
      addToCart(product(), blueM, 1);
    });
    newPage();
    const seen: number[] = [];
    const stop = effect(() => {
      seen.push(cartBadgeCount.value);
    });
    expect(cartLines.value).toEqual([]);
    expect(cartBadgeCount.value).toBe(3);
    savedShop.value = website();
    sessionStatus.value = 'guest';
    stop();
    expect(cartCount.value).toBe(3);
    expect(seen).toEqual([3]);
  });

  it("should show the stored count of the user whose token the page has, and 0 for a token of a user this browser never stored", () => {
    storeCartFor(null, () => addToCart(product(), redM, 5));
    storeCartFor(person(7), () => addToCart(product(), blueM, 1));
    setAuthToken('t'.repeat(43));
    newPage();
    expect(cartBadgeCount.value).toBe(0);
    writeStored(shopKey('acme', 'user-id'), 7);
    newPage();
    expect(cartBadgeCount.value).toBe(1);
    savedShop.value = website();
    signIn(person(7));
    expect(cartBadgeCount.value).toBe(1);
  });

  it('should add what is put in the cart meanwhile, and show no count without a shop to read', () => {
    storeCartFor(null, () => addToCart(product(), redM, 2));
    newPage();
    addToCart(product(), blueM, 4);
    expect(cartBadgeCount.value).toBe(6);
    savedShop.value = website();
    sessionStatus.value = 'guest';
    expect(cartBadgeCount.value).toBe(6);
    expect(cartCount.value).toBe(6);
    resetPageSingletons();
    startCart();
    expect(cartBadgeCount.value).toBe(0);
  });
});

describe('cart store: untrusted stored data', () => {
  it.each([
    ['corrupt JSON', '{"version":1,"lines":[{'],
    ['an array instead of a cart', JSON.stringify([storedLine()])],
    ['another version', JSON.stringify({ version: 2, lines: [storedLine()] })],
    ['a line with a text id', JSON.stringify({ version: 1, lines: [storedLine({ product_id: '1' })] })],
    ['a line with a negative quantity', JSON.stringify({ version: 1, lines: [storedLine({ quantity: -4 })] })],
    ['a line with a fractional quantity', JSON.stringify({ version: 1, lines: [storedLine({ quantity: 1.5 })] })],
    ['a line without pricing', JSON.stringify({ version: 1, lines: [storedLine({ pricing: undefined })] })],
  ])('should discard %s without breaking the page', (_label, raw) => {
    expect(() => loadGuestCart(raw)).not.toThrow();
    expect(cartLines.value).toEqual([]);
    expect(cartTotals.value).toMatchObject({ kind: 'money', total: 0 });
    expect(localStorage.getItem(GUEST_KEY)).toBeNull();
    addToCart(product(), redM, 1);
    expect(cartCount.value).toBe(1);
  });

  it('should load a valid stored cart, dropping unknown fields and merging duplicate lines', () => {
    loadGuestCart(JSON.stringify({ version: 1, lines: [storedLine({ extra: 'x' }), storedLine({ quantity: 3 })], other: true }));
    expect(cartLines.value).toHaveLength(1);
    expect(cartLines.value[0]?.quantity).toBe(5);
    expect(cartLines.value[0]).not.toHaveProperty('extra');
  });

  it('should leave `__proto__` in stored data harmless', () => {
    const raw = `{"version":1,"__proto__":{"polluted":true},"lines":[${JSON.stringify(storedLine()).replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},')}]}`;
    loadGuestCart(raw);
    expect(cartLines.value).toHaveLength(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(cartLines.value[0])).toBe(Object.prototype);
    expect(Object.hasOwn(cartLines.value[0] ?? {}, '__proto__')).toBe(false);
    expect((cartLines.value[0] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('cart store: full storage', () => {
  it('should warn once when the cart cannot be saved and keep the cart working in memory', () => {
    sessionStatus.value = 'guest';
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    addToCart(product(), redM, 2);
    addToCart(product(), blueM, 1);
    expect(pairs()).toEqual([
      [1, 11, 2],
      [1, 13, 1],
    ]);
    expect(cartCount.value).toBe(3);
    expect(alerts.value).toHaveLength(1);
    expect(alerts.value[0]).toMatchObject({ type: 'warning', content: expect.stringContaining('could not be saved') });
    vi.restoreAllMocks();
    addToCart(product(), redM, 1);
    expect(storedPairs(GUEST_KEY)).toEqual([
      [1, 11, 3],
      [1, 13, 1],
    ]);
  });

  it('should warn in Polish in a Polish interface', () => {
    setLocale('pl');
    sessionStatus.value = 'guest';
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    addToCart(product(), redM, 2);
    expect(alerts.value[0]?.content).toContain('Nie udało się zapisać koszyka');
  });

  it('should keep the guest key when the merged cart cannot be saved at login', () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 2);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    signIn(person(7));
    expect(pairs()).toEqual([[1, 11, 2]]);
    expect(storedPairs(GUEST_KEY)).toEqual([[1, 11, 2]]);
  });
});

describe('cart store: other tabs', () => {
  it("should show another tab's change to the same cart", () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 1);
    const otherTab = { version: 1, lines: [{ ...cartLines.value[0], quantity: 9 }] };
    otherTabWrites(GUEST_KEY, otherTab);
    expect(pairs()).toEqual([[1, 11, 9]]);
  });

  it("should ignore changes to another person's cart", () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 1);
    const line = cartLines.value[0];
    otherTabWrites(userKey(7), { version: 1, lines: [{ ...line, quantity: 9 }] });
    expect(pairs()).toEqual([[1, 11, 1]]);
  });

  it('should empty the cart and notify when another tab empties it', () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 1);
    const emptied = vi.fn();
    onCartEmptied(emptied);
    otherTabWrites(GUEST_KEY, null);
    expect(cartLines.value).toEqual([]);
    expect(emptied).toHaveBeenCalledTimes(1);
  });

  it("should keep another tab's line written just before this tab's change, its storage event still on its way", () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 1);
    const line = cartLines.value[0];
    // The other tab's write has landed in storage; its event has not reached this tab yet.
    localStorage.setItem(GUEST_KEY, JSON.stringify({ version: 1, lines: [line, { ...line, product_id: 2, variant_id: 21 }] }));
    addToCart(product({ id: 3 }), { ...redM, id: 31 }, 1);
    expect(pairs()).toEqual([
      [1, 11, 1],
      [2, 21, 1],
      [3, 31, 1],
    ]);
    expect(storedPairs(GUEST_KEY)).toEqual(pairs());
  });

  it('should keep its own unsaved lines when storage is full, whatever another tab wrote', () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 1);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    addToCart(product({ id: 3 }), { ...redM, id: 31 }, 1);
    vi.restoreAllMocks();
    addToCart(product({ id: 4 }), { ...redM, id: 41 }, 1);
    expect(pairs()).toEqual([
      [1, 11, 1],
      [3, 31, 1],
      [4, 41, 1],
    ]);
  });

  it('should discard a bad value written by another tab', () => {
    sessionStatus.value = 'guest';
    addToCart(product(), redM, 1);
    otherTabWrites(GUEST_KEY, { version: 1, lines: [{ product_id: 'nope' }] });
    expect(cartLines.value).toEqual([]);
  });
});

describe('cart store: onCartEmptied (spec §4)', () => {
  beforeEach(() => {
    sessionStatus.value = 'guest';
  });

  it('should notify when the last line is removed or the cart is cleared, not before', () => {
    const emptied = vi.fn();
    const stop = onCartEmptied(emptied);
    addToCart(product(), redM, 1);
    addToCart(product(), redL, 1);
    removeFromCart(lineKey(cartLines.value[0] as CartLine));
    expect(emptied).not.toHaveBeenCalled();
    setCartQuantity(lineKey(cartLines.value[0] as CartLine), 0);
    expect(emptied).toHaveBeenCalledTimes(1);
    clearCart();
    expect(emptied).toHaveBeenCalledTimes(1);
    addToCart(product(), redM, 1);
    clearCart();
    expect(emptied).toHaveBeenCalledTimes(2);
    stop();
    addToCart(product(), redM, 1);
    clearCart();
    expect(emptied).toHaveBeenCalledTimes(2);
  });

  it("should not notify when the page switches to another person's empty cart", async () => {
    signIn(person(7));
    addToCart(product(), redM, 1);
    const emptied = vi.fn();
    onCartEmptied(emptied);
    await logout();
    expect(cartLines.value).toEqual([]);
    expect(emptied).not.toHaveBeenCalled();
  });

  it('should run every listener even when one throws', () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const second = vi.fn();
    onCartEmptied(() => {
      throw new Error('boom');
    });
    onCartEmptied(second);
    addToCart(product(), redM, 1);
    expect(() => clearCart()).not.toThrow();
    expect(second).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledWith(expect.any(Error));
  });
});

describe('cart store: properties', () => {
  const products = [1, 2, 3].map((id) => product({ id, variants: [redM, redL, blueM] }));
  const groupBuyProduct = product({ id: 4, groupbuy: { isActive: true, total_quantity: 0, ends_at: null, tiers: [{ min_quantity: 1, max_quantity: null, price: 5 }] } });
  const addArb = fc.record({
    product: fc.constantFrom(...products, groupBuyProduct),
    variant: fc.constantFrom(redM, redL, blueM),
    quantity: fc.integer({ min: 1, max: 500 }),
    card: fc.constantFrom(null, card('Anna'), card('Ewa')),
  });

  it('should keep the count equal to the sum of the quantities, and end empty after removing every line', () => {
    sessionStatus.value = 'guest';
    fc.assert(
      fc.property(fc.array(addArb, { maxLength: 25 }), (adds) => {
        clearCart();
        let added = 0;
        for (const add of adds) {
          addToCart(add.product, add.variant, add.quantity, add.card);
          added += add.quantity;
          expect(cartCount.value).toBe(cartLines.value.reduce((sum, l) => sum + l.quantity, 0));
          expect(cartCount.value).toBe(added);
          expect(new Set(cartLines.value.map(lineKey)).size).toBe(cartLines.value.length);
        }
        for (const key of cartLines.value.map(lineKey)) {
          removeFromCart(key);
          expect(cartCount.value).toBe(cartLines.value.reduce((sum, l) => sum + l.quantity, 0));
        }
        expect(cartLines.value).toEqual([]);
        expect(cartCount.value).toBe(0);
        expect(localStorage.getItem(GUEST_KEY)).toBeNull();
      }),
    );
  });
});
