import type { Context, Hono } from 'hono';
import { LoginRequestSchema, normaliseEmail } from '../shared.ts';
import { emailKey } from '../db/email-key.ts';
import { requireAuth, shopAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { jsonBody } from '../http/validate.ts';
import { verifyPassword } from '../services/passwords.ts';
import { createSession, revokeSession } from '../services/sessions.ts';
import { loginSource, rememberDevice } from '../services/known-devices.ts';
import { claimLoginAttempt, clearFailedLogins, keepFailedLogin, releaseLoginAttempt } from '../services/throttle.ts';
import { forgotPassword, resetPassword } from './password-reset.ts';
import { exchangeHandoff, issueHandoff, previewHandoff } from './handoff.ts';
import { confirmRegistrationLink, register } from './registration.ts';

/**
 * `POST /api/login`. Order matters: the throttle is checked before the password, so a throttled caller
 * learns nothing (a browser known to the account is throttled on its own failures only, and becomes
 * or stays known on success: services/known-devices.ts); an unknown e-mail still costs a password hash, so timing does not reveal accounts;
 * the shop-access check comes after the password, so it reveals nothing to someone without it.
 */
async function login(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, LoginRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  const db = c.get('db');
  const { loginThrottle } = c.get('config');
  const source = await loginSource(c, db, body.email);
  // Counted as a failure from here on, so a burst of guesses at once gets no more checks than the limit.
  const attempt = await claimLoginAttempt(db, loginThrottle, body.email, source);

  const { rows } = await db.query<{ id: number; password_hash: string }>(
    `SELECT id, password_hash FROM users WHERE ${emailKey('email')} = $1`,
    [normaliseEmail(body.email)],
  );
  const user = rows[0];
  if (!(await verifyPassword(body.password, user?.password_hash)) || !user) {
    await keepFailedLogin(db, loginThrottle, body.email, source);
    fail(422, 'errors.invalid_login');
  }
  const access = await db.query('SELECT 1 FROM website_users WHERE website_id = $1 AND user_id = $2', [website.id, user.id]);
  if (access.rows.length === 0) {
    // The right password is no failed guess, even in a shop the account cannot enter.
    await releaseLoginAttempt(db, attempt);
    fail(403, 'errors.no_access');
  }

  await clearFailedLogins(db, body.email, source);
  await rememberDevice(c, db, user.id);
  const accessToken = await createSession(db, c.get('config'), user.id, website.id);
  return c.json({ access_token: accessToken });
}

/**
 * Registers the account calls of spec §7: login, logout, registration by request, and the forgotten
 * password pair; and the sign-in handoff to another origin. Per-user calls (`/api/user…`)
 * live in `user.ts`.
 */
export function registerAuthRoutes(app: Hono<AppEnv>): void {
  app.post('/api/login', (c) => login(c));
  app.post('/api/logout', async (c) => {
    const auth = requireAuth(c);
    await revokeSession(c.get('db'), auth.sessionId);
    return c.json(notice('notices.logged_out'));
  });
  app.post('/api/register', (c) => register(c));
  app.post('/api/register/confirm', (c) => confirmRegistrationLink(c));
  app.post('/api/forgotPassword', (c) => forgotPassword(c));
  app.post('/api/resetPassword', (c) => resetPassword(c));
  app.post('/api/session/handoff', (c) => issueHandoff(c));
  app.post('/api/session/handoff/preview', (c) => previewHandoff(c));
  app.post('/api/session/exchange', (c) => exchangeHandoff(c));
}
