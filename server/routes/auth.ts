import type { Context, Hono } from 'hono';
import { ConfirmRegistrationRequestSchema, ForgotPasswordRequestSchema, LoginRequestSchema, SignInExchangeRequestSchema, SignInHandoffRequestSchema } from '../shared.ts';
import { RegisterRequestSchema, ResetPasswordRequestSchema } from '../shared.ts';
import { normaliseEmail } from '../shared.ts';
import { storefrontUrl } from '../config.ts';
import { emailKey } from '../db/email-key.ts';
import type { Queryable } from '../db/index.ts';
import { requireAuth, shopAccess } from '../http/auth.ts';
import type { AppEnv, WebsiteRow } from '../http/env.ts';
import { fail, invalidFields } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { jsonBody } from '../http/validate.ts';
import { sendMail } from '../services/outbox.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import {
  createSession,
  exchangeHandoffCode,
  HANDOFF_TTL_SECONDS,
  issueHandoffCode,
  previewHandoffCode,
  revokeSession,
  revokeUserSessions,
} from '../services/sessions.ts';
import { takeRate } from '../services/rate-limit.ts';
import { forgetDevices, loginSource, rememberDevice } from '../services/known-devices.ts';
import { confirmRegistration, fileRegistration, sendReceipt, sendReviewRequest } from '../services/registrations.ts';
import { claimLoginAttempt, clearFailedLogins, clientIp, forgetFailedLogins, keepFailedLogin, releaseLoginAttempt } from '../services/throttle.ts';
import { hashToken, newToken } from '../services/tokens.ts';

