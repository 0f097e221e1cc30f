/**
 * The forgotten-password pair (spec §7): `POST /api/forgotPassword` mails a reset link (rate-limited per
 * address), `POST /api/resetPassword` sets the new password from it. Wired in auth.ts.
 *
 * @module
 */
import type { Context } from 'hono';
import { ForgotPasswordRequestSchema, ResetPasswordRequestSchema, normaliseEmail } from '../shared.ts';
import { storefrontUrl } from '../config.ts';
import { emailKey } from '../db/email-key.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { jsonBody } from '../http/validate.ts';
import { sendMail } from '../services/outbox.ts';
import { hashPassword } from '../services/passwords.ts';
import { createSession, revokeUserSessions } from '../services/sessions.ts';
import { forgetDevices } from '../services/known-devices.ts';
import { forgetFailedLogins } from '../services/throttle.ts';
import { hashToken, newToken } from '../services/tokens.ts';

/** Reset e-mails sent to one address within the login-throttle window; more requests send nothing. */
const RESET_MAILS_PER_WINDOW = 5;

/**
 * `POST /api/forgotPassword`: always the same answer, so it cannot tell which addresses have accounts.
 * A link is sent only to a user of this shop, and at most RESET_MAILS_PER_WINDOW times per window,
 * so the call cannot be used to flood someone's mailbox.
 */
export async function forgotPassword(c: Context<AppEnv>): Promise<Response> {
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
export async function resetPassword(c: Context<AppEnv>): Promise<Response> {
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
