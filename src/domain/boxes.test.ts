import { describe, it, expect } from 'vitest';
import { boxesFor, pricePerBox, quantityInBox } from './boxes.ts';

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
