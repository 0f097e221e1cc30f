import type { Context, Hono } from 'hono';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  type RegisterRequest,
} from '../../../src/api/contract.ts';
import { storefrontUrl } from '../config.ts';
import type { Queryable } from '../db/index.ts';
import { requireAuth, shopAccess } from '../http/auth.ts';
import type { AppEnv, WebsiteRow } from '../http/env.ts';
import { fail, invalidFields } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { jsonBody } from '../http/validate.ts';
import { sendMail } from '../services/outbox.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { createSession, revokeSession, revokeUserSessions } from '../services/sessions.ts';
import { claimLoginAttempt, clearFailedLogins, clientIp, keepFailedLogin, releaseLoginAttempt } from '../services/throttle.ts';
import { hashToken, newToken } from '../services/tokens.ts';

/** Reset e-mails sent to one address within the login-throttle window; more requests send nothing. */
const RESET_MAILS_PER_WINDOW = 5;

/** Whether a database error is a unique-index violation (same SQLSTATE on PGlite and pg). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * `POST /api/login`. Order matters: the throttle is checked before the password, so a throttled caller
 * learns nothing; an unknown e-mail still costs a password hash, so timing does not reveal accounts;
 * the shop-access check comes after the password, so it reveals nothing to someone without it.
 */
async function login(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, LoginRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  const db = c.get('db');
  const { loginThrottle } = c.get('config');
  const ip = clientIp(c);
  // Counted as a failure from here on, so a burst of guesses at once gets no more checks than the limit.
  const attempt = await claimLoginAttempt(db, loginThrottle, body.email, ip);

  const { rows } = await db.query<{ id: number; password_hash: string }>(
    'SELECT id, password_hash FROM users WHERE lower(email) = lower($1)',
    [body.email],
  );
  const user = rows[0];
  if (!(await verifyPassword(body.password, user?.password_hash)) || !user) {
    await keepFailedLogin(db, loginThrottle, body.email, ip);
    fail(422, 'errors.invalid_login');
  }
  const access = await db.query('SELECT 1 FROM website_users WHERE website_id = $1 AND user_id = $2', [website.id, user.id]);
  if (access.rows.length === 0) {
    // The right password is no failed guess, even in a shop the account cannot enter.
    await releaseLoginAttempt(db, attempt);
    fail(403, 'errors.no_access');
  }

  await clearFailedLogins(db, body.email);
  const accessToken = await createSession(db, c.get('config'), user.id, website.id);
  return c.json({ access_token: accessToken });
}

/** Field errors of a registration that only the database can tell (taken e-mail, unknown coordinator). */
async function registrationConflicts(db: Queryable, websiteId: number, body: RegisterRequest): Promise<{ coordinatorId: number | null; errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const taken = await db.query(
    `SELECT 1 FROM users WHERE lower(email) = lower($1)
     UNION ALL
     SELECT 1 FROM registration_requests WHERE website_id = $2 AND lower(email) = lower($1) AND status = 'pending'`,
    [body.email, websiteId],
  );
  if (taken.rows.length > 0) errors.email = 'validation.email_taken';
  const coordinator = await db.query<{ id: number }>(
    `SELECT u.id FROM users u
       JOIN website_users wu ON wu.user_id = u.id AND wu.website_id = $2 AND wu.role = 'coordinator'
      WHERE lower(u.email) = lower($1)`,
    [body.coordinator_email, websiteId],
  );
  const coordinatorId = coordinator.rows[0]?.id ?? null;
  if (coordinatorId === null) errors.coordinator_email = 'validation.coordinator';
  return { coordinatorId, errors };
}

/** The two registration e-mails: a receipt to the registrant, a review request to the coordinator. */
async function sendRegistrationMails(db: Queryable, website: WebsiteRow, body: RegisterRequest): Promise<void> {
  await sendMail(db, {
    websiteId: website.id,
    to: body.email,
    subject: `${website.name}: we received your registration request`,
    body:
      `Hello ${body.name},\n\n` +
      `we received your request for an account in ${website.name}. Your coordinator (${body.coordinator_email}) ` +
      'will review it, and you will get an e-mail reply once it has been decided.\n',
  });
  await sendMail(db, {
    websiteId: website.id,
    to: body.coordinator_email,
    subject: `${website.name}: new registration request to review`,
    body:
      `A new account request in ${website.name} names you as coordinator. Please review it.\n\n` +
      `Name: ${body.name} ${body.surname}\nE-mail: ${body.email}\nPhone: ${body.phone || '-'}\n` +
      `Job title: ${body.job_title}\nCost center: ${body.cost_center}\nBuyer ID: ${body.buyer_id}\n`,
  });
}

