import { describe, it, expect } from 'vitest';
import * as fc from 'fast-check';
import { roundMoney, sumMoney, toCents } from './money.ts';
import { DEFAULT_QUANTITY_IN_BOX } from '../contract/contract.ts';
import {
  DEFAULT_VAT,
  boxesFor,
  cartTotals,
  displayPrice,
  groupBuyTier,
  isGroupBuyActive,
  lineTotal,
  listUnitPrice,
  roundUnitPrice,
  shownLine,
  lowestPriceTier,
  normaliseGroupBuyTiers,
  piecesToNextTier,
  pointsTotal,
  pricePerBox,
  quantityInBox,
  sortTiers,
  thresholdTier,
  unitPrice,
  vatRate,
} from './pricing.ts';
import type { GroupBuy, PriceTier, PricedProduct, TotalsLine } from './pricing.ts';
import { vatSummary } from './checkout-totals.ts';

const tier = (min_quantity: number, max_quantity: number | null, price: number): PriceTier => ({
  min_quantity,
  max_quantity,
  price,
});

/** 1–9 at 10, 10–49 at 8, 50+ at 6, deliberately listed out of order. */
const TIERS: PriceTier[] = [tier(50, null, 6), tier(1, 9, 10), tier(10, 49, 8)];

const NOW = new Date('2025-06-01T12:00:00Z');

describe('constants', () => {
  it('should default VAT to 23 % and boxes to 30 pieces (spec §9)', () => {
    expect(DEFAULT_VAT).toBe(23);
    expect(DEFAULT_QUANTITY_IN_BOX).toBe(30);
  });
});

describe('vatRate', () => {
  it.each([
    [{}, 23],
    [{ vat: null }, 23],
    [{ vat: undefined }, 23],
    [{ vat: 8 }, 8],
    [{ vat: 0 }, 0],
  ])('should read %o as a rate of %d', (product, expected) => {
    expect(vatRate(product)).toBe(expected);
  });
});

describe('displayPrice', () => {
  it.each([
    ['add the default 23 % to a net price in a gross shop', 100, {}, true, 123],
    ['add the product rate to a net price in a gross shop', 100, { vat: 8 }, true, 108],
    ['leave a VAT-exempt price alone in a gross shop', 100, { vat: 0 }, true, 100],
    ['read a null rate as the default rate', 10, { vat: null }, true, 12.3],
    ['leave a gross price alone in a gross shop', 123, { vat_included: true }, true, 123],
    ['take VAT out of a gross price in a net shop', 123, { vat_included: true }, false, 100],
    ['take the product rate out of a gross price in a net shop', 108, { vat: 8, vat_included: true }, false, 100],
    ['leave a net price alone in a net shop', 100, {}, false, 100],
    ['read vat_included null as a net price', 100, { vat_included: null }, true, 123],
    ['round a gross result half away from zero to cents', 8.17, {}, true, 10.05],
    ['round a net result to cents', 9.99, { vat_included: true }, false, 8.12],
    ['keep up to 4 decimals of a unit price below 1', 0.0123, {}, false, 0.0123],
    ['keep up to 4 decimals of a gross unit price below 1', 0.01, {}, true, 0.0123],
    ['round a gross unit price of 1 or more to cents', 34.99, {}, true, 43.04],
  ] as const)('should %s', (_label, price, product, isGross, expected) => {
    expect(displayPrice(price, product, isGross)).toBe(expected);
  });
});

describe('sortTiers', () => {
  it('should return a copy sorted by minimum quantity without touching the input', () => {
    const input = [...TIERS];
    const sorted = sortTiers(input);
    expect(sorted.map((t) => t.min_quantity)).toEqual([1, 10, 50]);
    expect(input).toEqual(TIERS);
    expect(sorted).not.toBe(input);
  });
});

