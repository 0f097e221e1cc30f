import * as v from 'valibot';
import { isCommonPassword } from './common-passwords.ts';
import { emailField, idField, MPK_MAX_LENGTH, optionalPhoneField, PASSWORD_PATTERN, requiredLine } from './fields.ts';

/**
 * The one password policy and the three requests that set a password (registration, the reset, the
 * password change), shared by the client's forms and the server's checks. Apart from the rest of the
 * contract because of the common-password list (about 1.6 kB): the contract's other schemas
 * are in the runtime chunk every element loads, and only the three password forms need the list.
 *
 * @module
 */

/**
 * The one password policy (spec §5, §9): at least 8 characters with an
 * uppercase letter, a lowercase letter and a digit, and not one of the most common passwords
 * (`isCommonPassword`, `./common-passwords.ts`). Registration, the password change and the reset
 * all check it through {@link strongPassword}, on the client and on the server, so no way into an
 * account accepts a weaker password than another.
 */
export function isStrongPassword(password: string): boolean {
  return PASSWORD_PATTERN.test(password) && !isCommonPassword(password);
}

/** A new password under {@link isStrongPassword}: registration, password change and reset alike. */
export const strongPassword = v.pipe(
  v.string('validation.required'),
  v.nonEmpty('validation.required'),
  v.maxLength(200, 'validation.max_length'),
  v.check((password) => PASSWORD_PATTERN.test(password), 'validation.password'),
  // After the pattern, so a short or plain password hears what it lacks before "too common".
  v.check((password) => !isCommonPassword(password), 'validation.password_common'),
);

const websiteId = idField;

/** Registration by request (spec §3 "Registration form"), reviewed by the coordinator. */
export const RegisterRequestSchema = v.pipe(
  v.object({
    website_id: websiteId,
    name: requiredLine(100),
    surname: requiredLine(100),
    email: emailField,
    phone: optionalPhoneField,
    password: strongPassword,
    password_confirmation: v.string('validation.required'),
    coordinator_email: emailField,
    cost_center: requiredLine(MPK_MAX_LENGTH),
    job_title: requiredLine(100),
    buyer_id: requiredLine(50),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, 'validation.password_match'),
    ['password_confirmation'],
  ),
);
export type RegisterRequest = v.InferOutput<typeof RegisterRequestSchema>;

export const ResetPasswordRequestSchema = v.pipe(
  v.object({
    website_id: websiteId,
    email: emailField,
    token: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(200)),
    password: strongPassword,
    password_confirmation: v.string('validation.required'),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, 'validation.password_match'),
    ['password_confirmation'],
  ),
);

export const ChangePasswordRequestSchema = v.pipe(
  v.object({
    current_password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
    password: strongPassword,
    password_confirmation: v.string('validation.required'),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, 'validation.password_match'),
    ['password_confirmation'],
  ),
);

