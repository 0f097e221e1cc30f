import { describe, expect, it } from 'vitest';
import { reuseEqual, sameData, sharedByKey } from './structural-sharing.ts';

describe('sameData', () => {
  it('should compare plain data all the way down', () => {
    expect(sameData({ a: 1, b: [1, { c: 'x' }], d: null }, { b: [1, { c: 'x' }], a: 1, d: null })).toBe(true);
    expect(sameData({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'y' }] })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: undefined }, {})).toBe(false);
    expect(sameData({ a: 1 }, [1])).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData(Number.NaN, Number.NaN)).toBe(true);
  });
});

describe('reuseEqual', () => {
  it('should keep the previous object when the data is the same, and take the new one otherwise', () => {
    const previous = { quantity: 2, errors: [] };
    expect(reuseEqual(previous, { quantity: 2, errors: [] })).toBe(previous);
    const changed = { quantity: 3, errors: [] };
    expect(reuseEqual(previous, changed)).toBe(changed);
    expect(reuseEqual(undefined, changed)).toBe(changed);
  });
});

describe('sharedByKey', () => {
  it('should keep unchanged items across recomputations and forget removed keys', () => {
    const shared = sharedByKey<{ n: number }>();
    const a = shared.keep('a', { n: 1 });
    const b = shared.keep('b', { n: 2 });
    shared.done();
    expect(shared.keep('a', { n: 1 })).toBe(a);
    const b2 = shared.keep('b', { n: 5 });
    expect(b2).not.toBe(b);
    shared.done();
    // 'a' was not seen in this pass, so it is forgotten.
    shared.keep('b', { n: 5 });
    shared.done();
    expect(shared.keep('a', { n: 1 })).not.toBe(a);
  });
});
