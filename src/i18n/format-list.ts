import { locale, type Locale } from './locale.ts';
import { intlLocale } from './format.ts';

/**
 * Alternatives, one of which applies: "A or B", "A, B or C" (en), "A lub B" (pl). Apart from
 * `format.ts`, which the first route loads, because only the checkout's delivery step lists alternatives.
 */
export function formatAlternatives(items: readonly string[], lang: Locale = locale.value): string {
  return new Intl.ListFormat(intlLocale(lang), { type: 'disjunction' }).format(items);
}
