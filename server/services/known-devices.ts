import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { normaliseEmail } from '../shared.ts';
import { emailKey } from '../db/email-key.ts';
import type { Queryable } from '../db/index.ts';
import type { AppEnv } from '../http/env.ts';
import { requestIsHttps } from '../http/security.ts';
import { clientIp, type LoginSource } from './throttle.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Known devices: a browser that signed in to an account keeps a random token in an
 * HttpOnly cookie, and the account keeps its SHA-256 (`known_devices`). A later password check for
 * that account from that browser counts only that browser's own failures (services/throttle.ts), so
 * strangers guessing from everywhere cannot keep the owner out. The cookie proves nothing by itself:
 * the password is still checked, and a stolen cookie buys its thief only that device's few attempts.
 *
 * One token per browser, remembered per account it signed in to. `SameSite=Lax`, so another site's
 * page cannot make the browser spend the device's attempts; `Secure` over https.
 *
 * @module
 */

export const DEVICE_COOKIE = 'KNOWN-DEVICE';
/** A device unseen this long is forgotten (and its cookie lives as long). */
export const DEVICE_TTL_DAYS = 180;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/** The browser's device token, when it carries a well-formed one. */
function deviceToken(c: Context<AppEnv>): string | undefined {
  const token = getCookie(c, DEVICE_COOKIE);
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * Where a password check for the account of `email` comes from (services/throttle.ts): the client's
 * IP, and the browser's device hash when the browser is known to that account. The login and the
 * current-password checks of the account's changes both throttle by it.
 */
export async function loginSource(c: Context<AppEnv>, db: Queryable, email: string): Promise<LoginSource> {
  return { ip: clientIp(c), device: await knownDevice(c, db, email) };
}

/**
 * The hash of the calling browser's device token when it is known to the account of `email`, else
 * null. Looked up before the password is checked; it tells the caller nothing it did not send.
 */
async function knownDevice(c: Context<AppEnv>, db: Queryable, email: string): Promise<string | null> {
  const token = deviceToken(c);
  if (token === undefined) return null;
  const hash = hashToken(token);
  const { rows } = await db.query(
    `SELECT 1 FROM known_devices kd JOIN users u ON u.id = kd.user_id
      WHERE ${emailKey('u.email')} = $1 AND kd.token_hash = $2 AND kd.last_seen_at > now() - $3::int * interval '1 day'`,
    [normaliseEmail(email), hash, DEVICE_TTL_DAYS],
  );
  return rows.length > 0 ? hash : null;
}

/**
 * After a right password: the browser becomes (or stays) a known device of `userId`. It keeps its
 * token when it has one (one browser, several accounts), else gets a new one. The account's devices
 * unseen for {@link DEVICE_TTL_DAYS} are forgotten on the way.
 */
export async function rememberDevice(c: Context<AppEnv>, db: Queryable, userId: number): Promise<void> {
  const token = deviceToken(c) ?? newToken();
  await db.query(`DELETE FROM known_devices WHERE user_id = $1 AND last_seen_at < now() - $2::int * interval '1 day'`, [userId, DEVICE_TTL_DAYS]);
  await db.query(
    `INSERT INTO known_devices (user_id, token_hash) VALUES ($1, $2)
     ON CONFLICT (user_id, token_hash) DO UPDATE SET last_seen_at = now()`,
    [userId, hashToken(token)],
  );
  setCookie(c, DEVICE_COOKIE, token, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: requestIsHttps(c),
    maxAge: DEVICE_TTL_DAYS * 24 * 3600,
  });
}

/** The password changed (or was reset): every browser has to sign in with the new one to be known again. */
export async function forgetDevices(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM known_devices WHERE user_id = $1', [userId]);
}
