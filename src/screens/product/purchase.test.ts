import { describe, expect, it } from 'vitest';
import { checkBudget, defaultQuantity, inCartOf, quantityErrors, timeLeft, variantForColour } from './purchase.ts';
import { assignment, product, variant } from './test-fixtures.ts';

const EMPTY = inCartOf([], 1);

describe('quantityErrors', () => {
  const rules = product({ minimum_quantity: 10, minimum_total_quantity: 50 });
  const red = variant({ id: 1, color_code: 'red', stock: 40 });
  const blue = variant({ id: 2, color_code: 'blue' });

  it('should judge the chosen line and the product total with what the cart holds, not other lines', () => {
    // Blue already holds 5 (below its minimum, checked when it was added): not reported for red.
    const inCart = inCartOf([{ product_id: 1, variant_id: 2, quantity: 5 }, { product_id: 2, variant_id: 9, quantity: 99 }], 1);
    expect(inCart).toEqual({ product: 5, byVariant: new Map([[2, 5]]) });
    expect(quantityErrors(rules, red, 20, inCart)).toEqual([{ code: 'sale.qty.minimum', qty: 50 }]);
    expect(quantityErrors(rules, red, 5, inCart)).toEqual([
      { code: 'sale.qty.minimum', qty: 10 },
      { code: 'sale.qty.minimum', qty: 50 },
    ]);
    expect(quantityErrors(rules, blue, 45, inCart)).toEqual([]);
  });

  it('should add the variant’s cart pieces to the new ones against its stock, and report equal rules once', () => {
    const inCart = inCartOf([{ product_id: 1, variant_id: 1, quantity: 30 }], 1);
    expect(quantityErrors(product(), red, 11, inCart)).toEqual([{ code: 'sale.qty.exceeded', qty: 40 }]);
    expect(quantityErrors(product(), red, 10, inCart)).toEqual([]);
    const same = product({ minimum_quantity: 20, minimum_total_quantity: 20 });
    expect(quantityErrors(same, blue, 5, EMPTY)).toEqual([{ code: 'sale.qty.minimum', qty: 20 }]);
  });

  it("should hold every variant to the shop's cap, else to 10,000 pieces, as the server does", () => {
    expect(quantityErrors(product(), blue, 10_000, EMPTY)).toEqual([]);
    expect(quantityErrors(product(), blue, 10_001, EMPTY)).toEqual([{ code: 'sale.qty.exceeded', qty: 10_000 }]);
    expect(quantityErrors(product(), blue, 26, EMPTY, 25)).toEqual([{ code: 'sale.qty.exceeded', qty: 25 }]);
    expect(quantityErrors(product(), red, 41, EMPTY, 100)).toEqual([{ code: 'sale.qty.exceeded', qty: 40 }]);
  });
});

describe('defaultQuantity', () => {
  it('should start at the smallest order that breaks no minimum, capped by the stock', () => {
    expect(defaultQuantity(product(), variant(), EMPTY)).toBe(1);
    expect(defaultQuantity(product({ minimum_quantity: 10, minimum_total_quantity: 50 }), variant({ id: 1 }), EMPTY)).toBe(50);
    const inCart = inCartOf([{ product_id: 1, variant_id: 1, quantity: 45 }], 1);
    expect(defaultQuantity(product({ minimum_quantity: 10, minimum_total_quantity: 50 }), variant({ id: 2 }), inCart)).toBe(10);
    expect(defaultQuantity(product({ minimum_quantity: 10 }), variant({ id: 1, stock: 4 }), EMPTY)).toBe(4);
    expect(defaultQuantity(product({ minimum_quantity: 10 }), variant({ id: 1 }), EMPTY, 6)).toBe(6);
  });
});

describe('variantForColour', () => {
  it('should keep the size when the colour has it, else take the colour’s first orderable variant', () => {
    const variants = [
      variant({ id: 1, color_code: 'red', size_code: 'S' }),
      variant({ id: 2, color_code: 'blue', size_code: 'S', availability: 'out_of_stock' }),
      variant({ id: 3, color_code: 'blue', size_code: 'M' }),
      variant({ id: 4, color_code: 'red', size_code: 'M' }),
    ];
    expect(variantForColour(variants, 'red', 'M')?.id).toBe(4);
    expect(variantForColour(variants, 'blue', 'L')?.id).toBe(3);
    expect(variantForColour(variants, 'green', 'S')).toBeUndefined();
  });
});

describe('checkBudget', () => {
  const NOW = new Date('2026-06-01T12:00:00.000Z');

  it('should need an active assignment: expired when one expired, otherwise no budget', () => {
    expect(checkBudget(9, [assignment({ is_active: false, status: 'expired' })], 10, NOW)).toEqual({ pointsLeft: null, problem: 'budgets.expired_product' });
    expect(checkBudget(9, [assignment({ expiry_date: '2026-05-01T00:00:00.000Z' })], 10, NOW)).toEqual({ pointsLeft: null, problem: 'budgets.expired_product' });
    expect(checkBudget(9, [assignment({ is_active: false, status: 'scheduled' })], 10, NOW)).toEqual({ pointsLeft: null, problem: 'budgets.error.no_budget' });
    expect(checkBudget(9, [assignment({ start_date: '2026-07-01T00:00:00.000Z' })], 10, NOW)).toEqual({ pointsLeft: null, problem: 'budgets.error.no_budget' });
    expect(checkBudget(9, [assignment({ budget_id: 8 })], 10, NOW)).toEqual({ pointsLeft: null, problem: 'budgets.error.no_budget' });
  });

  it('should compare the points needed with the points left on all the active assignments together', () => {
    const budgets = [
      assignment({ points_left: 30 }),
      assignment({ id: 71, points_left: 20, expiry_date: '2027-03-01T00:00:00.000Z' }),
      assignment({ id: 72, points_left: 999, is_active: false, status: 'expired' }),
      assignment({ id: 73, points_left: 999, start_date: '2026-07-01T00:00:00.000Z' }),
      assignment({ id: 74, points_left: 999, expiry_date: '2026-05-31T00:00:00.000Z' }),
    ];
    expect(checkBudget(9, budgets, 50, NOW)).toEqual({ pointsLeft: 50, problem: null });
    expect(checkBudget(9, budgets, 50.01, NOW)).toEqual({ pointsLeft: 50, problem: 'budgets.not_enough_points' });
  });

  it('should say fine on the product page for 160 points from two assignments of 100, as the order is placed', () => {
    const team = [assignment({ points_left: 100 }), assignment({ id: 71, points_left: 100, expiry_date: '2027-01-31T00:00:00.000Z' })];
    expect(checkBudget(9, team, 160, NOW)).toEqual({ pointsLeft: 200, problem: null });
  });
});

describe('timeLeft', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');

  it('should split the time left into days, hours and minutes, rounding up to the minute', () => {
    expect(timeLeft('2026-03-03T13:04:00.000Z', now)).toEqual({ days: 2, hours: 3, minutes: 4 });
    expect(timeLeft('2026-03-01T10:00:30.000Z', now)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(timeLeft('2026-03-02T10:00:00.000Z', now)).toEqual({ days: 1, hours: 0, minutes: 0 });
  });

  it('should say null once ended or for an unreadable date', () => {
    expect(timeLeft('2026-03-01T10:00:00.000Z', now)).toBeNull();
    expect(timeLeft('2026-02-01T10:00:00.000Z', now)).toBeNull();
    expect(timeLeft('soon', now)).toBeNull();
  });
});
