import { isDeepStrictEqual } from 'node:util';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../../src/contract/contract.ts';
import { tally } from '../report.ts';
import {
  acmeOrder,
  beyond,
  books,
  booksNote,
  CAP,
  errorCode,
  keyStored,
  MUG,
  newKey,
  place,
  placedOrder,
  expectFairRace,
  raceForBudget,
  raceNote,
  sendLosing,
  since,
  TEE,
} from './acme-orders.ts';
import { RELIABILITY_DATABASE_URL, startCluster, type Cluster, type Instance } from './instances.ts';

/**
 * Scale-out (docs/reliability.md "Scale-out"): two reference-server instances, each with its own
 * connection pool, on ONE PostgreSQL schema, as the API is deployed behind a load balancer. Requests
 * alternate between them as a round-robin balancer would send them. Nothing is shared between the
 * instances but the database, so every rule that holds across them holds because of it: sessions,
 * budget balances under concurrent orders, idempotency keys and login throttling.
 *
 * Needs `RELIABILITY_DATABASE_URL` (set by `npm run test:reliability` when the PostgreSQL server on
 * 127.0.0.1:5432 answers); without it the suite is skipped, with the reason in its name.
 */

const SUITE = 'scale-out';
const PARALLEL = 50;
/** Keys retried on the other instance, per way of retrying. */
const RETRIES = 6;
/** Login limits of the instances (the e-mail limit is the default; the IP limit lowered to keep the check short). */
const PER_EMAIL = 5;
const PER_IP = 10;

const reason = RELIABILITY_DATABASE_URL ? '' : ' (SKIPPED: RELIABILITY_DATABASE_URL is empty, no PostgreSQL answered on 127.0.0.1:5432)';
if (!RELIABILITY_DATABASE_URL) {
  console.info('[scale-out] skipped: RELIABILITY_DATABASE_URL is empty (no PostgreSQL answered)');
  // In the figures too, so a report without scale-out rows says why.
  tally({ suite: SUITE, check: 'SKIPPED: RELIABILITY_DATABASE_URL is empty (no PostgreSQL answered on 127.0.0.1:5432)', tried: 0, gotThrough: 0 });
}

/** A client IP for the throttle: the instances trust X-Forwarded-For, as behind the load balancer. */
const fromIp = (ip: string) => ({ 'X-Forwarded-For': ip });

