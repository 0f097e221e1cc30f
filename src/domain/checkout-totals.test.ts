import * as fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { sumMoney, toCents } from './money.ts';
import { lineTotal, shownLine } from './pricing.ts';
import { deliveryCharge, moneyDeliveryCharge, orderTotals, shownDelivery } from './checkout-totals.ts';

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
