import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reviewCart, type ReviewAssignment, type ReviewLine, type ReviewProduct } from './cart-review.ts';

const line = (overrides: Partial<ReviewLine> & Pick<ReviewLine, 'key'>): ReviewLine => ({ product_id: 1, variant_id: 10, quantity: 1, budget: null, ...overrides });
const product = (overrides: Partial<ReviewProduct> = {}): ReviewProduct => ({
  minimum_quantity: null,
  minimum_total_quantity: null,
  variants: [{ id: 10, stock: null, availability: 'in_stock' }],
  ...overrides,
});
const NOW = new Date('2026-06-01T12:00:00.000Z');
let nextId = 1;
const active = (budget_id: number, points_left: number, expiry_date = '2026-12-31T00:00:00.000Z'): ReviewAssignment => ({
  id: nextId++,
  budget_id,
  is_active: true,
  points_left,
  start_date: '2026-01-01T00:00:00.000Z',
  expiry_date,
});
const expired = (budget_id: number, points_left = 0): ReviewAssignment => ({ ...active(budget_id, points_left), expiry_date: '2026-05-01T00:00:00.000Z' });
const scheduled = (budget_id: number, points_left: number): ReviewAssignment => ({ ...active(budget_id, points_left), start_date: '2026-07-01T00:00:00.000Z' });
const switchedOff = (budget_id: number, points_left: number): ReviewAssignment => ({ ...active(budget_id, points_left), is_active: false });

describe('reviewCart: quantities', () => {
  it('should allow checkout of a cart that breaks no rule, with bounds from the product', () => {
    const review = reviewCart([line({ key: 'a', quantity: 5 })], new Map([[1, product({ variants: [{ id: 10, stock: 40, availability: 'in_stock' }] })]]), null);
    expect(review.canCheckout).toBe(true);
    expect(review.blockers).toEqual([]);
    expect(review.lines.get('a')).toEqual({ min: 1, max: 40, errors: [], unavailable: false, inactiveBudget: false });
  });

  it('should not allow checkout of an empty cart', () => {
    expect(reviewCart([], new Map(), null).canCheckout).toBe(false);
  });

  it('should flag a line under the per-line minimum and use the minimum as the counter floor', () => {
    const review = reviewCart([line({ key: 'a', quantity: 20 })], new Map([[1, product({ minimum_quantity: 50 })]]), null);
    expect(review.lines.get('a')).toMatchObject({ min: 50, errors: [{ code: 'sale.qty.minimum', qty: 50 }] });
    expect(review.blockers).toEqual(['cart.blocked.quantities']);
    expect(review.canCheckout).toBe(false);
  });

  it('should judge the minimum across colours and sizes on the product, not on each line', () => {
    const lines = [line({ key: 'red', variant_id: 10, quantity: 8 }), line({ key: 'blue', variant_id: 11, quantity: 8 })];
    const notes = product({ minimum_total_quantity: 20, variants: [{ id: 10, stock: null, availability: 'in_stock' }, { id: 11, stock: null, availability: 'in_stock' }] });
    const short = reviewCart(lines, new Map([[1, notes]]), null);
    expect(short.products.get(1)).toEqual([{ code: 'sale.qty.minimum', qty: 20 }]);
    expect(short.lines.get('red')?.errors).toEqual([]);
    expect(short.canCheckout).toBe(false);
    const enough = reviewCart([...lines, line({ key: 'red2', variant_id: 10, quantity: 4 })], new Map([[1, notes]]), null);
    expect(enough.products.size).toBe(0);
    expect(enough.canCheckout).toBe(true);
  });

  it('should count two lines of one variant together against its stock and leave each line the rest', () => {
    const lines = [line({ key: 'card-anna', quantity: 10 }), line({ key: 'card-ewa', quantity: 7 })];
    const review = reviewCart(lines, new Map([[1, product({ variants: [{ id: 10, stock: 15, availability: 'in_stock' }] })]]), null);
    expect(review.lines.get('card-anna')).toMatchObject({ max: 8, errors: [{ code: 'sale.qty.exceeded', qty: 15 }] });
    expect(review.lines.get('card-ewa')).toMatchObject({ max: 5, errors: [{ code: 'sale.qty.exceeded', qty: 15 }] });
    expect(review.blockers).toEqual(['cart.blocked.quantities']);
  });

  it('should bound a variant in delivery by the default line maximum only, not by its stock', () => {
    const review = reviewCart([line({ key: 'a', quantity: 500 })], new Map([[1, product({ variants: [{ id: 10, stock: 0, availability: 'in_delivery' }] })]]), null);
    expect(review.lines.get('a')).toMatchObject({ max: 10_000, errors: [], unavailable: false });
  });

  it("should bound every line by the shop's cap, never above the stock, and flag more", () => {
    const variants = [
      { id: 10, stock: null, availability: 'in_stock' as const },
      { id: 11, stock: 5, availability: 'in_stock' as const },
    ];
    const lines = [line({ key: 'unlimited', variant_id: 10, quantity: 30 }), line({ key: 'limited', variant_id: 11, quantity: 5 })];
    const review = reviewCart(lines, new Map([[1, product({ variants })]]), null, 20);
    expect(review.lines.get('unlimited')).toMatchObject({ max: 20, errors: [{ code: 'sale.qty.exceeded', qty: 20 }] });
    expect(review.lines.get('limited')).toMatchObject({ max: 5, errors: [] });
    expect(review.blockers).toEqual(['cart.blocked.quantities']);
  });

  it('should flag more than 10,000 pieces of an unlimited variant when the shop sets no cap', () => {
    const review = reviewCart([line({ key: 'a', quantity: 10_001 })], new Map([[1, product()]]), null);
    expect(review.lines.get('a')).toMatchObject({ max: 10_000, errors: [{ code: 'sale.qty.exceeded', qty: 10_000 }] });
  });

  it('should mark out-of-stock variants, vanished variants and products the shop no longer sells as unavailable', () => {
    const lines = [line({ key: 'sold-out', product_id: 1 }), line({ key: 'gone-variant', product_id: 2, variant_id: 99 }), line({ key: 'gone', product_id: 3 })];
    const products = new Map<number, ReviewProduct | null>([
      [1, product({ variants: [{ id: 10, stock: 5, availability: 'out_of_stock' }] })],
      [2, product()],
      [3, null],
    ]);
    const review = reviewCart(lines, products, null);
    for (const key of ['sold-out', 'gone-variant', 'gone']) expect(review.lines.get(key)?.unavailable).toBe(true);
    expect(review.blockers).toEqual(['cart.blocked.unavailable']);
  });

  it('should judge nothing for a product not checked yet', () => {
    const review = reviewCart([line({ key: 'a', quantity: 1 })], new Map(), null);
    expect(review.lines.get('a')).toEqual({ min: 1, max: null, errors: [], unavailable: false, inactiveBudget: false });
    expect(review.canCheckout).toBe(true);
  });
});