describe('thresholdTier', () => {
  it.each([
    [1, 10],
    [9, 10],
    [10, 8],
    [49, 8],
    [50, 6],
    [1000, 6],
  ])('should charge %d pieces at %d from unsorted tiers', (quantity, price) => {
    expect(thresholdTier(TIERS, quantity)?.price).toBe(price);
  });

  it('should apply the last tier when the quantity is below every tier (quantity 0)', () => {
    expect(thresholdTier(TIERS, 0)).toEqual(tier(50, null, 6));
  });

  it('should apply the last tier when the quantity is above a bounded last tier', () => {
    expect(thresholdTier([tier(10, 19, 8), tier(1, 9, 10)], 25)?.price).toBe(8);
  });

  it('should apply the last tier when the quantity falls into a gap between tiers', () => {
    expect(thresholdTier([tier(1, 5, 10), tier(10, 20, 8), tier(30, null, 5)], 7)?.price).toBe(5);
  });

  it('should prefer the tier with the higher minimum when ranges overlap', () => {
    const overlapping = [tier(1, 20, 10), tier(10, 49, 8)];
    expect(thresholdTier(overlapping, 5)?.price).toBe(10);
    expect(thresholdTier(overlapping, 15)?.price).toBe(8);
  });

  it('should let a later tier win over an earlier tier with no maximum', () => {
    const open = [tier(1, null, 10), tier(10, null, 8)];
    expect(thresholdTier(open, 5)?.price).toBe(10);
    expect(thresholdTier(open, 20)?.price).toBe(8);
  });

  it('should return undefined for an empty list', () => {
    expect(thresholdTier([], 5)).toBeUndefined();
  });

  it('should always return one of the given tiers for a non-empty list', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            min_quantity: fc.nat(100),
            max_quantity: fc.option(fc.nat(200), { nil: null }),
            price: fc.nat(1000),
          }),
          { minLength: 1 },
        ),
        fc.nat(300),
        (tiers, quantity) => {
          expect(tiers).toContain(thresholdTier(tiers, quantity));
        },
      ),
    );
  });
});

describe('normaliseGroupBuyTiers', () => {
  it('should close each open tier one below the next minimum and keep the last open', () => {
    expect(normaliseGroupBuyTiers([tier(10, null, 8), tier(1, null, 10), tier(50, null, 6)])).toEqual([
      tier(1, 9, 10),
      tier(10, 49, 8),
      tier(50, null, 6),
    ]);
  });

  it('should keep explicit maximums', () => {
    expect(normaliseGroupBuyTiers([tier(1, 5, 10), tier(10, null, 8)])).toEqual([
      tier(1, 5, 10),
      tier(10, null, 8),
    ]);
  });

  it('should close against the next strictly higher minimum when minimums repeat', () => {
    expect(normaliseGroupBuyTiers([tier(1, null, 10), tier(1, null, 9), tier(5, null, 8)])).toEqual([
      tier(1, 4, 10),
      tier(1, 4, 9),
      tier(5, null, 8),
    ]);
  });

  it('should not mutate the given tiers', () => {
    const input = [tier(1, null, 10), tier(10, null, 8)];
    normaliseGroupBuyTiers(input);
    expect(input).toEqual([tier(1, null, 10), tier(10, null, 8)]);
  });

  it('should return an empty list for no tiers', () => {
    expect(normaliseGroupBuyTiers([])).toEqual([]);
  });
});

describe('groupBuyTier', () => {
  const groupbuy = { total_quantity: 45, tiers: [tier(50, null, 8), tier(1, null, 10), tier(100, null, 6)] };

  it.each([
    [3, 10],
    [4, 10],
    [5, 8],
    [54, 8],
    [55, 6],
  ])('should add the group total 45 to %d pieces and charge %d', (quantity, price) => {
    expect(groupBuyTier(groupbuy, quantity)?.price).toBe(price);
  });

  it('should use the normalised tiers, so an open first tier ends where the next begins', () => {
    const tiers = [tier(1, null, 10), tier(50, 80, 8)];
    // Raw, the open first tier would still contain 100; normalised it ends at 49 and the last tier applies.
    expect(thresholdTier(tiers, 100)?.price).toBe(10);
    expect(groupBuyTier({ total_quantity: 90, tiers }, 10)?.price).toBe(8);
  });

  it('should return undefined when the group buy has no tiers', () => {
    expect(groupBuyTier({ total_quantity: 10, tiers: [] }, 1)).toBeUndefined();
  });
});

