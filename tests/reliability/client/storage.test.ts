import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User, Website } from '../../../src/contract/contract.ts';
import { GROSS_SHOP, POINTS_SHOP } from '../../../src/screens/catalogue/test-fixtures.ts';
import { buyer, product, variant } from '../../../src/screens/product/test-fixtures.ts';
import { resetScreenPage } from '../../../src/screens/test-page.ts';
import { alerts } from '../../../src/store/alerts.ts';
import { addToCart, cartLines, lineKey, removeFromCart, setCartQuantity, startCart } from '../../../src/store/cart.ts';
import { checkoutState, chooseDeliveryMethod, choosePaymentMethod, setOrderComment, startCheckout, updateContact } from '../../../src/store/checkout.ts';
import { sessionStatus, storedUserId, user } from '../../../src/store/session.ts';
import { savedShop } from '../../../src/store/shop.ts';
import { readStored, shopKey, storageKey, writeStored } from '../../../src/store/storage.ts';
import { tally } from '../report.ts';

/**
 * Client storage suite (docs/reliability.md "Client storage"): what the cart, checkout and session
 * stores make of browser storage that is corrupt, of an older or foreign shape, hostile (`__proto__`
 * keys), full, shared with another tab, shared by two users of one browser, or shared by one user id
 * in two shops. Each case counts as crashed when the stores threw, and as leaked when a cart line or
 * checkout choice showed up for somebody (or some shop) it does not belong to, or a line was lost.
 */

const SHOP: Website = GROSS_SHOP;
const OTHER_SHOP: Website = POINTS_SHOP;
const ANNA: User = { ...buyer(), id: 42, email: 'anna@example.com', name: 'Anna' };
const BEN: User = { ...buyer(), id: 43, email: 'ben@example.com', name: 'Ben', surname: 'Kowalski', phone: '+48500100200' };
const courier = { id: 1, type: 'courier' as const, name: 'Courier', price: 19.99, pickup_address: null, budgets: [] };

const cartKey = (who: User | null = ANNA, slug = SHOP.slug) => storageKey(slug, who?.id ?? null, 'cart');
const checkoutKey = (who: User = ANNA, slug = SHOP.slug) => storageKey(slug, who.id, 'checkout');
const contactKey = (who: User = ANNA, slug = SHOP.slug) => storageKey(slug, who.id, 'contact');

/** A valid stored line (as the cart writes it), with `overrides`. */
function storedLine(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    product_id: 1,
    variant_id: 10,
    name: 'Product 1',
    slug: 'product-1',
    code: 'V-10',
    image: null,
    color_code: 'black',
    size_code: null,
    quantity: 2,
    groupbuy: false,
    quantity_in_box: 30,
    budget: null,
    pricing: { calculated_price: 10, vat: 23, vat_included: false, thresholds: [], groupbuy: null },
    card_info: null,
    ...overrides,
  };
}

/** The page as it is after a load: shop, then `who` signed in (or a guest), stores following storage. */
function openPage(who: User | null, website: Website = SHOP): void {
  savedShop.value = website;
  user.value = who;
  sessionStatus.value = who ? 'user' : 'guest';
  startCart();
  startCheckout();
}

/** Signs `who` in (or out) on the page as it is, as a login or logout does. */
function switchTo(who: User | null): void {
  user.value = who;
  sessionStatus.value = who ? 'user' : 'guest';
}

const lineIds = () => cartLines.value.map((line) => `${line.product_id}/${line.variant_id}×${line.quantity}`).sort();
const polluted = () => (({}) as Record<string, unknown>).polluted !== undefined || (Object.prototype as Record<string, unknown>).polluted !== undefined;

interface Count {
  tried: number;
  crashed: number;
  leaked: number;
}
const counts = new Map<string, Count>();

/**
 * Runs one storage case under `check` and answers what went wrong (null: nothing): a throw is a crash
 * (rethrown), a returned text is a leak or a lost line. Each test asserts the answer is null.
 */
