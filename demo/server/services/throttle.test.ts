// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { ApiError } from '../http/errors.ts';
import { claimLoginAttempt, clearFailedLogins, keepFailedLogin, releaseLoginAttempt } from './throttle.ts';

const THROTTLE = { perEmail: 5, perIp: 0, windowSeconds: 900 };

let db: Db;

beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
});

afterAll(async () => {
  await db?.close();
});

/** A login as the route runs it: claim, then a password check that takes a while and fails. */
async function wrongPassword(email: string, ip: string): Promise<'checked' | 'throttled'> {
  try {
    await claimLoginAttempt(db, THROTTLE, email, ip);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return 'throttled';
    throw error;
  }
  await new Promise((resolve) => setTimeout(resolve, 20)); // the password hash
  await keepFailedLogin(db, THROTTLE, email, ip);
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
    const refusal = await claimLoginAttempt(db, THROTTLE, 'case@example.TEST', '192.0.2.1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(429);
    expect((refusal as ApiError).extra.retry_after).toBeGreaterThan(0);
  });

  it('should stop counting an attempt that is released, and every attempt once the e-mail is cleared', async () => {
    const email = 'release@example.test';
    for (let n = 0; n < THROTTLE.perEmail - 1; n++) expect(await wrongPassword(email, '192.0.2.2')).toBe('checked');
    // The last allowed attempt turns out right (e.g. no access to the shop): released, it does not count.
    await releaseLoginAttempt(db, await claimLoginAttempt(db, THROTTLE, email, '192.0.2.2'));
    expect(await wrongPassword(email, '192.0.2.2')).toBe('checked');
    expect(await wrongPassword(email, '192.0.2.2')).toBe('throttled');
    await clearFailedLogins(db, email);
    expect(await wrongPassword(email, '192.0.2.2')).toBe('checked');
  });

  it('should count per IP across e-mails', async () => {
    const perIp = { ...THROTTLE, perEmail: 0, perIp: 3 };
    const results: string[] = [];
    for (let n = 0; n < 5; n++) {
      results.push(
        await claimLoginAttempt(db, perIp, `ip-${n}@example.test`, '198.51.100.9').then(
          () => 'checked',
          () => 'throttled',
        ),
      );
    }
    expect(results).toEqual(['checked', 'checked', 'checked', 'throttled', 'throttled']);
  });
});
