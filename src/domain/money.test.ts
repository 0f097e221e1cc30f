import { describe, it, expect } from 'vitest';
import * as fc from 'fast-check';
import { roundMoney, sumMoney, toCents } from './money.ts';

describe('roundMoney', () => {
  it.each([
    [1.005, 1.01],
    [-1.005, -1.01],
    [1.004, 1],
    [1.015, 1.02],
    [2.675, 2.68],
    [1.255, 1.26],
    [8.345, 8.35],
    [0.125, 0.13],
    [-0.125, -0.13],
    [10.235, 10.24],
    [1234567.895, 1234567.9],
    [0.1 + 0.2, 0.3],
    [1.1 * 3, 3.3],
    [100, 100],
    [0, 0],
    [12.3, 12.3],
  ])('should round %d to %d (half away from zero, immune to float noise)', (input, expected) => {
    expect(roundMoney(input)).toBe(expected);
  });

  it('should round a gross price built by multiplication the way a person would (8.17 × 1.23 = 10.0491)', () => {
    expect(roundMoney(8.17 * 1.23)).toBe(10.05);
  });

  it('should never return negative zero for a tiny negative amount', () => {
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
  });

  it('should pass NaN and Infinity through so a broken price stays visible', () => {
    expect(roundMoney(Number.NaN)).toBeNaN();
    expect(roundMoney(Infinity)).toBe(Infinity);
  });

  it('should be idempotent and within half a cent of the input', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const r = roundMoney(x);
        expect(roundMoney(r)).toBe(r);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.005 + 1e-5);
      }),
    );
  });

  it('should be symmetric around zero', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        expect(roundMoney(-x) + roundMoney(x)).toBe(0);
      }),
    );
  });
});

describe('toCents', () => {
  it('should give integer cents with the same rounding as roundMoney', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-2.675)).toBe(-268);
    expect(toCents(19.99)).toBe(1999);
  });
});

describe('sumMoney', () => {
  it('should add amounts exactly where floats would drift', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney(Array.from({ length: 10 }, () => 0.1))).toBe(1);
  });

  it('should round each amount to cents before adding', () => {
    expect(sumMoney([1.005, 1.005])).toBe(2.02);
  });

  it('should sum an empty list to zero', () => {
    expect(sumMoney([])).toBe(0);
  });

  it('should not depend on the order of the amounts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e8, max: 1e8 }).map((c) => c / 100)), (values) => {
        expect(sumMoney([...values].reverse())).toBe(sumMoney(values));
      }),
    );
  });

  it('should equal the integer sum of the cents', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e8, max: 1e8 })), (cents) => {
        const expected = cents.reduce((a, b) => a + b, 0) / 100;
        expect(sumMoney(cents.map((c) => c / 100))).toBe(expected);
      }),
    );
  });
});
