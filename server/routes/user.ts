import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { ConfirmEmailRequestSchema, UserUpdateRequestSchema, type User, ChangePasswordRequestSchema, idField, normaliseEmail } from '../shared.ts';
import { storefrontUrl, type ServerConfig } from '../config.ts';
import { emailKey } from '../db/email-key.ts';
import { isUniqueViolation, type Queryable } from '../db/index.ts';
import { shopAccess, userAccess } from '../http/auth.ts';
import type { AppEnv, AuthContext, WebsiteRow } from '../http/env.ts';
import { fail, invalidFields } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { loadUserBudgets } from '../services/budget-assignments.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { revokeUserSessions } from '../services/sessions.ts';
import { linkLifetime, sendMail } from '../services/outbox.ts';
import { takeRate } from '../services/rate-limit.ts';
import { forgetDevices, loginSource } from '../services/known-devices.ts';
import { claimLoginAttempt, clearFailedLogins, keepFailedLogin } from '../services/throttle.ts';
import { hashToken, newToken } from '../services/tokens.ts';

/** `GET /api/user/budgets` query (exported for the OpenAPI document, build/openapi.ts). */
export const BudgetsQuerySchema = v.object({ website_id: v.pipe(v.string('validation.required'), v.toNumber('validation.integer'), idField) });

/** The user as one shop sees it (contract `UserSchema`): role, coordinator and budgets are per shop. */
export async function loadUser(db: Queryable, userId: number, websiteId: number): Promise<User> {
  const { rows } = await db.query<Omit<User, 'budgets' | 'website_id'>>(
    `SELECT u.id, u.email, u.name, u.surname, u.phone, u.job_title, u.buyer_id, u.cost_center, wu.role,
            c.email AS coordinator_email,
            (SELECT ec.new_email FROM email_changes ec
              WHERE ec.user_id = u.id AND ec.used_at IS NULL AND ec.expires_at > now()
              ORDER BY ec.id DESC LIMIT 1) AS pending_email
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

/**
 * Whether another account holds `email`, or a confirmed registration request waits for it, in any shop
 * (an address with a pending request belongs to its applicant until it is reviewed; an unconfirmed
 * one holds nothing).
 */
async function addressTaken(db: Queryable, email: string, userId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM users WHERE ${emailKey('email')} = $1 AND id <> $2
     UNION ALL
     SELECT 1 FROM registration_requests WHERE ${emailKey('email')} = $1 AND status = 'pending' AND (user_id IS NULL OR user_id <> $2)`,
    [normaliseEmail(email), userId],
  );
  return rows.length > 0;
}

/** Refuses a taken address ({@link addressTaken}) with the spec's "The email has already been taken". */
async function checkAddressFree(db: Queryable, email: string, userId: number): Promise<void> {
  if (await addressTaken(db, email, userId)) throw invalidFields({ email: 'validation.email_taken' });
}

/**
 * The current password, before an e-mail or password change: throttled like a login, by the same rule
 * (a stolen session must not become a way to guess it, and a stranger's failed logins must not block
 * the owner's changes), wrong ones counted as failed logins. A right one forgives this source's typos.
 */
async function checkCurrentPassword(c: Context<AppEnv>, auth: AuthContext, password: string): Promise<void> {
  if (password === '') throw invalidFields({ current_password: 'validation.required' });
  const db = c.get('db');
  const { loginThrottle } = c.get('config');
  const source = await loginSource(c, db, auth.email);
  await claimLoginAttempt(db, loginThrottle, auth.email, source);
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [auth.userId]);
  if (!(await verifyPassword(password, rows[0]?.password_hash))) {
    await keepFailedLogin(db, loginThrottle, auth.email, source);
    throw invalidFields({ current_password: 'errors.invalid_login' });
  }
  await clearFailedLogins(db, auth.email, source);
}

/**
 * Starts an e-mail change: a link to the new address (it proves the buyer can read it), and word to
 * the old one (so a change the owner did not make does not go unnoticed). A newer request replaces an
 * older one still waiting.
 *
 * For a `taken` address the change is stored all the same, so the answer (its
 * `pending_email`) and the old address's mail are those of a free one and tell nothing; but its token
 * is never mailed, so nobody can open it, and confirming would refuse the address anyway. The address's
 * owner gets word that someone tried to move an account onto it, with no link.
 */
