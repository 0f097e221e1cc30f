import { describe, it, expect } from 'vitest';
import * as fc from 'fast-check';
import {
  cartCount,
  cartLineKey,
  mergeLine,
  removeLine,
  setLineQuantity,
  totalQuantityByProduct,
} from './cart.ts';
import type { CartLine } from './cart.ts';

type Line = CartLine & { price?: number };

const red = (quantity: number, size = 'M'): Line => ({
  product_id: 1,
  color_code: 'RED',
  size_code: size,
  quantity,
});

describe('cartLineKey', () => {
  it.each([
    ['the same product, colour and size', red(1), red(5)],
    ['a missing and an empty colour', { product_id: 3 }, { product_id: 3, color_code: '' }],
    ['a null and a missing size', { product_id: 3, size_code: null }, { product_id: 3 }],
    [
      'group-buy lines of one product in different colours and sizes',
      { ...red(1), groupbuy: true },
      { product_id: 1, color_code: 'BLUE', size_code: 'XL', groupbuy: true },
    ],
    ['lines with groupbuy false and without groupbuy', { ...red(1), groupbuy: false }, red(1)],
  ])('should give the same key to %s', (_label, a, b) => {
    expect(cartLineKey(a)).toBe(cartLineKey(b));
  });

  it.each([
    ['lines of two sizes', red(1, 'M'), red(1, 'L')],
    ['lines of two colours', red(1), { ...red(1), color_code: 'BLUE' }],
    ['lines of two products', red(1), { ...red(1), product_id: 2 }],
    ['a group-buy and a regular line of one product', { ...red(1), groupbuy: true }, red(1)],
    ['group-buy lines of different products', { ...red(1), groupbuy: true }, { ...red(1), product_id: 2, groupbuy: true }],
  ])('should give different keys to %s', (_label, a, b) => {
    expect(cartLineKey(a)).not.toBe(cartLineKey(b));
  });

  it('should not let a separator inside a code make two different lines collide', () => {
    const a = { product_id: 1, color_code: 'A|B', size_code: 'C' };
    const b = { product_id: 1, color_code: 'A', size_code: 'B|C' };
    expect(cartLineKey(a)).not.toBe(cartLineKey(b));
    expect(cartLineKey({ product_id: 1, color_code: 'groupbuy' })).not.toBe(cartLineKey({ product_id: 1, groupbuy: true }));
  });

  it('should be readable and stable', () => {
    expect(cartLineKey(red(1))).toBe('1|RED|M');
    expect(cartLineKey({ product_id: 7, groupbuy: true })).toBe('7|groupbuy');
  });
});

describe('mergeLine', () => {
  it('should append a line with a new key', () => {
    const cart = [red(2, 'M')];
    expect(mergeLine(cart, red(3, 'L'))).toEqual([red(2, 'M'), red(3, 'L')]);
  });

  it('should add quantities of the same key and keep the existing line in its place and fields', () => {
    const cart: Line[] = [{ ...red(2, 'M'), price: 10 }, red(1, 'L')];
    const merged = mergeLine(cart, { ...red(3, 'M'), price: 99 });
    expect(merged).toEqual([{ ...red(5, 'M'), price: 10 }, red(1, 'L')]);
  });

  it('should merge group-buy lines by product only', () => {
    const cart: Line[] = [{ ...red(2), groupbuy: true }];
    const merged = mergeLine(cart, { product_id: 1, color_code: 'BLUE', size_code: 'XL', groupbuy: true, quantity: 4 });
    expect(merged).toHaveLength(1);
    expect(merged[0]?.quantity).toBe(6);
  });

  it('should return a new array and leave the old cart and its lines untouched', () => {
    const line = red(2);
    const cart = [line];
    const merged = mergeLine(cart, red(1));
    expect(merged).not.toBe(cart);
    expect(cart).toEqual([red(2)]);
    expect(line.quantity).toBe(2);
  });

  it.each([0, -1, 1.5, Number.NaN])('should refuse to add a quantity of %d', (quantity) => {
    expect(() => mergeLine([red(1)], red(quantity))).toThrow(RangeError);
  });
});

