import { isApiClientError } from '../api/errors.ts';
import { hasMessage, type MessageKey, type MessageParams } from '../i18n/index.ts';
import { fieldMessage, type FieldIssue } from '../widgets/field/validate-field.ts';

/**
 * A form's field errors as shown: a client rule's key and params, or a server's field error of a 422
 * (its i18n key when this client knows it, else the provider's text), turned into text in the current
 * language only when shown, so switching the language re-renders them. Used by `useFormState`
 * (`./use-form-state.ts`) and by screens for fields they show outside it.
 *
 * @module
 */

/** A shown field error: a rule's key and params, or a server text this client has no key for. */
export type ShownError = FieldIssue | { text: string };

/** Only string and number placeholders reach `t()`. */
function messageParams(params: Record<string, unknown>): MessageParams {
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  return out;
}

/** The text of a shown error in the current language; undefined for none. */
export function errorText(shown: ShownError | undefined): string | undefined {
  if (!shown) return undefined;
  return 'text' in shown ? shown.text : fieldMessage(shown.key, shown.params);
}

/** The server's error for `field` of a 422: its i18n key when this client knows it, else its text. */
export function serverFieldError(error: unknown, field: string): ShownError | null {
  if (!isApiClientError(error)) return null;
  const keyed = error.fieldKeys?.[field]?.[0];
  if (keyed && hasMessage(keyed.key)) return { key: keyed.key as MessageKey, params: messageParams(keyed.params) };
  const text = error.fieldErrors?.[field]?.[0];
  if (text) return { text };
  return keyed ? { text: keyed.key } : null;
}

/**
 * The text of the server's error for `field` of a 422, in the current language (its i18n key when this
 * client knows it, else the provider's text); `null` when the error names no such field. For fields a
 * screen shows outside this hook (the contact form's file).
 */
export function serverFieldText(error: unknown, field: string): string | null {
  return errorText(serverFieldError(error, field) ?? undefined) ?? null;
}

/** The fields a failed call names (a 422 with field errors); none for any other failure. */
export function namesFields(error: unknown): string[] {
  if (!isApiClientError(error)) return [];
  return [...new Set([...Object.keys(error.fieldKeys ?? {}), ...Object.keys(error.fieldErrors ?? {})])];
}