describe('isGroupBuyActive', () => {
  it.each([
    ['switched off', false, { isActive: false }],
    ['switched off before its end', false, { isActive: false, ends_at: '2025-07-01T00:00:00Z' }],
    ['on without an end', true, { isActive: true }],
    ['on with a null end', true, { isActive: true, ends_at: null }],
    ['on with an empty end', true, { isActive: true, ends_at: '' }],
    ['on and ending a second from now', true, { isActive: true, ends_at: '2025-06-01T12:00:01Z' }],
    ['on but ended a second ago', false, { isActive: true, ends_at: '2025-06-01T11:59:59Z' }],
    ['on and ending exactly now', false, { isActive: true, ends_at: '2025-06-01T12:00:00Z' }],
    ['on with an unparseable end', false, { isActive: true, ends_at: 'soon' }],
  ] as const)('should treat a group buy %s as active: %s', (_label, expected, groupbuy) => {
    expect(isGroupBuyActive(groupbuy, NOW)).toBe(expected);
  });

  it('should treat a missing group buy as inactive', () => {
    expect(isGroupBuyActive(null, NOW)).toBe(false);
    expect(isGroupBuyActive(undefined, NOW)).toBe(false);
  });
});

describe('unitPrice', () => {
  const groupbuy: GroupBuy = {
    isActive: true,
    total_quantity: 45,
    ends_at: '2025-06-30T00:00:00Z',
    tiers: [tier(1, null, 7), tier(50, null, 5)],
  };
  const product: PricedProduct = {
    calculated_price: 12,
    thresholds: [tier(10, null, 8), tier(1, 9, 10)],
    groupbuy,
  };

  it('should charge the running group buy tier, counting the group total', () => {
    expect(unitPrice(product, 3, NOW)).toBe(7);
    expect(unitPrice(product, 5, NOW)).toBe(5);
  });

  it('should fall back to the thresholds when the group buy has expired', () => {
    const later = new Date('2025-07-01T00:00:00Z');
    expect(unitPrice(product, 3, later)).toBe(10);
    expect(unitPrice(product, 10, later)).toBe(8);
  });

  it('should fall back to the thresholds when the group buy is switched off', () => {
    expect(unitPrice({ ...product, groupbuy: { ...groupbuy, isActive: false } }, 3, NOW)).toBe(10);
  });

  it('should fall back to the thresholds when a running group buy has no tiers', () => {
    expect(unitPrice({ ...product, groupbuy: { ...groupbuy, tiers: [] } }, 3, NOW)).toBe(10);
  });

  it.each([
    ['no thresholds field', {}],
    ['null thresholds', { thresholds: null }],
    ['an empty threshold list', { thresholds: [] }],
  ])('should charge calculated_price with %s and no group buy', (_label, extra) => {
    expect(unitPrice({ calculated_price: 12, groupbuy: null, ...extra }, 5, NOW)).toBe(12);
  });

  it('should use the current time when none is given', () => {
    const future = { ...groupbuy, ends_at: '2999-01-01T00:00:00Z' };
    const past = { ...groupbuy, ends_at: '2000-01-01T00:00:00Z' };
    expect(unitPrice({ ...product, groupbuy: future }, 3)).toBe(7);
    expect(unitPrice({ ...product, groupbuy: past }, 3)).toBe(10);
  });

  /**
   * Well-formed tiers: minimums strictly increasing from 1, prices strictly decreasing, each tier's
   * maximum either open or one below the next minimum (a bounded last tier only when every tier is bounded).
   */
  const wellFormedTiers = fc
    .record({
      gaps: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 0, maxLength: 6 }),
      openMask: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
      lastMax: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      firstPrice: fc.integer({ min: 1000, max: 100_000 }),
      drops: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 7, maxLength: 7 }),
    })
    .map(({ gaps, openMask, lastMax, firstPrice, drops }) => {
      const mins = [1];
      for (const gap of gaps) mins.push((mins.at(-1) ?? 1) + gap);
      let price = firstPrice;
      const tiers = mins.map((min, i) => {
        const next = mins[i + 1];
        const max = next === undefined ? null : openMask[i] ? null : next - 1;
        const t = tier(min, max, price / 100);
        price -= drops[i] ?? 1;
        return t;
      });
      const last = tiers.at(-1);
      if (last && lastMax !== null && tiers.every((t) => t === last || t.max_quantity !== null)) {
        last.max_quantity = last.min_quantity + lastMax;
      }
      return tiers;
    });

  it('should never charge more per piece for more pieces when tier prices fall with the minimum', () => {
    fc.assert(
      fc.property(
        wellFormedTiers,
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        (tiers, quantity, more) => {
          const p: PricedProduct = { calculated_price: 999, thresholds: [...tiers].reverse() };
          expect(unitPrice(p, quantity + more, NOW)).toBeLessThanOrEqual(unitPrice(p, quantity, NOW));
        },
      ),
    );
  });

  it('should never charge more per piece as the group total grows', () => {
    fc.assert(
      fc.property(
        wellFormedTiers.map((tiers) => tiers.map((t) => ({ ...t, max_quantity: null }))),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        (tiers, quantity, total, more) => {
          const at = (total_quantity: number) =>
            unitPrice({ calculated_price: 999, groupbuy: { isActive: true, total_quantity, tiers } }, quantity, NOW);
          expect(at(total + more)).toBeLessThanOrEqual(at(total));
        },
      ),
    );
  });
});

