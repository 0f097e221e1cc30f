import type * as v from 'valibot';
import { api, type CallOptions } from './client.ts';
import {
  ConfirmEmailResponseSchema,
  MessageResponseSchema,
  UserBudgetListSchema,
  UserSchema,
  type ConfirmEmailRequestSchema,
  type ConfirmEmailResponse,
  type MessageResponse,
  type User,
  type UserBudget,
  type UserUpdateRequestSchema,
} from '../contract/contract.ts';
import type { ChangePasswordRequestSchema } from '../contract/password.ts';

/** Calls of the logged-in user (spec §7 and DESIGN.md §4): profile, e-mail change, password and budgets. */

/** Body of `PUT /api/user/update`. */
export type UserUpdateRequest = v.InferInput<typeof UserUpdateRequestSchema>;
/** Body of `POST /api/user/email/confirm`. */
export type ConfirmEmailRequest = v.InferInput<typeof ConfirmEmailRequestSchema>;
/** Body of `POST /api/user/changePassword`. */
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequestSchema>;

/** The user of the current token (`GET /api/user`), with their budgets in this shop. */
export function fetchUser(options: CallOptions = {}): Promise<User> {
  return api.get('/api/user', UserSchema, options);
}

/**
 * Saves the profile (`PUT /api/user/update`) and answers the updated user. A new `email` needs
 * `current_password` and is not changed at once: the answer keeps `email` and sets `pending_email`
 * until the link mailed to the new address is opened ({@link confirmEmailChange}).
 */
export function updateUser(form: UserUpdateRequest): Promise<User> {
  return api.put('/api/user/update', UserSchema, form);
}

/**
 * Confirms a new e-mail address with the token of the mailed link (`POST /api/user/email/confirm`);
 * no session needed. Answers the address now in force; other sessions of the user are signed out.
 */
export function confirmEmailChange(form: ConfirmEmailRequest): Promise<ConfirmEmailResponse> {
  return api.post('/api/user/email/confirm', ConfirmEmailResponseSchema, form);
}

/** Drops the user's pending e-mail change (`POST /api/user/email/cancel`); answers the user without one. */
export function cancelEmailChange(): Promise<User> {
  return api.post('/api/user/email/cancel', UserSchema);
}

/** Changes the password (`POST /api/user/changePassword`); the provider ends the user's other sessions. */
export function changePassword(form: ChangePasswordRequest): Promise<MessageResponse> {
  return api.post('/api/user/changePassword', MessageResponseSchema, form);
}

/** The buyer's budget assignments in the shop (`GET /api/user/budgets?website_id=`). */
export function fetchBudgets(websiteId: number, options: CallOptions = {}): Promise<UserBudget[]> {
  return api.get('/api/user/budgets', UserBudgetListSchema, { query: { website_id: websiteId }, signal: options.signal });
}
