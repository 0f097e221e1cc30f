import type * as v from 'valibot';
import { api } from './client.ts';
import {
  AuthResponseSchema,
  MessageResponseSchema,
  RegisterResponseSchema,
  SignInHandoffPreviewSchema,
  SignInHandoffResponseSchema,
  type AuthResponse,
  type ConfirmRegistrationRequest,
  type ForgotPasswordRequestSchema,
  type LoginRequest,
  type MessageResponse,
  type RegisterResponse,
  type SignInHandoffPreview,
  type SignInHandoffResponse,
} from '../contract/contract.ts';
import type { RegisterRequest, ResetPasswordRequestSchema } from '../contract/password.ts';

/**
 * Account calls of spec §7 that need no session: login, logout, registration by request and the
 * password reset; and the sign-in handoff to another origin. They only talk to the
 * provider; keeping the token and loading the user is the session store's job (spec §4).
 */

/** Body of `POST /api/forgotPassword`. */
export type ForgotPasswordRequest = v.InferInput<typeof ForgotPasswordRequestSchema>;
/** Body of `POST /api/resetPassword` (the token and e-mail come from the reset link). */
export type ResetPasswordRequest = v.InferInput<typeof ResetPasswordRequestSchema>;

/** Logs in to one shop (`POST /api/login`); the answer's `access_token` is the new session. */
export function login(credentials: LoginRequest): Promise<AuthResponse> {
  return api.post('/api/login', AuthResponseSchema, credentials);
}

/** Ends the calling session at the provider (`POST /api/logout`); other sessions stay. */
export function logout(): Promise<MessageResponse> {
  return api.post('/api/logout', MessageResponseSchema);
}

/** Sends a registration request (`POST /api/register`, 201 pending); it reaches the coordinator once its address is confirmed. */
export function register(form: RegisterRequest): Promise<RegisterResponse> {
  return api.post('/api/register', RegisterResponseSchema, form);
}

/**
 * Confirms a registration's address with the token of the link mailed to it (`POST /api/register/confirm`):
 * the request then reaches the coordinator.
 */
export function confirmRegistration(form: ConfirmRegistrationRequest): Promise<RegisterResponse> {
  return api.post('/api/register/confirm', RegisterResponseSchema, form);
}

/** Asks for a reset link (`POST /api/forgotPassword`); the same answer whether or not the account exists. */
export function forgotPassword(request: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post('/api/forgotPassword', MessageResponseSchema, request);
}

/** Sets a new password from a reset link (`POST /api/resetPassword`); the answer logs the user in (spec §4). */
export function resetPassword(form: ResetPasswordRequest): Promise<AuthResponse> {
  return api.post('/api/resetPassword', AuthResponseSchema, form);
}

/**
 * Asks for a one-time sign-in code for the current session's user in shop `websiteId`
 * (`POST /api/session/handoff`), to put in a link into the storefront on another origin: the link
 * carries the code, never the token. The code works once, for `expires_in` seconds (at most 60).
 */
export function requestSignInHandoff(websiteId: number): Promise<SignInHandoffResponse> {
  return api.post('/api/session/handoff', SignInHandoffResponseSchema, { website_id: websiteId });
}

/**
 * Exchanges a sign-in code from a link for a new session in shop `websiteId`
 * (`POST /api/session/exchange`); the answer is a login's, and the caller keeps it as one. A code
 * that does not work (used, expired, another shop's, altered) is always 400 `errors.handoff_invalid`.
 */
export function exchangeSignInHandoff(code: string, websiteId: number): Promise<AuthResponse> {
  return api.post('/api/session/exchange', AuthResponseSchema, { code, website_id: websiteId });
}

/**
 * Whose account a sign-in code from a link would sign in as (`POST /api/session/handoff/preview`),
 * without using the code up: the storefront shows it and asks before {@link exchangeSignInHandoff}.
 * Refused exactly as the exchange refuses (400 `errors.handoff_invalid`).
 */
export function previewSignInHandoff(code: string, websiteId: number): Promise<SignInHandoffPreview> {
  return api.post('/api/session/handoff/preview', SignInHandoffPreviewSchema, { code, website_id: websiteId });
}
