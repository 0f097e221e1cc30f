import rosetta from 'rosetta';
import { enLocale as en } from '../shared.ts';

const i18n = rosetta({ en });
i18n.locale('en');

/** The English text for an i18n key (the API answers in English; clients localise by `code`). */
export function text(key: string, params: Record<string, unknown> = {}): string {
  const value = i18n.t(key, params);
  return value === '' ? key : value;
}

/** A success answer `{message, code}`: the English text, and its key so clients can show it in their locale. */
export function notice(key: string): { message: string; code: string } {
  return { message: text(key), code: key };
}
