import { createHash } from 'node:crypto';
import type { PlaceOrderResponse } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import { fail } from '../http/errors.ts';

/**
 * What decides whether a placement runs at all, before anything is checked or priced: the
 * idempotency key (a retry of an order already placed gets the stored answer back instead of a second
 * order) and the wait between two orders of one buyer in one shop. Both read state that only the
 * previous order's commit makes visible, so `placeOrder` (services/orders.ts) calls them after it has
 * locked the buyer's row, inside the order's own transaction; the stored answer is written in that
 * same transaction, so a rolled-back attempt leaves no key behind and may be retried.
 *
 * @module
 */

/** An answer to a placement, stored with the idempotency key so a retry gets it unchanged. */
export interface OrderAnswer {
  status: number;
  body: PlaceOrderResponse;
}

/** The shape of an `Idempotency-Key` header: long enough for a random id, nothing that needs escaping. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;

/**
 * SHA-256 of the request's canonical JSON (keys sorted at every level). The parsed body is hashed,
 * so whitespace, key order and stripped unknown keys (e.g. a client-sent price) do not make two
 * equal orders look different.
 */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** @internal JSON with object keys sorted, so equal values always serialise alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The answer stored under this key, 422 when the key was used for a different request. */
export async function storedAnswer(tx: Queryable, userId: number, key: string, hash: string): Promise<OrderAnswer | null> {
  const { rows } = await tx.query<{ request_hash: string; status_code: number; response: PlaceOrderResponse }>(
    'SELECT request_hash, status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.request_hash !== hash) fail(422, 'errors.idempotency_mismatch');
  return { status: row.status_code, body: row.response };
}

/**
 * Stores the answer under the key, with the request's hash, so a retry with the same key and request
 * gets it back and a different request under that key is refused ({@link storedAnswer}). Must run in
 * the order's transaction: the key exists exactly when the order does.
 */
export async function storeAnswer(
  tx: Queryable,
  ids: { userId: number; websiteId: number; key: string; hash: string },
  answer: OrderAnswer,
): Promise<void> {
  await tx.query(
    `INSERT INTO idempotency_keys (user_id, key, website_id, request_hash, status_code, response)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [ids.userId, ids.key, ids.websiteId, ids.hash, answer.status, JSON.stringify(answer.body)],
  );
}

/**
 * Whole seconds until this buyer may order again in this shop (spec §9 remainingTime), 0 when free.
 * Measured on the database clock (`clock_timestamp()`, the same clock that stamps `created_at`), so
 * several server instances agree; rounded up so a client never retries a moment too early.
 */
export async function remainingWait(db: Queryable, websiteId: number, userId: number, waitSeconds: number): Promise<number> {
  if (waitSeconds <= 0) return 0;
  const { rows } = await db.query<{ remaining: number | null }>(
    `SELECT extract(epoch FROM (max(created_at) + $3::float8 * interval '1 second' - clock_timestamp()))::float8 AS remaining
       FROM orders WHERE website_id = $1 AND user_id = $2`,
    [websiteId, userId, waitSeconds],
  );
  const remaining = rows[0]?.remaining ?? null;
  if (remaining === null || remaining <= 0) return 0;
  return Math.min(waitSeconds, Math.ceil(remaining));
}
