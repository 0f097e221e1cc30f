import * as fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { DEFAULT_VAT, listUnitPrice, unitPrice, type GroupBuy, type PriceTier, type PricedProduct } from './pricing.ts';
import { DEFAULT_QUANTITY_IN_BOX } from '../contract/contract.ts';

const tier = (min_quantity: number, max_quantity: number | null, price: number): PriceTier => ({
  min_quantity,
  max_quantity,
  price,
});

const NOW = new Date('2025-06-01T12:00:00Z');

describe('constants', () => {
  it('should default VAT to 23 % and boxes to 30 pieces (spec §9)', () => {
    expect(DEFAULT_VAT).toBe(23);
    expect(DEFAULT_QUANTITY_IN_BOX).toBe(30);
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
