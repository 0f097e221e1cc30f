import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumMoney, toCents } from './money.ts';
import { lineTotal, shownLine } from './pricing.ts';
import {
  budgetPlan,
  deliveryBudgetOptions,
  deliveryCharge,
  moneyDeliveryCharge,
  orderTotals,
  pointsDeliveryCharge,
  shownDelivery,
  type BudgetAssignment,
} from './checkout-totals.ts';

const assignment = (overrides: Partial<BudgetAssignment> = {}): BudgetAssignment => ({
  id: 70,
  budget_id: 9,
  name: 'Marketing',
  color: '#2563eb',
  points_left: 500,
  is_active: true,
  start_date: '2026-01-01T00:00:00.000Z',
  expiry_date: '2026-12-31T23:59:59.000Z',
  ...overrides,
});

const NOW = new Date('2026-06-01T12:00:00.000Z');

const method = { price: 20, budgets: [{ budget_id: 9, name: 'Marketing', color: '#2563eb', price: 15 }] };

describe('delivery charge', () => {
  it('should add 23 % VAT to the net price of a money shop, rounded to cents', () => {
    expect(moneyDeliveryCharge(20, true)).toEqual({ net: 20, gross: 24.6 });
    expect(moneyDeliveryCharge(9.99, false)).toEqual({ net: 9.99, gross: 12.29 });
    expect(moneyDeliveryCharge(0, true)).toEqual({ net: 0, gross: 0 });
  });

  it("should show globex's courier (19.99 net) as 24.59 gross in a gross shop and 19.99 net in a net shop", () => {
    expect(shownDelivery(moneyDeliveryCharge(19.99, true), true)).toBe(24.59);
    expect(shownDelivery(moneyDeliveryCharge(19.99, false), false)).toBe(19.99);
  });

  it('should charge the chosen budget price in points, nothing for a method without budgets, and be unknown until chosen', () => {
    expect(pointsDeliveryCharge(method, { budget_id: 9 })).toBe(15);
    expect(pointsDeliveryCharge({ budgets: [] }, null)).toBe(0);
    expect(pointsDeliveryCharge(method, null)).toBeNull();
    expect(pointsDeliveryCharge(method, { budget_id: 4 })).toBeNull();
  });

  it('should use the money rule or the points rule by shop', () => {
    const money = { points: false, isGross: true };
    const points = { points: true, isGross: false };
    expect(deliveryCharge(method, null, money)).toEqual({ net: 20, gross: 24.6 });
    expect(deliveryCharge(method, { budget_id: 9 }, points)).toEqual({ net: 15, gross: 15 });
    expect(deliveryCharge(method, null, points)).toBeNull();
    expect(deliveryCharge(null, null, money)).toBeNull();
  });
});

