import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { ServerConfig } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { windowWait } from './sliding-window.ts';

/**
 * Login throttling kept in the database (`login_attempts`), so every server instance counts the same
 * failures. A failed attempt is one row; the limits count rows inside a sliding window, per e-mail
 * (guessing one account's password) and per IP (trying many accounts from one place).
 *
 * An attempt is counted from the moment it is let through, before its password is checked: checking
 * the limit and recording the attempt happen in one transaction under a lock per e-mail and per IP, so
 * a burst of guesses sent at once (to one instance or spread over several) gets no more passwords
 * checked than the limit allows. A right password then removes the attempt again.
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

/** Advisory-lock namespaces (the first key of `pg_advisory_xact_lock(int, int)`), so an e-mail and an IP never share a lock. */
const EMAIL_LOCK = 4173_0101;
const IP_LOCK = 4173_0102;

/**
 * Lets one password check through, or refuses with 429 `errors.throttled` (params `{seconds}`,
 * `retry_after`, and a Retry-After header) when the e-mail or the IP has used up its failed attempts.
 * Called before any password check, so a throttled caller learns nothing about the password it sent.
 *
 * The attempt let through is recorded at once, as a failure until proven otherwise: the caller either
 * keeps it ({@link keepFailedLogin}), clears the e-mail's failures on a right password
 * ({@link clearFailedLogins}), or drops it ({@link releaseLoginAttempt}). The limit check and the
 * insert run in one transaction holding the e-mail's and the IP's locks (taken in that order, so two
 * claims never wait on each other in a circle), so concurrent attempts are counted one after another.
 *
 * @returns the id of the recorded attempt.
 */
export async function claimLoginAttempt(db: Db, throttle: Throttle, email: string, ip: string): Promise<number> {
  const key = normaliseEmail(email);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [EMAIL_LOCK, key]);
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [IP_LOCK, ip]);
    const wait = Math.max(
      // A limit of 0 switches that dimension off (an always-refusing login would be useless).
      await windowWait(tx, 'login_attempts', { email: key }, throttle.perEmail, throttle.windowSeconds),
      await windowWait(tx, 'login_attempts', { ip }, throttle.perIp, throttle.windowSeconds),
    );
    if (wait > 0) fail(429, 'errors.throttled', { seconds: wait }, { retry_after: wait });
    const { rows } = await tx.query<{ id: number }>('INSERT INTO login_attempts (email, ip) VALUES ($1, $2) RETURNING id', [key, ip]);
    return rows[0]!.id;
  });
}

/**
 * The claimed attempt failed (wrong password): it stays counted. Forgets this e-mail's and IP's
 * failures that left the window.
 */
export async function keepFailedLogin(db: Queryable, throttle: Throttle, email: string, ip: string): Promise<void> {
  await db.query(
    `DELETE FROM login_attempts WHERE (email = $1 OR ip = $2) AND at < now() - $3::int * interval '1 second'`,
    [normaliseEmail(email), ip, throttle.windowSeconds],
  );
}

/** The claimed attempt is not a failure after all (right password, no access to the shop): it no longer counts. */
export async function releaseLoginAttempt(db: Queryable, attemptId: number): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE id = $1', [attemptId]);
}

/** A successful login (or password reset) proves the owner is back: its e-mail starts afresh. */
export async function clearFailedLogins(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE email = $1', [normaliseEmail(email)]);
}
