import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readQuantity } from './quantity-text.ts';

describe('readQuantity (what was typed in a quantity field, never guessed)', () => {
  it.each([
    ['12', 'en', { kind: 'number', value: 12 }],
    ['100000', 'en', { kind: 'number', value: 100000 }],
    ['0', 'en', { kind: 'number', value: 0 }],
    [' 007 ', 'pl', { kind: 'number', value: 7 }],
    ['10 000', 'pl', { kind: 'number', value: 10000 }],
    ['10\u00a0000', 'pl', { kind: 'number', value: 10000 }],
    ['10,000', 'en', { kind: 'number', value: 10000 }],
    ['1,234,567', 'en', { kind: 'number', value: 1234567 }],
    ['', 'en', { kind: 'empty' }],
    ['   ', 'pl', { kind: 'empty' }],
    ['2.5', 'en', { kind: 'not_whole' }],
    ['2,5', 'pl', { kind: 'not_whole' }],
    ['2,5', 'en', { kind: 'not_whole' }],
    ['10,000', 'pl', { kind: 'not_whole' }],
    ['2.', 'en', { kind: 'not_whole' }],
    ['.5', 'en', { kind: 'not_whole' }],
    ['abc', 'en', { kind: 'not_number' }],
    ['2a', 'pl', { kind: 'not_number' }],
    ['-1', 'en', { kind: 'not_number' }],
    ['1e3', 'en', { kind: 'not_number' }],
    ['1.2.3', 'en', { kind: 'not_number' }],
  ] as const)('%j (%s) reads as %j', (text, lang, expected) => {
    expect(readQuantity(text, lang)).toEqual(expected);
  });

  it('never turns a decimal into another whole number (the old field made 2.5 into 25)', () => {
    fc.assert(
      fc.property(fc.nat(9999), fc.integer({ min: 1, max: 99 }), fc.constantFrom('.', ','), fc.constantFrom('en' as const, 'pl' as const), (whole, fraction, mark, lang) => {
        // One or two decimals: never a group of three digits, so never thousands in English either.
        expect(readQuantity(`${whole}${mark}${fraction}`, lang)).toEqual({ kind: 'not_whole' });
      }),
    );
  });
});
