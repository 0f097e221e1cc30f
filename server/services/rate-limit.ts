import type { ServerConfig } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { windowWait } from './sliding-window.ts';

/**
 * Rate limits of the calls that strangers can repeat to cost the shop something: registration and
 * the contact form (each sends mail and stores data), and e-mail change requests (each mails an
 * address of the caller's choosing). Unlike the login throttle, which counts failures, every request
 * counts here. Events live in the database (`rate_events`), so every server instance counts the same.
 *
 * @module
 */

/** One limit: at most `limit` requests per `windowSeconds` for `key` in `bucket` (e.g. `register:ip`). */
export interface RateRule {
  bucket: string;
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Advisory-lock namespace of rate limits (the login throttle uses 4173_0101 and 4173_0102). */
const RATE_LOCK = 4173_0103;

/**
 * Counts one request against every rule, or refuses it with 429 `errors.too_many_requests` (params
 * `{seconds}`, `retry_after` and a Retry-After header) when any rule's key has used up its limit; a
 * refused request is not counted. The check and the count run in one transaction under one lock per
 * key (taken in a fixed order), so a burst sent at once, to one instance or several, gets no more
 * through than the limit. Events that left the window are forgotten on the way.
 */
export async function takeRate(db: Db, rules: readonly RateRule[]): Promise<void> {
  const active = rules.filter((rule) => rule.limit > 0);
  if (active.length === 0) return;
  const ordered = [...active].sort((a, b) => `${a.bucket}\n${a.key}`.localeCompare(`${b.bucket}\n${b.key}`));
  await db.transaction(async (tx) => {
    for (const rule of ordered) await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RATE_LOCK, `${rule.bucket}\n${rule.key}`]);
    let wait = 0;
    for (const rule of ordered) {
      wait = Math.max(wait, await windowWait(tx, 'rate_events', { bucket: rule.bucket, key: rule.key }, rule.limit, rule.windowSeconds));
    }
    if (wait > 0) fail(429, 'errors.too_many_requests', { seconds: wait }, { retry_after: wait });
    for (const rule of ordered) {
      await tx.query(`DELETE FROM rate_events WHERE bucket = $1 AND key = $2 AND at < now() - $3::int * interval '1 second'`, [
        rule.bucket,
        rule.key,
        rule.windowSeconds,
      ]);
      await tx.query('INSERT INTO rate_events (bucket, key) VALUES ($1, $2)', [rule.bucket, rule.key]);
    }
  });
}

/**
 * Forgets the events older than `windowSeconds` of every bucket: {@link takeRate} prunes only the keys it
 * is asked about, so addresses and IPs that never come back would otherwise stay for good. Run by the
 * server's maintenance timer with the longest configured window.
 * @returns how many events were forgotten.
 */
export async function forgetOldRateEvents(db: Queryable, windowSeconds: number): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM rate_events WHERE at < now() - $1::int * interval '1 second'`, [windowSeconds]);
  return rowCount;
}

/**
 * The longest window of every limit counted in `rate_events` (the public forms', the e-mail change's,
 * and the sign-in handoff's exchanges and issued codes): older events count for nothing.
 */
export function longestRateWindow(config: Pick<ServerConfig, 'rateLimits' | 'handoffRateLimit' | 'handoffIssueLimit'>): number {
  const { register, contact, emailChange } = config.rateLimits;
  return Math.max(register.windowSeconds, contact.windowSeconds, emailChange.windowSeconds, config.handoffRateLimit.windowSeconds, config.handoffIssueLimit.windowSeconds);
}
