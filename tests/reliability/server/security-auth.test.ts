import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../../server/services/tokens.ts';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../api/harness.ts';
import { tally } from '../report.ts';
import { latestResetToken, userId } from './security-helpers.ts';

/**
 * Security suite, accounts (docs/reliability.md): login throttling per address and IP and per IP (429 with
 * Retry-After once the limit is used up, whatever the spelling of the e-mail, the password or a
 * forged X-Forwarded-For), and password-reset tokens (one use, expiry, bound to their user and shop,
 * void once the password changed). Tokens are read from the outbox as a user reads them. Sign-in
 * handoff codes (issue 19): one use, 60 seconds, their own shop, their user still in it and their
 * session still open, one answer for every code that does not work, exchanges limited per IP; the
 * preview of a code's account (issue 26) refusing exactly as the exchange and using nothing up; codes
 * issued limited per user and per IP.
 */

const PER_PAIR = 5;
const PER_IP = 10;
const NEW_PASSWORD = 'N3wPassword!';
/** Exchanges per IP on the handoff server: room for the other handoff checks, which run first. */
const HANDOFF_PER_IP = 40;
/** Codes issued per user and per IP on the issue-limit server. */
const ISSUE_PER_USER = 4;
const ISSUE_PER_IP = 8;

let server: TestServer;
/** A server whose e-mail limit is out of the way, to see the IP limit alone. */
let ipServer: TestServer;
/** Sign-in handoff: accounts untouched by the throttling and reset checks, and a limit on exchanges per IP. */
let handoffServer: TestServer;
/** Issuing handoff codes limited per user and per IP (started by its own block, after the others). */
let issueServer: TestServer;

beforeAll(async () => {
  [server, ipServer, handoffServer] = await Promise.all([
    startTestServer({ loginThrottle: { perPair: PER_PAIR, perEmail: 1000, perIp: 1000, windowSeconds: 900 } }),
    startTestServer({ loginThrottle: { perPair: 1000, perEmail: 1000, perIp: PER_IP, windowSeconds: 900 } }),
    startTestServer({ handoffRateLimit: { perIp: HANDOFF_PER_IP, windowSeconds: 600 } }),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), ipServer?.close(), handoffServer?.close()]);
});

interface Attempt {
  status: number;
  retryAfter: string | null;
}

