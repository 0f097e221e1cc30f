import type { Queryable } from '../db/index.ts';

/**
 * The one sliding-window count behind the login throttle (`login_attempts`, per address, IP, pair or device) and the
 * rate limits of the public forms (`rate_events`, per bucket and key): each table holds one row per
 * counted event with its time `at`, written by the database clock.
 *
 * @module
 */

/** The event tables and the columns an event is matched on. */
interface WindowTables {
  login_attempts: 'email' | 'ip' | 'device';
  rate_events: 'bucket' | 'key';
}

/**
 * Seconds until the events of `table` matching `match` (column = value, all of them) drop below
 * `limit` in the last `windowSeconds`, or 0 when they are under it. That moment is when the limit-th
 * newest event leaves the window (with exactly `limit` events, the oldest one). Computed on the
 * database clock, which stamped `at`. A limit of 0 or less switches the check off.
 */
export async function windowWait<T extends keyof WindowTables>(
  db: Queryable,
  table: T,
  match: Partial<Record<WindowTables[T], string>>,
  limit: number,
  windowSeconds: number,
): Promise<number> {
  if (limit <= 0) return 0;
  const entries = Object.entries(match) as [string, string][];
  // Column names come from the typed table map above, never from input; values are parameters.
  const where = entries.map(([column], index) => `${column} = $${index + 3}`).join(' AND ');
  const { rows } = await db.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM (at + $1::int * interval '1 second' - now())))::int AS wait
       FROM ${table}
      WHERE ${where} AND at > now() - $1::int * interval '1 second'
      ORDER BY at DESC
      OFFSET $2 LIMIT 1`,
    [windowSeconds, limit - 1, ...entries.map(([, value]) => value)],
  );
  const row = rows[0];
  return row ? Math.max(1, row.wait) : 0;
}