describe('piecesToNextTier', () => {
  it.each([
    [1, 0],
    [9, 1],
    [1, 9],
    [40, 10],
    [1, 49],
  ])('should ask for %d more pieces at %d pieces (unsorted tiers)', (expected, quantity) => {
    expect(piecesToNextTier(TIERS, quantity)).toBe(expected);
  });

  it.each([50, 100])('should give no hint on the last tier (%d pieces)', (quantity) => {
    expect(piecesToNextTier(TIERS, quantity)).toBeNull();
  });

  it('should return null without tiers', () => {
    expect(piecesToNextTier([], 3)).toBeNull();
  });

  it('should count from the group total when a caller passes quantity plus total', () => {
    const tiers = normaliseGroupBuyTiers([tier(1, null, 10), tier(50, null, 8)]);
    expect(piecesToNextTier(tiers, 3 + 45)).toBe(2);
  });
});

describe('lowestPriceTier', () => {
  it('should pick the cheapest tier, the first reached on a tie', () => {
    expect(lowestPriceTier([tier(50, null, 8), tier(1, 9, 10), tier(10, 49, 8)])).toEqual(tier(10, 49, 8));
  });

  it('should find the cheapest tier even when it is not the last', () => {
    expect(lowestPriceTier([tier(1, 9, 10), tier(10, 49, 5), tier(50, null, 7)])?.price).toBe(5);
  });

  it('should return undefined for an empty list', () => {
    expect(lowestPriceTier([])).toBeUndefined();
  });
});

