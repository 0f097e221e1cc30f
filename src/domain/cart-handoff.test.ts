import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardInfo } from '../contract/contract.ts';
import { MAX_ID } from '../contract/fields.ts';
import { productFixture, variantFixture } from '../contract/test-fixtures.ts';
import {
  CART_HANDOFF_MAX_LENGTH,
  CART_HANDOFF_MAX_LINES,
  cartHandoffLines,
  decodeCartHandoff,
  encodeCartHandoff,
  newHandoffId,
  parseCartHandoff,
  planCartHandoff,
  type CartHandoff,
  type CartHandoffLine,
} from './cart-handoff.ts';

// ---------------------------------------------------------------------------------------------------
// Helpers and arbitraries

/** Base64url of UTF-8 text, as the format writes it (built independently of the module). */
const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
/** A version-1 text around any JSON payload. */
const wire = (payload: unknown): string => `1.${base64url(JSON.stringify(payload))}`;

const anna: CardInfo = { name: 'Anna', surname: 'Żółkiewska', email: 'anna@acme.test', phone: '+48 600 700 800', job: 'Projektantka', cost: 'MPK-7', address: 'ul. Prosta 1, 00-001 Warszawa' };

/** A business card of someone at globex. */
const globexCard = (name: string): CardInfo => ({ ...anna, name, email: `${name.toLowerCase()}.nowak@globex-polska.com.pl` });
const handoff = (lines: CartHandoffLine[], overrides: Partial<CartHandoff> = {}): CartHandoff => ({ id: 'AbCdEfGhIjKlMnOpQrStUv', shop: 'acme', lines, ...overrides });
const line = (product_id: number, variant_id: number, quantity: number, card_info: CardInfo | null = null): CartHandoffLine => ({ product_id, variant_id, quantity, card_info });

/** Text the contract keeps as it is: trimmed, not empty, at most `max` characters (any Unicode, lone surrogates too). */
const cardText = (max: number) =>
  fc
    .string({ unit: fc.constantFrom('a', 'Ż', 'ó', ' ', '"', '\\', '😀', '\u2028', '\uD800', ','), minLength: 1, maxLength: Math.min(max, 24) })
    .map((text) => text.trim())
    .filter((text) => text.length > 0);

const validCard: fc.Arbitrary<CardInfo> = fc.record({
  name: cardText(100),
  surname: cardText(100),
  email: fc.tuple(fc.stringMatching(/^[a-z0-9.+]{1,12}$/), fc.stringMatching(/^[a-z0-9-]{1,12}$/), fc.constantFrom('pl', 'test', 'com')).map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
  phone: fc.stringMatching(/^\+?[0-9]{9,15}$/),
  job: cardText(100),
  cost: fc.oneof(fc.constant(''), cardText(50)),
  address: cardText(300),
});

const validLine: fc.Arbitrary<CartHandoffLine> = fc.record({
  product_id: fc.integer({ min: 1, max: MAX_ID }),
  variant_id: fc.integer({ min: 1, max: MAX_ID }),
  quantity: fc.integer({ min: 1, max: 1_000_000 }),
  card_info: fc.option(validCard, { nil: null, freq: 3 }),
});

/** Valid, already in the form decoding gives back, and small enough to always fit the cap. */
const validHandoff: fc.Arbitrary<CartHandoff> = fc.record({
  id: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), fc.constant(null).map(() => newHandoffId())),
  shop: fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/),
  lines: fc.array(validLine, { maxLength: 8 }),
});

/** Anything near a handoff: right or wrong types, numbers in and out of range, untrimmed or bad cards. */
const looseHandoff = fc.record({
  id: fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9_-]{6,66}$/)),
  shop: fc.oneof(fc.string({ maxLength: 70 }), fc.stringMatching(/^[a-zA-Z0-9-]{0,64}$/)),
  lines: fc.array(
    fc.record({
      product_id: fc.oneof(fc.integer({ min: -2, max: MAX_ID + 2 }), fc.double(), fc.constant(Number.NaN)),
      variant_id: fc.oneof(fc.integer({ min: -2, max: MAX_ID + 2 }), fc.double()),
      quantity: fc.oneof(fc.integer({ min: -1, max: 1_000_002 }), fc.double({ min: 0, max: 10 })),
      card_info: fc.oneof(
        fc.constant(null),
        validCard,
        validCard.map((card) => ({ ...card, name: ` ${card.name} ` })),
        validCard.map((card) => ({ ...card, email: 'not an e-mail' })),
        validCard.map((card) => ({ ...card, address: '   ' })),
      ),
    }),
    { maxLength: 6 },
  ),
});