describe('reviewCart: budgets', () => {
  const lines = [line({ key: 'tee', product_id: 1, budget: { id: 7 } }), line({ key: 'hoodie', product_id: 2, budget: { id: 8 } })];

  it('should give each budget its subtotal and the points left on its active assignments', () => {
    const review = reviewCart(lines, new Map(), { assignments: [active(7, 600), active(7, 200), active(8, 300)], needed: new Map([[7, 500], [8, 120]]), now: NOW });
    expect(review.budgets).toEqual([
      { budget_id: 7, needed: 500, pointsLeft: 800, problem: null },
      { budget_id: 8, needed: 120, pointsLeft: 300, problem: null },
    ]);
    expect(review.canCheckout).toBe(true);
  });

  it('should block checkout with "not enough points" when a budget cannot pay its subtotal', () => {
    const review = reviewCart(lines, new Map(), { assignments: [active(7, 100), active(8, 300)], needed: new Map([[7, 101], [8, 120]]), now: NOW });
    expect(review.budgets[0]?.problem).toBe('budgets.not_enough_points');
    expect(review.blockers).toEqual(['budgets.not_enough_points']);
  });

  it('should flag the lines of a budget without an active assignment with the spec text', () => {
    const review = reviewCart(lines, new Map(), { assignments: [expired(7), active(8, 300)], needed: new Map([[7, 40], [8, 120]]), now: NOW });
    expect(review.lines.get('tee')?.inactiveBudget).toBe(true);
    expect(review.lines.get('hoodie')?.inactiveBudget).toBe(false);
    expect(review.budgets[0]).toEqual({ budget_id: 7, needed: 40, pointsLeft: null, problem: 'budgets.inactive_in_cart' });
    expect(review.blockers).toEqual(['budgets.inactive_in_cart']);
  });

  it('should say a buyer without any active budget cannot order at all', () => {
    const review = reviewCart(lines, new Map(), { assignments: [expired(7)], needed: new Map([[7, 40], [8, 120]]), now: NOW });
    expect(review.blockers).toEqual(['budgets.inactive_in_cart', 'cart.blocked.no_active_budget']);
  });

  it('should add up two active assignments of one budget (100 + 100 pays 160) and count nothing unusable', () => {
    const team = [line({ key: 'caps', product_id: 1, budget: { id: 7 } })];
    const two = reviewCart(team, new Map(), { assignments: [active(7, 100), active(7, 100, '2027-03-01T00:00:00.000Z')], needed: new Map([[7, 160]]), now: NOW });
    expect(two.budgets).toEqual([{ budget_id: 7, needed: 160, pointsLeft: 200, problem: null }]);
    expect(two.canCheckout).toBe(true);
    const unusable = [active(7, 100), expired(7, 500), scheduled(7, 500), switchedOff(7, 500)];
    const one = reviewCart(team, new Map(), { assignments: unusable, needed: new Map([[7, 160]]), now: NOW });
    expect(one.budgets).toEqual([{ budget_id: 7, needed: 160, pointsLeft: 100, problem: 'budgets.not_enough_points' }]);
    expect(one.blockers).toEqual(['budgets.not_enough_points']);
  });

  it('should judge assignments at the given moment: a scheduled one counts once it has started', () => {
    const team = [line({ key: 'caps', product_id: 1, budget: { id: 7 } })];
    const assignments = [scheduled(7, 300)];
    expect(reviewCart(team, new Map(), { assignments, needed: new Map([[7, 160]]), now: NOW }).budgets[0]?.problem).toBe('budgets.inactive_in_cart');
    expect(reviewCart(team, new Map(), { assignments, needed: new Map([[7, 160]]), now: new Date('2026-07-02T00:00:00.000Z') }).budgets[0]?.problem).toBeNull();
  });

  it('should not judge budgets when they do not apply (money shop or guest)', () => {
    const review = reviewCart(lines, new Map(), null);
    expect(review.budgets).toEqual([]);
    expect(review.lines.get('tee')?.inactiveBudget).toBe(false);
  });
});

