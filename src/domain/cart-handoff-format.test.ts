import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardInfo } from '../contract/contract.ts';
import { MAX_ID } from '../contract/fields.ts';
import {
  CART_HANDOFF_MAX_LENGTH,
  CART_HANDOFF_MAX_LINES,
  cartHandoffLines,
  decodeCartHandoff,
  encodeCartHandoff,
  newHandoffId,
  parseCartHandoff,
  type CartHandoff,
  type CartHandoffLine,
} from './cart-handoff-format.ts';

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
