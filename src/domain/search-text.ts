import { foldText } from './text-folding.ts';

/**
 * The searchable form of some text, the catalogue search's one rule: folded by {@link foldText}
 * (lower case, no accents), every run of characters that are neither letters nor digits turned into
 * one space, trimmed. `products.search_text` is `searchText(name, code)`.
 *
 * Search is accent-insensitive on both database drivers because the same function is applied to the
 * query: pass the user's search through it and match the words with `LIKE` against `search_text`
 * (`"Kubek ŻÓŁTY"` → `"kubek zolty"`, `"acme-tee"` → `"acme tee"`).
 */
export function searchText(...parts: string[]): string {
  return foldText(parts.join(' '))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
