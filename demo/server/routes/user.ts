import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
  UserUpdateRequestSchema,
  type User,
} from '../../../src/api/contract.ts';
import { idField } from '../../../src/domain/validation.ts';
import type { Queryable } from '../db/index.ts';
import { shopAccess, userAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail, invalidFields } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { loadUserBudgets } from '../services/budget-assignments.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { revokeUserSessions } from '../services/sessions.ts';
import { claimLoginAttempt, clearFailedLogins, clientIp, keepFailedLogin } from '../services/throttle.ts';

const BudgetsQuerySchema = v.object({ website_id: v.pipe(v.string('validation.required'), v.toNumber('validation.integer'), idField) });

/** The user as one shop sees it (contract `UserSchema`): role, coordinator and budgets are per shop. */
export async function loadUser(db: Queryable, userId: number, websiteId: number): Promise<User> {
  const { rows } = await db.query<Omit<User, 'budgets' | 'website_id'>>(
    `SELECT u.id, u.email, u.name, u.surname, u.phone, u.job_title, u.buyer_id, u.cost_center, wu.role,
            c.email AS coordinator_email
       FROM users u
       JOIN website_users wu ON wu.user_id = u.id AND wu.website_id = $2
       LEFT JOIN users c ON c.id = wu.coordinator_id
      WHERE u.id = $1`,
    [userId, websiteId],
  );
  const row = rows[0];
  // The session check already joined website_users; a row vanishing in between is a lost session.
  if (!row) fail(401, 'errors.unauthenticated');
  return { ...row, website_id: websiteId, budgets: await loadUserBudgets(db, userId, websiteId) };
}

/** Whether a database error is a unique-index violation (same SQLSTATE on PGlite and pg). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** `PUT /api/user/update`: profile fields; the e-mail stays unique across all users, ignoring case. */
async function updateUser(c: Context<AppEnv>): Promise<Response> {
  const { auth } = await userAccess(c);
  const body = await jsonBody(c, UserUpdateRequestSchema);
  const db = c.get('db');
  const taken = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [body.email, auth.userId]);
  if (taken.rows.length > 0) throw invalidFields({ email: 'validation.email_taken' });
  try {
    await db.query(
      'UPDATE users SET name = $1, surname = $2, email = $3, phone = $4, job_title = $5 WHERE id = $6',
      [body.name, body.surname, body.email, body.phone, body.job_title, auth.userId],
    );
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw invalidFields({ email: 'validation.email_taken' });
    throw error;
  }
  return c.json(await loadUser(db, auth.userId, auth.websiteId));
}

/**
 * `POST /api/user/changePassword`: needs the current password; afterwards every other session of the
 * user (in every shop) ends, so whoever knew the old password is logged out, while this one stays, and
 * every reset link mailed before stops working.
 * Wrong current passwords are throttled like failed logins.
 */
async function changePassword(c: Context<AppEnv>): Promise<Response> {
  const { auth } = await userAccess(c);
  const body = await jsonBody(c, ChangePasswordRequestSchema);
  const db = c.get('db');
  const { loginThrottle } = c.get('config');
  const ip = clientIp(c);
  // A stolen session must not become a way to guess the password: wrong guesses count as failed logins.
  await claimLoginAttempt(db, loginThrottle, auth.email, ip);
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [auth.userId]);
  if (!(await verifyPassword(body.current_password, rows[0]?.password_hash))) {
    await keepFailedLogin(db, loginThrottle, auth.email, ip);
    throw invalidFields({ current_password: 'errors.invalid_login' });
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, auth.userId]);
    // Reset links mailed before are void: the password they were meant to replace is gone (as on reset).
    await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [auth.userId]);
    await revokeUserSessions(tx, auth.userId, auth.sessionId);
    await clearFailedLogins(tx, auth.email);
  });
  return c.json(notice('notices.password_changed'));
}

/**
 * Registers the calls on the logged-in user. They carry no website id of their own except the
 * budgets list, which is checked against the token's shop like every other shop-scoped call.
 */
export function registerUserRoutes(app: Hono<AppEnv>): void {
  app.get('/api/user', async (c) => {
    const { auth } = await userAccess(c);
    return c.json(await loadUser(c.get('db'), auth.userId, auth.websiteId));
  });
  app.get('/api/user/budgets', async (c) => {
    const { website_id } = queryParams(c, BudgetsQuerySchema);
    const { website, auth } = await shopAccess(c, website_id, 'user');
    // shopAccess in mode 'user' never returns without a session.
    if (!auth) fail(401, 'errors.unauthenticated');
    return c.json(await loadUserBudgets(c.get('db'), auth.userId, website.id));
  });
  app.put('/api/user/update', (c) => updateUser(c));
  app.post('/api/user/changePassword', (c) => changePassword(c));
}
