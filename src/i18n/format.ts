import { isPointsCurrency } from '../contract/contract.ts';
import { locale, type Locale } from './locale.ts';
import { t } from './index.ts';

/**
 * Numbers, money, points and dates per locale through `Intl`. English uses British conventions
 * (day/month/year, the shops sell in Europe); Polish its own (spaces between thousands, comma decimals).
 */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', pl: 'pl-PL' };

/** The BCP 47 tag used with Intl for a locale. */
export function intlLocale(lang: Locale = locale.value): string {
  return INTL_LOCALE[lang];
}

/**
 * Formatters by locale and options. Building an `Intl.NumberFormat` costs far more than using
 * one (a page of 24 product cards formats dozens of prices), and the set of options is small and fixed.
 * A currency code Intl refuses is not cached: it throws each time, and the caller falls back.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(lang), options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A plain number, e.g. 1,234.5 (en) or 1 234,5 (pl). */
export function formatNumber(value: number, lang: Locale = locale.value, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(lang, options).format(value);
}

/** Points of a budget shop: "1,000 pts" (en), "1000 pkt" (pl); `decimals` at most (2, or 4 for a unit price below 1). */
export function formatPoints(value: number, lang: Locale = locale.value, decimals = 2): string {
  return `${formatNumber(value, lang, { maximumFractionDigits: decimals })}\u00a0${t('units.points', {}, lang)}`;
}

/** A price in the shop's currency; `pkt` (points shops, spec §1) is shown as points. `decimals`: at most, 4 for unit prices below 1. */
export function formatMoney(value: number, currency: string, lang: Locale = locale.value, decimals = 2): string {
  if (isPointsCurrency(currency)) return formatPoints(value, lang, decimals);
  try {
    return numberFormat(lang, decimals > 2 ? { style: 'currency', currency, maximumFractionDigits: decimals } : { style: 'currency', currency }).format(value);
  } catch {
    // An unknown currency code still shows the amount rather than failing the whole screen.
    return `${formatNumber(value, lang, { minimumFractionDigits: 2, maximumFractionDigits: decimals })}\u00a0${currency}`;
  }
}

/**
 * A unit price in the shop's currency: like {@link formatMoney}, but a unit price below 1 keeps the up to
 * 4 decimals it is multiplied with (`roundUnitPrice` in src/domain/pricing.ts: "PLN 0.0123"), so the
 * shown unit × quantity is the shown line total. Whole-cent prices look exactly as `formatMoney` shows them.
 */
export function formatUnitPrice(value: number, currency: string, lang: Locale = locale.value): string {
  return formatMoney(value, currency, lang, Math.abs(value) < 1 ? 4 : 2);
}

/** A date (or ISO string): "22 Nov 2026" (en), "22 lis 2026" (pl); `withTime` adds hours and minutes. */
export function formatDate(value: Date | string, lang: Locale = locale.value, withTime = false): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(date);
}
