import { signal } from '@preact/signals-react';
import { isLocale, locale, prepareLocale, type Locale } from '../i18n/locale.ts';
import { pageSingleton } from '../page-singleton.ts';

// The languages and the shown one live in `src/i18n/locale.ts` (below the HTTP client, which
// translates its errors); the store's modules and the interface keep importing them from here.
export { isLocale, LOCALES, locale, type Locale } from '../i18n/locale.ts';

/** The language last asked for (attribute, switch, shop default): ahead of {@link locale} while its texts load. */
export const requestedLocale = pageSingleton('requested-locale', () => signal<Locale>('en'));

/** Switches every element on the page to `next` once its texts are loaded; unknown values fall back to English. */
export function setLocale(next: string | null | undefined): void {
  const wanted: Locale = isLocale(next) ? next : 'en';
  requestedLocale.value = wanted;
  prepareLocale(wanted, () => {
    // A later request won meanwhile: it shows instead.
    if (requestedLocale.peek() === wanted) locale.value = wanted;
  });
}
