import { signal } from '@preact/signals-react';
import { pageSingleton } from '../page-singleton.ts';

/** The interface languages: English (fallback and default) and Polish (spec §1). */
export const LOCALES = ['en', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];

/** Whether a value names a supported locale. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The page's interface language as shown, shared by every element on the page. It changes only once
 * the texts of the new language are loaded ({@link setLocale}), so a switch never shows keys or a
 * mix of two languages.
 */
export const locale = pageSingleton('locale', () => signal<Locale>('en'));

/** The language last asked for (attribute, switch, shop default): ahead of {@link locale} while its texts load. */
export const requestedLocale = pageSingleton('requested-locale', () => signal<Locale>('en'));

/**
 * Gets a language ready before it is shown: `src/i18n` loads its dictionary parts the page's elements
 * use, then calls `show` (at once when they are there). The store stays below i18n, so i18n installs
 * it ({@link prepareLocalesWith}); until then a language shows at once.
 */
type Preparer = (next: Locale, show: () => void) => void;
const preparer = pageSingleton<{ run: Preparer }>('locale-preparer', () => ({ run: (_next, show) => show() }));

/** Called by `src/i18n` to load a language's texts before {@link setLocale} shows it. */
export function prepareLocalesWith(prepare: Preparer): void {
  preparer.run = prepare;
}

/** Switches every element on the page to `next` once its texts are loaded; unknown values fall back to English. */
export function setLocale(next: string | null | undefined): void {
  const wanted: Locale = isLocale(next) ? next : 'en';
  requestedLocale.value = wanted;
  preparer.run(wanted, () => {
    // A later request won meanwhile: it shows instead.
    if (requestedLocale.peek() === wanted) locale.value = wanted;
  });
}
