import { describe, it, expect } from 'vitest';
import * as fc from 'fast-check';
import { checkProductQuantities, DEFAULT_MAX_LINE_QUANTITY, judgeQuantities, maxLineQuantity, variantLimit } from './quantity.ts';
import type { QuantityError, QuantityRules } from './quantity.ts';

describe('checkProductQuantities', () => {
  it.each<[string, QuantityRules, number[]]>([
    ['any quantity without rules', {}, [1, 2]],
    ['any quantity with null rules', { minimum_quantity: null, minimum_total_quantity: null, available_quantity: null }, [1]],
    ['lines at the per-line minimum', { minimum_quantity: 5 }, [5, 6]],
    ['a total at the minimum across colours and sizes', { minimum_total_quantity: 10 }, [4, 6]],
    ['a total at the available quantity', { available_quantity: 10 }, [4, 6]],
    ['a zero line as not ordered, exempt from the per-line minimum', { minimum_quantity: 5 }, [0, 5, 0]],
    ['nothing ordered at all, as there is nothing to check', { minimum_quantity: 5, minimum_total_quantity: 10 }, [0, 0]],
    ['an empty list', { minimum_total_quantity: 10 }, []],
    ['a minimum of 0 as no minimum', { minimum_quantity: 0, minimum_total_quantity: 0 }, [1]],
  ])('should accept %s', (_label, rules, quantities) => {
    expect(checkProductQuantities(rules, quantities)).toEqual([]);
  });

  it.each<[string, QuantityRules, number[], QuantityError[]]>([
    [
      'each line below the per-line minimum, with its index',
      { minimum_quantity: 5 },
      [4, 5, 1],
      [
        { code: 'sale.qty.minimum', qty: 5, line: 0 },
        { code: 'sale.qty.minimum', qty: 5, line: 2 },
      ],
    ],
    [
      'a total below the minimum across colours and sizes',
      { minimum_total_quantity: 10 },
      [4, 5],
      [{ code: 'sale.qty.minimum', qty: 10 }],
    ],
    [
      'a total above the available quantity',
      { available_quantity: 10 },
      [4, 7],
      [{ code: 'sale.qty.exceeded', qty: 10 }],
    ],
    ['any order when sold out (available 0)', { available_quantity: 0 }, [1], [{ code: 'sale.qty.exceeded', qty: 0 }]],
    [
      'any order when the available quantity is negative, showing 0',
      { available_quantity: -5 },
      [1],
      [{ code: 'sale.qty.exceeded', qty: 0 }],
    ],
    [
      'every broken rule at once, in a stable order',
      { minimum_quantity: 3, minimum_total_quantity: 10, available_quantity: 2 },
      [1, 2],
      [
        { code: 'sale.qty.minimum', qty: 3, line: 0 },
        { code: 'sale.qty.minimum', qty: 3, line: 1 },
        { code: 'sale.qty.minimum', qty: 10 },
        { code: 'sale.qty.exceeded', qty: 2 },
      ],
    ],
  ])('should reject %s', (_label, rules, quantities, expected) => {
    expect(checkProductQuantities(rules, quantities)).toEqual(expected);
  });

  it.each([1.5, -1, Number.NaN, Infinity])('should throw a RangeError for a line quantity of %d', (q) => {
    expect(() => checkProductQuantities({}, [1, q])).toThrow(RangeError);
  });

  it('should report an excess exactly when the total is above what is available', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50)), fc.nat(200), (quantities, available) => {
        const total = quantities.reduce((a, b) => a + b, 0);
        const exceeded = checkProductQuantities({ available_quantity: available }, quantities).some(
          (e) => e.code === 'sale.qty.exceeded',
        );
        expect(exceeded).toBe(total > available);
      }),
    );
  });
});

describe('variantLimit', () => {
  it('should read in delivery as unlimited, out of stock as 0, otherwise the stock', () => {
    expect(variantLimit({ availability: 'in_delivery', stock: 0 })).toBeNull();
    expect(variantLimit({ availability: 'out_of_stock', stock: 50 })).toBe(0);
    expect(variantLimit({ availability: 'in_stock', stock: 40 })).toBe(40);
    expect(variantLimit({ availability: 'in_stock', stock: null })).toBeNull();
    expect(variantLimit({ availability: 'in_stock', stock: -2 })).toBe(0);
  });
});