/** Reset e-mails sent to one address within the login-throttle window; more requests send nothing. */
const RESET_MAILS_PER_WINDOW = 5;

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
 * The shop's coordinator named by a registration, or the spec's field error (§5 "Coordinator must be
 * a valid e-mail address of an existing coordinator"). Kept because the spec demands the text; it
 * tells only whether an address coordinates this shop, behind the registration rate limit.
 */
async function namedCoordinator(db: Queryable, websiteId: number, email: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u
       JOIN website_users wu ON wu.user_id = u.id AND wu.website_id = $2 AND wu.role = 'coordinator'
      WHERE ${emailKey('u.email')} = $1`,
    [normaliseEmail(email), websiteId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw invalidFields({ coordinator_email: 'validation.coordinator' });
  return id;
}

/**
 * To the owner of an existing account when someone registered with its address but not its
 * password: nothing was stored, and the owner learns how to ask for access if it was them.
 */
async function sendAlreadyRegistered(db: Queryable, website: WebsiteRow, to: string): Promise<void> {
  await sendMail(db, {
    websiteId: website.id,
    to,
    subject: `${website.name}: a registration request with your e-mail address`,
    body:
      `Hello,\n\nsomeone asked for an account in ${website.name} with this e-mail address, which already has an account. ` +
      'The request was not passed on.\n\n' +
      "If it was you: send the registration form again and enter your existing account's password as the password. " +
      'Your coordinator can then give that account access.\n\n' +
      'If it was not you, ignore this e-mail: your account is unchanged.\n',
  });
}

/**
 * `POST /api/register`: a registration request reviewed by the shop's coordinator (spec §3, §4), once
 * its applicant has confirmed the address by the link mailed to it (issue 26).
 *
 * The answer is the same whether the address is new, has an account or already waits for review, so
 * the call does not tell a stranger which accounts exist (issue 22); what differs goes to the address
 * by mail:
 * - a new address: the request is stored unconfirmed, with the password chosen (hashed), and the link
 *   confirming it is mailed (with word of other unconfirmed requests for the address, if any);
 * - an address with an account, and that account's password: the same, the request bound to that
 *   account (it proved to be its owner), so approval gives access to that account and nobody else;
 * - an address with an account, and another password: nothing is stored; the owner is told by mail;
 * - an address whose confirmed request already waits in this shop: nothing is stored; the mailbox is told.
 * Each path costs one password hash, so timing tells nothing either. Requests are rate-limited per
 * IP and per applicant address before anything is looked up.
 */
async function register(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, RegisterRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  // `{product}_noform` shops have no registration form (spec §2 guards).
  if (website.registration_type.endsWith('_noform')) fail(403, 'errors.registration_closed');
  const db = c.get('db');
  const limits = c.get('config').rateLimits.register;
  await takeRate(db, [
    { bucket: 'register:ip', key: clientIp(c), limit: limits.perIp, windowSeconds: limits.windowSeconds },
    { bucket: 'register:email', key: normaliseEmail(body.email), limit: limits.perEmail, windowSeconds: limits.windowSeconds },
  ]);
  const coordinatorId = await namedCoordinator(db, website.id, body.coordinator_email);

  const { rows } = await db.query<{ id: number; email: string; password_hash: string; member: boolean }>(
    `SELECT u.id, u.email, u.password_hash,
            EXISTS (SELECT 1 FROM website_users wu WHERE wu.user_id = u.id AND wu.website_id = $2) AS member
       FROM users u WHERE ${emailKey('u.email')} = $1`,
    [normaliseEmail(body.email), website.id],
  );
  const account = rows[0];
  let owner: number | null = null;
  let passwordHash: string;
  if (account) {
    if (!(await verifyPassword(body.password, account.password_hash))) {
      await sendAlreadyRegistered(db, website, account.email);
      return registrationAccepted(c);
    }
    // The owner already in this shop has nothing to ask for; the same answer, nothing stored.
    if (account.member) return registrationAccepted(c);
    owner = account.id;
    passwordHash = account.password_hash;
  } else {
    passwordHash = await hashPassword(body.password);
  }
  await fileRegistration(db, c.get('config'), website, { form: body, coordinatorId, passwordHash, userId: owner });
  return registrationAccepted(c);
}

/**
 * `POST /api/register/confirm` (issue 26): the token of the link mailed to a registration's address,
 * sent by the storefront's confirmation screen when its button is pressed. In one transaction the
 * request becomes pending, the other unconfirmed requests for its address are void, and the applicant's
 * receipt and the coordinator's review request are mailed. No session needed; a link of another shop,
 * altered, expired or void answers 422 `errors.registration_link_expired`, a second use 409
 * `errors.registration_already_confirmed`, and nothing changes.
 */
async function confirmRegistrationLink(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, ConfirmRegistrationRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  await c.get('db').transaction(async (tx) => {
    const { request, coordinatorEmail } = await confirmRegistration(tx, website.id, body.token);
    await sendReceipt(tx, website, request);
    if (coordinatorEmail !== '') await sendReviewRequest(tx, website, request, coordinatorEmail);
  });
  return c.json({ status: 'pending' as const, ...notice('notices.registration_confirmed') });
}

/** The one answer of `POST /api/register`, whatever became of the request. */
function registrationAccepted(c: Context<AppEnv>): Response {
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
      WHERE ${emailKey('u.email')} = $1`,
    [normaliseEmail(body.email), website.id, config.loginThrottle.windowSeconds],
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
      WHERE pr.token_hash = $1 AND pr.website_id = $2 AND ${emailKey('u.email')} = $3
        AND pr.used_at IS NULL AND pr.expires_at > now()`,
    [hashToken(body.token), website.id, normaliseEmail(body.email)],
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
    // The mailbox's owner is back: an e-mail change still waiting (perhaps from a stolen session) is void.
    await tx.query('UPDATE email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [reset.user_id]);
    await revokeUserSessions(tx, reset.user_id);
    await forgetFailedLogins(tx, reset.email);
    await forgetDevices(tx, reset.user_id);
    return createSession(tx, c.get('config'), reset.user_id, website.id);
  });
  return c.json({ access_token: accessToken });
}

/**
 * `POST /api/session/handoff` (issue 19): a one-time code for the calling session's user in this shop,
 * which a link into the storefront on another origin carries instead of the token. The tenant check
 * is every user call's: a guest gets 401, a token of another shop 403. Codes are limited per user and
 * per IP (issue 26), so neither one account nor one address can fill the table with them.
 */
async function issueHandoff(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, SignInHandoffRequestSchema);
  const { website, auth } = await shopAccess(c, body.website_id, 'user');
  if (!auth) fail(401, 'errors.unauthenticated');
  const db = c.get('db');
  const limit = c.get('config').handoffIssueLimit;
  await takeRate(db, [
    { bucket: 'handoff-issue:user', key: String(auth.userId), limit: limit.perUser, windowSeconds: limit.windowSeconds },
    { bucket: 'handoff-issue:ip', key: clientIp(c), limit: limit.perIp, windowSeconds: limit.windowSeconds },
  ]);
  const code = await issueHandoffCode(db, auth.userId, website.id, auth.sessionId);
  return c.json({ code, expires_in: HANDOFF_TTL_SECONDS });
}

/**
 * The shop and the per-IP count shared by the preview and the exchange of a handoff code: the attempt
 * is counted before the code is looked at, so neither call is a free oracle for the other.
 */
async function handoffAttempt(c: Context<AppEnv>): Promise<{ code: string; website: WebsiteRow }> {
  const body = await jsonBody(c, SignInExchangeRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  const limit = c.get('config').handoffRateLimit;
  await takeRate(c.get('db'), [{ bucket: 'handoff:ip', key: clientIp(c), limit: limit.perIp, windowSeconds: limit.windowSeconds }]);
  return { code: body.code, website };
}

/**
 * `POST /api/session/handoff/preview` (issue 26): whose account a handoff code would sign in as (name,
 * surname, e-mail), read without using the code up, so the storefront can ask the person who opened
 * the link whether to continue as that account before it exchanges the code (a link made by one
 * account must never sign another person in unawares: login CSRF). Refuses exactly as the exchange
 * does, with the same one 400, and counts against the same per-IP limit.
 */
async function previewHandoff(c: Context<AppEnv>): Promise<Response> {
  const { code, website } = await handoffAttempt(c);
  const account = await previewHandoffCode(c.get('db'), code, website.id);
  if (account === null) fail(400, 'errors.handoff_invalid');
  return c.json({ name: account.name, surname: account.surname, email: account.email });
}

/**
 * `POST /api/session/exchange`: a handoff code for a new session, answered as `POST /api/login`
 * answers (the storefront keeps it like a login). Whatever is wrong with the code (unknown, altered,
 * malformed, used, expired, another shop's, its user gone from the shop, its session ended) the answer
 * is the one 400 `errors.handoff_invalid`, and nothing changes but the attempt's count against the
 * per-IP limit, taken before the code is looked at.
 */
async function exchangeHandoff(c: Context<AppEnv>): Promise<Response> {
  const { code, website } = await handoffAttempt(c);
  const accessToken = await exchangeHandoffCode(c.get('db'), c.get('config'), code, website.id);
  if (accessToken === null) fail(400, 'errors.handoff_invalid');
  return c.json({ access_token: accessToken });
}

/**
 * Registers the account calls of spec §7: login, logout, registration by request, and the forgotten
 * password pair; and the sign-in handoff to another origin (issue 19). Per-user calls (`/api/user…`)
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