async function login(target: TestServer, email: string, password: string, shop = 'acme', headers: Record<string, string> = {}): Promise<Attempt> {
  const response = await target.request('/api/login', { method: 'POST', body: { email, password, website_id: target.shops[shop] }, headers });
  await response.body?.cancel();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

/** An attempt past the limit got through unless it was a 429 with a positive Retry-After. */
const throttled = (attempt: Attempt) => attempt.status === 429 && Number(attempt.retryAfter) > 0;

describe('security: login throttling', () => {
  it('should answer 429 with Retry-After once an address used up its failed attempts from one IP, however it is spelt', async () => {
    const first: Attempt[] = [];
    for (let i = 0; i < PER_PAIR; i += 1) first.push(await login(server, 'buyer@acme.test', `wrong-${i}`));
    expect(first.map((attempt) => attempt.status)).toEqual(Array(PER_PAIR).fill(422));

    const beyond: Attempt[] = [];
    for (let i = 0; i < 10; i += 1) beyond.push(await login(server, 'buyer@acme.test', `wrong-again-${i}`));
    // Other spellings of the same account (case, spaces, fullwidth letters), and finally the right password: still throttled.
    for (const spelling of ['BUYER@ACME.TEST', 'Buyer@Acme.Test', '  buyer@acme.test  ', 'ｂｕｙｅｒ@acme.test']) beyond.push(await login(server, spelling, 'wrong'));
    beyond.push(await login(server, 'buyer@acme.test', DEMO_PASSWORD));
    const through = beyond.filter((attempt) => !throttled(attempt));
    tally({ suite: 'security', check: 'login throttling per address and IP: attempts past the limit (wrong passwords, other spellings, then the right one)', tried: beyond.length, gotThrough: through.length, note: `limit ${PER_PAIR} failures per address from one IP in the window` });
    expect(through).toEqual([]);
  });

  it('should count wrong current passwords on password change like failed logins', async () => {
    const token = await server.login('coordinator@acme.test', 'acme');
    const attempts: Attempt[] = [];
    for (let i = 0; i < PER_PAIR + 6; i += 1) {
      const response = await server.request('/api/user/changePassword', {
        method: 'POST',
        token,
        body: { current_password: `wrong-${i}`, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      await response.body?.cancel();
      attempts.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
    }
    const beyond = attempts.slice(PER_PAIR);
    const through = beyond.filter((attempt) => !throttled(attempt));
    tally({ suite: 'security', check: 'password change with wrong current passwords: attempts past the limit', tried: beyond.length, gotThrough: through.length });
    expect(attempts.slice(0, PER_PAIR).every((attempt) => attempt.status === 422)).toBe(true);
    expect(through).toEqual([]);
  });

  it('should throttle one IP trying many accounts, whatever X-Forwarded-For it claims', async () => {
    const attempts: Attempt[] = [];
    for (let i = 0; i < PER_IP + 10; i += 1) {
      // Not behind a trusted proxy, the header is the client's own claim and must change nothing.
      attempts.push(await login(ipServer, `nobody-${i}@example.test`, 'wrong', 'acme', { 'X-Forwarded-For': `198.51.100.${i + 1}` }));
    }
    expect(attempts.slice(0, PER_IP).every((attempt) => attempt.status === 422)).toBe(true);
    const beyond = attempts.slice(PER_IP);
    beyond.push(await login(ipServer, 'buyer@acme.test', DEMO_PASSWORD, 'acme', { 'X-Forwarded-For': '203.0.113.99' }));
    const through = beyond.filter((attempt) => !throttled(attempt));
    tally({ suite: 'security', check: 'login throttling per IP: attempts past the limit over many e-mails, X-Forwarded-For forged', tried: beyond.length, gotThrough: through.length, note: `limit ${PER_IP} failures per IP in the window` });
    expect(through).toEqual([]);
  });
});

async function forgot(email: string, shop: string): Promise<string> {
  const answer = await server.json('/api/forgotPassword', { method: 'POST', body: { email, website_id: server.shops[shop] } });
  if (answer.status !== 200) throw new Error(`forgotPassword ${email}: ${answer.status}`);
  return latestResetToken(server, email);
}

async function reset(token: string, email: string, shop: string): Promise<number> {
  const answer = await server.json('/api/resetPassword', {
    method: 'POST',
    body: { website_id: server.shops[shop], email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
  });
  return answer.status;
}

describe('security: password-reset tokens', () => {
  it('should let each link work once, in its own shop, for its own user, before it expires', async () => {
    const attacks: { name: string; status: number }[] = [];
    const tryIt = async (name: string, use: Promise<number>) => attacks.push({ name, status: await use });

    // One use: the second use of a link fails.
    const once = await forgot('buyer@initech.test', 'initech');
    expect(await reset(once, 'buyer@initech.test', 'initech')).toBe(200);
    await tryIt('the same link again', reset(once, 'buyer@initech.test', 'initech'));

    // Two uses at once: exactly one wins.
    const raced = await forgot('buyer@initech.test', 'initech');
    const both = await Promise.all([reset(raced, 'buyer@initech.test', 'initech'), reset(raced, 'buyer@initech.test', 'initech')]);
    expect(both.filter((status) => status === 200)).toHaveLength(1);
    attacks.push({ name: 'the same link twice at once (the loser)', status: both.find((status) => status !== 200) ?? 200 });

    // Expired.
    const expired = await forgot('buyer@initech.test', 'initech');
    await server.db.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
    await tryIt('an expired link', reset(expired, 'buyer@initech.test', 'initech'));

    // Another shop: the user belongs to globex too, yet the initech link does not work there.
    await server.db.query("INSERT INTO website_users (website_id, user_id, role) VALUES ($1, $2, 'buyer')", [server.shops.globex, await userId(server, 'buyer@initech.test')]);
    const otherShop = await forgot('buyer@initech.test', 'initech');
    await tryIt("a link of initech used on globex by the same user", reset(otherShop, 'buyer@initech.test', 'globex'));

    // Another user: coordinator's link with the buyer's e-mail; tampered copies of it.
    const coordinators = await forgot('coordinator@initech.test', 'initech');
    await tryIt("another user's link with my e-mail", reset(coordinators, 'buyer@initech.test', 'initech'));
    const flipped = `${coordinators.slice(0, -1)}${coordinators.endsWith('A') ? 'B' : 'A'}`;
    for (const [name, token] of [
      ['the link with its last character changed', flipped],
      ['the link cut short', coordinators.slice(0, 20)],
      ['the link with a character added', `${coordinators}x`],
      ['the link upper-cased', coordinators.toUpperCase()],
      ['a token made up', 'a'.repeat(43)],
    ] as const) {
      await tryIt(name, reset(token, 'coordinator@initech.test', 'initech'));
    }

    // An older link after a newer one was used.
    const older = await forgot('buyer@globex.test', 'globex');
    const newer = await forgot('buyer@globex.test', 'globex');
    expect(await reset(newer, 'buyer@globex.test', 'globex')).toBe(200);
    await tryIt('an older link after a newer one was used', reset(older, 'buyer@globex.test', 'globex'));

    // A link mailed before the user changed the password in the account: the password it would replace is gone.
    const beforeChange = await forgot('coordinator@globex.test', 'globex');
    const session = await server.login('coordinator@globex.test', 'globex');
    const changed = await server.json('/api/user/changePassword', {
      method: 'POST',
      token: session,
      body: { current_password: DEMO_PASSWORD, password: 'Chang3dPassword', password_confirmation: 'Chang3dPassword' },
    });
    expect(changed.status).toBe(200);
    await tryIt('a link mailed before the password was changed', reset(beforeChange, 'coordinator@globex.test', 'globex'));

    const through = attacks.filter((attack) => attack.status === 200 || attack.status >= 500);
    tally({ suite: 'security', check: 'password-reset tokens: reuse, races, expiry, other user, other shop, tampered, superseded', tried: attacks.length, gotThrough: through.length });
    expect(through).toEqual([]);

    // The coordinator's untouched link still works: the refusals above were about the changes made to it.
    expect(await reset(coordinators, 'coordinator@initech.test', 'initech')).toBe(200);
  });
});

/** A code issued for a fresh session of `email` in `shop`, and that session's token. */
async function handoffCode(target: TestServer, email: string, shop: string): Promise<{ code: string; token: string }> {
  const token = await target.login(email, shop);
  const answer = await target.json('/api/session/handoff', { method: 'POST', token, body: { website_id: target.shops[shop] } });
  if (answer.status !== 200) throw new Error(`handoff ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { code: answer.body.code as string, token };
}

async function exchangeCode(target: TestServer, code: string, shop: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; retryAfter: string | null }> {
  return handoffCall('/api/session/exchange', target, code, shop, headers);
}

/** `POST /api/session/handoff/preview`: whose account `code` is, read without using it up. */
async function previewCode(target: TestServer, code: string, shop: string): Promise<{ status: number; text: string; retryAfter: string | null }> {
  return handoffCall('/api/session/handoff/preview', target, code, shop);
}

async function handoffCall(path: string, target: TestServer, code: string, shop: string, headers: Record<string, string> = {}) {
  const response = await target.request(path, { method: 'POST', body: { code, website_id: target.shops[shop] }, headers });
  return { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after') };
}

describe('security: sign-in handoff codes', () => {
  it('should let each code work once, for 60 seconds, in its own shop, and answer every other code alike', async () => {
    const target = handoffServer;
    const attacks: { name: string; status: number; text: string }[] = [];
    const tryIt = async (name: string, code: string, shop = 'acme') => attacks.push({ name, ...(await exchangeCode(target, code, shop)) });
    const sessions = async () => (await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions')).rows[0]!.n;

    // One use, and two uses at once: exactly one wins.
    const once = await handoffCode(target, 'buyer@acme.test', 'acme');
    expect((await exchangeCode(target, once.code, 'acme')).status).toBe(200);
    await tryIt('the same code again', once.code);
    const raced = await handoffCode(target, 'buyer@acme.test', 'acme');
    const both = await Promise.all([exchangeCode(target, raced.code, 'acme'), exchangeCode(target, raced.code, 'acme')]);
    expect(both.filter((answer) => answer.status === 200)).toHaveLength(1);
    const loser = both.find((answer) => answer.status !== 200) ?? both[0]!;
    attacks.push({ name: 'the same code twice at once (the loser)', ...loser });

    const sessionsBefore = await sessions();
    // Expired: past its expiry, and made more than 60 seconds ago.
    const expired = await handoffCode(target, 'buyer@acme.test', 'acme');
    await target.db.query("UPDATE signin_handoffs SET expires_at = now() - interval '1 second' WHERE code_hash = $1", [hashToken(expired.code)]);
    await tryIt('an expired code', expired.code);
    const late = await handoffCode(target, 'buyer@acme.test', 'acme');
    await target.db.query("UPDATE signin_handoffs SET created_at = created_at - interval '61 seconds', expires_at = expires_at - interval '61 seconds' WHERE code_hash = $1", [hashToken(late.code)]);
    await tryIt('a code used after 61 seconds', late.code);

    // Another shop: the user belongs to globex too, yet the acme code does not work there.
    await target.db.query("INSERT INTO website_users (website_id, user_id, role) VALUES ($1, $2, 'buyer')", [target.shops.globex, await userId(target, 'buyer@acme.test')]);
    const waiting = await handoffCode(target, 'buyer@acme.test', 'acme');
    await tryIt('an acme code used on globex by a user of both', waiting.code, 'globex');
    await tryIt('an acme code used on initech', waiting.code, 'initech');

    // Tampered copies, made-up codes, and the wrong secrets.
    const flipped = `${waiting.code.slice(0, -1)}${waiting.code.endsWith('A') ? 'B' : 'A'}`;
    for (const [name, code] of [
      ['the code with its last character changed', flipped],
      ['the code cut short', waiting.code.slice(0, 20)],
      ['the code with a character added', `${waiting.code}x`],
      ['the code upper-cased', waiting.code.toUpperCase()],
      ['the code as stored (its hash)', hashToken(waiting.code)],
      ['the issuing session token as a code', waiting.token],
      ['a code made up', 'a'.repeat(43)],
      ['a random code', newToken()],
      ['an empty code', ''],
      ['a code that is no base64url', '%00<script>'],
    ] as const) {
      await tryIt(name, code);
    }

    // The user lost access to the shop, or the issuing session ended, since the code was issued.
    const removed = await handoffCode(target, 'nobudget@acme.test', 'acme');
    await target.db.query("DELETE FROM website_users WHERE website_id = $1 AND user_id = (SELECT id FROM users WHERE email = 'nobudget@acme.test')", [target.shops.acme]);
    await tryIt('a code of a user removed from the shop since', removed.code);
    const loggedOut = await handoffCode(target, 'coordinator@acme.test', 'acme');
    await target.json('/api/logout', { method: 'POST', token: loggedOut.token });
    await tryIt('a code whose issuing session logged out since', loggedOut.code);
    const sessionsAfter = await sessions();

    const through = attacks.filter((attack) => attack.status === 200 || attack.status >= 500);
    tally({ suite: 'security', check: 'sign-in handoff codes: reuse, races, expiry, other shop, tampered, made up, user removed, session ended', tried: attacks.length, gotThrough: through.length });
    expect(through).toEqual([]);
    // One answer for all of them: nothing tells a replay from a typo.
    const differing = attacks.filter((attack) => attack.status !== attacks[0]!.status || attack.text !== attacks[0]!.text);
    tally({ suite: 'security', check: 'sign-in handoff codes: refusals differing from the one answer (status and body bytes)', tried: attacks.length, gotThrough: differing.length });
    expect(differing).toEqual([]);
    // Refused codes opened no session (only the issuing logins did), and the waiting code still works once.
    const logins = 5;
    expect(sessionsAfter - sessionsBefore).toBe(logins);
    expect((await exchangeCode(target, waiting.code, 'acme')).status).toBe(200);
  });

  it('should issue codes only to a session of the shop named, and keep the plain code out of the database', async () => {
    const target = handoffServer;
    const globexToken = await target.login('buyer@globex.test', 'globex');
    const ended = await target.login('buyer@globex.test', 'globex');
    await target.json('/api/logout', { method: 'POST', token: ended });
    const probes: [string, string | undefined, string][] = [
      ['a guest', undefined, 'acme'],
      ["globex's token asking for an acme code", globexToken, 'acme'],
      ['a logged-out token', ended, 'globex'],
      ['a made-up token', newToken(), 'globex'],
    ];
    const through: string[] = [];
    for (const [name, token, shop] of probes) {
      const answer = await target.json('/api/session/handoff', { method: 'POST', body: { website_id: target.shops[shop] }, ...(token ? { token } : {}) });
      if (answer.status !== 401 && answer.status !== 403) through.push(`${name}: ${answer.status}`);
    }
    const { code } = await handoffCode(target, 'buyer@initech.test', 'initech');
    const { rows } = await target.db.query('SELECT * FROM signin_handoffs');
    if (JSON.stringify(rows).includes(code)) through.push('the plain code is in the table');
    tally({ suite: 'security', check: 'sign-in handoff issue: guest, other shop, ended or made-up session; the plain code stored', tried: probes.length + 1, gotThrough: through.length });
    expect(through).toEqual([]);
  });

  it('should limit exchanges per IP, whatever X-Forwarded-For it claims', async () => {
    // A fresh window: the checks above used some of this IP's attempts.
    await handoffServer.db.query("DELETE FROM rate_events WHERE bucket = 'handoff:ip'");
    const attempts: { status: number; retryAfter: string | null }[] = [];
    for (let i = 0; i < HANDOFF_PER_IP + 6; i += 1) {
      attempts.push(await exchangeCode(handoffServer, newToken(), 'acme', { 'X-Forwarded-For': `198.51.100.${i + 1}` }));
    }
    expect(attempts.slice(0, HANDOFF_PER_IP).every((attempt) => attempt.status === 400)).toBe(true);
    const beyond = attempts.slice(HANDOFF_PER_IP);
    const through = beyond.filter((attempt) => !(attempt.status === 429 && Number(attempt.retryAfter) > 0));
    tally({ suite: 'security', check: 'sign-in handoff exchanges per IP: attempts past the limit, X-Forwarded-For forged', tried: beyond.length, gotThrough: through.length, note: `limit ${HANDOFF_PER_IP} exchanges per IP in the window` });
    expect(through).toEqual([]);
  });
  it("should preview a code's account only where the exchange would work, and never use a code up", async () => {
    const target = handoffServer;
    await target.db.query("DELETE FROM rate_events WHERE bucket = 'handoff:ip'");
    const refusal = await exchangeCode(target, newToken(), 'acme');
    const rows = async () => JSON.stringify((await target.db.query('SELECT id, used_at, expires_at FROM signin_handoffs ORDER BY id')).rows);
    const found: string[] = [];
    let tried = 0;

    // Codes the exchange refuses: the preview answers the exchange's one refusal, byte for byte.
    const used = await handoffCode(target, 'buyer@globex.test', 'globex');
    expect((await exchangeCode(target, used.code, 'globex')).status).toBe(200);
    const expired = await handoffCode(target, 'buyer@globex.test', 'globex');
    await target.db.query("UPDATE signin_handoffs SET expires_at = now() - interval '1 second' WHERE code_hash = $1", [hashToken(expired.code)]);
    const ended = await handoffCode(target, 'coordinator@globex.test', 'globex');
    await target.json('/api/logout', { method: 'POST', token: ended.token });
    const waiting = await handoffCode(target, 'buyer@globex.test', 'globex');
    for (const [name, code, shop] of [
      ['a used code', used.code, 'globex'],
      ['an expired code', expired.code, 'globex'],
      ['a code whose session logged out', ended.code, 'globex'],
      ['a globex code on acme', waiting.code, 'acme'],
      ['the code altered', `${waiting.code.slice(0, -1)}${waiting.code.endsWith('A') ? 'B' : 'A'}`, 'globex'],
      ['the code as stored (its hash)', hashToken(waiting.code), 'globex'],
      ['the issuing session token as a code', waiting.token, 'globex'],
      ['a random code', newToken(), 'globex'],
      ['an empty code', '', 'globex'],
    ] as const) {
      tried += 1;
      const answer = await previewCode(target, code, shop);
      if (answer.status !== refusal.status || answer.text !== refusal.text) found.push(`${name}: ${answer.status} ${answer.text}`);
    }

    // Working codes previewed, several times and at once: none used up, no session opened.
    const before = await rows();
    const sessionsBefore = (await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions')).rows[0]!.n;
    const previews = await Promise.all(Array.from({ length: 5 }, () => previewCode(target, waiting.code, 'globex')));
    tried += previews.length;
    for (const answer of previews) if (answer.status !== 200 || JSON.parse(answer.text).email !== 'buyer@globex.test') found.push(`a working code previewed: ${answer.status}`);
    if ((await rows()) !== before) found.push('a preview changed the codes table');
    if ((await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions')).rows[0]!.n !== sessionsBefore) found.push('a preview opened a session');
    tried += 1;
    if ((await exchangeCode(target, waiting.code, 'globex')).status !== 200) found.push('the previewed code no longer signs in');

    tally({ suite: 'security', check: 'sign-in handoff preview: codes refused otherwise than by the exchange, or used up by a preview', tried, gotThrough: found.length });
    expect(found).toEqual([]);
  });

});

describe('security: sign-in handoff codes issued', () => {
  beforeAll(async () => {
    issueServer = await startTestServer({ handoffIssueLimit: { perUser: ISSUE_PER_USER, perIp: ISSUE_PER_IP, windowSeconds: 600 } });
  });

  afterAll(async () => {
    await issueServer?.close();
  });

  it('should limit the codes issued per user (over all its sessions) and per IP, whatever X-Forwarded-For it claims', async () => {
    const target = issueServer;
    const issueWith = async (token: string, shop: string, forwarded: string) => {
      const response = await target.request('/api/session/handoff', { method: 'POST', token, body: { website_id: target.shops[shop] }, headers: { 'X-Forwarded-For': forwarded } });
      await response.body?.cancel();
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    };
    // One user over two sessions: ISSUE_PER_USER codes, then refused.
    const sessions = [await target.login('buyer@acme.test', 'acme'), await target.login('buyer@acme.test', 'acme')];
    const own: { status: number; retryAfter: string | null }[] = [];
    for (let i = 0; i < ISSUE_PER_USER + 4; i += 1) own.push(await issueWith(sessions[i % 2]!, 'acme', `198.51.100.${i + 1}`));
    expect(own.slice(0, ISSUE_PER_USER).every((attempt) => attempt.status === 200)).toBe(true);
    // Other users from the same IP: the rest of the IP's ISSUE_PER_IP, then refused.
    const others = [await target.login('coordinator@acme.test', 'acme'), await target.login('buyer@globex.test', 'globex')];
    const shops = ['acme', 'globex'];
    const fromIp: { status: number; retryAfter: string | null }[] = [];
    for (let i = 0; i < ISSUE_PER_IP - ISSUE_PER_USER + 4; i += 1) fromIp.push(await issueWith(others[i % 2]!, shops[i % 2]!, `203.0.113.${i + 1}`));
    expect(fromIp.slice(0, ISSUE_PER_IP - ISSUE_PER_USER).every((attempt) => attempt.status === 200)).toBe(true);
    const beyond = [...own.slice(ISSUE_PER_USER), ...fromIp.slice(ISSUE_PER_IP - ISSUE_PER_USER)];
    const through = beyond.filter((attempt) => !(attempt.status === 429 && Number(attempt.retryAfter) > 0));
    const stored = (await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM signin_handoffs')).rows[0]!.n;
    if (stored !== ISSUE_PER_IP) through.push({ status: stored, retryAfter: 'codes stored past the limit' });
    tally({ suite: 'security', check: 'sign-in handoff issue per user and per IP: codes asked for past the limit, over two sessions, X-Forwarded-For forged', tried: beyond.length, gotThrough: through.length, note: `limits ${ISSUE_PER_USER} per user and ${ISSUE_PER_IP} per IP in the window` });
    expect(through).toEqual([]);
  });
});
