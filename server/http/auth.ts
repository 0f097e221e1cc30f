import type { Context, MiddlewareHandler } from 'hono';
import type { Queryable } from '../db/index.ts';
import { hashToken } from '../services/tokens.ts';
import type { AppEnv, AuthContext, WebsiteRow } from './env.ts';
import { fail } from './errors.ts';

/**
 * Resolves `Authorization: Bearer <token>` to a session. A token counts only while it is unexpired,
 * unrevoked and its user still has access to the token's shop; otherwise the call is a guest's and
 * `tokenRejected` is set so that calls needing a user answer 401 (the client then ends the session).
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('auth', null);
  c.set('tokenRejected', false);
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/.exec(header);
  if (match?.[1]) {
    const session = await sessionOfToken(c.get('db'), match[1]);
    if (session) {
      c.set('auth', session);
    } else {
      c.set('tokenRejected', true);
    }
  } else if (header !== '') {
    c.set('tokenRejected', true);
  }
  await next();
};

/** What a session token looks like; anything else is refused without a look-up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The session of `token` while it is unexpired, unrevoked and its user still has access to the
 * token's shop, or null. The one check behind a bearer token on the API and the session cookie the
 * storefront page is asked with (routes/storefront-page.ts), so the two never disagree about who is signed in.
 */
export async function sessionOfToken(db: Queryable, token: string | undefined): Promise<AuthContext | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const { rows } = await db.query<{ id: number; user_id: number; website_id: number; role: AuthContext['role']; email: string }>(
    `SELECT s.id, s.user_id, s.website_id, wu.role, u.email
       FROM sessions s
       JOIN website_users wu ON wu.user_id = s.user_id AND wu.website_id = s.website_id
       JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [hashToken(token)],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, websiteId: row.website_id, sessionId: row.id, role: row.role, email: row.email } : null;
}

/** The caller's session, or 401. */
export function requireAuth(c: Context<AppEnv>): AuthContext {
  const auth = c.get('auth');
  if (!auth) fail(401, 'errors.unauthenticated');
  return auth;
}

/** Loads a shop by id, or 404 "Store not found". */
export async function loadWebsite(db: Queryable, websiteId: number): Promise<WebsiteRow> {
  const { rows } = await db.query<WebsiteRow>('SELECT * FROM websites WHERE id = $1', [websiteId]);
  const website = rows[0];
  if (!website) fail(404, 'errors.store_not_found');
  return website;
}

/**
 * The one tenant check every shop-scoped call goes through:
 * - `public`: anyone may call (shop config, payment methods, login, register);
 * - `shop`: a guest may call only when the shop is open (`login_required` false), e.g. products, or
 *   when a store designer's preview session of this shop comes with the read (http/preview-scope.ts);
 * - `user`: a logged-in user of this shop.
 * A token issued for another shop is refused in every mode, so no call mixes tenants.
 */
export async function shopAccess(
  c: Context<AppEnv>,
  websiteId: number,
  mode: 'public' | 'shop' | 'user',
): Promise<{ website: WebsiteRow; auth: AuthContext | null }> {
  const website = await loadWebsite(c.get('db'), websiteId);
  const auth = c.get('auth');
  if (auth && auth.websiteId !== website.id) fail(403, 'errors.no_access');
  // A store designer's preview session opens one login-required shop's `shop` reads (http/preview-scope.ts).
  const previewed = c.get('preview')?.websiteId === website.id;
  if (!auth && (mode === 'user' || (mode === 'shop' && website.login_required && !previewed))) fail(401, 'errors.unauthenticated');
  return { website, auth };
}

/** The session's shop and user for `/api/user…` calls, which carry no website id of their own. */
export async function userAccess(c: Context<AppEnv>): Promise<{ website: WebsiteRow; auth: AuthContext }> {
  const auth = requireAuth(c);
  const website = await loadWebsite(c.get('db'), auth.websiteId);
  return { website, auth };
}
