/**
 * Reading what a buyer types in a quantity field, so that a quantity is never changed silently,
 * for the numeric counter of the product page and the cart. The limits it is then held to are the
 * rules of `quantity.ts` (`maxLineQuantity`, the minimums); this module only says what the text is.
 * Apart from `quantity.ts` so the store's cart chunk, which needs those rules on every page, does not
 * carry the field's parsing. Pure: no React, no I/O.
 *
 * @module
 */
/**
 * What a buyer typed in a quantity field, read without guessing, so that a quantity is never
 * changed silently: `empty` (spec §5: counts as 0), a whole `number`, or a refusal. A decimal
 * ("2.5", Polish "2,5") is `not_whole` rather than 25 or 2, and anything else with letters or signs
 * ("abc", "-1", "1e3") is `not_number`; the field then keeps the text and shows why.
 *
 * Spaces (also no-break and thin ones) group digits in both languages ("10 000"); in English a comma
 * that groups exactly three digits does too ("10,000"), while in Polish a comma is the decimal mark.
 */
export type QuantityReading =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'not_whole' }
  | { kind: 'not_number' };

/** Reads the text of a quantity field; `lang` decides whether a comma groups thousands (en) or marks decimals (pl). */
export function readQuantity(text: string, lang: 'en' | 'pl' = 'en'): QuantityReading {
  const compact = text.replace(/[\s\u00a0\u202f\u2009]/g, '');
  if (compact === '') return { kind: 'empty' };
  if (/^\d+$/.test(compact)) return { kind: 'number', value: Number(compact) };
  if (lang === 'en' && /^\d{1,3}(,\d{3})+$/.test(compact)) return { kind: 'number', value: Number(compact.replace(/,/g, '')) };
  if (/^\d*[.,]\d+$|^\d+[.,]$/.test(compact)) return { kind: 'not_whole' };
  return { kind: 'not_number' };
}