/** One character changed, removed or added at a position of `text`. */
const mutation = (text: string) =>
  fc.tuple(
    fc.nat({ max: text.length }),
    fc.constantFrom('replace', 'delete', 'insert'),
    fc.oneof(fc.constantFrom(...'AZaz09-_.=+/ %é', '\u0000'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  ).map(([at, kind, char]) => {
    if (kind === 'delete') return text.slice(0, at) + text.slice(at + 1);
    if (kind === 'insert') return text.slice(0, at) + char + text.slice(at);
    return text.slice(0, at) + char + text.slice(at + 1);
  });

/** What every decoded value must be: a handoff that passes the same check, unchanged by it. */
function expectNullOrValid(decoded: CartHandoff | null): void {
  expect(decoded === null ? null : parseCartHandoff(decoded)).toEqual(decoded);
}

// ---------------------------------------------------------------------------------------------------

describe('cart handoff: the format', () => {
  it('should write `1.` and base64url of [id, shop, lines], a card line with its seven fields in order', () => {
    const text = encodeCartHandoff(handoff([line(12, 121, 3), line(40, 400, 100, anna)]));
    expect(text).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(text?.slice(2) ?? '', 'base64url').toString('utf8'))).toEqual([
      'AbCdEfGhIjKlMnOpQrStUv',
      'acme',
      [
        [12, 121, 3],
        [40, 400, 100, ['Anna', 'Żółkiewska', 'anna@acme.test', '+48 600 700 800', 'Projektantka', 'MPK-7', 'ul. Prosta 1, 00-001 Warszawa']],
      ],
    ]);
  });

  it('should carry nothing but ids, quantities and card details (no names, prices or other fields)', () => {
    const cartLine = {
      product_id: 12,
      variant_id: 121,
      name: 'Secret mug',
      slug: 'secret-mug',
      code: 'MUG',
      image: 'products/mug.png',
      color_code: 'red',
      size_code: null,
      quantity: 3,
      groupbuy: false,
      quantity_in_box: 30,
      budget: { id: 1, name: 'Marketing', color: '#f00' },
      pricing: { calculated_price: 99.99, vat: 23, vat_included: false, thresholds: [], groupbuy: null },
      card_info: null,
    };
    const lines = cartHandoffLines([cartLine]);
    expect(lines).toEqual([{ product_id: 12, variant_id: 121, quantity: 3, card_info: null }]);
    const text = encodeCartHandoff(handoff(lines)) ?? '';
    const json = Buffer.from(text.slice(2), 'base64url').toString('utf8');
    for (const word of ['Secret', 'mug', 'MUG', '99.99', 'Marketing', 'red', 'pricing']) expect(json).not.toContain(word);
  });

  it('should give the cart lines as handoff lines, card details copied', () => {
    const source = [{ product_id: 5, variant_id: 51, quantity: 100, card_info: anna }];
    const [handed] = cartHandoffLines(source);
    expect(handed).toEqual({ product_id: 5, variant_id: 51, quantity: 100, card_info: anna });
    expect(handed?.card_info).not.toBe(anna);
  });

  it('should make random ids of 22 URL-safe characters', () => {
    const ids = new Set(Array.from({ length: 200 }, newHandoffId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('should read back a handoff written with trimmed card details', () => {
    const written = encodeCartHandoff(handoff([line(5, 51, 10, { ...anna, name: '  Anna  ', cost: '' })]));
    expect(decodeCartHandoff(written)?.lines[0]?.card_info).toEqual({ ...anna, name: 'Anna', cost: '' });
  });

  it.each([
    ['not text', 42],
    ['empty', ''],
    ['only the version', '1.'],
    ['another version', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', []]).replace(/^1\./, '2.')],
    ['no version', base64url(JSON.stringify(['AbCdEfGhIjKlMnOpQrStUv', 'acme', []]))],
    ['padding', `${wire(['AbCdEfGhIjKlMnOpQrStU', 'acme', []])}=`],
    ['standard base64 characters', `1.${Buffer.from(JSON.stringify(['AbCdEfGhIjKlMnOpQrStUv', 'acme', []])).toString('base64').replace(/[A-Za-z0-9]/, '+')}`],
    ['not UTF-8', `1.${Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d]).toString('base64url')}`],
    ['not JSON', `1.${base64url('[1,2')}`],
    ['JSON null', wire(null)],
    ['an object instead of the array', wire({ id: 'AbCdEfGhIjKlMnOpQrStUv', shop: 'acme', lines: [] })],
    ['an extra element', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [], 1])],
    ['an id too short', wire(['short', 'acme', []])],
    ['an id with other characters', wire(['AbCdEfGhIj/KlMnOpQrSt', 'acme', []])],
    ['a shop that is no slug', wire(['AbCdEfGhIjKlMnOpQrStUv', 'Acme Shop', []])],
    ['a product id of 0', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[0, 1, 1]]])],
    ['a variant id above the database range', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, MAX_ID + 1, 1]]])],
    ['a fractional id', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1.5, 1, 1]]])],
    ['a quantity of 0', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, 1, 0]]])],
    ['a fractional quantity', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, 1, 2.5]]])],
    ['a quantity above 1,000,000', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, 1, 1_000_001]]])],
    ['an id as text', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [['1', 1, 1]]])],
    ['a line with an extra element', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, 1, 1, null, 2]]])],
    ['a card with six fields', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, 1, 1, ['A', 'B', 'a@b.pl', '600700800', 'Job', '']]]])],
    ['a card with a bad e-mail', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, 1, 1, ['A', 'B', 'nobody', '600700800', 'Job', '', 'Street 1']]]])],
    ['a card with a bad phone', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, 1, 1, ['A', 'B', 'a@b.pl', '12', 'Job', '', 'Street 1']]]])],
    ['a card with a blank name', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, 1, 1, ['  ', 'B', 'a@b.pl', '600700800', 'Job', '', 'Street 1']]]])],
    ['a card with a name too long', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', [[1, 1, 1, ['A'.repeat(101), 'B', 'a@b.pl', '600700800', 'Job', '', 'Street 1']]]])],
    ['too many lines', wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', Array.from({ length: CART_HANDOFF_MAX_LINES + 1 }, (_, index) => [index + 1, 1, 1])])],
    ['too long', `1.${'A'.repeat(CART_HANDOFF_MAX_LENGTH)}`],
  ])('should read %s as null', (_, text) => {
    expect(decodeCartHandoff(text)).toBeNull();
  });

  it('should read the most lines allowed', () => {
    const lines = Array.from({ length: CART_HANDOFF_MAX_LINES }, (_, index) => [index + 1, 1, 1]);
    expect(decodeCartHandoff(wire(['AbCdEfGhIjKlMnOpQrStUv', 'acme', lines]))?.lines).toHaveLength(CART_HANDOFF_MAX_LINES);
  });

  it('should not write what it would not read: invalid values, too many lines, too long a text', () => {
    expect(encodeCartHandoff(handoff([line(0, 1, 1)]))).toBeNull();
    expect(encodeCartHandoff(handoff([], { shop: 'Not a slug' }))).toBeNull();
    expect(encodeCartHandoff(handoff(Array.from({ length: CART_HANDOFF_MAX_LINES + 1 }, (_, index) => line(index + 1, 1, 1))))).toBeNull();
    const bigCard = { ...anna, name: 'N'.repeat(100), surname: 'S'.repeat(100), job: 'J'.repeat(100), address: 'A'.repeat(300) };
    expect(encodeCartHandoff(handoff(Array.from({ length: 20 }, (_, index) => line(index + 1, 1, 1, bigCard))))).toBeNull();
  });
});