describe.skipIf(!RELIABILITY_DATABASE_URL)(`two server instances on one PostgreSQL schema${reason}`, () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let both: Instance[];
  /** buyer@acme.test's session, opened on instance A. */
  let buyer: string;

  beforeAll(async () => {
    cluster = await startCluster(RELIABILITY_DATABASE_URL as string, 2, {
      trustProxy: 1,
      // One IP's failures for one address meet the pair limit, many IPs' the address's ceiling: both PER_EMAIL here.
      loginThrottle: { perPair: PER_EMAIL, perEmail: PER_EMAIL, perIp: PER_IP, windowSeconds: 900 },
    });
    [a, b] = cluster.instances as [Instance, Instance];
    both = [a, b];
    buyer = await a.login('buyer@acme.test', 'acme');
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it('should accept a session opened on one instance on the other', async () => {
    const onB = await b.login('buyer@globex.test', 'globex');
    const answers = await Promise.all([b.json('/api/user', { token: buyer }), a.json('/api/user', { token: onB })]);
    const emails = answers.map((answer) => (answer.status === 200 ? v.parse(UserSchema, answer.body).email : errorCode(answer)));
    const expected = ['buyer@acme.test', 'buyer@globex.test'];
    tally({
      suite: SUITE,
      check: 'session opened on one instance, used on the other',
      tried: expected.length,
      gotThrough: emails.filter((email, n) => email !== expected[n]).length,
      note: 'got through = sessions the other instance refused',
    });

    expect(emails).toEqual(expected);
  });

  it.each([TEE, CAP])(`should never overspend under ${PARALLEL} concurrent orders split across both instances ($budget)`, async (item) => {
    const race = await raceForBudget(cluster, both, buyer, item, PARALLEL);
    const expected = { orders: race.fit, spent: race.fit * item.points };
    tally({
      suite: SUITE,
      check: `${PARALLEL} concurrent orders alternating between the instances, one budget (${item.budget}, ${race.left} points left, ${item.points} a piece)`,
      tried: PARALLEL,
      gotThrough: beyond(race.got, expected),
      note: booksNote(race.got, expected, raceNote(race)),
    });

    expectFairRace(race, item, PARALLEL, expected);
  });

  it('should answer a key retried on the other instance with the first order, answered, lost or sent to both at once', async () => {
    // The races above spent the budgets: a coordinator's top-up, so these orders can go through.
    await cluster.db.query("UPDATE user_budgets SET points = points + 1000 WHERE user_id = (SELECT id FROM users WHERE email = 'buyer@acme.test')");
    const body = await acmeOrder(cluster, MUG);
    const before = await books(cluster.db);
    const mismatches: string[] = [];
    let lostCommitted = 0;
    for (let n = 0; n < RETRIES; n++) {
      const [first, other] = n % 2 ? [b, a] : [a, b];
      // Answered by the first instance, retried on the other: the same answer, word for word.
      const key = newKey();
      const answered = await place(first, buyer, body, key);
      const again = await place(other, buyer, body, key);
      // Compared as values: the stored answer comes back from jsonb, with its keys in another order.
      if (answered.status !== 201 || again.status !== 201 || !isDeepStrictEqual(again.body, answered.body)) mismatches.push(`answered: ${errorCode(again)}`);
      // Lost on the way back from the first instance, retried on the other.
      const lostKey = newKey();
      if (await sendLosing(first.url, cluster.shops, 'drop-response', buyer, body, lostKey)) mismatches.push('lost: an answer arrived');
      if (await keyStored(cluster.db, lostKey, 0)) lostCommitted++;
      const retried = await place(other, buyer, body, lostKey);
      const stored = await cluster.db.query<{ response: { order: { name: string } } }>('SELECT response FROM idempotency_keys WHERE key = $1', [lostKey]);
      if (placedOrder(retried)?.name !== stored.rows[0]?.response.order.name) mismatches.push(`lost: ${errorCode(retried)}`);
      // One key sent to both instances at once.
      const sharedKey = newKey();
      const pair = await Promise.all([place(first, buyer, body, sharedKey), place(other, buyer, body, sharedKey)]);
      const names = pair.map((answer) => placedOrder(answer)?.name ?? errorCode(answer));
      if (names[0] !== names[1]) mismatches.push(`at once: ${names.join(' / ')}`);
    }
    const tried = RETRIES * 3;
    const got = await since(cluster.db, before);
    const expected = { orders: tried, spent: tried * MUG.points };
    tally({
      suite: SUITE,
      check: 'Idempotency-Key retried on the other instance (after an answer, after a lost answer, both at once)',
      tried,
      gotThrough: beyond(got, expected),
      note: booksNote(got, expected, `${mismatches.length} retries answered other than the first order; ${lostCommitted} of ${RETRIES} lost answers were committed before the retry`),
    });

    expect(mismatches).toEqual([]);
    expect(lostCommitted).toBe(RETRIES);
    expect(got).toEqual(expected);
  });

  it('should count failed logins on both instances toward one e-mail limit', async () => {
    const email = 'buyer@initech.test';
    const login = (instance: Instance, password: string) =>
      instance.json('/api/login', { body: { email, password, website_id: cluster.shops.initech }, headers: fromIp('198.51.100.1') });
    const answers: string[] = [];
    // One more wrong password than the limit, alternating A, B, A, …: the limit is reached with attempts on both.
    for (let n = 0; n <= PER_EMAIL; n++) answers.push(errorCode(await login(both[n % 2]!, `wrong-${n}`)));
    // Then the right password, on each instance.
    for (const instance of both) {
      const right = await login(instance, 'Passw0rd!');
      answers.push(right.status === 200 ? '200 logged in' : errorCode(right));
    }
    const beyondLimit = answers.slice(PER_EMAIL);
    tally({
      suite: SUITE,
      check: `failed logins for one e-mail spread over both instances (limit ${PER_EMAIL})`,
      tried: beyondLimit.length,
      gotThrough: beyondLimit.filter((answer) => answer !== '429 errors.throttled').length,
      note: `attempts past the limit (1 wrong, then the right password on A and on B) that were not refused with 429`,
    });

    expect(answers.slice(0, PER_EMAIL)).toEqual(Array(PER_EMAIL).fill('422 errors.invalid_login'));
    expect(beyondLimit).toEqual(Array(3).fill('429 errors.throttled'));
  });

  it('should count failed logins from one IP on both instances toward one IP limit', async () => {
    const attempts = PER_IP + 2;
    const answers: string[] = [];
    for (let n = 0; n < attempts; n++) {
      // A different unknown e-mail each time: only the IP is the same.
      const result = await both[n % 2]!.json('/api/login', {
        body: { email: `nobody-${n}@acme.test`, password: 'wrong-password', website_id: cluster.shops.acme },
        headers: fromIp('198.51.100.2'),
      });
      answers.push(errorCode(result));
    }
    tally({
      suite: SUITE,
      check: `failed logins from one IP spread over both instances (limit ${PER_IP})`,
      tried: attempts - PER_IP,
      gotThrough: answers.slice(PER_IP).filter((answer) => answer !== '429 errors.throttled').length,
      note: 'attempts past the limit not refused with 429',
    });

    expect(answers.slice(0, PER_IP)).toEqual(Array(PER_IP).fill('422 errors.invalid_login'));
    expect(answers.slice(PER_IP)).toEqual(Array(attempts - PER_IP).fill('429 errors.throttled'));
  });

  it('should judge at most the limit of passwords for one e-mail when a burst of guesses hits both instances at once', async () => {
    const email = 'coordinator@acme.test';
    const burst = 4 * PER_EMAIL;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, n) =>
        both[n % 2]!.json('/api/login', {
          body: { email, password: `guess-${n}`, website_id: cluster.shops.acme },
          // Each guess from its own IP: only the e-mail limit stands in the way.
          headers: fromIp(`203.0.113.${n + 1}`),
        }),
      ),
    );
    const codes = answers.map(errorCode);
    const judged = codes.filter((code) => code === '422 errors.invalid_login').length;
    tally({
      suite: SUITE,
      check: `burst of ${burst} wrong passwords for one e-mail, at once on both instances (limit ${PER_EMAIL})`,
      tried: burst,
      gotThrough: Math.max(0, judged - PER_EMAIL),
      note: `passwords checked (answered 422) beyond the limit; ${judged} checked, ${codes.filter((code) => code === '429 errors.throttled').length} refused with 429`,
    });

    expect(judged).toBeLessThanOrEqual(PER_EMAIL);
    expect(codes.filter((code) => code !== '422 errors.invalid_login' && code !== '429 errors.throttled')).toEqual([]);
  });
});
