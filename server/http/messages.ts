import rosetta from 'rosetta';
import { enLocale as en, plLocale as pl } from '../shared.ts';

const i18n = rosetta({ en });
i18n.locale('en');

/** Both languages, for the few texts the server writes for people rather than for API clients. */
const localised = rosetta({ en, pl });

/** The English text for an i18n key (the API answers in English; clients localise by `code`). */
export function text(key: string, params: Record<string, unknown> = {}): string {
  const value = i18n.t(key, params);
  return value === '' ? key : value;
}

/** A success answer `{message, code}`: the English text, and its key so clients can show it in their locale. */
export function notice(key: string): { message: string; code: string } {
  return { message: text(key), code: key };
}

/**
 * The text for an i18n key in `lang` (`en` or `pl`): the storefront page's title and description are
 * read by people and search engines in the shop's language, not by an API client that localises by code.
 * The key itself when neither dictionary has it, as {@link text} does.
 */
export function textIn(lang: 'en' | 'pl', key: string, params: Record<string, unknown> = {}): string {
  const value = localised.t(key, params, lang);
  return value === '' ? key : value;
}