describe('cart handoff: properties', () => {
  it('should read back every valid handoff exactly', () => {
    fc.assert(
      fc.property(validHandoff, (value) => {
        const text = encodeCartHandoff(value);
        expect(text).not.toBeNull();
        expect(text).toMatch(/^1\.[A-Za-z0-9_-]+$/);
        expect(decodeCartHandoff(text)).toEqual(value);
      }),
    );
  });

  it('should write a value exactly when it passes the check, and read back what the check gives', () => {
    fc.assert(
      fc.property(looseHandoff, (value) => {
        const parsed = parseCartHandoff(value);
        const text = encodeCartHandoff(value as CartHandoff);
        expect(text === null).toBe(parsed === null);
        expect(text === null ? null : decodeCartHandoff(text)).toEqual(parsed);
      }),
    );
  });

  it('should never throw on random text, and give null or a valid handoff', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string().map((text) => `1.${text}`), fc.stringMatching(/^1\.[A-Za-z0-9_-]{0,200}$/)), (text) => {
        expectNullOrValid(decodeCartHandoff(text));
      }),
    );
  });

  it('should never throw on random JSON or random bytes behind the version, and give null or a valid handoff', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map(wire),
          fc.uint8Array({ maxLength: 300 }).map((bytes) => `1.${Buffer.from(bytes).toString('base64url')}`),
          fc.tuple(fc.string(), fc.string(), fc.array(fc.array(fc.jsonValue(), { maxLength: 5 }), { maxLength: 5 })).map(wire),
        ),
        (text) => {
          expectNullOrValid(decodeCartHandoff(text));
        },
      ),
    );
  });

  it('should never throw on a valid encoding with one character changed, removed or added, and give null or a valid handoff', () => {
    fc.assert(
      fc.property(
        validHandoff.chain((value) => mutation(encodeCartHandoff(value) ?? '')),
        (text) => {
          expectNullOrValid(decodeCartHandoff(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('should keep a realistic 20-line cart well under the cap', () => {
    const lines = [
      ...Array.from({ length: 17 }, (_, index) => line(18_000 + index * 37, 240_000 + index * 113, [1, 5, 24, 50, 250, 1200][index % 6] ?? 1)),
      line(18_990, 241_500, 250, globexCard('Katarzyna')),
      line(18_990, 241_500, 250, globexCard('Małgorzata')),
      line(18_990, 241_500, 500, globexCard('Grzegorz')),
    ];
    const text = encodeCartHandoff(handoff(lines, { id: newHandoffId(), shop: 'globex' }));
    expect(text).not.toBeNull();
    expect(text?.length ?? Infinity).toBeLessThan(CART_HANDOFF_MAX_LENGTH);
  });

  it('should fit the most lines without cards at the largest ids and quantities', () => {
    const lines = Array.from({ length: CART_HANDOFF_MAX_LINES }, () => line(MAX_ID, MAX_ID, 1_000_000));
    expect(encodeCartHandoff(handoff(lines, { id: 'x'.repeat(64), shop: 'a'.repeat(63) }))).not.toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------

describe('cart handoff: which lines the storefront takes', () => {
  const mug = productFixture({ id: 1, name: 'Mug', variants: [variantFixture({ id: 11 }), variantFixture({ id: 12, color_code: 'red' })] });

  it('should take lines whose product and variant the shop sells', () => {
    const plan = planCartHandoff([line(1, 11, 3), line(1, 12, 2)], [mug], []);
    expect(plan.add.map((planned) => [planned.product.id, planned.variant.id, planned.line.quantity, planned.cardInfo])).toEqual([
      [1, 11, 3, null],
      [1, 12, 2, null],
    ]);
    expect(plan.refused).toEqual([]);
  });

  it('should refuse an unknown product without a name and an unknown variant with the product name', () => {
    const plan = planCartHandoff([line(9, 91, 1), line(1, 99, 1)], [mug], []);
    expect(plan.add).toEqual([]);
    expect(plan.refused).toEqual([
      { line: line(9, 91, 1), reason: 'unknown' },
      { line: line(1, 99, 1), name: 'Mug', reason: 'unknown' },
    ]);
  });

  it('should refuse a sold-out variant (out of stock, or a stock of 0) and one above its stock with the stock', () => {
    const product = productFixture({
      id: 2,
      name: 'Cap',
      variants: [variantFixture({ id: 21, availability: 'out_of_stock' }), variantFixture({ id: 22, stock: 0 }), variantFixture({ id: 23, stock: 4 })],
    });
    const plan = planCartHandoff([line(2, 21, 1), line(2, 22, 1), line(2, 23, 5)], [product], []);
    expect(plan.add).toEqual([]);
    expect(plan.refused.map(({ reason, count, name }) => [reason, count, name])).toEqual([
      ['sold-out', undefined, 'Cap'],
      ['sold-out', undefined, 'Cap'],
      ['stock', 4, 'Cap'],
    ]);
  });

  it('should count what the cart holds against the stock and the shop cap', () => {
    const product = productFixture({ id: 2, name: 'Cap', variants: [variantFixture({ id: 21, stock: 10 }), variantFixture({ id: 22 })] });
    const plan = planCartHandoff([line(2, 21, 5), line(2, 22, 30)], [product], [{ product_id: 2, variant_id: 21, quantity: 6 }], 25);
    expect(plan.add).toEqual([]);
    expect(plan.refused.map(({ reason, count }) => [reason, count])).toEqual([
      ['stock', 10],
      ['stock', 25],
    ]);
  });

  it('should take lines of one variant in order while they fit its stock', () => {
    const product = productFixture({ id: 5, name: 'Cards', is_business_card: true, variants: [variantFixture({ id: 51, stock: 100 })] });
    const ewa = { ...anna, name: 'Ewa' };
    const plan = planCartHandoff([line(5, 51, 60, anna), line(5, 51, 60, ewa), line(5, 51, 40, ewa)], [product], []);
    expect(plan.add.map((planned) => [planned.line.quantity, planned.cardInfo?.name])).toEqual([
      [60, 'Anna'],
      [40, 'Ewa'],
    ]);
    expect(plan.refused).toEqual([{ line: line(5, 51, 60, ewa), name: 'Cards', reason: 'stock', count: 100 }]);
  });

  it('should refuse a line below the per-line minimum, counting the cart, with the minimum', () => {
    const product = productFixture({ id: 3, name: 'Pen', minimum_quantity: 50, variants: [variantFixture({ id: 31 }), variantFixture({ id: 32 })] });
    const plan = planCartHandoff([line(3, 31, 20), line(3, 32, 20)], [product], [{ product_id: 3, variant_id: 31, quantity: 40 }]);
    expect(plan.add.map((planned) => planned.variant.id)).toEqual([31]);
    expect(plan.refused).toEqual([{ line: line(3, 32, 20), name: 'Pen', reason: 'minimum', count: 50 }]);
  });

  it('should judge the minimum across colours and sizes over all the handed lines together', () => {
    const product = productFixture({ id: 4, name: 'Shirt', minimum_total_quantity: 50, variants: [variantFixture({ id: 41 }), variantFixture({ id: 42, stock: 5 })] });
    expect(planCartHandoff([line(4, 41, 30), line(4, 42, 5), line(4, 41, 15)], [product], []).add).toHaveLength(3);
    // A line refused for its stock no longer counts: the rest then falls below the minimum too.
    const plan = planCartHandoff([line(4, 41, 30), line(4, 42, 20)], [product], []);
    expect(plan.add).toEqual([]);
    expect(plan.refused.map(({ reason, count }) => [reason, count])).toEqual([
      ['minimum', 50],
      ['stock', 5],
    ]);
  });

  it('should refuse a business card without card details and drop card details of other products', () => {
    const cards = productFixture({ id: 5, name: 'Cards', is_business_card: true, variants: [variantFixture({ id: 51 })] });
    const plan = planCartHandoff([line(5, 51, 100), line(5, 51, 100, anna), line(1, 11, 1, anna)], [cards, mug], []);
    expect(plan.refused).toEqual([{ line: line(5, 51, 100), name: 'Cards', reason: 'card-details' }]);
    expect(plan.add.map((planned) => [planned.product.id, planned.cardInfo])).toEqual([
      [5, anna],
      [1, null],
    ]);
  });

  it('should keep the handoff order over added and refused lines, whatever the inputs', () => {
    const product = productFixture({ id: 6, name: 'Bag', minimum_quantity: 3, variants: [variantFixture({ id: 61, stock: 20 }), variantFixture({ id: 62, availability: 'out_of_stock' })] });
    fc.assert(
      fc.property(
        fc.array(fc.record({ product_id: fc.constantFrom(6, 7), variant_id: fc.constantFrom(61, 62, 63), quantity: fc.integer({ min: 1, max: 30 }), card_info: fc.constant(null) }), { maxLength: 10 }),
        fc.array(fc.record({ product_id: fc.constant(6), variant_id: fc.constantFrom(61, 62), quantity: fc.integer({ min: 1, max: 30 }) }), { maxLength: 3 }),
        (generated, inCart) => {
          const lines: CartHandoffLine[] = generated;
          const plan = planCartHandoff(lines, [product], inCart);
          expect(plan.add.length + plan.refused.length).toBe(lines.length);
          const taken = new Set(plan.add.map((planned) => planned.line));
          expect([...plan.add.map((planned) => planned.line), ...plan.refused.map((refused) => refused.line)].sort((a, b) => lines.indexOf(a) - lines.indexOf(b))).toEqual(lines);
          const onVariant61 = inCart.filter((held) => held.variant_id === 61).reduce((sum, held) => sum + held.quantity, 0);
          const added61 = lines.filter((handed) => taken.has(handed) && handed.variant_id === 61).reduce((sum, handed) => sum + handed.quantity, 0);
          expect(plan.add.every((planned) => planned.variant.id === 61)).toBe(true);
          // What is taken of it stays within its stock and reaches its minimum.
          expect(added61 === 0 || (onVariant61 + added61 >= 3 && onVariant61 + added61 <= 20)).toBe(true);
        },
      ),
    );
  });
});
