import { describe, it, expect } from 'vitest';
import { displayPrice, roundUnitPrice, vatRate } from './vat-display.ts';

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
