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
 * The page's interface language as shown, shared by every element on the page. It lives here, below
 * the HTTP client and the store, so translating (`./index.ts`, used by `src/api/errors.ts`) reaches
 * no store module. It changes only once the texts of the new language are loaded (`setLocale` in
 * `src/store/locale.ts`), so a switch never shows keys or a mix of two languages.
 */
export const locale = pageSingleton('locale', () => signal<Locale>('en'));

/**
 * Gets a language ready before it is shown: `./index.ts` loads its dictionary parts the page's
 * elements use, then calls `show` (at once when they are there). It installs itself
 * ({@link prepareLocalesWith}); until then a language shows at once.
 */
type Preparer = (next: Locale, show: () => void) => void;
// Installed once, as `./index.ts` loads: a fresh page in a test keeps it.
const preparer = pageSingleton<{ run: Preparer }>('locale-preparer', () => ({ run: (_next, show) => show() }), 'keep');

/** Called by `./index.ts` to load a language's texts before `setLocale` shows it. */
export function prepareLocalesWith(prepare: Preparer): void {
  preparer.run = prepare;
}

/** Gets `next` ready with the preparer installed, then calls `show`. */
export function prepareLocale(next: Locale, show: () => void): void {
  preparer.run(next, show);
}
