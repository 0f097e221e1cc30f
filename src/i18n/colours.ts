import { locale, type Locale } from './locale.ts';

/** A product colour: its name in each interface language and a swatch colour. */
export interface Colour {
  en: string;
  pl: string;
  hex: string;
}

/**
 * Product colour codes (variant `color_code`) with their names and swatches. The first eight are the
 * demo data's colours and use the same fills as its product pictures; the rest cover common
 * merchandise colours. Polish names are masculine adjectives, agreeing with "kolor".
 */
export const COLOURS = {
  black: { en: 'Black', pl: 'Czarny', hex: '#1f2937' },
  white: { en: 'White', pl: 'Biały', hex: '#f8fafc' },
  navy: { en: 'Navy', pl: 'Granatowy', hex: '#1e3a8a' },
  red: { en: 'Red', pl: 'Czerwony', hex: '#dc2626' },
  green: { en: 'Green', pl: 'Zielony', hex: '#16a34a' },
  grey: { en: 'Grey', pl: 'Szary', hex: '#9ca3af' },
  blue: { en: 'Blue', pl: 'Niebieski', hex: '#2563eb' },
  yellow: { en: 'Yellow', pl: 'Żółty', hex: '#facc15' },
  orange: { en: 'Orange', pl: 'Pomarańczowy', hex: '#f97316' },
  purple: { en: 'Purple', pl: 'Fioletowy', hex: '#9333ea' },
  pink: { en: 'Pink', pl: 'Różowy', hex: '#ec4899' },
  brown: { en: 'Brown', pl: 'Brązowy', hex: '#92400e' },
  beige: { en: 'Beige', pl: 'Beżowy', hex: '#e7d8b8' },
  cream: { en: 'Cream', pl: 'Kremowy', hex: '#fef3c7' },
  natural: { en: 'Natural', pl: 'Naturalny', hex: '#e8dcc4' },
  silver: { en: 'Silver', pl: 'Srebrny', hex: '#c0c0c0' },
  gold: { en: 'Gold', pl: 'Złoty', hex: '#d4af37' },
  turquoise: { en: 'Turquoise', pl: 'Turkusowy', hex: '#14b8a6' },
  teal: { en: 'Teal', pl: 'Morski', hex: '#0f766e' },
  burgundy: { en: 'Burgundy', pl: 'Bordowy', hex: '#7f1d1d' },
  khaki: { en: 'Khaki', pl: 'Khaki', hex: '#a3a06b' },
  olive: { en: 'Olive', pl: 'Oliwkowy', hex: '#4d7c0f' },
  graphite: { en: 'Graphite', pl: 'Grafitowy', hex: '#374151' },
  light_blue: { en: 'Light blue', pl: 'Jasnoniebieski', hex: '#7dd3fc' },
  dark_green: { en: 'Dark green', pl: 'Ciemnozielony', hex: '#166534' },
  lime: { en: 'Lime', pl: 'Limonkowy', hex: '#84cc16' },
  mint: { en: 'Mint', pl: 'Miętowy', hex: '#6ee7b7' },
  coral: { en: 'Coral', pl: 'Koralowy', hex: '#fb7185' },
  lavender: { en: 'Lavender', pl: 'Lawendowy', hex: '#c4b5fd' },
} as const satisfies Record<string, Colour>;
export type ColourCode = keyof typeof COLOURS;

/** Other spellings of the codes above. */
const ALIASES: Readonly<Record<string, ColourCode>> = {
  gray: 'grey',
  navy_blue: 'navy',
  maroon: 'burgundy',
  bordeaux: 'burgundy',
  violet: 'purple',
  sky_blue: 'light_blue',
  dark_grey: 'graphite',
  dark_gray: 'graphite',
  ecru: 'natural',
};

/** A code as stored in the table: lower case, words joined by `_` ("Light-Blue" → "light_blue"). */
function normalise(code: string): string {
  return code
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
}

function findColour(code: string): Colour | undefined {
  const key = normalise(code);
  const known = Object.hasOwn(COLOURS, key) ? (key as ColourCode) : ALIASES[key];
  return known ? COLOURS[known] : undefined;
}

/** Whether a colour code is in the table (any letter case or separator, aliases included). */
export function isKnownColour(code: string): boolean {
  return findColour(code) !== undefined;
}

/**
 * The name of a colour in `lang` ("Navy" / "Granatowy"). An unknown code is humanised rather than
 * shown raw: "sky-blue" → "Sky blue", "RED_WINE" → "Red wine".
 */
export function colourName(code: string, lang: Locale = locale.value): string {
  const known = findColour(code);
  if (known) return known[lang];
  const words = normalise(code).replaceAll('_', ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

/**
 * The swatch colour of a code as `#rrggbb`; a code that is itself a hex colour (`#0a0`, `00aa00`) is
 * returned as `#rrggbb`; anything else gives `undefined` (show no swatch).
 */
export function colourHex(code: string): string | undefined {
  const known = findColour(code);
  if (known) return known.hex;
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(code.trim())?.[1]?.toLowerCase();
  if (!hex) return undefined;
  return hex.length === 3 ? `#${[...hex].map((digit) => digit + digit).join('')}` : `#${hex}`;
}
