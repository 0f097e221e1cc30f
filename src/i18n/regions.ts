import { locale, type Locale } from './locale.ts';
import type { TableOption } from './countries.ts';
import { intlLocale } from './format.ts';

/** The name of a region in each interface language. */
export interface RegionNames {
  en: string;
  pl: string;
}

/**
 * Regions offered in address forms, by country. Poland: the 16 voivodeships under their numeric
 * codes (`PL-14`, the TERYT numbers also used by ISO 3166-2 until 2018); Polish names are the
 * official lower-case adjectives, English names the usual English ones.
 */
export const REGIONS: Readonly<Record<string, Readonly<Record<string, RegionNames>>>> = {
  PL: {
    'PL-02': { en: 'Lower Silesian', pl: 'dolnośląskie' },
    'PL-04': { en: 'Kuyavian-Pomeranian', pl: 'kujawsko-pomorskie' },
    'PL-06': { en: 'Lublin', pl: 'lubelskie' },
    'PL-08': { en: 'Lubusz', pl: 'lubuskie' },
    'PL-10': { en: 'Łódź', pl: 'łódzkie' },
    'PL-12': { en: 'Lesser Poland', pl: 'małopolskie' },
    'PL-14': { en: 'Masovian', pl: 'mazowieckie' },
    'PL-16': { en: 'Opole', pl: 'opolskie' },
    'PL-18': { en: 'Subcarpathian', pl: 'podkarpackie' },
    'PL-20': { en: 'Podlaskie', pl: 'podlaskie' },
    'PL-22': { en: 'Pomeranian', pl: 'pomorskie' },
    'PL-24': { en: 'Silesian', pl: 'śląskie' },
    'PL-26': { en: 'Świętokrzyskie', pl: 'świętokrzyskie' },
    'PL-28': { en: 'Warmian-Masurian', pl: 'warmińsko-mazurskie' },
    'PL-30': { en: 'Greater Poland', pl: 'wielkopolskie' },
    'PL-32': { en: 'West Pomeranian', pl: 'zachodniopomorskie' },
  },
};

/** The current ISO 3166-2 letter codes (since 2018) of the voivodeships, accepted as aliases. */
const ALIASES: Readonly<Record<string, string>> = {
  'PL-DS': 'PL-02',
  'PL-KP': 'PL-04',
  'PL-LU': 'PL-06',
  'PL-LB': 'PL-08',
  'PL-LD': 'PL-10',
  'PL-MA': 'PL-12',
  'PL-MZ': 'PL-14',
  'PL-OP': 'PL-16',
  'PL-PK': 'PL-18',
  'PL-PD': 'PL-20',
  'PL-PM': 'PL-22',
  'PL-SL': 'PL-24',
  'PL-SK': 'PL-26',
  'PL-WN': 'PL-28',
  'PL-WP': 'PL-30',
  'PL-ZP': 'PL-32',
};

function findRegion(code: string): RegionNames | undefined {
  const upper = code.trim().toUpperCase();
  const canonical = ALIASES[upper] ?? upper;
  const country = canonical.split('-')[0] ?? '';
  return REGIONS[country]?.[canonical];
}

/** The name of a region code in `lang` ("Masovian" / "mazowieckie"); an unknown code is returned as given. */
export function regionName(code: string, lang: Locale = locale.value): string {
  return findRegion(code)?.[lang] ?? code;
}

/** The regions of a country as options sorted by name in `lang`; none for a country without a list. */
export function regionOptions(country: string, lang: Locale = locale.value): TableOption[] {
  const regions = REGIONS[country.trim().toUpperCase()];
  if (!regions) return [];
  const collator = new Intl.Collator(intlLocale(lang));
  return Object.entries(regions)
    .map(([value, names]) => ({ value, label: names[lang] }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