async function requestEmailChange(
  tx: Queryable,
  config: ServerConfig,
  website: WebsiteRow,
  auth: AuthContext,
  newEmail: string,
  taken: boolean,
): Promise<void> {
  const token = newToken();
  await tx.query('UPDATE email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [auth.userId]);
  await tx.query(
    `INSERT INTO email_changes (user_id, website_id, new_email, token_hash, session_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + $6::int * interval '1 second')`,
    [auth.userId, website.id, newEmail, hashToken(token), auth.sessionId, config.emailChangeTtlSeconds],
  );
  await sendMail(
    tx,
    taken
      ? {
          websiteId: website.id,
          to: newEmail,
          subject: `${website.name}: someone tried to move an account to your e-mail address`,
          body:
            `Hello,\n\nsomeone signed in to an account in ${website.name} asked to make this its e-mail address. ` +
            'This address already belongs to an account (or to a registration request waiting for review), so nothing was ' +
            'changed and nothing will be: you do not need to do anything.\n\n' +
            'If you did not expect this, you may tell your coordinator or the shop.\n',
        }
      : {
          websiteId: website.id,
          to: newEmail,
          subject: `${website.name}: confirm your new e-mail address`,
          body:
            `Hello,\n\nto make this the e-mail address of your account in ${website.name}, open this link:\n` +
            `${storefrontUrl(config, website.slug)}/confirm-email?token=${encodeURIComponent(token)}\n\n` +
            `The link works once, for ${linkLifetime(config.emailChangeTtlSeconds)}. Until you open it, your account keeps its current address. ` +
            'If you did not ask for this, ignore this e-mail.\n',
        },
  );
  await sendMail(tx, {
    websiteId: website.id,
    to: auth.email,
    subject: `${website.name}: a change of your e-mail address was requested`,
    body:
      `Hello,\n\nsomeone signed in to your account in ${website.name} asked to change its e-mail address to ${newEmail}. ` +
      'It changes only when the link sent to that address is opened.\n\n' +
      'If this was not you, change your password now: that cancels the change and signs out every other device.\n',
  });
}

/**
 * `PUT /api/user/update`: profile fields, saved at once. A different e-mail address needs
 * the current password and takes effect only once the link mailed to it is opened
 * (`POST /api/user/email/confirm`); the answer shows it as `pending_email`. Only a change of case is
 * saved at once: it names the same account. Changes of address are rate-limited per account before
 * anything else, and the answer is the same whether the new address is free or taken (it
 * must not tell which addresses have accounts); a taken one is never mailed a link.
 */
async function updateUser(c: Context<AppEnv>): Promise<Response> {
  const { website, auth } = await userAccess(c);
  const body = await jsonBody(c, UserUpdateRequestSchema);
  const db = c.get('db');
  const config = c.get('config');
  const changing = normaliseEmail(body.email) !== normaliseEmail(auth.email);
  if (changing) {
    await takeRate(db, [{ bucket: 'email-change:user', key: String(auth.userId), limit: config.rateLimits.emailChange.perUser, windowSeconds: config.rateLimits.emailChange.windowSeconds }]);
    await checkCurrentPassword(c, auth, body.current_password);
  }
  const taken = changing && (await addressTaken(db, body.email, auth.userId));
  await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE users SET name = $1, surname = $2, email = $3, phone = $4, job_title = $5 WHERE id = $6',
      [body.name, body.surname, changing ? auth.email : body.email, body.phone, body.job_title, auth.userId],
    );
    if (changing) await requestEmailChange(tx, config, website, auth, body.email, taken);
  });
  return c.json(await loadUser(db, auth.userId, auth.websiteId));
}

/**
 * `POST /api/user/email/confirm`: the link mailed to a new address, opened in any browser (no session
 * needed). In one transaction: the link is claimed (once, unexpired, of this shop), the address is
 * checked again, the account takes it, other pending changes and every reset link (mailed to the old
 * address) are void, and every other session ends except the one that asked for the change and the
 * one confirming it. The old address is told. A conflict rolls everything back, link included.
 */
async function confirmEmail(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, ConfirmEmailRequestSchema);
  const { website, auth } = await shopAccess(c, body.website_id, 'public');
  const db = c.get('db');
  const email = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number; new_email: string; session_id: number | null }>(
      `UPDATE email_changes SET used_at = now()
        WHERE token_hash = $1 AND website_id = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, new_email, session_id`,
      [hashToken(body.token), website.id],
    );
    const change = rows[0];
    if (!change) fail(422, 'errors.email_link_expired');
    const { rows: users } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [change.user_id]);
    const oldEmail = users[0]?.email;
    if (oldEmail === undefined) fail(422, 'errors.email_link_expired');
    await checkAddressFree(tx, change.new_email, change.user_id);
    try {
      await tx.query('UPDATE users SET email = $1, email_changed_at = now() WHERE id = $2', [change.new_email, change.user_id]);
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidFields({ email: 'validation.email_taken' });
      throw error;
    }
    await tx.query('UPDATE email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [change.user_id]);
    await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [change.user_id]);
    const keep = [change.session_id, auth?.userId === change.user_id ? auth.sessionId : null].filter((id): id is number => id !== null);
    await revokeUserSessions(tx, change.user_id, keep);
    await sendMail(tx, {
      websiteId: website.id,
      to: oldEmail,
      subject: `${website.name}: your e-mail address was changed`,
      body:
        `Hello,\n\nthe e-mail address of your account in ${website.name} is now ${change.new_email}; ` +
        'this address no longer signs in to it, and other devices were signed out.\n\n' +
        'If this was not you, contact your coordinator or the shop at once.\n',
    });
    return change.new_email;
  });
  return c.json({ ...notice('notices.email_changed'), email });
}

/** `POST /api/user/email/cancel`: drops a change waiting for its link; answers the user. */
async function cancelEmailChange(c: Context<AppEnv>): Promise<Response> {
  const { auth } = await userAccess(c);
  const db = c.get('db');
  await db.query('UPDATE email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [auth.userId]);
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
  await checkCurrentPassword(c, auth, body.current_password);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, auth.userId]);
    // Reset links mailed before are void: the password they were meant to replace is gone (as on reset).
    await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [auth.userId]);
    // So is an e-mail change still waiting: it may come from whoever knew the old password.
    await tx.query('UPDATE email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [auth.userId]);
    await revokeUserSessions(tx, auth.userId, [auth.sessionId]);
    await forgetDevices(tx, auth.userId);
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
  app.post('/api/user/email/confirm', (c) => confirmEmail(c));
  app.post('/api/user/email/cancel', (c) => cancelEmailChange(c));
  app.post('/api/user/changePassword', (c) => changePassword(c));
}
