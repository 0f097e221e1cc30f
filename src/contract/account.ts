import * as v from 'valibot';
import { orDefault } from './tolerant.ts';
import { emailField, idField as websiteId, optionalLine, optionalPhoneField, requiredLine } from './fields.ts';

/**
 * Signing in and the account (spec §7): login, registration and its confirmation, a forgotten password,
 * the one-time sign-in handoff between origins, the profile update and the e-mail change, and the plain
 * message answers these calls give.
 *
 * @module
 */

export const LoginRequestSchema = v.object({
  email: emailField,
  password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(200, 'validation.max_length')),
  website_id: websiteId,
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

export const AuthResponseSchema = v.object({ access_token: v.string() });
export type AuthResponse = v.InferOutput<typeof AuthResponseSchema>;

export const RegisterResponseSchema = v.object({ status: orDefault('register.status', v.literal('pending'), 'pending'), message: v.string(), code: v.optional(v.string()) });

/**
 * `POST /api/register/confirm`: the token of the link mailed to a registration's address;
 * no session needed. Answers {@link RegisterResponseSchema}: the request now waits for the coordinator.
 */
export const ConfirmRegistrationRequestSchema = v.object({
  website_id: websiteId,
  token: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(200, 'validation.max_length')),
});
export type ConfirmRegistrationRequest = v.InferOutput<typeof ConfirmRegistrationRequestSchema>;

export const ForgotPasswordRequestSchema = v.object({ email: emailField, website_id: websiteId });

/**
 * `POST /api/session/handoff`: a one-time code for the calling session's user in this shop,
 * for a link into the storefront on another origin. The code goes in the link; the token never does.
 */
export const SignInHandoffRequestSchema = v.object({ website_id: websiteId });
export type SignInHandoffRequest = v.InferOutput<typeof SignInHandoffRequestSchema>;

/** The code (base64url, 256 bits) and the seconds it stays valid (at most 60); it works once. */
export const SignInHandoffResponseSchema = v.object({ code: v.string(), expires_in: v.number() });
export type SignInHandoffResponse = v.InferOutput<typeof SignInHandoffResponseSchema>;

/**
 * `POST /api/session/exchange`: the link's code for a new session in this shop; answers as login does
 * ({@link AuthResponseSchema}). Any string is taken as a code: a malformed one is refused exactly like
 * an unknown, used or expired one, so the answer never tells which it was.
 */
export const SignInExchangeRequestSchema = v.object({ code: v.string('validation.required'), website_id: websiteId });
export type SignInExchangeRequest = v.InferOutput<typeof SignInExchangeRequestSchema>;

/**
 * `POST /api/session/handoff/preview` takes the exchange's body ({@link SignInExchangeRequestSchema})
 * and answers whose account the code would sign in as, without using it up: the storefront shows it and
 * asks the person to continue before the exchange. Refusals are the exchange's, byte for byte.
 */
export const SignInHandoffPreviewSchema = v.object({ name: v.string(), surname: v.string(), email: v.string() });
export type SignInHandoffPreview = v.InferOutput<typeof SignInHandoffPreviewSchema>;

/**
 * `PUT /api/user/update`. A different `email` is not changed at once: it needs `current_password`,
 * and takes effect when the link mailed to the new address is opened (`POST /api/user/email/confirm`).
 */
export const UserUpdateRequestSchema = v.object({
  name: requiredLine(100),
  surname: requiredLine(100),
  email: emailField,
  phone: optionalPhoneField,
  job_title: optionalLine(100),
  /** Needed only when `email` changes. */
  current_password: v.optional(v.pipe(v.string('validation.required'), v.maxLength(200, 'validation.max_length')), ''),
});
export type UserUpdateRequest = v.InferOutput<typeof UserUpdateRequestSchema>;

/** `POST /api/user/email/confirm`: the token of the link mailed to the new address; no session needed. */
export const ConfirmEmailRequestSchema = v.object({
  website_id: websiteId,
  token: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(200, 'validation.max_length')),
});
export type ConfirmEmailRequest = v.InferOutput<typeof ConfirmEmailRequestSchema>;

/** A success answer: English `message` and its i18n key `code` (`notices.*`) for the client's locale. */
export const MessageResponseSchema = v.object({ message: v.string(), code: v.optional(v.string()) });

/** `POST /api/user/email/confirm`: the notice and the account's address now in force. */
export const ConfirmEmailResponseSchema = v.object({ message: v.string(), code: v.optional(v.string()), email: v.string() });
export type ConfirmEmailResponse = v.InferOutput<typeof ConfirmEmailResponseSchema>;
export type MessageResponse = v.InferOutput<typeof MessageResponseSchema>;
export type RegisterResponse = v.InferOutput<typeof RegisterResponseSchema>;
