import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../api/harness.ts';
import { tally } from '../report.ts';
import { latestResetToken, userId } from './security-helpers.ts';

/**
 * Security suite, accounts (docs/reliability.md): login throttling per e-mail and per IP (429 with
 * Retry-After once the limit is used up, whatever the spelling of the e-mail, the password or a
 * forged X-Forwarded-For), and password-reset tokens (one use, expiry, bound to their user and shop,
 * void once the password changed). Tokens are read from the outbox as a user reads them.
 */

const PER_EMAIL = 5;
const PER_IP = 10;
const NEW_PASSWORD = 'N3wPassword!';

let server: TestServer;
/** A server whose e-mail limit is out of the way, to see the IP limit alone. */
let ipServer: TestServer;

beforeAll(async () => {
  [server, ipServer] = await Promise.all([
    startTestServer({ loginThrottle: { perEmail: PER_EMAIL, perIp: 1000, windowSeconds: 900 } }),
    startTestServer({ loginThrottle: { perEmail: 1000, perIp: PER_IP, windowSeconds: 900 } }),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), ipServer?.close()]);
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
  it('should answer 429 with Retry-After once an e-mail used up its failed attempts, however it is spelt', async () => {
    const first: Attempt[] = [];
    for (let i = 0; i < PER_EMAIL; i += 1) first.push(await login(server, 'buyer@acme.test', `wrong-${i}`));
    expect(first.map((attempt) => attempt.status)).toEqual(Array(PER_EMAIL).fill(422));

    const beyond: Attempt[] = [];
    for (let i = 0; i < 10; i += 1) beyond.push(await login(server, 'buyer@acme.test', `wrong-again-${i}`));
    // Other spellings of the same account, and finally the right password: still throttled.
    for (const spelling of ['BUYER@ACME.TEST', 'Buyer@Acme.Test', '  buyer@acme.test  ']) beyond.push(await login(server, spelling, 'wrong'));
    beyond.push(await login(server, 'buyer@acme.test', DEMO_PASSWORD));
    const through = beyond.filter((attempt) => !throttled(attempt));
    tally({ suite: 'security', check: 'login throttling per e-mail: attempts past the limit (wrong passwords, other spellings, then the right one)', tried: beyond.length, gotThrough: through.length, note: `limit ${PER_EMAIL} failures per e-mail in the window` });
    expect(through).toEqual([]);
  });

  it('should count wrong current passwords on password change like failed logins', async () => {
    const token = await server.login('coordinator@acme.test', 'acme');
    const attempts: Attempt[] = [];
    for (let i = 0; i < PER_EMAIL + 6; i += 1) {
      const response = await server.request('/api/user/changePassword', {
        method: 'POST',
        token,
        body: { current_password: `wrong-${i}`, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      await response.body?.cancel();
      attempts.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
    }
    const beyond = attempts.slice(PER_EMAIL);
    const through = beyond.filter((attempt) => !throttled(attempt));
    tally({ suite: 'security', check: 'password change with wrong current passwords: attempts past the limit', tried: beyond.length, gotThrough: through.length });
    expect(attempts.slice(0, PER_EMAIL).every((attempt) => attempt.status === 422)).toBe(true);
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
