import { signal } from '@preact/signals-react';
import { pageSingleton } from '../page-singleton.ts';

/** The interface languages: English (fallback and default) and Polish (spec §1). */
export const LOCALES = ['en', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];

/** Whether a value names a supported locale. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The page's interface language, shared by every element on the page. */
export const locale = pageSingleton('locale', () => signal<Locale>('en'));

/** Switches every element on the page to `next`; unknown values fall back to English. */
export function setLocale(next: string | null | undefined): void {
  locale.value = isLocale(next) ? next : 'en';
}
