import type { Context } from 'hono';
import { normaliseEmail } from '../shared.ts';
import type { ServerConfig } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import { requestClient } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { windowWait } from './sliding-window.ts';

/**
 * Login throttling kept in the database (`login_attempts`), so every server instance counts the same
 * failures. A failed attempt is one row; the limits count rows inside a sliding window.
 *
 * Nobody can lock someone else's account (as the OWASP authentication cheat sheet says):
 * - a stranger's failures count against the pair (address, IP) they came from, and against that IP
 *   over every address: the stranger is held back, while the owner on another IP is not;
 * - the address also has a ceiling over all IPs, high enough that only a guess spread over many IPs
 *   reaches it, and low enough that such a guess stays bounded (docs/deploying.md has the numbers);
 * - a browser that signed in to the account before (a known device, services/known-devices.ts) is
 *   held back only by its own failures: neither the ceiling nor the IP it shares with others stops it.
 * Limits answer 429 with Retry-After: the caller waits until its oldest counted failure leaves the
 * window, never longer, so the throttle slows guessing down rather than locking anything.
 *
 * An attempt is counted from the moment it is let through, before its password is checked: checking
 * the limits and recording the attempt happen in one transaction under a lock per address and per IP,
 * so a burst of guesses sent at once (to one instance or spread over several) gets no more passwords
 * checked than the limits allow. A right password then removes the attempt again.
 *
 * @module
 */

type Throttle = ServerConfig['loginThrottle'];

/** Where a login attempt comes from: the client's IP, and the known device's hash when the browser is one for this account. */
export interface LoginSource {
  ip: string;
  device: string | null;
}

/**
 * The caller's IP. X-Forwarded-For is believed only as far as the proxies the operator trusts
 * (`TRUST_PROXY`) wrote it, counted from the right (http/client-address.ts); otherwise the socket's
 * address. Outside a Node socket (`app.request` in a unit test) every caller shares `unknown`.
 */
export function clientIp(c: Context<AppEnv>): string {
  return requestClient(c).ip;
}

/** Advisory-lock namespaces (the first key of `pg_advisory_xact_lock(int, int)`), so an e-mail and an IP never share a lock. */
const EMAIL_LOCK = 4173_0101;
const IP_LOCK = 4173_0102;

/** Seconds until `source` may try `key` again under `throttle` (0: now). */
async function loginWait(db: Queryable, throttle: Throttle, key: string, source: LoginSource): Promise<number> {
  const { windowSeconds } = throttle;
  // A limit of 0 switches that dimension off (an always-refusing login would be useless).
  if (source.device !== null) return windowWait(db, 'login_attempts', { email: key, device: source.device }, throttle.perPair, windowSeconds);
  return Math.max(
    await windowWait(db, 'login_attempts', { email: key, ip: source.ip }, throttle.perPair, windowSeconds),
    await windowWait(db, 'login_attempts', { ip: source.ip }, throttle.perIp, windowSeconds),
    await windowWait(db, 'login_attempts', { email: key }, throttle.perEmail, windowSeconds),
  );
}

/**
 * Lets one password check through, or refuses with 429 `errors.throttled` (params `{seconds}`,
 * `retry_after`, and a Retry-After header) when the source has used up its failed attempts for this
 * address (see the module comment for which limits apply). Called before any password check, so a
 * throttled caller learns nothing about the password it sent.
 *
 * The attempt let through is recorded at once, as a failure until proven otherwise: the caller either
 * keeps it ({@link keepFailedLogin}), clears the source's failures on a right password
 * ({@link clearFailedLogins}), or drops it ({@link releaseLoginAttempt}). The limit check and the
 * insert run in one transaction holding the address's and the IP's locks (taken in that order, so two
 * claims never wait on each other in a circle), so concurrent attempts are counted one after another.
 *
 * @returns the id of the recorded attempt.
 */
export async function claimLoginAttempt(db: Db, throttle: Throttle, email: string, source: LoginSource): Promise<number> {
  const key = normaliseEmail(email);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [EMAIL_LOCK, key]);
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [IP_LOCK, source.ip]);
    const wait = await loginWait(tx, throttle, key, source);
    if (wait > 0) fail(429, 'errors.throttled', { seconds: wait }, { retry_after: wait });
    const { rows } = await tx.query<{ id: number }>('INSERT INTO login_attempts (email, ip, device) VALUES ($1, $2, $3) RETURNING id', [key, source.ip, source.device]);
    return rows[0]!.id;
  });
}

/**
 * The claimed attempt failed (wrong password): it stays counted. Forgets this e-mail's and IP's
 * failures that left the window.
 */
export async function keepFailedLogin(db: Queryable, throttle: Throttle, email: string, source: LoginSource): Promise<void> {
  await db.query(
    `DELETE FROM login_attempts WHERE (email = $1 OR ip = $2) AND at < now() - $3::int * interval '1 second'`,
    [normaliseEmail(email), source.ip, throttle.windowSeconds],
  );
}

/** The claimed attempt is not a failure after all (right password, no access to the shop): it no longer counts. */
export async function releaseLoginAttempt(db: Queryable, attemptId: number): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE id = $1', [attemptId]);
}

/**
 * A right password from `source`: its own failures for this address start afresh (the owner's typos
 * are forgiven). Other sources' failures stay counted: a stranger guessing from elsewhere gains no
 * fresh attempts because the owner signed in meanwhile.
 */
export async function clearFailedLogins(db: Queryable, email: string, source: LoginSource): Promise<void> {
  const key = normaliseEmail(email);
  if (source.device !== null) await db.query('DELETE FROM login_attempts WHERE email = $1 AND device = $2', [key, source.device]);
  else await db.query('DELETE FROM login_attempts WHERE email = $1 AND ip = $2 AND device IS NULL', [key, source.ip]);
}

/** A password reset through the mailed link: the owner chose a new password, and the address starts afresh everywhere. */
export async function forgetFailedLogins(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE email = $1', [normaliseEmail(email)]);
}
