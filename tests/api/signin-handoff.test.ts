import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, AuthResponseSchema, SignInHandoffPreviewSchema, SignInHandoffResponseSchema } from '../../src/contract/contract.ts';
import { hashToken, newToken } from '../../server/services/tokens.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Sign-in handoff (issue 19): a session on one origin asks for a one-time code; the storefront on
 * another origin exchanges it for a new session of the same user in the same shop. The code works
 * once, for 60 seconds, in its own shop; it is stored only hashed, and every code that does not work
 * gets one and the same answer. Before the exchange the storefront previews whose account a code is
 * (issue 26), without using it up; issuing codes is limited per user and per IP.
 */

const RATE_LIMIT = 3;
const ISSUE_PER_USER = 3;
const ISSUE_PER_IP = 5;

let server: TestServer;
/** A server with a small per-IP limit on exchanges and previews, and small limits on issuing codes. */
let limited: TestServer;

beforeAll(async () => {
  [server, limited] = await Promise.all([
    startTestServer(),
    startTestServer({
      handoffRateLimit: { perIp: RATE_LIMIT, windowSeconds: 60 },
      handoffIssueLimit: { perUser: ISSUE_PER_USER, perIp: ISSUE_PER_IP, windowSeconds: 60 },
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), limited?.close()]);
});

// Each test about the limits starts from a fresh window.
beforeEach(async () => {
  await limited.db.query('DELETE FROM rate_events');
});

/** `POST /api/session/handoff` for `shop` with the bearer `token` (none: a guest). */
function issue(token: string | undefined, shop: string, target: TestServer = server) {
  return target.json('/api/session/handoff', { method: 'POST', body: { website_id: target.shops[shop] }, ...(token ? { token } : {}) });
}

/** A code for `email`'s new session in `shop`, and that session's token. */
async function codeFor(email: string, shop: string, target: TestServer = server): Promise<{ code: string; token: string }> {
  const token = await target.login(email, shop);
  const answer = await issue(token, shop, target);
  if (answer.status !== 200) throw new Error(`handoff for ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { code: v.parse(SignInHandoffResponseSchema, answer.body).code, token };
}

/** `POST /api/session/exchange`, answered as status, raw body text and headers. */
async function exchange(code: unknown, shop: string, target: TestServer = server, headers: Record<string, string> = {}) {
  const response = await target.request('/api/session/exchange', { method: 'POST', body: { code, website_id: target.shops[shop] }, headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** `POST /api/session/handoff/preview`, answered as status and raw body text. */
async function preview(code: unknown, shop: string, target: TestServer = server, headers: Record<string, string> = {}) {
  const response = await target.request('/api/session/handoff/preview', { method: 'POST', body: { code, website_id: target.shops[shop] }, headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function sessionCount(target: TestServer = server): Promise<number> {
  const { rows } = await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
  return rows[0]!.n;
}

async function userId(email: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return rows[0]!.id;
}

/** The handoff rows as text, to compare before and after failed exchanges. */
async function handoffRows(): Promise<string> {
  const { rows } = await server.db.query('SELECT id, code_hash, user_id, website_id, session_id, expires_at, used_at FROM signin_handoffs ORDER BY id');
  return JSON.stringify(rows);
}

describe('POST /api/session/handoff', () => {
  it('should issue a random one-time code valid for 60 seconds, bound to the session, its user and shop', async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    const answer = await issue(token, 'acme');
    expect(answer.status).toBe(200);
    const body = v.parse(SignInHandoffResponseSchema, answer.body);
    expect(body.expires_in).toBe(60);
    expect(body.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(body.code, 'base64url')).toHaveLength(32);
    expect(body.code).not.toBe(token);

    const { rows } = await server.db.query<{ user_id: number; website_id: number; session_id: number; ttl: number; used_at: Date | null }>(
      'SELECT user_id, website_id, session_id, extract(epoch FROM expires_at - created_at)::int AS ttl, used_at FROM signin_handoffs WHERE code_hash = $1',
      [hashToken(body.code)],
    );
    const session = await server.db.query<{ id: number }>('SELECT id FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    expect(rows).toEqual([{ user_id: await userId('buyer@acme.test'), website_id: server.shops.acme, session_id: session.rows[0]!.id, ttl: 60, used_at: null }]);

    const again = await issue(token, 'acme');
    expect(again.body.code).not.toBe(body.code);
  });

  it('should store codes only as hashes: the plain code is nowhere in the table', async () => {
    const { code } = await codeFor('buyer@acme.test', 'acme');
    const { rows } = await server.db.query('SELECT * FROM signin_handoffs');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(code);
    const stored = await server.db.query('SELECT 1 FROM signin_handoffs WHERE code_hash = $1', [hashToken(code)]);
    expect(stored.rows).toHaveLength(1);
  });

  it('should refuse a guest (401), a token of another shop (403) and an unknown shop (404)', async () => {
    const guest = await issue(undefined, 'acme');
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('errors.unauthenticated');
    const globexToken = await server.login('buyer@globex.test', 'globex');
    const otherShop = await issue(globexToken, 'acme');
    expect(otherShop.status).toBe(403);
    expect(otherShop.body.code).toBe('errors.no_access');
    const unknown = await server.json('/api/session/handoff', { method: 'POST', body: { website_id: 999_999 }, token: globexToken });
    expect(unknown.status).toBe(404);
    const revoked = await server.login('buyer@globex.test', 'globex');
    await server.json('/api/logout', { method: 'POST', token: revoked });
    expect((await issue(revoked, 'globex')).status).toBe(401);
    for (const answer of [guest, otherShop, unknown]) expect(v.is(ApiErrorSchema, answer.body)).toBe(true);
  });

  it('should limit the codes issued per user, over all its sessions, and per IP (429 with Retry-After)', async () => {
    const first = await limited.login('buyer@acme.test', 'acme');
    const second = await limited.login('buyer@acme.test', 'acme');
    const statuses: number[] = [];
    for (let i = 0; i < ISSUE_PER_USER; i += 1) statuses.push((await issue(i % 2 === 0 ? first : second, 'acme', limited)).status);
    expect(statuses).toEqual(Array(ISSUE_PER_USER).fill(200));
    // Another session of the same user shares the limit; a forged X-Forwarded-For changes nothing.
    const rowsBefore = (await limited.db.query('SELECT 1 FROM signin_handoffs')).rows.length;
    const beyond = await limited.request('/api/session/handoff', {
      method: 'POST',
      token: second,
      body: { website_id: limited.shops.acme },
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(beyond.status).toBe(429);
    expect(Number(beyond.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await beyond.json()).code).toBe('errors.too_many_requests');
    expect((await limited.db.query('SELECT 1 FROM signin_handoffs')).rows.length).toBe(rowsBefore);

    // Other users from the same address: the IP's limit (5) counts every code issued from it.
    const other = await limited.login('coordinator@acme.test', 'acme');
    const others: number[] = [];
    for (let i = 0; i < ISSUE_PER_IP - ISSUE_PER_USER + 1; i += 1) others.push((await issue(other, 'acme', limited)).status);
    expect(others).toEqual([200, 200, 429]);
  });

  it('should prune codes whose time is up when a new one is issued', async () => {
    const { code } = await codeFor('buyer@acme.test', 'acme');
    await server.db.query("UPDATE signin_handoffs SET expires_at = now() - interval '1 second' WHERE code_hash = $1", [hashToken(code)]);
    await codeFor('buyer@acme.test', 'acme');
    const { rows } = await server.db.query('SELECT 1 FROM signin_handoffs WHERE code_hash = $1 OR expires_at <= now()', [hashToken(code)]);
    expect(rows).toEqual([]);
  });
});

describe('POST /api/session/handoff/preview', () => {
  it("should tell the code's account without using the code up or writing anything", async () => {
    const { code } = await codeFor('buyer@acme.test', 'acme');
    const rowsBefore = await handoffRows();
    const sessionsBefore = await sessionCount();
    const first = await preview(code, 'acme');
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual(v.parse(SignInHandoffPreviewSchema, { name: 'Anna', surname: 'Nowak', email: 'buyer@acme.test' }));
    // Previewing twice is fine: nothing was used up, no session opened.
    expect((await preview(code, 'acme')).text).toBe(first.text);
    expect(await handoffRows()).toBe(rowsBefore);
    expect(await sessionCount()).toBe(sessionsBefore);
    // The code still signs in, once; after that its preview is refused like its exchange.
    expect((await exchange(code, 'acme')).status).toBe(200);
    const used = await preview(code, 'acme');
    const replay = await exchange(code, 'acme');
    expect(used.status).toBe(400);
    expect(used.text).toBe(replay.text);
  });

  it('should refuse every code the exchange refuses, with the exchange’s own byte-identical answer', async () => {
    const used = await codeFor('buyer@acme.test', 'acme');
    expect((await exchange(used.code, 'acme')).status).toBe(200);
    const waiting = await codeFor('buyer@acme.test', 'acme');
    const expired = await codeFor('buyer@acme.test', 'acme');
    await server.db.query("UPDATE signin_handoffs SET expires_at = now() - interval '1 second' WHERE code_hash = $1", [hashToken(expired.code)]);
    const loggedOut = await codeFor('coordinator@acme.test', 'acme');
    expect((await server.json('/api/logout', { method: 'POST', token: loggedOut.token })).status).toBe(200);
    const cases: [string, unknown, string][] = [
      ['replayed', used.code, 'acme'],
      ['expired', expired.code, 'acme'],
      ['another shop', waiting.code, 'globex'],
      ['altered', `${waiting.code.slice(0, -1)}${waiting.code.endsWith('A') ? 'B' : 'A'}`, 'acme'],
      ['the hash instead of the code', hashToken(waiting.code), 'acme'],
      ['malformed: empty', '', 'acme'],
      ['malformed: very long', 'a'.repeat(5000), 'acme'],
      ['unknown', newToken(), 'acme'],
      ['issuing session logged out since', loggedOut.code, 'acme'],
    ];
    const rowsBefore = await handoffRows();
    const refusal = await exchange(newToken(), 'acme');
    const differing: string[] = [];
    for (const [name, code, shop] of cases) {
      const answer = await preview(code, shop);
      if (answer.status !== refusal.status || answer.text !== refusal.text) differing.push(`${name}: ${answer.status} ${answer.text}`);
    }
    expect(differing).toEqual([]);
    expect(await handoffRows()).toBe(rowsBefore);
    expect((await exchange(waiting.code, 'acme')).status).toBe(200);
  });

  it('should count previews and exchanges together against the per-IP limit', async () => {
    const { code } = await codeFor('buyer@globex.test', 'globex', limited);
    const statuses = [(await preview(code, 'globex', limited)).status, (await preview(newToken(), 'globex', limited)).status, (await exchange(code, 'globex', limited)).status];
    expect(statuses).toEqual([200, 400, 200]);
    const beyond = await preview(newToken(), 'globex', limited, { 'X-Forwarded-For': '203.0.113.8' });
    expect(beyond.status).toBe(429);
    expect(Number(beyond.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('should refuse a body without a code or shop as invalid, and an unknown shop as not found', async () => {
    const noCode = await server.json('/api/session/handoff/preview', { method: 'POST', body: { website_id: server.shops.acme } });
    expect(noCode.status).toBe(422);
    const unknown = await server.json('/api/session/handoff/preview', { method: 'POST', body: { code: newToken(), website_id: 999_999 } });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/session/exchange', () => {
  it('should open a new session of the same user in the same shop, once, answered like a login', async () => {
    const { code, token } = await codeFor('buyer@acme.test', 'acme');
    const before = await sessionCount();
    const first = await exchange(code, 'acme');
    expect(first.status).toBe(200);
    const body = v.parse(AuthResponseSchema, JSON.parse(first.text));
    expect(Object.keys(JSON.parse(first.text))).toEqual(['access_token']);
    expect(body.access_token).not.toBe(token);
    expect(body.access_token).not.toBe(code);
    expect(await sessionCount()).toBe(before + 1);

    const user = await server.json('/api/user', { token: body.access_token });
    expect(user.status).toBe(200);
    expect(user.body.email).toBe('buyer@acme.test');
    expect(user.body.website_id).toBe(server.shops.acme);
    // The new session is a login's: the shop's TTL, this shop.
    const { rows } = await server.db.query<{ website_id: number; ttl: number }>(
      'SELECT website_id, extract(epoch FROM expires_at - created_at)::int AS ttl FROM sessions WHERE token_hash = $1',
      [hashToken(body.access_token)],
    );
    expect(rows).toEqual([{ website_id: server.shops.acme, ttl: server.config.sessionTtlSeconds }]);
    // The issuing session goes on.
    expect((await server.json('/api/user', { token })).status).toBe(200);

    const replay = await exchange(code, 'acme');
    expect(replay.status).toBe(400);
    expect(JSON.parse(replay.text)).toMatchObject({ code: 'errors.handoff_invalid' });
    expect(await sessionCount()).toBe(before + 1);
  });

  it('should behave like a login for the XSRF cookie: set when missing, and checked when sent', async () => {
    const { code } = await codeFor('buyer@acme.test', 'acme');
    const fresh = await exchange(newToken(), 'acme');
    expect(fresh.headers.get('set-cookie')).toMatch(/XSRF-TOKEN=[^;]+;.*SameSite=Lax/i);

    // A browser holding the cookie must echo it, exactly as on POST /api/login; the code survives the refusal.
    const cookie = { cookie: 'XSRF-TOKEN=abc123abc123abc123' };
    const unechoed = await exchange(code, 'acme', server, cookie);
    const loginUnechoed = await server.json('/api/login', { method: 'POST', body: { email: 'buyer@acme.test', password: 'Passw0rd!', website_id: server.shops.acme }, headers: cookie });
    expect(unechoed.status).toBe(403);
    expect(loginUnechoed.status).toBe(403);
    expect(JSON.parse(unechoed.text)).toEqual(loginUnechoed.body);
    const echoed = await exchange(code, 'acme', server, { ...cookie, 'x-xsrf-token': 'abc123abc123abc123' });
    expect(echoed.status).toBe(200);
  });

  it('should give exactly one session for two exchanges of one code at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { code } = await codeFor('buyer@acme.test', 'acme');
      const before = await sessionCount();
      const answers = await Promise.all([exchange(code, 'acme'), exchange(code, 'acme'), exchange(code, 'acme')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
      expect(await sessionCount()).toBe(before + 1);
    }
  });

  it('should refuse every code that does not work with one byte-identical answer, changing nothing', async () => {
    const failures: { name: string; status: number; text: string }[] = [];
    const refused = async (name: string, code: unknown, shop = 'acme') => {
      const answer = await exchange(code, shop);
      failures.push({ name, status: answer.status, text: answer.text });
    };

    // Replayed.
    const used = await codeFor('buyer@acme.test', 'acme');
    expect((await exchange(used.code, 'acme')).status).toBe(200);

    // The cases below are tried with codes that still wait, so nothing may change for them.
    const waiting = await codeFor('buyer@acme.test', 'acme');
    const expired = await codeFor('buyer@acme.test', 'acme');
    await server.db.query("UPDATE signin_handoffs SET expires_at = now() - interval '1 second' WHERE code_hash = $1", [hashToken(expired.code)]);
    // After 60 s: the code made a minute and a second ago.
    const late = await codeFor('buyer@acme.test', 'acme');
    await server.db.query("UPDATE signin_handoffs SET created_at = created_at - interval '61 seconds', expires_at = expires_at - interval '61 seconds' WHERE code_hash = $1", [hashToken(late.code)]);
    // The user of a code since removed from the shop, and a code whose issuing session logged out.
    const removed = await codeFor('nobudget@acme.test', 'acme');
    await server.db.query('DELETE FROM website_users WHERE user_id = $1 AND website_id = $2', [await userId('nobudget@acme.test'), server.shops.acme]);
    const loggedOut = await codeFor('coordinator@acme.test', 'acme');
    expect((await server.json('/api/logout', { method: 'POST', token: loggedOut.token })).status).toBe(200);
    // A user of two shops: the acme code on globex.
    await server.db.query("INSERT INTO website_users (website_id, user_id, role) VALUES ($1, $2, 'buyer') ON CONFLICT DO NOTHING", [server.shops.globex, await userId('buyer@acme.test')]);

    const rowsBefore = await handoffRows();
    const sessionsBefore = await sessionCount();
    const flipped = `${waiting.code.slice(0, -1)}${waiting.code.endsWith('A') ? 'B' : 'A'}`;
    await refused('replayed', used.code);
    await refused('expired', expired.code);
    await refused('after 60 seconds', late.code);
    await refused('another shop', waiting.code, 'globex');
    await refused('altered: last character changed', flipped);
    await refused('altered: upper-cased', waiting.code.toUpperCase());
    await refused('altered: cut short', waiting.code.slice(0, 20));
    await refused('altered: a character added', `${waiting.code}x`);
    await refused('the hash instead of the code', hashToken(waiting.code));
    await refused('the issuing session token instead of the code', waiting.token);
    await refused('malformed: empty', '');
    await refused('malformed: not base64url', '!!not a code!!');
    await refused('malformed: very long', 'a'.repeat(5000));
    await refused('malformed: unicode', 'kod-żółć-🙂');
    await refused('unknown', newToken());
    await refused('user removed from the shop since', removed.code);
    await refused('issuing session logged out since', loggedOut.code);

    const first = failures[0]!;
    expect(first.status).toBe(400);
    expect(JSON.parse(first.text)).toEqual({ message: 'This sign-in link has expired or was already used. Please log in.', code: 'errors.handoff_invalid' });
    expect(failures.filter((failure) => failure.status !== first.status || failure.text !== first.text)).toEqual([]);
    expect(await handoffRows()).toBe(rowsBefore);
    expect(await sessionCount()).toBe(sessionsBefore);

    // The code all the tampering was about still works, once, in its own shop.
    expect((await exchange(waiting.code, 'acme')).status).toBe(200);
  });

  it('should refuse a body without a code or shop as invalid, and an unknown shop as not found', async () => {
    const noCode = await server.json('/api/session/exchange', { method: 'POST', body: { website_id: server.shops.acme } });
    expect(noCode.status).toBe(422);
    expect(noCode.body.error_keys.code[0].key).toBe('validation.required');
    const noShop = await server.json('/api/session/exchange', { method: 'POST', body: { code: newToken() } });
    expect(noShop.status).toBe(422);
    const unknown = await server.json('/api/session/exchange', { method: 'POST', body: { code: newToken(), website_id: 999_999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('errors.store_not_found');
  });

  it('should limit exchange attempts per IP (429 with Retry-After), failed or not', async () => {
    const { code } = await codeFor('buyer@acme.test', 'acme', limited);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT - 1; i += 1) statuses.push((await exchange(newToken(), 'acme', limited)).status);
    statuses.push((await exchange(code, 'acme', limited)).status);
    expect(statuses).toEqual([400, 400, 200]);
    // A forged X-Forwarded-For (no trusted proxy) changes nothing.
    const beyond = await exchange(newToken(), 'acme', limited, { 'X-Forwarded-For': '203.0.113.7' });
    expect(beyond.status).toBe(429);
    expect(Number(beyond.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(beyond.text).code).toBe('errors.too_many_requests');
  });
});