describe('maxLineQuantity', () => {
  it('should default to the stock of a limited variant, else to 10,000', () => {
    expect(maxLineQuantity({ availability: 'in_stock', stock: 40 })).toBe(40);
    expect(maxLineQuantity({ availability: 'in_stock', stock: 50_000 }, null)).toBe(50_000);
    expect(maxLineQuantity({ availability: 'in_stock', stock: null })).toBe(DEFAULT_MAX_LINE_QUANTITY);
    expect(maxLineQuantity({ availability: 'in_delivery', stock: 0 })).toBe(DEFAULT_MAX_LINE_QUANTITY);
    expect(maxLineQuantity({ availability: 'out_of_stock', stock: null })).toBe(0);
  });

  it("should apply the shop's cap, never above the stock", () => {
    expect(maxLineQuantity({ availability: 'in_stock', stock: null }, 25)).toBe(25);
    expect(maxLineQuantity({ availability: 'in_delivery', stock: 0 }, 25)).toBe(25);
    expect(maxLineQuantity({ availability: 'in_stock', stock: 40 }, 25)).toBe(25);
    expect(maxLineQuantity({ availability: 'in_stock', stock: 10 }, 25)).toBe(10);
    expect(maxLineQuantity({ availability: 'out_of_stock', stock: 10 }, 25)).toBe(0);
    expect(maxLineQuantity({ availability: 'in_stock', stock: null }, 50_000)).toBe(50_000);
  });

  it.each([0, -5, 2.5, Number.NaN])('should read a cap of %s as no cap', (cap) => {
    expect(maxLineQuantity({ availability: 'in_stock', stock: null }, cap)).toBe(DEFAULT_MAX_LINE_QUANTITY);
    expect(maxLineQuantity({ availability: 'in_stock', stock: 40 }, cap)).toBe(40);
  });
});

const unlimited = () => null;

describe('judgeQuantities (the one verdict for the product page, the cart and the server)', () => {
  const rules = { minimum_quantity: 5, minimum_total_quantity: 20 };

  it('should pass quantities that keep every rule', () => {
    expect(judgeQuantities(rules, new Map([[1, 10], [2, 10]]), () => 100)).toEqual([]);
  });

  it('should report per-variant minimums, then the minimum across colours and sizes, then maximums, in that order', () => {
    const maxima = new Map([[1, 100], [2, 3]]);
    expect(judgeQuantities(rules, new Map([[1, 2], [2, 4]]), (id) => maxima.get(id) ?? null)).toEqual([
      { code: 'sale.qty.minimum', qty: 5, variant_id: 1 },
      { code: 'sale.qty.minimum', qty: 5, variant_id: 2 },
      { code: 'sale.qty.minimum', qty: 20, variant_id: null },
      { code: 'sale.qty.exceeded', qty: 3, variant_id: 2 },
    ]);
  });

  it('should hold no minimum against a variant of 0 pieces, and find nothing when nothing is ordered', () => {
    expect(judgeQuantities({ minimum_quantity: 5 }, new Map([[1, 0], [2, 6]]), unlimited)).toEqual([]);
    expect(judgeQuantities(rules, new Map([[1, 0]]), () => 0)).toEqual([]);
  });

  it('should judge the stock (a sold-out variant has maximum 0) and leave a variant unjudged when its maximum is unknown', () => {
    expect(judgeQuantities({}, new Map([[1, 1]]), () => 0)).toEqual([{ code: 'sale.qty.exceeded', qty: 0, variant_id: 1 }]);
    expect(judgeQuantities({}, new Map([[1, 10_001]]), (id) => (id === 1 ? maxLineQuantity({ stock: null, availability: 'in_stock' }) : null))).toEqual([
      { code: 'sale.qty.exceeded', qty: DEFAULT_MAX_LINE_QUANTITY, variant_id: 1 },
    ]);
    expect(judgeQuantities({}, new Map([[1, 10_001]]), unlimited)).toEqual([]);
    expect(judgeQuantities({}, new Map([[1, 6]]), () => maxLineQuantity({ stock: 40, availability: 'in_stock' }, 5))).toEqual([{ code: 'sale.qty.exceeded', qty: 5, variant_id: 1 }]);
  });
});
