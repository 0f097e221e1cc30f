import { locale, type Locale } from './locale.ts';
import { intlLocale } from './format.ts';

/** One choice of a select or autocomplete: the stored value and its label in the user's language. */
export interface TableOption {
  value: string;
  label: string;
}

/**
 * ISO 3166-1 alpha-2 codes of the countries offered in address forms: the EU, the rest of the EEA,
 * Switzerland, the United Kingdom, the European neighbours and North America. Names come from
 * `Intl.DisplayNames` (CLDR), so both languages are complete without a hand-typed list.
 */
export const COUNTRY_CODES = [
  // European Union
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  // Rest of the EEA, Switzerland and the United Kingdom
  'IS', 'LI', 'NO', 'CH', 'GB',
  // Other European neighbours
  'UA', 'MD', 'RS', 'BA', 'ME', 'MK', 'AL',
  // North America
  'US', 'CA',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

const displayNames = new Map<Locale, Intl.DisplayNames>();

function regionNames(lang: Locale): Intl.DisplayNames {
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames(intlLocale(lang), { type: 'region', fallback: 'code' });
    displayNames.set(lang, names);
  }
  return names;
}

/** Whether `code` is one of the countries offered in address forms (any letter case). */
export function isOfferedCountry(code: string): code is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(code.trim().toUpperCase());
}

/**
 * The name of a country in `lang` ("Germany" / "Niemcy"); any valid ISO code works, not only the
 * offered ones. An unknown or malformed code is returned as given.
 */
export function countryName(code: string, lang: Locale = locale.value): string {
  const normalised = code.trim().toUpperCase();
  // CLDR names the reserved ZZ "Unknown Region"; showing the code is clearer.
  if (!/^[A-Z]{2}$/.test(normalised) || normalised === 'ZZ') return code;
  try {
    const name = regionNames(lang).of(normalised);
    return name && name !== normalised ? name : code;
  } catch {
    return code;
  }
}

/** The offered countries as options, sorted by name with the locale's collation (Łotwa after Luksemburg). */
export function countryOptions(lang: Locale = locale.value): TableOption[] {
  const collator = new Intl.Collator(intlLocale(lang));
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, lang) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
