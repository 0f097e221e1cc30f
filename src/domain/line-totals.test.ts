import * as fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { roundMoney, sumMoney, toCents } from './money.ts';
import { cartTotals, lineTotal, pointsTotal, shownLine, type TotalsLine } from './line-totals.ts';
import { vatSummary } from './vat-summary.ts';

describe('lineTotal', () => {
  it.each([
    [19.99, 3, 59.97],
    [0.1, 3, 0.3],
    [0.0123, 1000, 12.3],
    [1.005, 1, 1.01],
    [5, 0, 0],
  ])('should total %d × %d as %d', (unit, quantity, expected) => {
    expect(lineTotal(unit, quantity)).toBe(expected);
  });
});

describe('shownLine (the rounding rule: shown unit × quantity = line total)', () => {
  // The globex cases: net prices shown gross at 23 %; the old rule (net line rounded, then
  // VAT) gave 5,164.52, 92.21 and 23 zł less than 23.36 × 10,000.
  it.each([
    [34.99, 120, 43.04, 5164.8],
    [24.99, 3, 30.74, 92.22],
    [18.99, 10_000, 23.36, 233_600],
  ])('should price %d net × %d in a gross shop as %d × quantity = %d', (net, quantity, unit, total) => {
    expect(shownLine({ unit_price: net, quantity, vat: 23 }, true)).toEqual({ unit, total, rate: 23 });
  });

  it('should multiply the net unit in a net shop and the gross unit taken out of a gross price', () => {
    expect(shownLine({ unit_price: 34.99, quantity: 120 }, false)).toEqual({ unit: 34.99, total: 4198.8, rate: 23 });
    expect(shownLine({ unit_price: 9.99, quantity: 3, vat_included: true }, false)).toEqual({ unit: 8.12, total: 24.36, rate: 23 });
  });

  it('should keep cheap items bought by the thousand at their price (4-decimal units below 1)', () => {
    expect(shownLine({ unit_price: 0.0123, quantity: 1000 }, false).total).toBe(12.3);
    expect(shownLine({ unit_price: 0.01, quantity: 1000 }, true)).toEqual({ unit: 0.0123, total: 12.3, rate: 23 });
  });
});

describe('cartTotals', () => {
  it('should be all zeros for an empty cart', () => {
    expect(cartTotals([], true)).toEqual({ net: 0, vat: 0, gross: 0, total: 0, rates: [] });
  });

  it('should add the default 23 % to net lines and show gross in a gross shop', () => {
    expect(cartTotals([{ unit_price: 100, quantity: 2 }], true)).toMatchObject({ net: 200, vat: 46, gross: 246, total: 246 });
  });

  it('should show the net total in a net shop', () => {
    expect(cartTotals([{ unit_price: 100, quantity: 2 }], false).total).toBe(200);
  });

  it('should take VAT out of lines whose price already includes it', () => {
    expect(cartTotals([{ unit_price: 123, quantity: 1, vat_included: true }], false)).toMatchObject({ net: 100, vat: 23, gross: 123, total: 100 });
    expect(cartTotals([{ unit_price: 9.99, quantity: 1, vat_included: true }], true)).toMatchObject({ net: 8.12, vat: 1.87, gross: 9.99, total: 9.99 });
  });

  it('should apply each line its own rate', () => {
    const lines: TotalsLine[] = [
      { unit_price: 10, quantity: 1, vat: 8 },
      { unit_price: 10, quantity: 1, vat: 0 },
      { unit_price: 10, quantity: 1, vat: null },
    ];
    expect(cartTotals(lines, true)).toMatchObject({ net: 30, vat: 3.1, gross: 33.1, total: 33.1 });
  });

  it("should total the issue's gross-shop cart as the sum of its shown lines, not of net lines plus VAT", () => {
    const totals = cartTotals([{ unit_price: 34.99, quantity: 120, vat: 23 }, { unit_price: 24.99, quantity: 3, vat: 23 }], true);
    // 5,164.80 + 92.22 (the old rule: 5,164.52 + 92.21 = 5,256.73).
    expect(totals).toMatchObject({ gross: 5257.02, total: 5257.02, net: 4274, vat: 983.02 });
  });

  const price = fc.oneof(
    fc.integer({ min: 0, max: 10_000_00 }).map((c) => c / 100),
    fc.integer({ min: 0, max: 10_000 }).map((c) => c / 10_000),
    fc.double({ min: 0, max: 10_000, noNaN: true }),
  );
  const line = fc.record({
    unit_price: price,
    quantity: fc.integer({ min: 0, max: 10_000 }),
    vat: fc.option(fc.constantFrom(0, 5, 8, 23), { nil: null }),
    vat_included: fc.option(fc.boolean(), { nil: null }),
  });

  it('should make every shown line its shown unit × quantity, and the shown total the sum of the shown lines', () => {
    fc.assert(
      fc.property(fc.array(line), fc.boolean(), (lines, isGross) => {
        const shown = lines.map((l) => shownLine(l, isGross));
        for (const [index, l] of lines.entries()) expect(shown[index]!.total).toBe(lineTotal(shown[index]!.unit, l.quantity));
        expect(cartTotals(lines, isGross).total).toBe(sumMoney(shown.map((s) => s.total)));
      }),
    );
  });

  it('should never be negative, keep net + vat = gross per rate and overall, and split it exactly over the lines', () => {
    fc.assert(
      fc.property(fc.array(line), fc.boolean(), (lines, isGross) => {
        const t = cartTotals(lines, isGross);
        expect(t.net).toBeGreaterThanOrEqual(0);
        expect(t.vat).toBeGreaterThanOrEqual(0);
        expect(t.gross).toBeGreaterThanOrEqual(t.net);
        expect(toCents(t.net) + toCents(t.vat)).toBe(toCents(t.gross));
        expect(t.total).toBe(isGross ? t.gross : t.net);
        for (const row of t.rates) expect(toCents(row.net) + toCents(row.vat)).toBe(toCents(row.gross));
        const summary = vatSummary(lines.map((l) => shownLine(l, isGross)), isGross);
        for (const share of summary.lines) {
          expect(share.vat).toBeGreaterThanOrEqual(0);
          expect(toCents(share.net) + toCents(share.vat)).toBe(toCents(share.gross));
        }
        expect(sumMoney(summary.lines.map((s) => s.net))).toBe(t.net);
        expect(sumMoney(summary.lines.map((s) => s.gross))).toBe(t.gross);
      }),
    );
  });

  it('should derive the other form once per rate: round(gross / (1 + rate)) in a gross shop, round(net × rate) in a net shop', () => {
    fc.assert(
      fc.property(fc.array(line), fc.boolean(), (lines, isGross) => {
        for (const row of cartTotals(lines, isGross).rates) {
          const derived = isGross ? [row.net, roundMoney(row.gross / (1 + row.rate / 100))] : [row.vat, roundMoney((row.net * row.rate) / 100)];
          expect(derived[0]).toBe(derived[1]);
        }
      }),
    );
  });
});

describe('pointsTotal', () => {
  it('should add line totals without any VAT', () => {
    expect(pointsTotal([{ unit_price: 10, quantity: 3 }, { unit_price: 0.5, quantity: 3 }])).toBe(31.5);
  });

  it('should ignore VAT fields a points line may still carry', () => {
    const line = { unit_price: 100, quantity: 1, vat: 23, vat_included: false };
    expect(pointsTotal([line])).toBe(100);
  });

  it('should be zero for an empty cart', () => {
    expect(pointsTotal([])).toBe(0);
  });
});
