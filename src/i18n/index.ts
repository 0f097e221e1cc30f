import rosetta from 'rosetta';
import { locale, type Locale } from '../store/locale.ts';
import en, { type Messages } from './locales/en.ts';
import pl from './locales/pl.ts';

/**
 * Translation: rosetta over typed dictionaries (English is the fallback, spec §1). `t` reads the
 * page's locale signal, so a component that calls it during render (with `useSignals()`) re-renders
 * when the language changes.
 */
const dictionaries: Record<Locale, Messages> = { en, pl };
const i18n = rosetta<Messages>(dictionaries);
i18n.locale('en');

/** Every dotted key of the English dictionary: `t('validation.required')` is checked by the compiler. */
export type MessageKey = DottedKeys<Messages>;
type DottedKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : DottedKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Values for a message's `{{placeholders}}`. */
export type MessageParams = Record<string, string | number>;

/**
 * The text of `key` in the current locale (or `lang`), falling back to English, then to the key
 * itself, so an unknown key (e.g. a server error code this client does not know) never renders empty.
 */
export function t(key: MessageKey | (string & {}), params?: MessageParams, lang: Locale = locale.value): string {
  return i18n.t(key, params, lang) || i18n.t(key, params, 'en') || key;
}

/** Whether a key exists in the dictionaries (e.g. to decide between a server code and its message). */
export function hasMessage(key: string): boolean {
  return i18n.t(key, {}, 'en') !== '';
}

export { dictionaries };
