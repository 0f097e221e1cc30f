import { describe, expect, it } from 'vitest';
import { judgeHolds, variantHoldCap, type StockHoldLimits, type VariantHold } from './stock-holds.ts';

const HALF: StockHoldLimits = { sharePercent: 50, maxPieces: 0 };
const hold = (pieces: number, onHand: number, heldByBuyer = 0, productId = 1, variantId = 10): VariantHold => ({ productId, variantId, pieces, onHand, heldByBuyer });

describe('variantHoldCap', () => {
  it('should allow the share of the stock without the buyer’s own holds, rounded down, at least one piece', () => {
    expect(variantHoldCap(15, 0, 50)).toBe(7);
    expect(variantHoldCap(8, 7, 50)).toBe(7);
    expect(variantHoldCap(1, 0, 50)).toBe(1);
    expect(variantHoldCap(0, 0, 50)).toBe(1);
    expect(variantHoldCap(15, 0, 100)).toBe(15);
  });
});

describe('judgeHolds', () => {
  it('should refuse one order of more than the share of the stock on hand, telling how many may be held', () => {
    expect(judgeHolds([hold(15, 15)], new Map(), HALF)).toEqual({ productId: 1, variantId: 10, room: 7 });
    expect(judgeHolds([hold(7, 15)], new Map(), HALF)).toBeNull();
  });

  it('should count the buyer’s other unpaid orders, so repeating never creeps past the share', () => {
    // 7 of 15 held, 8 on hand: the cap is still 7 of the 15, nothing more may be held.
    expect(judgeHolds([hold(1, 8, 7)], new Map(), HALF)).toEqual({ productId: 1, variantId: 10, room: 0 });
    expect(judgeHolds([hold(3, 12, 3)], new Map(), HALF)).toBeNull();
    expect(judgeHolds([hold(5, 12, 3)], new Map(), HALF)).toEqual({ productId: 1, variantId: 10, room: 4 });
  });

  it('should still let the last piece be held', () => {
    expect(judgeHolds([hold(1, 1)], new Map(), HALF)).toBeNull();
  });

  it('should cap the pieces of one product across its variants, counting what the buyer holds', () => {
    const limits = { sharePercent: 100, maxPieces: 10 };
    expect(judgeHolds([hold(6, 100, 0, 1, 10), hold(4, 100, 0, 1, 11)], new Map(), limits)).toBeNull();
    expect(judgeHolds([hold(6, 100, 0, 1, 10), hold(5, 100, 0, 1, 11)], new Map(), limits)).toEqual({ productId: 1, variantId: 10, room: 10 });
    expect(judgeHolds([hold(3, 100, 0, 2, 20)], new Map([[2, 8]]), limits)).toEqual({ productId: 2, variantId: 20, room: 2 });
    // Another product's holds do not count.
    expect(judgeHolds([hold(3, 100, 0, 2, 20)], new Map([[1, 10]]), limits)).toBeNull();
  });

  it('should answer the smaller room when both caps are broken, and no cap when switched off', () => {
    expect(judgeHolds([hold(50, 40)], new Map([[1, 95]]), { sharePercent: 50, maxPieces: 100 })).toEqual({ productId: 1, variantId: 10, room: 5 });
    expect(judgeHolds([hold(40, 40)], new Map([[1, 1000]]), { sharePercent: 100, maxPieces: 0 })).toBeNull();
  });
});
