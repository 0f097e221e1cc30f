import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../store/locale.ts';
import { formatDate, formatMoney, formatNumber, formatPoints, intlLocale } from './format.ts';

/**
 * Intl separates groups and units with no-break spaces (U+00A0, and U+202F in some locales and ICU
 * versions); the checks compare with plain spaces.
 */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => setLocale('en'));

describe('intlLocale', () => {
  it('uses British English and Polish conventions', () => {
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('pl')).toBe('pl-PL');
  });
});

describe('formatNumber', () => {
  it.each([
    [1234.5, '1,234.5', '1234,5'],
    [12_345.5, '12,345.5', '12 345,5'],
    [1_234_567.891, '1,234,567.891', '1 234 567,891'],
    [-0.5, '-0.5', '-0,5'],
  ])('%d', (value, english, polish) => {
    expect(plain(formatNumber(value, 'en'))).toBe(english);
    expect(plain(formatNumber(value, 'pl'))).toBe(polish);
  });
});

describe('formatMoney', () => {
  it.each([
    [1234.5, 'PLN', 'PLN 1,234.50', '1234,50 zł'],
    [12_345.5, 'PLN', 'PLN 12,345.50', '12 345,50 zł'],
    [9.9, 'PLN', 'PLN 9.90', '9,90 zł'],
    [1234.5, 'EUR', '€1,234.50', '1234,50 €'],
    [12_345.5, 'EUR', '€12,345.50', '12 345,50 €'],
    [0, 'EUR', '€0.00', '0,00 €'],
  ])('%d %s', (value, currency, english, polish) => {
    expect(plain(formatMoney(value, currency, 'en'))).toBe(english);
    expect(plain(formatMoney(value, currency, 'pl'))).toBe(polish);
  });

  it('accepts a lower-case currency code', () => {
    expect(plain(formatMoney(5, 'eur', 'pl'))).toBe('5,00 €');
  });

  it('shows a points shop (currency pkt, any case) in points', () => {
    expect(plain(formatMoney(1000, 'pkt', 'en'))).toBe('1,000 pts');
    expect(plain(formatMoney(1000, 'PKT', 'pl'))).toBe('1000 pkt');
  });

  it('shows the amount with the code when Intl rejects the currency', () => {
    expect(plain(formatMoney(1234.5, 'ABCD', 'en'))).toBe('1,234.50 ABCD');
    expect(plain(formatMoney(1234.5, 'ABCD', 'pl'))).toBe('1234,50 ABCD');
  });
});

describe('formatPoints', () => {
  it.each([
    [1000, '1,000 pts', '1000 pkt'], // Polish groups digits only from five on (CLDR minimumGroupingDigits 2)
    [10_000, '10,000 pts', '10 000 pkt'],
    [250, '250 pts', '250 pkt'],
    [12.5, '12.5 pts', '12,5 pkt'],
    [1.234, '1.23 pts', '1,23 pkt'],
  ])('%d', (value, english, polish) => {
    expect(plain(formatPoints(value, 'en'))).toBe(english);
    expect(plain(formatPoints(value, 'pl'))).toBe(polish);
  });

  it('keeps the number and its unit together', () => {
    expect(formatPoints(5, 'en')).toBe('5\u00a0pts');
  });

  it('follows the locale signal', () => {
    expect(plain(formatPoints(1500))).toBe('1,500 pts');
    setLocale('pl');
    expect(plain(formatPoints(1500))).toBe('1500 pkt');
    expect(plain(formatMoney(1500, 'PLN'))).toBe('1500,00 zł');
  });
});

describe('formatDate', () => {
  // Local times, so the checks hold in any time zone.
  const date = new Date(2026, 10, 22, 14, 5);

  it('formats a date in each locale', () => {
    expect(formatDate(date, 'en')).toBe('22 Nov 2026');
    expect(formatDate(date, 'pl')).toBe('22 lis 2026');
    expect(formatDate(new Date(2026, 0, 3), 'pl')).toBe('3 sty 2026');
  });

  it('adds the time on request (24-hour clock in both)', () => {
    expect(plain(formatDate(date, 'en', true))).toMatch(/^22 Nov 2026,? 14:05$/);
    expect(plain(formatDate(date, 'pl', true))).toMatch(/^22 lis 2026,? 14:05$/);
  });

  it('accepts an ISO string', () => {
    expect(formatDate('2026-11-22T14:05:00', 'en')).toBe('22 Nov 2026');
    expect(formatDate('2026-03-01T09:00:00', 'pl')).toBe('1 mar 2026');
  });

  it('follows the locale signal', () => {
    setLocale('pl');
    expect(formatDate(date)).toBe('22 lis 2026');
  });

  it.each([['not a date'], [''], [new Date(Number.NaN)]])('gives an empty text for an invalid date (%s)', (value) => {
    expect(formatDate(value, 'en')).toBe('');
    expect(formatDate(value, 'pl')).toBe('');
  });
});
