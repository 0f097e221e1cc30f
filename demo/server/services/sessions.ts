import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/index.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Bearer sessions. A token is issued for one user in one shop and lives in `sessions` only as its
 * hash; ending a session sets `revoked_at` (kept for audit) rather than deleting the row.
 *
 * @module
 */

/** Opens a session and returns its bearer token (the only time the plain token exists). */
export async function createSession(db: Queryable, config: ServerConfig, userId: number, websiteId: number): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, website_id, expires_at)
     VALUES ($1, $2, $3, now() + $4::int * interval '1 second')`,
    [hashToken(token), userId, websiteId, config.sessionTtlSeconds],
  );
  return token;
}

/** Ends one session (logout). */
export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/**
 * Ends every open session of a user in every shop, except those in `keepSessionIds`: after a password
 * or e-mail change whoever knew the old secret is logged out everywhere, while the device that made
 * the change stays in.
 */
export async function revokeUserSessions(db: Queryable, userId: number, keepSessionIds: readonly number[] = []): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND NOT (id = ANY($2::int[]))', [
    userId,
    [...keepSessionIds],
  ]);
}
