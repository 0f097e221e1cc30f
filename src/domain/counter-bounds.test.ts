import { describe, expect, it } from 'vitest';
import { counterBounds, withinCounterMax } from './counter-bounds.ts';

describe('counterBounds', () => {
  it('should bound a counter by the variant maximum, from 1', () => {
    expect(counterBounds(10_000)).toEqual({ min: 1, max: 10_000 });
    expect(counterBounds(3)).toEqual({ min: 1, max: 3 });
  });

  it('should leave the maximum open when it is not known or the variant cannot be ordered', () => {
    expect(counterBounds(null)).toEqual({ min: 1, max: null });
    expect(counterBounds(0)).toEqual({ min: 1, max: null });
  });

  it('should start from the line minimum, never below 1', () => {
    expect(counterBounds(50, { lineMinimum: 5 })).toEqual({ min: 5, max: 50 });
    expect(counterBounds(50, { lineMinimum: 0 })).toEqual({ min: 1, max: 50 });
    expect(counterBounds(50, { lineMinimum: null })).toEqual({ min: 1, max: 50 });
  });

  it("should leave other lines' pieces of the variant out of the maximum, but still allow 1", () => {
    expect(counterBounds(10, { otherPieces: 4 })).toEqual({ min: 1, max: 6 });
    expect(counterBounds(10, { otherPieces: 10 })).toEqual({ min: 1, max: 1 });
    expect(counterBounds(10, { otherPieces: 12 })).toEqual({ min: 1, max: 1 });
  });
});

describe('withinCounterMax', () => {
  it('should bring a quantity down to the maximum, and leave it without one', () => {
    expect(withinCounterMax(12, { min: 1, max: 10 })).toBe(10);
    expect(withinCounterMax(7, { min: 1, max: 10 })).toBe(7);
    expect(withinCounterMax(12, { min: 1, max: null })).toBe(12);
  });

  it('should not raise a quantity to the minimum', () => {
    expect(withinCounterMax(2, { min: 5, max: 10 })).toBe(2);
  });
});