describe('order totals', () => {
  const lines = [
    { unit_price: 10, quantity: 3, vat: 23, vat_included: false },
    { unit_price: 12.3, quantity: 1, vat: 23, vat_included: true },
  ];

  it('should add the delivery as one more 23 % line in the shown form (gross shop shows gross)', () => {
    const totals = orderTotals(lines, moneyDeliveryCharge(20, true), { points: false, isGross: true });
    expect(totals).toEqual({
      kind: 'money',
      items: { net: 40, vat: 9.2, gross: 49.2 },
      delivery: { net: 20, gross: 24.6 },
      lines: [
        { net: 30, vat: 6.9, gross: 36.9 },
        { net: 10, vat: 2.3, gross: 12.3 },
      ],
      rates: [{ rate: 23, net: 60, vat: 13.8, gross: 73.8 }],
      net: 60,
      vat: 13.8,
      gross: 73.8,
      total: 73.8,
    });
  });

  it('should show the net total in a net shop', () => {
    const totals = orderTotals(lines, moneyDeliveryCharge(20, false), { points: false, isGross: false });
    expect(totals.total).toBe(60);
  });

  it("should make globex's checkout add up: 43.04 × 120 + courier 24.59 gross", () => {
    const shop = { points: false, isGross: true };
    const totals = orderTotals([{ unit_price: 34.99, quantity: 120, vat: 23 }], deliveryCharge({ price: 19.99, budgets: [] }, null, shop), shop);
    expect(totals).toMatchObject({ kind: 'money', items: { gross: 5164.8 }, delivery: { gross: 24.59 }, gross: 5189.39, total: 5189.39 });
    // One 23 % rate: the net is derived once from 5,189.39.
    expect(totals).toMatchObject({ net: 4219.02, vat: 970.37 });
  });

  const amount = fc.integer({ min: 0, max: 5_000_00 }).map((cents) => cents / 100);
  const line = fc.record({
    unit_price: fc.oneof(amount, fc.integer({ min: 0, max: 9_999 }).map((c) => c / 10_000)),
    quantity: fc.integer({ min: 1, max: 10_000 }),
    vat: fc.option(fc.constantFrom(0, 5, 8, 23), { nil: null }),
    vat_included: fc.option(fc.boolean(), { nil: null }),
  });

  it('should make the shown lines plus the shown delivery the total, with net + VAT = gross, in gross and net shops', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), amount, fc.boolean(), (items, deliveryPrice, isGross) => {
        const shop = { points: false, isGross };
        const delivery = moneyDeliveryCharge(deliveryPrice, isGross);
        const totals = orderTotals(items, delivery, shop);
        if (totals.kind !== 'money') throw new Error('money expected');
        const shown = items.map((item) => shownLine(item, isGross));
        for (const [index, item] of items.entries()) expect(shown[index]!.total).toBe(lineTotal(shown[index]!.unit, item.quantity));
        expect(totals.total).toBe(sumMoney([...shown.map((s) => s.total), shownDelivery(delivery, isGross)]));
        expect(shownDelivery(totals.delivery, isGross)).toBe(shownDelivery(delivery, isGross));
        expect(toCents(totals.net) + toCents(totals.vat)).toBe(toCents(totals.gross));
        expect(sumMoney([totals.items.net, totals.delivery.net])).toBe(totals.net);
        expect(sumMoney([totals.items.gross, totals.delivery.gross])).toBe(totals.gross);
      }),
    );
  });

  it('should add the delivery points to the points of the lines, without VAT', () => {
    const totals = orderTotals([{ unit_price: 25.5, quantity: 2, vat: 23 }], { net: 15, gross: 15 }, { points: true, isGross: true });
    expect(totals).toEqual({ kind: 'points', items: 51, delivery: 15, total: 66 });
  });

  it('should count an unknown delivery as nothing yet', () => {
    expect(orderTotals([{ unit_price: 10, quantity: 1 }], null, { points: true, isGross: false }).total).toBe(10);
  });

  it('should total points as the shown unit × quantity per line plus the delivery', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ unit_price: amount, quantity: fc.integer({ min: 1, max: 10_000 }) }), { maxLength: 12 }), amount, (items, deliveryPoints) => {
        const totals = orderTotals(items, { net: deliveryPoints, gross: deliveryPoints }, { points: true, isGross: false });
        expect(totals.total).toBe(sumMoney([...items.map((item) => lineTotal(item.unit_price, item.quantity)), deliveryPoints]));
      }),
    );
  });
});

