import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { collectFallbacks, describeValue, listOf, MAX_DISTINCT_WARNINGS, orDefault, setStrictAnswers, warnOnce } from './tolerant.ts';
import { resetPageSingletons } from '../page-singleton.ts';

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  resetPageSingletons();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  warn.mockRestore();
  setStrictAnswers(false);
});

describe('warnOnce', () => {
  it('should log a key the first time only', () => {
    warnOnce('website.lang="de"', 'lang de');
    warnOnce('website.lang="de"', 'lang de');
    warnOnce('website.lang="fr"', 'lang fr');
    expect(warn.mock.calls).toEqual([['lang de'], ['lang fr']]);
  });

  it('should stop after the most distinct keys, saying so once', () => {
    for (let index = 0; index < MAX_DISTINCT_WARNINGS + 50; index += 1) warnOnce(`key ${index}`, `message ${index}`);
    expect(warn).toHaveBeenCalledTimes(MAX_DISTINCT_WARNINGS + 1);
    expect(String(warn.mock.calls.at(-1)?.[0])).toContain('not logged');
  });

  it('should log again after a reset', () => {
    warnOnce('k', 'm');
    resetPageSingletons();
    warnOnce('k', 'm');
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('describeValue', () => {
  it('should describe values briefly', () => {
    expect(describeValue('de')).toBe('"de"');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue('x'.repeat(200))).toHaveLength(60);
  });
});

describe('orDefault', () => {
  const Schema = v.object({ lang: orDefault('website.lang', v.picklist(['en', 'pl']), 'en') });

  it('should keep a value that fits, silently', () => {
    expect(v.parse(Schema, { lang: 'pl' })).toEqual({ lang: 'pl' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('should use the default for an unknown, missing or null value, warning once per field and value', () => {
    for (let index = 0; index < 5000; index += 1) expect(v.parse(Schema, { lang: 'de' })).toEqual({ lang: 'en' });
    expect(v.parse(Schema, {})).toEqual({ lang: 'en' });
    expect(v.parse(Schema, { lang: null })).toEqual({ lang: 'en' });
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      'Provider answer: website.lang is "de"; using "en".',
      'Provider answer: website.lang is missing; using "en".',
      'Provider answer: website.lang is null; using "en".',
    ]);
  });

  it('should throw instead in strict mode (the reference server tests)', () => {
    setStrictAnswers(true);
    expect(() => v.parse(Schema, { lang: 'de' })).toThrow(/website.lang is "de".*breaks the contract/);
  });
});

describe('listOf', () => {
  const Item = v.object({ id: v.number(), price: v.number() });
  const List = listOf('products', Item);

  it('should leave out unusable items, keep the rest in order, and warn once per kind of problem', () => {
    const items = [{ id: 1, price: 1 }, ...Array.from({ length: 5000 }, (_, index) => ({ id: index + 10 })), { id: 2, price: 2 }, { price: 3 }];
    expect(v.parse(List, items)).toEqual([
      { id: 1, price: 1 },
      { id: 2, price: 2 },
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/left out an unusable item of products \(price: /);
    expect(String(warn.mock.calls[1]?.[0])).toMatch(/\(id: /);
  });

  it('should still need the list itself', () => {
    expect(v.safeParse(List, { data: [] }).success).toBe(false);
  });

  it('should throw instead in strict mode', () => {
    setStrictAnswers(true);
    expect(() => v.parse(List, [{ id: 1 }])).toThrow(/breaks the contract/);
  });
});

describe('collectFallbacks', () => {
  const schema = v.object({ lang: orDefault('website.lang', v.picklist(['en', 'pl']), 'en'), items: listOf('items', v.object({ id: v.number() })) });

  it('should hand every fallback back instead of warning, even in strict mode, and only while reading', () => {
    setStrictAnswers(true);
    const { value, fallbacks } = collectFallbacks(() => v.parse(schema, { lang: 'de', items: [{ id: 1 }, { id: 'x' }] }));
    expect(value).toEqual({ lang: 'en', items: [{ id: 1 }] });
    expect(fallbacks).toEqual(['Provider answer: website.lang is "de"; using "en".', expect.stringContaining('left out an unusable item of items')]);
    expect(warn).not.toHaveBeenCalled();
    expect(() => v.parse(schema, { lang: 'de', items: [] })).toThrow(/strict mode/);
  });
});
