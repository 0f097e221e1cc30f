import type { ServerConfig } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
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

/** How long a sign-in handoff code works: long enough to follow a link, too short to be worth stealing. */
export const HANDOFF_TTL_SECONDS = 60;

/**
 * Issues a one-time sign-in handoff code for the user of session `sessionId` in shop
 * `websiteId`, and returns it (the only time the plain code exists; the table keeps its hash). Codes
 * whose time is up, used or not, are deleted on the way, so the table holds about a minute of codes.
 */
export async function issueHandoffCode(db: Queryable, userId: number, websiteId: number, sessionId: number): Promise<string> {
  const code = newToken();
  await db.query('DELETE FROM signin_handoffs WHERE expires_at <= now()');
  await db.query(
    `INSERT INTO signin_handoffs (code_hash, user_id, website_id, session_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5::int * interval '1 second')`,
    [hashToken(code), userId, websiteId, sessionId, HANDOFF_TTL_SECONDS],
  );
  return code;
}

/**
 * Where a handoff code still works: its hash ($1), shop `$2`, unused, unexpired, its user still in the
 * shop, the issuing session still open. One clause for the preview and the exchange, so the preview
 * never accepts a code the exchange would refuse, nor the other way round.
 */
const USABLE_HANDOFF = `h.code_hash = $1 AND h.website_id = $2 AND h.used_at IS NULL AND h.expires_at > now()
          AND EXISTS (SELECT 1 FROM website_users wu WHERE wu.user_id = h.user_id AND wu.website_id = h.website_id)
          AND EXISTS (SELECT 1 FROM sessions s
                       WHERE s.id = h.session_id AND s.user_id = h.user_id AND s.revoked_at IS NULL AND s.expires_at > now())`;

/**
 * The account a handoff code would sign in as, shown to the person before the exchange, so a link made
 * by someone else never signs a browser in unawares.
 */
export interface HandoffAccount {
  name: string;
  surname: string;
  email: string;
}

/**
 * The account of a handoff code that works for shop `websiteId`, without using it up (nothing is
 * written); `null` for every code the exchange would refuse.
 */
export async function previewHandoffCode(db: Queryable, code: string, websiteId: number): Promise<HandoffAccount | null> {
  const { rows } = await db.query<HandoffAccount>(
    `SELECT u.name, u.surname, u.email FROM signin_handoffs h JOIN users u ON u.id = h.user_id WHERE ${USABLE_HANDOFF}`,
    [hashToken(code), websiteId],
  );
  return rows[0] ?? null;
}

/**
 * Uses up a handoff code for shop `websiteId` and opens a new session of its user there, returning the
 * new bearer token; `null` when the code does not work, with nothing changed. The code is claimed in
 * one guarded UPDATE ({@link USABLE_HANDOFF}), inside the transaction that opens the session: of two
 * exchanges at once, the second waits for the first's row lock, then finds the code used.
 */
export async function exchangeHandoffCode(db: Db, config: ServerConfig, code: string, websiteId: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number }>(`UPDATE signin_handoffs h SET used_at = now() WHERE ${USABLE_HANDOFF} RETURNING h.user_id`, [
      hashToken(code),
      websiteId,
    ]);
    const claimed = rows[0];
    return claimed ? createSession(tx, config, claimed.user_id, websiteId) : null;
  });
}