describe('boxes', () => {
  it.each([
    [{}, 30],
    [{ quantity_in_box: null }, 30],
    [{ quantity_in_box: 0 }, 30],
    [{ quantity_in_box: -5 }, 30],
    [{ quantity_in_box: 2.5 }, 30],
    [{ quantity_in_box: Number.NaN }, 30],
    [{ quantity_in_box: 12 }, 12],
    [{ quantity_in_box: 1 }, 1],
  ])('should read quantity_in_box of %o as %d', (variant, expected) => {
    expect(quantityInBox(variant)).toBe(expected);
  });

  it.each([
    [0, 30, 0],
    [-5, 30, 0],
    [1, 30, 1],
    [30, 30, 1],
    [31, 30, 2],
    [60, 30, 2],
    [7, 1, 7],
  ])('should pack %d pieces into boxes of %d as %d boxes', (quantity, inBox, boxes) => {
    expect(boxesFor(quantity, inBox)).toBe(boxes);
  });

  it.each([0, -1, Number.NaN, Infinity])('should refuse a box size of %d', (inBox) => {
    expect(() => boxesFor(10, inBox)).toThrow(RangeError);
  });

  it.each([
    [0.35, 30, 10.5],
    [1.005, 1, 1.01],
    [0.333, 3, 1],
    [19.99, 12, 239.88],
  ])('should price a box of %d × %d at %d', (unit, inBox, expected) => {
    expect(pricePerBox(unit, inBox)).toBe(expected);
  });
});

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

describe('roundUnitPrice', () => {
  it.each([
    [43.0377, 43.04],
    [1.005, 1.01],
    [0.99999, 1],
    [0.015129, 0.0151],
    [0.615, 0.615],
    [0, 0],
  ])('should round %d to %d', (price, expected) => {
    expect(roundUnitPrice(price)).toBe(expected);
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

describe('vatSummary', () => {
  it('should derive the net once per rate from the summed gross lines in a gross shop', () => {
    // 3 × 0.01 gross: per line the net would round to 0.01 each (VAT 0); per rate 0.03 / 1.23 = 0.02.
    const summary = vatSummary([{ total: 0.01, rate: 23 }, { total: 0.01, rate: 23 }, { total: 0.01, rate: 23 }], true);
    expect(summary).toMatchObject({ net: 0.02, vat: 0.01, gross: 0.03, rates: [{ rate: 23, net: 0.02, vat: 0.01, gross: 0.03 }] });
    expect(summary.lines.map((line) => line.vat)).toEqual([0.01, 0, 0]);
  });

  it('should derive the VAT once per rate from the summed net lines in a net shop, highest rate first', () => {
    const summary = vatSummary([{ total: 10, rate: 8 }, { total: 0.02, rate: 23 }, { total: 0.02, rate: 23 }, { total: 10, rate: 0 }], false);
    expect(summary.rates).toEqual([
      { rate: 23, net: 0.04, vat: 0.01, gross: 0.05 },
      { rate: 8, net: 10, vat: 0.8, gross: 10.8 },
      { rate: 0, net: 10, vat: 0, gross: 10 },
    ]);
    expect(summary).toMatchObject({ net: 20.04, vat: 0.81, gross: 20.85 });
  });

  it('should be all zeros without lines', () => {
    expect(vatSummary([], true)).toEqual({ rates: [], lines: [], net: 0, vat: 0, gross: 0 });
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

describe('listUnitPrice', () => {
  const now = new Date('2026-06-01T00:00:00Z');

  it('should be calculated_price for a product without tiers', () => {
    expect(listUnitPrice({ calculated_price: 12.3 }, now)).toEqual({ price: 12.3, from: false });
  });

  it('should be the lowest threshold, "from", when more pieces cost less', () => {
    const product = { calculated_price: 20, thresholds: [tier(10, null, 5), tier(1, 9, 20)] };
    expect(listUnitPrice(product, now)).toEqual({ price: 5, from: true });
  });

  it('should be the lowest tier of a running group buy, and the thresholds once it has ended', () => {
    const groupbuy: GroupBuy = { isActive: true, total_quantity: 0, ends_at: '2026-07-01T00:00:00Z', tiers: [tier(1, null, 30), tier(50, null, 3)] };
    const product = { calculated_price: 30, thresholds: [tier(1, null, 25)], groupbuy };
    expect(listUnitPrice(product, now)).toEqual({ price: 3, from: true });
    expect(listUnitPrice({ ...product, groupbuy: { ...groupbuy, ends_at: '2026-05-01T00:00:00Z' } }, now)).toEqual({ price: 25, from: false });
  });
});