describe('reviewCart: properties', () => {
  const lineArb = fc.record({
    product_id: fc.integer({ min: 1, max: 4 }),
    variant_id: fc.integer({ min: 1, max: 3 }),
    quantity: fc.integer({ min: 1, max: 200 }),
    budget: fc.option(fc.record({ id: fc.integer({ min: 1, max: 3 }) }), { nil: null }),
  });
  const productArb = fc.option(
    fc.record({
      minimum_quantity: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      minimum_total_quantity: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
      variants: fc.array(
        fc.record({ id: fc.integer({ min: 1, max: 3 }), stock: fc.option(fc.integer({ min: -5, max: 300 }), { nil: null }), availability: fc.constantFrom('in_stock' as const, 'in_delivery' as const, 'out_of_stock' as const) }),
        { maxLength: 3 },
      ),
    }),
    { nil: null },
  );
  const assignmentArb = fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    budget_id: fc.integer({ min: 1, max: 3 }),
    is_active: fc.boolean(),
    points_left: fc.integer({ min: 0, max: 1000 }),
    start_date: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'),
    expiry_date: fc.constantFrom('2026-05-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z', '2027-06-30T00:00:00.000Z'),
  });

  it('should allow checkout exactly when the cart is not empty and nothing blocks it, and review every line', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 12 }),
        fc.dictionary(fc.constantFrom('1', '2', '3', '4'), productArb),
        fc.option(fc.record({ assignments: fc.array(assignmentArb, { maxLength: 4 }), needed: fc.constant(new Map([[1, 100], [2, 500], [3, 0]])), now: fc.constant(NOW) }), { nil: null }),
        (raw, products, budgets) => {
          const lines = raw.map((l, i) => ({ ...l, key: `k${i}` }));
          const map = new Map(Object.entries(products).map(([id, p]) => [Number(id), p]));
          const review = reviewCart(lines, map, budgets);
          expect(review.canCheckout).toBe(lines.length > 0 && review.blockers.length === 0);
          expect(review.lines.size).toBe(lines.length);
          for (const l of lines) {
            const lineReview = review.lines.get(l.key);
            expect(lineReview?.min).toBeGreaterThanOrEqual(1);
            expect(lineReview?.max ?? 1).toBeGreaterThanOrEqual(1);
            // A product nobody asked about is never judged unavailable.
            expect(lineReview?.unavailable && !map.has(l.product_id)).toBe(false);
          }
          expect(new Set(review.blockers).size).toBe(review.blockers.length);
        },
      ),
    );
  });
});
