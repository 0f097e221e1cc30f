import type * as v from 'valibot';
import { api } from './client.ts';
import {
  AuthResponseSchema,
  MessageResponseSchema,
  RegisterResponseSchema,
  type AuthResponse,
  type ForgotPasswordRequestSchema,
  type LoginRequest,
  type MessageResponse,
  type RegisterRequest,
  type RegisterResponse,
  type ResetPasswordRequestSchema,
} from '../contract/contract.ts';

/**
 * Account calls of spec §7 that need no session: login, logout, registration by request and the
 * password reset. They only talk to the provider; keeping the token and loading the user is the
 * session store's job (spec §4).
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

/** Sends a registration request for the coordinator to review (`POST /api/register`, 201 pending). */
export function register(form: RegisterRequest): Promise<RegisterResponse> {
  return api.post('/api/register', RegisterResponseSchema, form);
}

/** Asks for a reset link (`POST /api/forgotPassword`); the same answer whether or not the account exists. */
export function forgotPassword(request: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post('/api/forgotPassword', MessageResponseSchema, request);
}

/** Sets a new password from a reset link (`POST /api/resetPassword`); the answer logs the user in (spec §4). */
export function resetPassword(form: ResetPasswordRequest): Promise<AuthResponse> {
  return api.post('/api/resetPassword', AuthResponseSchema, form);
}
