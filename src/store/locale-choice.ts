import { isLocale, type Locale } from './locale.ts';
import { readStored, shopKey, writeStored } from './storage.ts';

/**
 * The language a visitor picked with the language switch, kept per shop in the browser (the safe
 * storage module, `localStorage`), so it survives a reload and the next visit: one shop's choice
 * never changes another shop's default. Shop-wide, not per user: the language belongs to the person
 * at this browser whether or not they have signed in yet. A stored value that is not a supported
 * language (corrupt, foreign, from an older version) reads as "nothing chosen" and is removed, so
 * the shop's own language (`website.lang`) applies.
 */
const NAME = 'locale';

/** The language chosen in `shop` before, or null (none, unreadable or unsupported). */
export function readChosenLocale(shop: string): Locale | null {
  return readStored(shopKey(shop, NAME), isLocale);
}

/** Remembers `lang` as the language chosen in `shop`; false when the browser keeps nothing. */
export function rememberChosenLocale(shop: string, lang: Locale): boolean {
  return writeStored(shopKey(shop, NAME), lang);
}
