import * as v from 'valibot';

/**
 * What each field of the API accepts: the one rule for e-mails, phones, NIP, postal codes, ids,
 * quantities and the password pattern (the policy itself is `./password.ts`), shared by the client's
 * forms and the server's request checks. It sits beside the contract, below `src/domain`, so the
 * contract's schemas use it without the contract and the domain importing each other.
 *
 * Field rules of spec §5 as valibot pipes. Each message is an i18n key (see `src/i18n/locales/en.ts`),
 * never a text: the server turns keys into English texts for its 422 answers and the client shows them
 * in the user's locale. Pipes run in order and stop at the first failure (parse with
 * `abortPipeEarly: true`), which is the spec's "the first failing message is shown".
 */

/**
 * Simple x@y.z shape (spec §5 "simple x@y.z pattern") of one plain address: no white space
 * or control characters (CR/LF included), one `@`, and none of the characters that make a header
 * value a list or a display name (`,` `;` `:` `<` `>` `"` `(` `)` `[` `]` `\`). A mailer reads
 * `victim,attacker@evil.test` or `x<attacker@evil.test>` as more or other recipients than the shop
 * meant to write to, so they are refused wherever an address is accepted.
 */
export const EMAIL_PATTERN = /^[^\s\p{Cc}@,;:<>"()[\]\\]+@[^\s\p{Cc}@,;:<>"()[\]\\]+\.[^\s\p{Cc}@,;:<>"()[\]\\]+$/u;
/** At least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

/** Digits with optional +, spaces, dashes and brackets; 9 to 15 digits in all. */
export const PHONE_PATTERN = /^\+?[\d\s()-]+$/;
/** Polish tax ID (NIP) is digits; dashes and spaces are allowed as people type them. */
export const NIP_PATTERN = /^\d[\d\s-]*$/;
/** Password minimum length (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * The longest cost-centre (MPK) code, in characters after trimming: an order's `mpk_code` and the
 * profile's `cost_center` it is filled from. Here, at the bottom of the layers, so the contract's
 * schemas and the domain's MPK rule (`src/domain/mpk.ts`) read the one number.
 */
export const MPK_MAX_LENGTH = 50;

/** Postal code formats of the countries the demo ships with; others get a permissive shape. */
const POSTAL_CODES: Record<string, RegExp> = {
  PL: /^\d{2}-\d{3}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  CZ: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/,
  AT: /^\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  US: /^\d{5}(-\d{4})?$/,
};
const GENERIC_POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;

/** Whether `zip` is a valid postal code for the ISO country code (generic shape for unknown ones). */
export function isValidPostalCode(zip: string, country: string): boolean {
  return (POSTAL_CODES[country.toUpperCase()] ?? GENERIC_POSTAL_CODE).test(zip.trim());
}

/** Whether `phone` looks like a phone number: allowed characters and 9–15 digits. */
export function isValidPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(phone.trim()) && digits >= 9 && digits <= 15;
}

/** A trimmed string that must not be empty. */
export const requiredText = (max = 255) =>
  v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(max, 'validation.max_length'),
  );

/** A trimmed string that may be empty (absent becomes ''). */
export const optionalText = (max = 255) =>
  v.optional(v.pipe(v.string('validation.invalid'), v.trim(), v.maxLength(max, 'validation.max_length')), '');

/**
 * Line breaks inside a one-line value (a name, a subject) become single spaces. A form's text input
 * cannot hold them, so only a crafted request carries them, and in a value that reaches a mail they
 * could start a forged header or line.
 */
export const oneLine = v.transform((value: string) => value.replace(/\s*[\r\n\u0085\u2028\u2029]+\s*/g, ' '));

/** {@link requiredText} on one line ({@link oneLine}). */
export const requiredLine = (max = 255) => v.pipe(requiredText(max), oneLine);

/** {@link optionalText} on one line ({@link oneLine}). */
export const optionalLine = (max = 255) =>
  v.optional(v.pipe(v.string('validation.invalid'), v.trim(), oneLine, v.maxLength(max, 'validation.max_length')), '');

/** Required e-mail address. */
export const emailField = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(254, 'validation.max_length'),
  v.regex(EMAIL_PATTERN, 'validation.email'),
);

/** Required phone number. */
export const phoneField = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.check(isValidPhone, 'validation.phone'),
);

/** Optional phone number: empty is fine, anything else must be valid. */
export const optionalPhoneField = v.optional(
  v.pipe(
    v.string('validation.phone'),
    v.trim(),
    v.check((value) => value === '' || isValidPhone(value), 'validation.phone'),
  ),
  '',
);

/** Optional tax ID: empty, or digits (spec §5 "Tax ID (nip) must be a number"). */
export const nipField = v.optional(
  v.pipe(
    v.string('validation.nip'),
    v.trim(),
    v.check((value) => value === '' || NIP_PATTERN.test(value), 'validation.nip'),
  ),
  '',
);

/** ISO 3166-1 alpha-2 country code. */
export const countryField = v.pipe(
  v.string('validation.country'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{2}$/, 'validation.country'),
);

/** Largest row id: ids are PostgreSQL `integer` (serial) columns, so a larger one names no row. */
export const MAX_ID = 2_147_483_647;

/** A positive whole-number id, within the database's integer range (a larger one must not reach a query). */
export const idField = v.pipe(
  v.number('validation.integer'),
  v.integer('validation.integer'),
  v.minValue(1, 'validation.min_value'),
  v.maxValue(MAX_ID, 'validation.max_value'),
);

/** A whole-number quantity of at least 1. */
export const quantityField = v.pipe(
  v.number('validation.integer'),
  v.integer('validation.integer'),
  v.minValue(1, 'validation.min_value'),
  v.maxValue(1_000_000, 'validation.max_value'),
);

/** Parameters to fill a message's placeholders from a failed rule (e.g. the bound of min_length). */
export function issueParams(issue: v.BaseIssue<unknown>): Record<string, unknown> {
  const requirement = (issue as { requirement?: unknown }).requirement;
  return typeof requirement === 'number' ? { bound: requirement } : {};
}

/** The dotted field path of an issue (`items.0.quantity`), or `_` for the whole value. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  const keys = v.getDotPath(issue);
  return keys ?? '_';
}