describe('setLineQuantity', () => {
  const cart = [red(2, 'S'), red(3, 'M'), red(4, 'L')];

  it('should change only the line with the key', () => {
    expect(setLineQuantity(cart, cartLineKey(red(0, 'M')), 10)).toEqual([red(2, 'S'), red(10, 'M'), red(4, 'L')]);
  });

  it.each([0, -3])('should remove the line when the quantity is %d', (quantity) => {
    expect(setLineQuantity(cart, cartLineKey(red(0, 'M')), quantity)).toEqual([red(2, 'S'), red(4, 'L')]);
  });

  it('should leave the cart as it is for an unknown key', () => {
    expect(setLineQuantity(cart, 'nope', 5)).toEqual(cart);
  });

  it('should refuse a fractional quantity', () => {
    expect(() => setLineQuantity(cart, cartLineKey(red(0, 'M')), 2.5)).toThrow(RangeError);
  });
});

describe('removeLine', () => {
  it('should drop only the line with the key', () => {
    expect(removeLine([red(2, 'S'), red(3, 'M')], cartLineKey(red(0, 'S')))).toEqual([red(3, 'M')]);
  });

  it('should change nothing for an unknown key', () => {
    expect(removeLine([red(2, 'S')], 'nope')).toEqual([red(2, 'S')]);
  });
});

describe('cartCount', () => {
  it('should count pieces, not lines', () => {
    expect(cartCount([red(2, 'S'), red(3, 'M')])).toBe(5);
    expect(cartCount([])).toBe(0);
  });
});

describe('totalQuantityByProduct', () => {
  it('should total each product across colours, sizes and its group-buy line', () => {
    const totals = totalQuantityByProduct([
      red(2, 'S'),
      { ...red(3, 'M'), color_code: 'BLUE' },
      { product_id: 2, quantity: 7 },
      { product_id: 1, groupbuy: true, quantity: 1 },
    ]);
    expect([...totals]).toEqual([
      [1, 6],
      [2, 7],
    ]);
  });

  it('should be empty for an empty cart', () => {
    expect(totalQuantityByProduct([]).size).toBe(0);
  });
});

describe('cart properties', () => {
  const lineArb = fc.record({
    product_id: fc.integer({ min: 1, max: 4 }),
    color_code: fc.constantFrom('RED', 'BLUE', null, undefined, ''),
    size_code: fc.constantFrom('S', 'M', null),
    groupbuy: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 100 }),
  });
  /** A valid cart: built by merging, so it never holds two lines with the same key. */
  const cartArb = fc.array(lineArb, { maxLength: 20 }).map((lines) =>
    lines.reduce<typeof lines>((cart, line) => mergeLine(cart, line), []),
  );

  it('should restore the cart when a merged line is set back to its old quantity', () => {
    fc.assert(
      fc.property(cartArb, lineArb, (cart, line) => {
        const key = cartLineKey(line);
        const before = cart.find((l) => cartLineKey(l) === key)?.quantity ?? 0;
        const merged = mergeLine(cart, line);
        expect(merged).not.toEqual(cart);
        expect(setLineQuantity(merged, key, before)).toEqual(cart);
      }),
    );
  });

  it('should count the sum of every merged quantity', () => {
    fc.assert(
      fc.property(fc.array(lineArb), (lines) => {
        const cart = lines.reduce<typeof lines>((acc, line) => mergeLine(acc, line), []);
        expect(cartCount(cart)).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
        expect(new Set(cart.map(cartLineKey)).size).toBe(cart.length);
      }),
    );
  });

  it('should keep product totals equal to the count of the whole cart', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const totals = [...totalQuantityByProduct(cart).values()];
        expect(totals.reduce((a, b) => a + b, 0)).toBe(cartCount(cart));
      }),
    );
  });
});
