/**
 * Label matching for the autocomplete and the dropdown's type-ahead (spec §5: "Autocomplete matches
 * labels ignoring case, accents and punctuation"). Kept apart from the widgets so lists filtered
 * elsewhere (e.g. countries on the server side of a form) can use the same rule. The accents are
 * folded by the domain's `foldText`, the same table the catalogue search folds with on the server.
 */
import { foldText } from '../../domain/text-folding.ts';

/**
 * A label or query reduced to what matching compares: lower case, no diacritics ("Żółty" → "zolty",
 * "Łódź" → "lodz"), punctuation and symbols turned into spaces, runs of spaces collapsed and trimmed
 * ("St.-Étienne" → "st etienne").
 */
export function normaliseForMatch(text: string): string {
  return foldText(text)
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether `label` matches what the user typed: every word of the query occurs in the label, compared
 * after `normaliseForMatch`. An empty query (or one of punctuation only) matches everything, so an
 * untouched autocomplete lists all its options.
 */
export function matchesQuery(label: string, query: string): boolean {
  const words = normaliseForMatch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normaliseForMatch(label);
  return words.every((word) => haystack.includes(word));
}

/**
 * Whether `label` starts with `prefix` under the same normalisation: the dropdown's type-ahead
 * ("l" finds "Łódź").
 */
export function startsWithQuery(label: string, prefix: string): boolean {
  const normalisedPrefix = normaliseForMatch(prefix);
  return normalisedPrefix !== '' && normaliseForMatch(label).startsWith(normalisedPrefix);
}
