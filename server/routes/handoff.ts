/**
 * The sign-in handoff to another origin: `POST /api/session/handoff` issues a one-time code,
 * `/preview` tells whose it is, `POST /api/session/exchange` trades it for a session. Wired in auth.ts.
 *
 * @module
 */
import type { Context } from 'hono';
import { SignInExchangeRequestSchema, SignInHandoffRequestSchema } from '../shared.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv, WebsiteRow } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { jsonBody } from '../http/validate.ts';
import { exchangeHandoffCode, HANDOFF_TTL_SECONDS, issueHandoffCode, previewHandoffCode } from '../services/sessions.ts';
import { takeRate } from '../services/rate-limit.ts';
import { clientIp } from '../services/throttle.ts';

/**
 * `POST /api/session/handoff`: a one-time code for the calling session's user in this shop,
 * which a link into the storefront on another origin carries instead of the token. The tenant check
 * is every user call's: a guest gets 401, a token of another shop 403. Codes are limited per user and
 * per IP, so neither one account nor one address can fill the table with them.
 */
export async function issueHandoff(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, SignInHandoffRequestSchema);
  const { website, auth } = await shopAccess(c, body.website_id, 'user');
  if (!auth) fail(401, 'errors.unauthenticated');
  const db = c.get('db');
  const limit = c.get('config').handoffIssueLimit;
  await takeRate(db, [
    { bucket: 'handoff-issue:user', key: String(auth.userId), limit: limit.perUser, windowSeconds: limit.windowSeconds },
    { bucket: 'handoff-issue:ip', key: clientIp(c), limit: limit.perIp, windowSeconds: limit.windowSeconds },
  ]);
  const code = await issueHandoffCode(db, auth.userId, website.id, auth.sessionId);
  return c.json({ code, expires_in: HANDOFF_TTL_SECONDS });
}

/**
 * The shop and the per-IP count shared by the preview and the exchange of a handoff code: the attempt
 * is counted before the code is looked at, so neither call is a free oracle for the other.
 */
async function handoffAttempt(c: Context<AppEnv>): Promise<{ code: string; website: WebsiteRow }> {
  const body = await jsonBody(c, SignInExchangeRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  const limit = c.get('config').handoffRateLimit;
  await takeRate(c.get('db'), [{ bucket: 'handoff:ip', key: clientIp(c), limit: limit.perIp, windowSeconds: limit.windowSeconds }]);
  return { code: body.code, website };
}

/**
 * `POST /api/session/handoff/preview`: whose account a handoff code would sign in as (name,
 * surname, e-mail), read without using the code up, so the storefront can ask the person who opened
 * the link whether to continue as that account before it exchanges the code (a link made by one
 * account must never sign another person in unawares: login CSRF). Refuses exactly as the exchange
 * does, with the same one 400, and counts against the same per-IP limit.
 */
export async function previewHandoff(c: Context<AppEnv>): Promise<Response> {
  const { code, website } = await handoffAttempt(c);
  const account = await previewHandoffCode(c.get('db'), code, website.id);
  if (account === null) fail(400, 'errors.handoff_invalid');
  return c.json({ name: account.name, surname: account.surname, email: account.email });
}

/**
 * `POST /api/session/exchange`: a handoff code for a new session, answered as `POST /api/login`
 * answers (the storefront keeps it like a login). Whatever is wrong with the code (unknown, altered,
 * malformed, used, expired, another shop's, its user gone from the shop, its session ended) the answer
 * is the one 400 `errors.handoff_invalid`, and nothing changes but the attempt's count against the
 * per-IP limit, taken before the code is looked at.
 */
export async function exchangeHandoff(c: Context<AppEnv>): Promise<Response> {
  const { code, website } = await handoffAttempt(c);
  const accessToken = await exchangeHandoffCode(c.get('db'), c.get('config'), code, website.id);
  if (accessToken === null) fail(400, 'errors.handoff_invalid');
  return c.json({ access_token: accessToken });
}