/** `POST /api/register`: a registration request reviewed by the shop's coordinator (spec §3, §4). */
async function register(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, RegisterRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  // `{product}_noform` shops have no registration form (spec §2 guards).
  if (website.registration_type.endsWith('_noform')) fail(403, 'errors.registration_closed');
  const db = c.get('db');
  const { coordinatorId, errors } = await registrationConflicts(db, website.id, body);
  if (coordinatorId === null || Object.keys(errors).length > 0) throw invalidFields(errors);

  const passwordHash = await hashPassword(body.password);
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO registration_requests
           (website_id, email, name, surname, password_hash, coordinator_id, cost_center, job_title, buyer_id, phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [website.id, body.email, body.name, body.surname, passwordHash, coordinatorId, body.cost_center, body.job_title, body.buyer_id, body.phone],
      );
      await sendRegistrationMails(tx, website, body);
    });
  } catch (error) {
    // Two identical requests at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw invalidFields({ email: 'validation.email_taken' });
    throw error;
  }
  return c.json({ status: 'pending' as const, ...notice('notices.registration_pending') }, 201);
}

/**
 * `POST /api/forgotPassword`: always the same answer, so it cannot tell which addresses have accounts.
 * A link is sent only to a user of this shop, and at most RESET_MAILS_PER_WINDOW times per window,
 * so the call cannot be used to flood someone's mailbox.
 */
async function forgotPassword(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, ForgotPasswordRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  const db = c.get('db');
  const config = c.get('config');
  const { rows } = await db.query<{ id: number; email: string; recent: number }>(
    `SELECT u.id, u.email,
            (SELECT count(*) FROM password_resets pr
              WHERE pr.user_id = u.id AND pr.created_at > now() - $3::int * interval '1 second') AS recent
       FROM users u
       JOIN website_users wu ON wu.user_id = u.id AND wu.website_id = $2
      WHERE lower(u.email) = lower($1)`,
    [body.email, website.id, config.loginThrottle.windowSeconds],
  );
  const user = rows[0];
  if (user && user.recent < RESET_MAILS_PER_WINDOW) {
    const token = newToken();
    const link =
      `${storefrontUrl(config, website.slug)}/new-password` +
      `?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO password_resets (user_id, website_id, token_hash, expires_at)
         VALUES ($1, $2, $3, now() + $4::int * interval '1 second')`,
        [user.id, website.id, hashToken(token), config.resetTokenTtlSeconds],
      );
      await sendMail(tx, {
        websiteId: website.id,
        to: user.email,
        subject: `${website.name}: change your password`,
        body:
          `Someone asked to change the password of your account in ${website.name}.\n\n` +
          `To choose a new password, open this link:\n${link}\n\n` +
          `The link works once, for ${Math.round(config.resetTokenTtlSeconds / 60)} minutes. ` +
          'If you did not ask for it, ignore this e-mail: your password stays as it is.\n',
      });
    });
  }
  return c.json(notice('notices.reset_link_sent'));
}

/**
 * `POST /api/resetPassword`: the e-mailed token, checked by hash against an unused, unexpired reset of
 * this e-mail in this shop. Everything happens in one transaction, and the reset is claimed with a
 * conditional UPDATE, so one link can never be used twice, even by two requests at once. The user is
 * then logged in (spec §4) and every older session ends.
 */
async function resetPassword(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, ResetPasswordRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  const db = c.get('db');
  const { rows } = await db.query<{ id: number; user_id: number; email: string }>(
    `SELECT pr.id, pr.user_id, u.email
       FROM password_resets pr
       JOIN users u ON u.id = pr.user_id
       JOIN website_users wu ON wu.user_id = pr.user_id AND wu.website_id = pr.website_id
      WHERE pr.token_hash = $1 AND pr.website_id = $2 AND lower(u.email) = lower($3)
        AND pr.used_at IS NULL AND pr.expires_at > now()`,
    [hashToken(body.token), website.id, body.email],
  );
  const reset = rows[0];
  if (!reset) fail(422, 'errors.reset_expired');

  const passwordHash = await hashPassword(body.password);
  const accessToken = await db.transaction(async (tx) => {
    const claimed = await tx.query(
      'UPDATE password_resets SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now()',
      [reset.id],
    );
    if (claimed.rowCount === 0) fail(422, 'errors.reset_expired');
    await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, reset.user_id]);
    // Every other link e-mailed before is void too: the password they were meant to replace is gone.
    await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [reset.user_id]);
    await revokeUserSessions(tx, reset.user_id);
    await clearFailedLogins(tx, reset.email);
    return createSession(tx, c.get('config'), reset.user_id, website.id);
  });
  return c.json({ access_token: accessToken });
}

/**
 * Registers the account calls of spec §7: login, logout, registration by request, and the forgotten
 * password pair. Per-user calls (`/api/user…`) live in `user.ts`.
 */
export function registerAuthRoutes(app: Hono<AppEnv>): void {
  app.post('/api/login', (c) => login(c));
  app.post('/api/logout', async (c) => {
    const auth = requireAuth(c);
    await revokeSession(c.get('db'), auth.sessionId);
    return c.json(notice('notices.logged_out'));
  });
  app.post('/api/register', (c) => register(c));
  app.post('/api/forgotPassword', (c) => forgotPassword(c));
  app.post('/api/resetPassword', (c) => resetPassword(c));
}
