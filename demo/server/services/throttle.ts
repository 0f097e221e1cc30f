import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/index.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';

/**
 * Login throttling kept in the database (`login_attempts`), so every server instance counts the same
 * failures. A failed attempt is one row; the limits count rows inside a sliding window, per e-mail
 * (guessing one account's password) and per IP (trying many accounts from one place).
 *
 * @module
 */

type Throttle = ServerConfig['loginThrottle'];

/**
 * The caller's IP. X-Forwarded-For is a client-written header, so it is believed only behind a proxy
 * the operator trusts (`config.trustProxy`); otherwise the socket's address is used.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('config').trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not running on a Node socket (e.g. `app.request` in a unit test): one shared bucket.
    return 'unknown';
  }
}

/** E-mails are counted case-insensitively, as accounts are looked up. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Seconds until `column = value` drops below `limit` failures in the window, or 0 when it is under the
 * limit. That moment is when the limit-th newest failure leaves the window (with exactly `limit`
 * failures, the oldest one). Computed with the database clock, which is the clock that wrote `at`.
 */
async function waitFor(db: Queryable, column: 'email' | 'ip', value: string, limit: number, windowSeconds: number): Promise<number> {
  // A limit of 0 switches that dimension off (an always-refusing login would be useless).
  if (limit <= 0) return 0;
  const { rows } = await db.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM (at + $2::int * interval '1 second' - now())))::int AS wait
       FROM login_attempts
      WHERE ${column} = $1 AND at > now() - $2::int * interval '1 second'
      ORDER BY at DESC
      OFFSET $3 LIMIT 1`,
    [value, windowSeconds, limit - 1],
  );
  const row = rows[0];
  return row ? Math.max(1, row.wait) : 0;
}

/**
 * Refuses with 429 `errors.throttled` (params `{seconds}`, `retry_after`, and a Retry-After header)
 * when the e-mail or the IP has used up its failed attempts. Called before any password check, so a
 * throttled caller learns nothing about the password it sent.
 */
export async function assertLoginAllowed(db: Queryable, throttle: Throttle, email: string, ip: string): Promise<void> {
  const wait = Math.max(
    await waitFor(db, 'email', normaliseEmail(email), throttle.perEmail, throttle.windowSeconds),
    await waitFor(db, 'ip', ip, throttle.perIp, throttle.windowSeconds),
  );
  if (wait > 0) fail(429, 'errors.throttled', { seconds: wait }, { retry_after: wait });
}

/** Counts one failed attempt, and forgets this e-mail's and IP's failures that left the window. */
export async function recordFailedLogin(db: Queryable, throttle: Throttle, email: string, ip: string): Promise<void> {
  const key = normaliseEmail(email);
  await db.query('INSERT INTO login_attempts (email, ip) VALUES ($1, $2)', [key, ip]);
  await db.query(
    `DELETE FROM login_attempts WHERE (email = $1 OR ip = $2) AND at < now() - $3::int * interval '1 second'`,
    [key, ip, throttle.windowSeconds],
  );
}

/** A successful login (or password reset) proves the owner is back: its e-mail starts afresh. */
export async function clearFailedLogins(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE email = $1', [normaliseEmail(email)]);
}
