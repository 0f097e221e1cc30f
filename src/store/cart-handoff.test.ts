import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardInfo, Product, Website } from '../contract/contract.ts';
import { productFixture, variantFixture, websiteFixture } from '../contract/test-fixtures.ts';
import { json } from '../screens/catalogue/test-fixtures.ts';
import { clearAuthToken } from '../api/cookies.ts';
import { decodeCartHandoff, encodeCartHandoff, newHandoffId, type CartHandoff, type CartHandoffLine } from '../domain/cart-handoff.ts';
import { clearAlerts } from './alerts.ts';
import { addToCart, cartLines, cartTotals, startCart } from './cart.ts';
import { adoptCartHandoff, currentCartHandoffLines, REMEMBERED_HANDOFFS, wasHandoffAdopted } from './cart-handoff.ts';
import { setLocale } from './locale.ts';
import { sessionStatus } from './session.ts';
import { savedShop } from './shop.ts';
import { shopKey } from './storage.ts';
import { resetPageSingletons } from '../page-singleton.ts';
import { reloadPage } from './test-reload.ts';

// ---------------------------------------------------------------------------------------------------
// Fixtures

const website = (overrides: Partial<Website> = {}): Website => websiteFixture({ pages: [], ...overrides });

/** A T-shirt at 10.00 net in red M and L (L: 5 left) and a sold-out blue M. */
const shirt = (overrides: Partial<Product> = {}): Product =>
  productFixture({
    id: 1,
    name: 'T-shirt',
    calculated_price: 10,
    variants: [
      variantFixture({ id: 11, color_code: 'red', size_code: 'M' }),
      variantFixture({ id: 12, color_code: 'red', size_code: 'L', stock: 5 }),
      variantFixture({ id: 13, color_code: 'blue', size_code: 'M', availability: 'out_of_stock' }),
    ],
    ...overrides,
  });
/** Pens: at least 50 a colour. */
const pen = productFixture({ id: 2, name: 'Pen', calculated_price: 1.5, minimum_quantity: 50, variants: [variantFixture({ id: 21 })] });
/** Business cards. */
const cards = productFixture({ id: 5, name: 'Business cards', is_business_card: true, calculated_price: 0.4, variants: [variantFixture({ id: 51, color_code: null })] });

const card = (name: string): CardInfo => ({ name, surname: 'Kowalska', email: `${name.toLowerCase()}@acme.test`, phone: '+48 600 700 800', job: 'Designer', cost: '', address: 'Prosta 1, Warszawa' });

const line = (product_id: number, variant_id: number, quantity: number, card_info: CardInfo | null = null): CartHandoffLine => ({ product_id, variant_id, quantity, card_info });
const handoff = (lines: CartHandoffLine[], overrides: Partial<CartHandoff> = {}): CartHandoff => ({ id: newHandoffId(), shop: 'acme', lines, ...overrides });

const pairs = () => cartLines.value.map((l) => [l.product_id, l.variant_id, l.quantity]);


/**
 * The catalogue as `GET /api/products?ids=` answers it: the products of `catalogue` with the ids
 * asked for (others are simply missing). Answers may be held back until `release()`.
 */
