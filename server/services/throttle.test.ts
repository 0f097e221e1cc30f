import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { ApiError } from '../http/errors.ts';
import { claimLoginAttempt, clearFailedLogins, keepFailedLogin, releaseLoginAttempt } from './throttle.ts';

const THROTTLE = { perPair: 0, perEmail: 5, perIp: 0, windowSeconds: 900 };
const from = (ip: string, device: string | null = null) => ({ ip, device });

let db: Db;

// Opening and migrating a fresh database takes seconds, far more on two busy cores: the same allowance
// as the seed test and the server suite give it (the tests themselves keep the unit timeout).
beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

/** A login as the route runs it: claim, then a password check that takes a while and fails. */
async function wrongPassword(email: string, ip: string): Promise<'checked' | 'throttled'> {
  try {
    await claimLoginAttempt(db, THROTTLE, email, from(ip));
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return 'throttled';
    throw error;
  }
  await new Promise((resolve) => setTimeout(resolve, 20)); // the password hash
  await keepFailedLogin(db, THROTTLE, email, from(ip));
  return 'checked';
}

const count = (results: string[], what: string) => results.filter((result) => result === what).length;

describe('claimLoginAttempt', () => {
  it('should let no more password checks through than the limit when a burst of guesses arrives at once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => wrongPassword('burst@example.test', `192.0.2.${n}`)));
    expect(count(results, 'checked')).toBe(THROTTLE.perEmail);
    expect(count(results, 'throttled')).toBe(20 - THROTTLE.perEmail);
  });

  it('should count the e-mail case-insensitively and refuse with the seconds to wait', async () => {
    for (let n = 0; n < THROTTLE.perEmail; n++) expect(await wrongPassword('Case@Example.test', '192.0.2.1')).toBe('checked');
    const refusal = await claimLoginAttempt(db, THROTTLE, 'case@example.TEST', from('192.0.2.1')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(429);
    expect((refusal as ApiError).extra.retry_after).toBeGreaterThan(0);
  });

  it("should stop counting an attempt that is released, and the source's attempts once it signed in", async () => {
    const email = 'release@example.test';
    for (let n = 0; n < THROTTLE.perEmail - 1; n++) expect(await wrongPassword(email, '192.0.2.2')).toBe('checked');
    // The last allowed attempt turns out right (e.g. no access to the shop): released, it does not count.
    await releaseLoginAttempt(db, await claimLoginAttempt(db, THROTTLE, email, from('192.0.2.2')));
    expect(await wrongPassword(email, '192.0.2.2')).toBe('checked');
    expect(await wrongPassword(email, '192.0.2.2')).toBe('throttled');
    await clearFailedLogins(db, email, from('192.0.2.2'));
    expect(await wrongPassword(email, '192.0.2.2')).toBe('checked');
  });

  it('should count per IP across e-mails', async () => {
    const perIp = { ...THROTTLE, perEmail: 0, perIp: 3 };
    const results: string[] = [];
    for (let n = 0; n < 5; n++) {
      results.push(
        await claimLoginAttempt(db, perIp, `ip-${n}@example.test`, from('198.51.100.9')).then(
          () => 'checked',
          () => 'throttled',
        ),
      );
    }
    expect(results).toEqual(['checked', 'checked', 'checked', 'throttled', 'throttled']);
  });

  it("should hold a stranger to the pair (address, IP) and the IP, and not the owner on another IP or a known device", async () => {
    const limits = { perPair: 3, perIp: 6, perEmail: 8, windowSeconds: 900 };
    const email = 'owner@example.test';
    const attempt = (source: { ip: string; device: string | null }, address = email) =>
      claimLoginAttempt(db, limits, address, source).then(
        () => 'checked',
        () => 'throttled',
      );
    const stranger = await Promise.all(Array.from({ length: 5 }, () => attempt(from('203.0.113.66'))));
    expect(count(stranger, 'checked')).toBe(3);
    expect(await attempt(from('198.51.100.20'))).toBe('checked');
    // The stranger's IP also runs into its own limit over other addresses.
    const others: string[] = [];
    for (let n = 0; n < 5; n++) others.push(await attempt(from('203.0.113.66'), `other-${n}@example.test`));
    expect(others).toEqual(['checked', 'checked', 'checked', 'throttled', 'throttled']);
    // Guesses from many IPs reach the address's ceiling; a known device is not held to it.
    for (let n = 0; n < 6; n++) await attempt(from(`192.0.2.${100 + n}`));
    expect(await attempt(from('198.51.100.30'))).toBe('throttled');
    expect(await attempt(from('198.51.100.30', 'device-hash'))).toBe('checked');
  });
});
