import * as fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { groupBuyTier, isGroupBuyActive, lowestPriceTier, normaliseGroupBuyTiers, piecesToNextTier, sortTiers, thresholdTier, type PriceTier } from './price-tiers.ts';

const tier = (min_quantity: number, max_quantity: number | null, price: number): PriceTier => ({
  min_quantity,
  max_quantity,
  price,
});

/** 1–9 at 10, 10–49 at 8, 50+ at 6, deliberately listed out of order. */
const TIERS: PriceTier[] = [tier(50, null, 6), tier(1, 9, 10), tier(10, 49, 8)];

const NOW = new Date('2025-06-01T12:00:00Z');

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
