/**
 * Accent folding, the one rule for "ignore case and accents" wherever text is compared: the
 * autocomplete's and the dropdown's matching (`widgets/shared/match.ts`) and the catalogue search,
 * whose stored `products.search_text` and the typed search are both folded here
 * (`search-text.ts`). One table on both sides means a letter the buyer types finds the same
 * products on the server as it finds options in a list.
 *
 * @module
 */

/**
 * Letters that Unicode does not decompose into a base letter plus a combining mark, so NFD alone
 * leaves them as they are ("ł" stays "ł"), each with what a user types for it on a plain keyboard.
 * Lower case only: {@link foldText} lower-cases first, so "Ł" comes here as "ł".
 */
export const UNDECOMPOSABLE_LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};

const UNDECOMPOSABLE_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSABLE_LETTERS).join('')}]`, 'g');

/**
 * Text in lower case without accents: "Żółty" → "zolty", "ŁÓDŹ" → "lodz", "Crème brûlée" →
 * "creme brulee", "Straße" → "strasse". Lower-cased, decomposed (NFD), every combining mark dropped,
 * then the letters NFD cannot split mapped by {@link UNDECOMPOSABLE_LETTERS}. Everything else
 * (digits, punctuation, spaces) is left as it is: what counts as a word break is the caller's rule.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(UNDECOMPOSABLE_PATTERN, (letter) => UNDECOMPOSABLE_LETTERS[letter] ?? letter);
}
