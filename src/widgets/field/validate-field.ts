import * as v from 'valibot';
import { isValidPostalCode, issueParams } from '../../contract/fields.ts';
import { t, type MessageKey, type MessageParams } from '../../i18n/index.ts';

/**
 * Running a field's rules (the valibot pipes of `src/contract/fields.ts`) in the browser. Spec §5:
 * "Field rules run in order; the first failing message is shown", so parsing stops at the first
 * failed rule (`abortPipeEarly`) and only that rule's message key is kept.
 */

/** The first rule a value broke: its i18n key and the values for the key's placeholders. */
export interface FieldIssue {
  /** An i18n key such as `validation.required` (the rules carry keys, never texts). */
  key: MessageKey;
  /** Placeholder values, e.g. `{ bound: 8 }` for `validation.min_length`. */
  params: MessageParams;
}

/**
 * The first rule of `schema` that `value` breaks, with the parameters its message needs (the bound of
 * a min/max rule), or null when the value passes. Nested values report their first issue only.
 */
export function firstFieldIssue(schema: v.GenericSchema, value: unknown): FieldIssue | null {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return null;
  const issue = result.issues[0];
  const params: MessageParams = {};
  for (const [name, param] of Object.entries(issueParams(issue))) {
    if (typeof param === 'string' || typeof param === 'number') params[name] = param;
  }
  return { key: issue.message as MessageKey, params };
}

/**
 * The message key of the first rule `value` breaks, or null when it passes. The key (not a text) is
 * what forms keep in state, so a later language switch re-renders the message in the new language.
 */
export function validateField(schema: v.GenericSchema, value: unknown): MessageKey | null {
  return firstFieldIssue(schema, value)?.key ?? null;
}

/** The text of a field message in the current language (`t`), e.g. "Enter at least 8 characters". */
export function fieldMessage(key: MessageKey | (string & {}), params?: MessageParams): string {
  return t(key, params);
}

/** The text of the first rule `value` breaks, bound included, or null: what `Field`'s `error` shows. */
export function fieldError(schema: v.GenericSchema, value: unknown): string | null {
  const issue = firstFieldIssue(schema, value);
  return issue ? fieldMessage(issue.key, issue.params) : null;
}

/**
 * A required postal code in the format of `country` (spec §5 "Invalid postal code format"). Lives here
 * rather than in the domain rules because the country comes from another field of the same form.
 */
export function postalCodeField(country: string) {
  return v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.check((zip) => isValidPostalCode(zip, country), 'validation.postal_code'),
  );
}

/**
 * The confirmation of a new password: required and equal to `password` (spec §5 "must match its
 * confirmation"). Built per render from the other field's current value.
 */
export function confirmationField(password: string) {
  return v.pipe(
    v.string('validation.required'),
    v.nonEmpty('validation.required'),
    v.check((confirmation) => confirmation === password, 'validation.password_match'),
  );
}
