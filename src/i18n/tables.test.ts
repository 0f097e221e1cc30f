import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../store/locale.ts';
import { COLOURS, colourHex, colourName, isKnownColour } from './colours.ts';
import { COUNTRY_CODES, countryName, countryOptions, isOfferedCountry } from './countries.ts';
import { REGIONS, regionName, regionOptions } from './regions.ts';
import type { Locale } from '../store/locale.ts';

const LANGS: Locale[] = ['en', 'pl'];

afterEach(() => setLocale('en'));

/** Whether labels are in the order of the locale's collation. */
function isSorted(labels: string[], lang: Locale): boolean {
  const collator = new Intl.Collator(lang === 'pl' ? 'pl-PL' : 'en-GB');
  return labels.every((label, index) => index === 0 || collator.compare(labels[index - 1] ?? '', label) <= 0);
}

describe('countries', () => {
  it('offers the EU, the EEA, Switzerland, the UK, Ukraine and North America, each once', () => {
    const eu = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining([...eu, 'IS', 'LI', 'NO', 'CH', 'GB', 'UA', 'US', 'CA']));
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(40);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it.each(LANGS)('every code has a real name in %s', (lang) => {
    const unnamed = COUNTRY_CODES.filter((code) => countryName(code, lang) === code || countryName(code, lang).length <= 2);
    expect(unnamed).toEqual([]);
  });

  it('names countries in each language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'pl')).toBe('Niemcy');
    expect(countryName('PL', 'pl')).toBe('Polska');
    expect(countryName('GB', 'pl')).toBe('Wielka Brytania');
    expect(countryName('pl', 'en')).toBe('Poland');
  });

  it('English and Polish names differ (they are really translated)', () => {
    const different = COUNTRY_CODES.filter((code) => countryName(code, 'en') !== countryName(code, 'pl'));
    expect(different.length).toBeGreaterThan(COUNTRY_CODES.length * 0.7);
  });

  it.each([['XX'], ['ZZ'], ['Q1'], ['POL'], ['']])('returns the unknown code %j itself', (code) => {
    expect(countryName(code, 'en')).toBe(code);
    expect(countryName(code, 'pl')).toBe(code);
  });

  it.each(LANGS)('options are all countries, sorted by name in %s', (lang) => {
    const options = countryOptions(lang);
    expect(options.map((option) => option.value).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(isSorted(options.map((option) => option.label), lang)).toBe(true);
  });

  it('sorts Polish letters the Polish way', () => {
    const labels = countryOptions('pl').map((option) => option.label);
    // A plain code-unit sort would put Łotwa after Włochy.
    expect(labels.indexOf('Łotwa')).toBe(labels.indexOf('Luksemburg') + 1);
    expect(labels.indexOf('Włochy')).toBe(labels.length - 1);
    expect(labels[0]).toBe('Albania');
  });

  it('follows the locale signal', () => {
    expect(countryOptions()[0]?.label).toBe('Albania');
    setLocale('pl');
    expect(countryName('CH')).toBe('Szwajcaria');
  });

  it('tells offered countries apart', () => {
    expect(isOfferedCountry('pl')).toBe(true);
    expect(isOfferedCountry('JP')).toBe(false);
  });
});

describe('regions', () => {
  const voivodeships = REGIONS.PL ?? {};

  it('lists the 16 Polish voivodeships under their numeric codes', () => {
    expect(Object.keys(voivodeships)).toEqual(Array.from({ length: 16 }, (_, index) => `PL-${String((index + 1) * 2).padStart(2, '0')}`));
    for (const names of Object.values(voivodeships)) {
      expect(names.en).not.toBe('');
      expect(names.pl).toMatch(/^[a-ząćęłńóśźż-]+$/);
    }
    expect(new Set(Object.values(voivodeships).map((names) => names.pl)).size).toBe(16);
  });

  it('names a region in each language, accepting the ISO letter codes too', () => {
    expect(regionName('PL-14', 'en')).toBe('Masovian');
    expect(regionName('PL-14', 'pl')).toBe('mazowieckie');
    expect(regionName('pl-mz', 'pl')).toBe('mazowieckie');
    expect(regionName('PL-SL', 'en')).toBe('Silesian');
    expect(regionName('PL-99', 'pl')).toBe('PL-99');
    expect(regionName('DE-BY', 'en')).toBe('DE-BY');
  });

  it.each(LANGS)('options of Poland are sorted by name in %s', (lang) => {
    const options = regionOptions('pl', lang);
    expect(options).toHaveLength(16);
    expect(isSorted(options.map((option) => option.label), lang)).toBe(true);
  });

  it('sorts ł and ś the Polish way', () => {
    const labels = regionOptions('PL', 'pl').map((option) => option.label);
    expect(labels.indexOf('łódzkie')).toBe(labels.indexOf('lubuskie') + 1);
    expect(labels.indexOf('śląskie')).toBe(labels.indexOf('pomorskie') + 1);
  });

  it('has no regions for other countries', () => {
    expect(regionOptions('DE', 'en')).toEqual([]);
  });
});

describe('colours', () => {
  const DEMO_COLOURS = ['black', 'white', 'navy', 'red', 'green', 'grey', 'blue', 'yellow'];

  it.each(DEMO_COLOURS)('the demo colour %s has both names and a valid hex', (code) => {
    expect(isKnownColour(code)).toBe(true);
    expect(colourName(code, 'en')).not.toBe(colourName(code, 'pl'));
    expect(colourName(code, 'en')).toMatch(/^[A-Z]/);
    expect(colourName(code, 'pl')).toMatch(/^[A-ZĄĆĘŁŃÓŚŹŻ]/);
    expect(colourHex(code)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('every colour of the table has both names and a distinct valid hex', () => {
    const incomplete = Object.entries(COLOURS).filter(([, colour]) => !colour.en || !colour.pl || !/^#[0-9a-f]{6}$/.test(colour.hex));
    expect(incomplete).toEqual([]);
    const hexes = Object.values(COLOURS).map((colour) => colour.hex);
    expect(new Set(hexes).size).toBe(hexes.length);
    expect(Object.keys(COLOURS).length).toBeGreaterThanOrEqual(16);
  });

  it('names colours in each language, in any letter case and through aliases', () => {
    expect(colourName('navy', 'en')).toBe('Navy');
    expect(colourName('navy', 'pl')).toBe('Granatowy');
    expect(colourName('RED', 'pl')).toBe('Czerwony');
    expect(colourName('gray', 'en')).toBe('Grey');
    expect(colourName('Light-Blue', 'pl')).toBe('Jasnoniebieski');
    expect(colourHex('GRAY')).toBe(COLOURS.grey.hex);
  });

  it('humanises an unknown code', () => {
    expect(colourName('sea-foam', 'en')).toBe('Sea foam');
    expect(colourName('RED_WINE', 'pl')).toBe('Red wine');
    expect(colourName('', 'en')).toBe('');
  });

  it('gives a hex only for a known colour or a hex code', () => {
    expect(colourHex('sea-foam')).toBeUndefined();
    expect(colourHex('#0A0')).toBe('#00aa00');
    expect(colourHex('1e3a8a')).toBe('#1e3a8a');
    expect(colourHex('#12345')).toBeUndefined();
  });

  it('follows the locale signal', () => {
    setLocale('pl');
    expect(colourName('yellow')).toBe('Żółty');
  });
});