function attempt(check: string, body: () => string | null): string | null {
  const count = counts.get(check) ?? { tried: 0, crashed: 0, leaked: 0 };
  counts.set(check, count);
  count.tried += 1;
  let problem: string | null;
  try {
    problem = body();
  } catch (error) {
    count.crashed += 1;
    throw error;
  }
  if (problem) count.leaked += 1;
  return problem;
}

beforeEach(() => {
  resetScreenPage('/', SHOP);
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(() => {
  for (const [check, count] of counts) {
    tally({ suite: 'storage', check, tried: count.tried, gotThrough: count.crashed + count.leaked, note: `${count.crashed} crashed, ${count.leaked} leaked or lost a line` });
  }
});

// ---------------------------------------------------------------------------------------------------

/** Stored values that are not JSON, or JSON of no use: each must read as "nothing stored". */
const CORRUPT: readonly string[] = [
  '',
  '{',
  '{"version":1,"lines":[',
  'undefined',
  'NaN',
  'null',
  'true',
  '42',
  '"a string"',
  '[]',
  '{}',
  '\u0000\u0001binary',
  '{"version":1,"lines":null}',
  '{"version":1,"lines":{"0":{}}}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  `{"version":1,"lines":[${'1,'.repeat(5000)}1]}`,
];

describe('storage: corrupt JSON', () => {
  it.each(CORRUPT.map((raw, index) => [index, raw] as const))('corrupt value #%i in the cart, checkout, contact and user-id keys reads as empty', (_index, raw) => {
    expect(attempt('corrupt JSON in cart, checkout, contact and user-id keys', () => {
      for (const key of [cartKey(), checkoutKey(), contactKey(), shopKey(SHOP.slug, 'user-id')]) localStorage.setItem(key, raw);
      openPage(ANNA);
      if (cartLines.value.length !== 0) return `cart shows ${lineIds().join(',')}`;
      if (checkoutState.value.deliveryMethod !== null) return 'checkout shows a delivery method';
      if (storedUserId() !== null && raw !== '42') return `user id ${String(storedUserId())}`;
      // The store keeps working: a line added now is stored in the current shape.
      addToCart(product(), variant(), 1);
      return readStored(cartKey(), (value): value is { version: number } => typeof value === 'object' && value !== null && 'version' in value)?.version === 1 ? null : 'cart not saved after corrupt data';
    })).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------

/** Shapes an earlier (or a hand-edited) version could have left: discarded, never half-read. */
const OLD_CART_SHAPES: Record<string, unknown> = {
  'bare array of lines': [storedLine()],
  'no version': { lines: [storedLine()] },
  'version 0': { version: 0, lines: [storedLine()] },
  'a newer version': { version: 2, lines: [storedLine()] },
  'version as text': { version: '1', lines: [storedLine()] },
  'items instead of lines': { version: 1, items: [storedLine()] },
  'price instead of pricing': { version: 1, lines: [{ ...storedLine(), pricing: undefined, price: 12.3 }] },
  'quantity as text': { version: 1, lines: [storedLine({ quantity: '2' })] },
  'quantity 0': { version: 1, lines: [storedLine({ quantity: 0 })] },
  'negative quantity': { version: 1, lines: [storedLine({ quantity: -3 })] },
  'fractional quantity': { version: 1, lines: [storedLine({ quantity: 1.5 })] },
  'huge quantity': { version: 1, lines: [storedLine({ quantity: 1e300 })] },
  'no variant id': { version: 1, lines: [storedLine({ variant_id: undefined })] },
  'id as text': { version: 1, lines: [storedLine({ product_id: '1' })] },
  'budget without colour': { version: 1, lines: [storedLine({ budget: { id: 1, name: 'B' } })] },
  'card info as text': { version: 1, lines: [storedLine({ card_info: 'Anna Nowak' })] },
};

/** Old checkout shapes: a fresh checkout, never a half-restored one. */
const OLD_CHECKOUT_SHAPES: Record<string, unknown> = {
  'no version': { state: { paymentMethod: 'invoice' } },
  'state only': { paymentMethod: 'invoice', deliveryMethod: courier },
  'unknown payment method': { version: 1, state: { paymentMethod: 'cash' }, attempt: null },
  'attempt key too short': { version: 1, state: {}, attempt: { key: 'x', body: '{}' } },
};

describe('storage: old shapes', () => {
  it.each(Object.keys(OLD_CART_SHAPES))('cart stored as %s is discarded, the cart keeps working', (name) => {
    expect(attempt('old or foreign stored shapes (cart, checkout)', () => {
      localStorage.setItem(cartKey(), JSON.stringify(OLD_CART_SHAPES[name]));
      openPage(ANNA);
      if (cartLines.value.length !== 0) return `cart shows ${lineIds().join(',')}`;
      if (localStorage.getItem(cartKey()) !== null) return 'the unusable entry was kept';
      addToCart(product(), variant(), 1);
      return lineIds().join(',') === '1/10×1' ? null : `cart ${lineIds().join(',')}`;
    })).toBeNull();
  });

  it.each(Object.keys(OLD_CHECKOUT_SHAPES))('checkout stored as %s starts a fresh checkout', (name) => {
    expect(attempt('old or foreign stored shapes (cart, checkout)', () => {
      localStorage.setItem(checkoutKey(), JSON.stringify(OLD_CHECKOUT_SHAPES[name]));
      openPage(ANNA);
      const state = checkoutState.value;
      if (state.paymentMethod !== null || state.deliveryMethod !== null) return 'half-restored checkout';
      choosePaymentMethod('invoice');
      return checkoutState.value.paymentMethod === 'invoice' ? null : 'checkout does not work';
    })).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------

/** Stored JSON carrying prototype-polluting keys at every depth. */
const HOSTILE: readonly string[] = [
  `{"__proto__":{"polluted":true},"version":1,"lines":[]}`,
  `{"version":1,"lines":[{"__proto__":{"polluted":true},${JSON.stringify(storedLine()).slice(1)}]}`,
  `{"version":1,"lines":[${JSON.stringify(storedLine({ pricing: { calculated_price: 10, vat: 23, vat_included: false, thresholds: [], groupbuy: null } })).replace('"pricing":{', '"pricing":{"__proto__":{"polluted":true},')}]}`,
  `{"constructor":{"prototype":{"polluted":true}},"version":1,"lines":[]}`,
  `{"version":1,"lines":[],"prototype":{"polluted":true}}`,
  `{"version":1,"lines":[${JSON.stringify(storedLine()).replace('"card_info":null', '"card_info":{"__proto__":{"polluted":true},"name":"A","surname":"B","email":"a@b.c","phone":"1","job":"j","cost":"c","address":"x"}')}]}`,
];

describe('storage: __proto__ and constructor keys', () => {
  it.each(HOSTILE.map((raw, index) => [index, raw] as const))('hostile value #%i pollutes no prototype', (_index, raw) => {
    expect(attempt('__proto__ / constructor / prototype keys (no prototype pollution)', () => {
      for (const key of [cartKey(), checkoutKey(), contactKey(), shopKey(SHOP.slug, 'user-id')]) localStorage.setItem(key, raw);
      openPage(ANNA);
      addToCart(product(), variant(), 1);
      updateContact({ name: 'Anna' });
      if (polluted()) return 'Object.prototype polluted';
      // Whatever survived the reviver is a plain line: no inherited `polluted` on it either.
      return cartLines.value.some((line) => 'polluted' in line || 'polluted' in line.pricing) ? 'a line carries the hostile key' : null;
    })).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------

/** Makes every write throw as a full storage does. */
function fillQuota(): void {
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
}

describe('storage: quota exceeded on write', () => {
  it('cart actions keep working in memory, warn once, and save again once there is room', () => {
    expect(attempt('quota exceeded on write (cart, checkout, session)', () => {
      openPage(ANNA);
      addToCart(product(), variant(), 1);
      fillQuota();
      addToCart(product({ id: 2 }), variant({ id: 20 }), 2);
      setCartQuantity(lineKey(cartLines.value[0]!), 5);
      addToCart(product({ id: 3 }), variant({ id: 30 }), 1);
      if (lineIds().join(',') !== '1/10×5,2/20×2,3/30×1') return `memory cart ${lineIds().join(',')}`;
      const warnings = alerts.value.filter((alert) => alert.type === 'warning');
      if (warnings.length !== 1) return `${warnings.length} storage warnings`;
      vi.restoreAllMocks();
      removeFromCart(lineKey(cartLines.value[2]!));
      const stored = readStored(cartKey(), (value): value is { lines: unknown[] } => typeof value === 'object' && value !== null && 'lines' in value);
      return stored?.lines.length === 2 ? null : 'not saved once there was room';
    })).toBeNull();
  });

  it('checkout choices and login keep working when storage is full', () => {
    expect(attempt('quota exceeded on write (cart, checkout, session)', () => {
      openPage(null);
      fillQuota();
      switchTo(ANNA);
      chooseDeliveryMethod(courier);
      choosePaymentMethod('invoice');
      setOrderComment('Gate 3');
      if (user.value?.id !== ANNA.id) return 'login lost';
      return checkoutState.value.paymentMethod === 'invoice' && checkoutState.value.orderComment === 'Gate 3' ? null : 'checkout choices lost';
    })).toBeNull();
  });

  it('a blocked storage (getItem and setItem throw) is a cart in memory', () => {
    expect(attempt('quota exceeded on write (cart, checkout, session)', () => {
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('Access is denied', 'SecurityError');
      });
      fillQuota();
      openPage(ANNA);
      addToCart(product(), variant(), 2);
      return lineIds().join(',') === '1/10×2' ? null : `cart ${lineIds().join(',')}`;
    })).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------

/**
 * Another tab of the same browser: it writes the same localStorage and this page hears of it by a
 * `storage` event, which arrives later (a task of its own). `otherTabWrites` plays the write; `deliver`
 * plays the event.
 */
function otherTabWrites(key: string, value: unknown): StorageEvent {
  const oldValue = localStorage.getItem(key);
  const newValue = value === null ? null : JSON.stringify(value);
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  return new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage });
}
const deliver = (event: StorageEvent) => window.dispatchEvent(event);

describe('storage: two tabs', () => {
  it("a change in another tab shows here (cart and checkout)", () => {
    expect(attempt('two tabs: a change in one shows in the other', () => {
      openPage(ANNA);
      addToCart(product(), variant(), 1);
      choosePaymentMethod('invoice');
      deliver(otherTabWrites(cartKey(), { version: 1, lines: [storedLine({ quantity: 4 }), storedLine({ product_id: 2, variant_id: 20 })] }));
      if (lineIds().join(',') !== '1/10×4,2/20×2') return `cart ${lineIds().join(',')}`;
      const stored = JSON.parse(localStorage.getItem(checkoutKey()) ?? 'null') as { state: Record<string, unknown> } | null;
      if (!stored) return 'no stored checkout';
      deliver(otherTabWrites(checkoutKey(), { ...stored, state: { ...stored.state, orderComment: 'from tab 2' } }));
      if (checkoutState.value.orderComment !== 'from tab 2') return 'checkout change not shown';
      deliver(otherTabWrites(cartKey(), null));
      return cartLines.value.length === 0 ? null : 'emptied cart still shown';
    })).toBeNull();
  });

  it('both tabs add a line before either hears of the other: no line is lost', () => {
    expect(attempt('two tabs: concurrent writes lose no line', () => {
      openPage(ANNA);
      addToCart(product(), variant(), 1);
      // Tab 2 (same cart) added product 2; its storage event is still on its way when this tab adds product 3.
      const event = otherTabWrites(cartKey(), { version: 1, lines: [storedLine({ quantity: 1 }), storedLine({ product_id: 2, variant_id: 20, quantity: 1 })] });
      addToCart(product({ id: 3 }), variant({ id: 30 }), 1);
      deliver(event);
      const expected = '1/10×1,2/20×1,3/30×1';
      if (lineIds().join(',') !== expected) return `this tab shows ${lineIds().join(',')}`;
      openPage(ANNA);
      return lineIds().join(',') === expected ? null : `storage holds ${lineIds().join(',')}`;
    })).toBeNull();
  });

  it('quantity change and removal race another tab: its line survives', () => {
    expect(attempt('two tabs: concurrent writes lose no line', () => {
      openPage(ANNA);
      addToCart(product(), variant(), 1);
      addToCart(product({ id: 2 }), variant({ id: 20 }), 1);
      const event = otherTabWrites(cartKey(), {
        version: 1,
        lines: [storedLine({ quantity: 1 }), storedLine({ product_id: 2, variant_id: 20, quantity: 1 }), storedLine({ product_id: 4, variant_id: 40, quantity: 6 })],
      });
      setCartQuantity(lineKey(cartLines.value[0]!), 3);
      removeFromCart(lineKey(cartLines.value.find((line) => line.product_id === 2)!));
      deliver(event);
      openPage(ANNA);
      return lineIds().join(',') === '1/10×3,4/40×6' ? null : `storage holds ${lineIds().join(',')}`;
    })).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------

/** Anna fills a cart, checkout and contact, then leaves as `how` says; Ben signs in on the same page or a new one. */
function annaThenBen(how: 'logout then login' | 'login over the session' | 'new page'): string | null {
  openPage(null);
  addToCart(product({ id: 9 }), variant({ id: 90 }), 1); // a guest line, merged into Anna's cart at login
  switchTo(ANNA);
  addToCart(product(), variant(), 2);
  updateContact({ name: 'Anna', email: 'anna@example.com', phone: '+48600700800' });
  chooseDeliveryMethod(courier);
  choosePaymentMethod('invoice');
  setOrderComment("Anna's comment");
  writeStored(shopKey(SHOP.slug, 'user-id'), ANNA.id);
  if (how === 'logout then login') {
    switchTo(null);
    if (cartLines.value.length > 0) return `guest sees ${lineIds().join(',')}`;
    switchTo(BEN);
  } else if (how === 'login over the session') {
    switchTo(BEN);
  } else {
    openPage(BEN);
  }
  const state = checkoutState.value;
  if (cartLines.value.length > 0) return `Ben sees ${lineIds().join(',')}`;
  if (state.deliveryMethod || state.paymentMethod || state.orderComment) return "Ben sees Anna's checkout";
  if (state.contactInformation.email === ANNA.email || state.contactInformation.phone === '+48600700800') return "Ben sees Anna's contact";
  // And back: Anna finds her own cart again.
  switchTo(ANNA);
  return lineIds().join(',') === '1/10×2,9/90×1' ? null : `Anna finds ${lineIds().join(',')}`;
}
describe('storage: user switch on one browser', () => {
  it.each(['logout then login', 'login over the session', 'new page'] as const)("Ben never sees Anna's cart or checkout (%s)", (how) => {
    expect(attempt('user switch on one browser', () => annaThenBen(how))).toBeNull();
  });
});

describe('storage: the same user id in two shops', () => {
  it('carts and checkouts stay apart', () => {
    expect(attempt('same user id in two shops', () => {
      openPage(ANNA, SHOP);
      addToCart(product(), variant(), 2);
      choosePaymentMethod('invoice');
      openPage(ANNA, OTHER_SHOP);
      if (cartLines.value.length > 0) return `${OTHER_SHOP.slug} shows ${lineIds().join(',')}`;
      if (checkoutState.value.paymentMethod !== null) return `${OTHER_SHOP.slug} shows the other shop's checkout`;
      addToCart(product({ id: 5 }), variant({ id: 50 }), 1);
      openPage(ANNA, SHOP);
      if (lineIds().join(',') !== '1/10×2') return `${SHOP.slug} shows ${lineIds().join(',')}`;
      openPage(ANNA, OTHER_SHOP);
      return lineIds().join(',') === '5/50×1' ? null : `${OTHER_SHOP.slug} shows ${lineIds().join(',')}`;
    })).toBeNull();
  });

  it('a shop switch on the same page carries no line', () => {
    expect(attempt('same user id in two shops', () => {
      openPage(ANNA, SHOP);
      addToCart(product(), variant(), 2);
      savedShop.value = OTHER_SHOP;
      if (cartLines.value.length > 0) return `${OTHER_SHOP.slug} shows ${lineIds().join(',')}`;
      savedShop.value = SHOP;
      return lineIds().join(',') === '1/10×2' ? null : `${SHOP.slug} shows ${lineIds().join(',')}`;
    })).toBeNull();
  });
});