describe('budget plan', () => {
  it('should give what each budget pays, its points left on all active assignments and after lines and delivery', () => {
    const marketing = assignment({ id: 70, budget_id: 9, points_left: 500 });
    const sales = assignment({ id: 71, budget_id: 8, name: 'Sales', points_left: 100 });
    const plan = budgetPlan(
      [
        { budget: { id: 9 }, total: 120.5 },
        { budget: { id: 8 }, total: 90 },
        { budget: { id: 9 }, total: 30 },
      ],
      [marketing, sales],
      { assignment_id: 71, price: 15 },
      NOW,
    );
    expect(plan.uses.map(({ budget_id, name, lines, delivery, spent, points_left, after, enough }) => ({ budget_id, name, lines, delivery, spent, points_left, after, enough }))).toEqual([
      { budget_id: 9, name: 'Marketing', lines: 150.5, delivery: 0, spent: 150.5, points_left: 500, after: 349.5, enough: true },
      { budget_id: 8, name: 'Sales', lines: 90, delivery: 15, spent: 105, points_left: 100, after: -5, enough: false },
    ]);
    expect(plan.payable).toBe(false);
  });

  it('should be payable when every budget keeps zero or more points', () => {
    const plan = budgetPlan([{ budget: { id: 9 }, total: 485 }], [assignment()], { assignment_id: 70, price: 15 }, NOW);
    expect(plan.uses[0]?.after).toBe(0);
    expect(plan.payable).toBe(true);
  });

  it('should spend the assignment expiring first, then the next, lines and delivery alike', () => {
    const later = assignment({ id: 71, points_left: 100, expiry_date: '2027-06-30T00:00:00.000Z' });
    const sooner = assignment({ id: 72, points_left: 100, expiry_date: '2026-06-30T00:00:00.000Z' });
    const expired = assignment({ id: 73, points_left: 900, expiry_date: '2026-05-01T00:00:00.000Z' });
    const scheduled = assignment({ id: 74, points_left: 900, start_date: '2026-07-01T00:00:00.000Z' });
    const off = assignment({ id: 75, points_left: 900, is_active: false });
    // The delivery names the later assignment: it still only names the budget; the rule picks who pays.
    const plan = budgetPlan([{ budget: { id: 9 }, total: 160 }], [later, expired, scheduled, off, sooner], { assignment_id: 71, price: 25 }, NOW);
    expect(plan.payable).toBe(true);
    expect(plan.uses).toHaveLength(1);
    expect(plan.uses[0]).toMatchObject({ budget_id: 9, lines: 160, delivery: 25, spent: 185, points_left: 200, after: 15, enough: true });
    expect(plan.uses[0]?.assignments.map(({ assignment: used, points, after }) => [used.id, points, after])).toEqual([
      [72, 100, 0],
      [71, 85, 15],
    ]);
    const tooMuch = budgetPlan([{ budget: { id: 9 }, total: 200.01 }], [later, expired, scheduled, off, sooner], null, NOW);
    expect(tooMuch.payable).toBe(false);
    expect(tooMuch.uses[0]).toMatchObject({ points_left: 200, after: -0.01, enough: false });
  });

  it('should flag lines of a budget without an active assignment, lines without a budget and a delivery assignment that is not active', () => {
    const plan = budgetPlan(
      [
        { budget: { id: 4 }, total: 10 },
        { budget: null, total: 5 },
      ],
      [assignment({ id: 70, is_active: false })],
      { assignment_id: 70, price: 15 },
      NOW,
    );
    expect(plan.inactive).toEqual([4]);
    expect(plan.unbudgeted).toBe(true);
    expect(plan.deliveryUnpaid).toBe(true);
    expect(plan.uses).toEqual([]);
    expect(plan.payable).toBe(false);
  });
});

describe('delivery budget options', () => {
  it('should offer only budgets the buyer holds an active assignment of, with that assignment', () => {
    const offered = [
      { budget_id: 9, name: 'Marketing', color: '#2563eb', price: 15 },
      { budget_id: 8, name: 'Sales', color: '#16a34a', price: 10 },
      { budget_id: 7, name: 'Events', color: '#dc2626', price: 5 },
    ];
    const options = deliveryBudgetOptions(offered, [
      assignment({ id: 70, budget_id: 9 }),
      assignment({ id: 71, budget_id: 8, is_active: false }),
      assignment({ id: 72, budget_id: 7, expiry_date: '2027-01-01T00:00:00.000Z' }),
      assignment({ id: 73, budget_id: 7, expiry_date: '2026-09-01T00:00:00.000Z' }),
      assignment({ id: 74, budget_id: 7, expiry_date: '2026-03-01T00:00:00.000Z' }),
    ], NOW);
    expect(options).toEqual([
      { budget_id: 9, assignment_id: 70, name: 'Marketing', color: '#2563eb', price: 15 },
      { budget_id: 7, assignment_id: 73, name: 'Events', color: '#dc2626', price: 5 },
    ]);
  });
});