function stubCatalogue(catalogue: Product[], options: { fail?: boolean; hold?: boolean } = {}) {
  const calls: string[] = [];
  let release: (() => void) | undefined;
  const held = options.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://acme.localhost');
    calls.push(url.pathname + url.search);
    await held;
    if (options.fail) return json({ message: 'Server Error' }, 500);
    if (url.pathname !== '/api/products') return json({ message: 'Not found', code: 'errors.not_found' }, 404);
    const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
    const data = catalogue.filter((product) => ids.includes(product.id));
    return json({ data, meta: { total: data.length, page: 1, per_page: 100 } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, release: () => release?.() };
}

const ADOPTED_KEY = shopKey('acme', 'cart-handoffs');

beforeEach(() => {
  localStorage.clear();
  clearAuthToken();
  resetPageSingletons();
  startCart();
  clearAlerts();
  setLocale('en');
  savedShop.value = website();
  sessionStatus.value = 'guest';
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// ---------------------------------------------------------------------------------------------------

describe('cart handoff: adopting', () => {
  it('should add the lines priced and named from the shop answer, asking for the shop and its ids', async () => {
    const { calls } = stubCatalogue([shirt({ calculated_price: 12.5, name: 'T-shirt 2026' }), cards]);
    const result = await adoptCartHandoff(handoff([line(1, 11, 3), line(5, 51, 100, card('Anna'))]));
    expect(result).toEqual({
      status: 'adopted',
      added: [
        { line: line(1, 11, 3), name: 'T-shirt 2026' },
        { line: line(5, 51, 100, card('Anna')), name: 'Business cards' },
      ],
      refused: [],
    });
    expect(calls).toHaveLength(1);
    const asked = new URL(calls[0] ?? '', 'http://acme.localhost');
    expect([asked.pathname, asked.searchParams.get('website_id'), asked.searchParams.get('ids')]).toEqual(['/api/products', '1', '1,5']);
    expect(pairs()).toEqual([
      [1, 11, 3],
      [5, 51, 100],
    ]);
    expect(cartLines.value[0]).toMatchObject({ name: 'T-shirt 2026', pricing: { calculated_price: 12.5 } });
    expect(cartLines.value[1]?.card_info).toEqual(card('Anna'));
    // A gross shop multiplies the shown gross units (docs/api.md "Prices and rounding"): 12.50 net is
    // 15.38 gross × 3 = 46.14, 0.40 net is 0.492 gross (under 1: 4 decimals) × 100 = 49.20; 95.34 gross,
    // and the net is derived once for the 23 % rate: 95.34 / 1.23 = 77.51.
    expect(cartTotals.value).toMatchObject({ kind: 'money', gross: 95.34, net: 77.51, total: 95.34 });
  });

  it('should adopt exactly what a link carries once decoded', async () => {
    stubCatalogue([shirt()]);
    const text = encodeCartHandoff(handoff([line(1, 11, 2)]));
    const decoded = decodeCartHandoff(text);
    expect(decoded).not.toBeNull();
    if (!decoded) return;
    expect(await adoptCartHandoff(decoded)).toMatchObject({ status: 'adopted' });
    expect(pairs()).toEqual([[1, 11, 2]]);
  });

  it('should merge with the lines already in the cart by the cart rules', async () => {
    addToCart(shirt(), shirt().variants[0] as Product['variants'][number], 2);
    addToCart(cards, cards.variants[0] as Product['variants'][number], 100, card('Anna'));
    stubCatalogue([shirt({ calculated_price: 11 }), cards]);
    await adoptCartHandoff(handoff([line(1, 11, 3), line(1, 12, 1), line(5, 51, 50, card('Anna')), line(5, 51, 200, card('Ewa'))]));
    expect(pairs()).toEqual([
      [1, 11, 5],
      [5, 51, 150],
      [1, 12, 1],
      [5, 51, 200],
    ]);
    expect(cartLines.value.map((l) => l.card_info?.name ?? null)).toEqual([null, 'Anna', null, 'Ewa']);
    // Every line of the product takes the price the shop answered now.
    expect(cartLines.value.filter((l) => l.product_id === 1).map((l) => l.pricing.calculated_price)).toEqual([11, 11]);
  });

  it('should merge Group Buy lines by product', async () => {
    const offer = shirt({ groupbuy: { isActive: true, total_quantity: 0, ends_at: null, tiers: [{ min_quantity: 1, max_quantity: null, price: 7 }] } });
    stubCatalogue([offer]);
    await adoptCartHandoff(handoff([line(1, 11, 2), line(1, 12, 3)]));
    expect(cartLines.value).toHaveLength(1);
    expect(cartLines.value[0]).toMatchObject({ groupbuy: true, quantity: 5 });
  });

  it('should refuse each line the shop cannot take, with its reason, and add the rest', async () => {
    stubCatalogue([shirt(), pen, cards]);
    const result = await adoptCartHandoff(
      handoff([
        line(1, 11, 1),
        line(9, 91, 1),
        line(1, 99, 1),
        line(1, 13, 1),
        line(1, 12, 6),
        line(2, 21, 10),
        line(5, 51, 100),
      ]),
    );
    expect(result).toEqual({
      status: 'adopted',
      added: [{ line: line(1, 11, 1), name: 'T-shirt' }],
      refused: [
        { line: line(9, 91, 1), reason: 'unknown' },
        { line: line(1, 99, 1), name: 'T-shirt', reason: 'unknown' },
        { line: line(1, 13, 1), name: 'T-shirt', reason: 'sold-out' },
        { line: line(1, 12, 6), name: 'T-shirt', reason: 'stock', count: 5 },
        { line: line(2, 21, 10), name: 'Pen', reason: 'minimum', count: 50 },
        { line: line(5, 51, 100), name: 'Business cards', reason: 'card-details' },
      ],
    });
    expect(pairs()).toEqual([[1, 11, 1]]);
  });

  it('should count what the cart already holds against the stock', async () => {
    addToCart(shirt(), shirt().variants[1] as Product['variants'][number], 4);
    stubCatalogue([shirt()]);
    const result = await adoptCartHandoff(handoff([line(1, 12, 2)]));
    expect(result).toMatchObject({ status: 'adopted', added: [], refused: [{ reason: 'stock', count: 5 }] });
    expect(pairs()).toEqual([[1, 12, 4]]);
  });

  it('should refuse another shop\'s cart whole, load nothing and never throw', async () => {
    const { calls } = stubCatalogue([shirt()]);
    const lines = [line(1, 11, 1), line(5, 51, 1, card('Anna'))];
    const result = await adoptCartHandoff(handoff(lines, { shop: 'globex' }));
    expect(result).toEqual({ status: 'adopted', added: [], refused: lines.map((handed) => ({ line: handed, reason: 'other-shop' })) });
    expect(calls).toEqual([]);
    expect(cartLines.value).toEqual([]);
  });

  it('should answer failed, add nothing and mark nothing while no shop is loaded', async () => {
    savedShop.value = null;
    const { calls } = stubCatalogue([shirt()]);
    await expect(adoptCartHandoff(handoff([line(1, 11, 1)]))).resolves.toEqual({ status: 'failed' });
    expect(calls).toEqual([]);
  });

  it('should answer invalid for a value that is not a handoff', async () => {
    await expect(adoptCartHandoff({ id: 'x', shop: 'acme', lines: [] })).resolves.toEqual({ status: 'invalid' });
    await expect(adoptCartHandoff(null as unknown as CartHandoff)).resolves.toEqual({ status: 'invalid' });
  });
});

describe('cart handoff: once per id', () => {
  it('should ignore a repeated id, on this page and after a reload', async () => {
    const { calls } = stubCatalogue([shirt()]);
    const once = handoff([line(1, 11, 2)]);
    expect(await adoptCartHandoff(once)).toMatchObject({ status: 'adopted' });
    expect(await adoptCartHandoff(once)).toEqual({ status: 'already' });
    // A reload: the page forgets, the browser remembers.
    reloadPage();
    expect(await adoptCartHandoff(once)).toEqual({ status: 'already' });
    expect(pairs()).toEqual([[1, 11, 2]]);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(ADOPTED_KEY) ?? 'null')).toEqual([once.id]);
    expect(wasHandoffAdopted('acme', once.id)).toBe(true);
    expect(wasHandoffAdopted('globex', once.id)).toBe(false);
  });

  it('should add once when two calls with one id race', async () => {
    const { calls, release } = stubCatalogue([shirt()], { hold: true });
    const once = handoff([line(1, 11, 2)]);
    const first = adoptCartHandoff(once);
    const second = adoptCartHandoff({ ...once, lines: [...once.lines] });
    release();
    const results = await Promise.all([first, second]);
    expect(results.map((result) => result.status)).toEqual(['adopted', 'already']);
    expect(pairs()).toEqual([[1, 11, 2]]);
    expect(calls).toHaveLength(1);
  });

  it('should add nothing when another tab adopted the id while the products loaded', async () => {
    const { release } = stubCatalogue([shirt()], { hold: true });
    const once = handoff([line(1, 11, 2)]);
    const adopting = adoptCartHandoff(once);
    localStorage.setItem(ADOPTED_KEY, JSON.stringify([once.id]));
    release();
    await expect(adopting).resolves.toEqual({ status: 'already' });
    expect(cartLines.value).toEqual([]);
  });

  it('should leave the id un-adopted after a failed load, so a reload tries again', async () => {
    stubCatalogue([shirt()], { fail: true });
    const once = handoff([line(1, 11, 2)]);
    await expect(adoptCartHandoff(once)).resolves.toMatchObject({ status: 'failed' });
    expect(cartLines.value).toEqual([]);
    expect(localStorage.getItem(ADOPTED_KEY)).toBeNull();
    expect(wasHandoffAdopted('acme', once.id)).toBe(false);

    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await expect(adoptCartHandoff(once)).resolves.toMatchObject({ status: 'failed' });

    stubCatalogue([shirt()]);
    await expect(adoptCartHandoff(once)).resolves.toMatchObject({ status: 'adopted' });
    expect(pairs()).toEqual([[1, 11, 2]]);
  });

  it(`should remember the last ${REMEMBERED_HANDOFFS} ids of a shop`, async () => {
    const ids: string[] = [];
    for (let index = 0; index <= REMEMBERED_HANDOFFS; index++) {
      const empty = handoff([]);
      ids.push(empty.id);
      await adoptCartHandoff(empty);
    }
    expect(JSON.parse(localStorage.getItem(ADOPTED_KEY) ?? 'null')).toEqual(ids.slice(1));
    reloadPage();
    expect(wasHandoffAdopted('acme', ids[0] ?? '')).toBe(false);
    expect(wasHandoffAdopted('acme', ids[1] ?? '')).toBe(true);
  });

  it('should still add once on this page when storage is blocked', async () => {
    stubCatalogue([shirt()]);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const once = handoff([line(1, 11, 2)]);
    expect(await adoptCartHandoff(once)).toMatchObject({ status: 'adopted' });
    expect(await adoptCartHandoff(once)).toEqual({ status: 'already' });
    expect(pairs()).toEqual([[1, 11, 2]]);
  });
});

describe('cart handoff: the cart as a handoff', () => {
  it('should give the current cart as handoff lines', () => {
    addToCart(shirt(), shirt().variants[0] as Product['variants'][number], 2);
    addToCart(cards, cards.variants[0] as Product['variants'][number], 100, card('Anna'));
    expect(currentCartHandoffLines()).toEqual([line(1, 11, 2), line(5, 51, 100, card('Anna'))]);
  });
});
