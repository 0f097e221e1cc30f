import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaceOrderResponseSchema, UserBudgetSchema } from '../../../src/contract/contract.ts';
import { startTestServer, TEST_DATABASE_URL, type HttpClient } from '../../api/harness.ts';
import { tally } from '../report.ts';
import {
  acmeOrder,
  assignment,
  beyond,
  books,
  booksNote,
  CAP,
  errorCode,
  MUG,
  newKey,
  place,
  placedOrder,
  expectFairRace,
  raceForBudget,
  keyStored,
  raceNote,
  sendLosing,
  since,
  TEAM,
  TEE,
  type Books,
  type Store,
} from './acme-orders.ts';
import { RELIABILITY_DATABASE_URL, startCluster } from './instances.ts';

/**
 * Orders under the faults a real checkout meets (docs/reliability.md "Orders"): a response lost after
 * the server placed the order, a client hanging up mid-request, double submits, 50 orders racing for
 * one budget, and a budget expiring between loading the checkout and placing the order. Each check
 * counts the orders created and the points spent against what was expected; "got through" is the
 * orders plus the points beyond that (the target is 0).
 *
 * The checks run on the API test harness's server (PGlite, where transactions run one at a time) and,
 * when `RELIABILITY_DATABASE_URL` names a PostgreSQL, once more on a server there, where the requests
 * really run in parallel on separate connections: only that run proves the locks.
 */

const SUITE = 'orders';
/** Attempts per fault: enough to catch a race that loses once in a few tries, small enough for two cores. */
const ATTEMPTS = 8;
const PARALLEL = 50;

/** The server a run of checks talks to, and its database. */
interface Target extends HttpClient, Store {
  close(): Promise<void>;
}

interface Backend {
  name: string;
  start(): Promise<Target>;
}

async function startOnPostgres(url: string): Promise<Target> {
  const cluster = await startCluster(url, 1);
  const [instance] = cluster.instances;
  if (!instance) throw new Error('no instance started');
  return { ...instance, db: cluster.db, shops: cluster.shops, close: cluster.close };
}

const BACKENDS: Backend[] = [
  { name: TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite', start: () => startTestServer() },
  ...(RELIABILITY_DATABASE_URL ? [{ name: 'PostgreSQL', start: () => startOnPostgres(RELIABILITY_DATABASE_URL as string) }] : []),
];
if (!RELIABILITY_DATABASE_URL) console.info('[orders] RELIABILITY_DATABASE_URL is empty: the order checks run on PGlite only (transactions one at a time)');

/**
 * Records a check's figures: orders and points against what was expected. Recorded before the
 * assertions, so a failing run still reports what got through.
 */
function record(check: string, backend: string, tried: number, got: Books, expected: Books, extra = ''): void {
  tally({ suite: SUITE, check: `${check} (${backend})`, tried, gotThrough: beyond(got, expected), note: booksNote(got, expected, extra) });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS)('orders under faults on $name', (backend) => {
  let t: Target;
  let buyer: string;
  /** Keys whose order was placed after a lost response, reused below with a changed body. */
  const placedKeys: string[] = [];

  beforeAll(async () => {
    t = await backend.start();
    buyer = await t.login('buyer@acme.test', 'acme');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should place one order and spend once when the response is lost and the client retries with the same key', async () => {
    const body = await acmeOrder(t, MUG);
    const before = await books(t.db);
    const names = new Set<string>();
    let answeredAnyway = 0;
    let committedBeforeRetry = 0;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const key = newKey();
      if (await sendLosing(t.url, t.shops, 'drop-response', buyer, body, key)) answeredAnyway++;
      // The proxy cut the answer only once the server started sending it: the order is committed.
      if (await keyStored(t.db, key, 0)) committedBeforeRetry++;
      const retry = await place(t, buyer, body, key);
      const name = placedOrder(retry)?.name ?? null;
      if (name) names.add(name);
      placedKeys.push(key);
    }
    const got = await since(t.db, before);
    const expected = { orders: ATTEMPTS, spent: ATTEMPTS * MUG.points };
    record('lost response, then a retry with the same Idempotency-Key', backend.name, ATTEMPTS, got, expected, `${committedBeforeRetry} of ${ATTEMPTS} orders were committed before the retry, which answered them again`);

    expect(answeredAnyway).toBe(0);
    expect(committedBeforeRetry).toBe(ATTEMPTS);
    expect(names.size).toBe(ATTEMPTS);
    expect(got).toEqual(expected);
  });

  it('should refuse a retry with a changed body under the same key, creating and spending nothing', async () => {
    expect(placedKeys).toHaveLength(ATTEMPTS);
    const changed = await acmeOrder(t, MUG, 2);
    const before = await books(t.db);
    const answers = await Promise.all(placedKeys.map((key) => place(t, buyer, changed, key)));
    const got = await since(t.db, before);
    const refused = answers.filter((answer) => errorCode(answer) === '422 errors.idempotency_mismatch').length;
    record('retry with a changed body under a used key', backend.name, ATTEMPTS, got, { orders: 0, spent: 0 }, `${refused} of ${ATTEMPTS} refused with 422 errors.idempotency_mismatch`);

    expect(answers.map(errorCode)).toEqual(Array(ATTEMPTS).fill('422 errors.idempotency_mismatch'));
    expect(got).toEqual({ orders: 0, spent: 0 });
  });

  it('should place one order when the client hangs up mid-request and then retries with the same key', async () => {
    const body = await acmeOrder(t, MUG);
    const before = await books(t.db);
    const names = new Set<string>();
    const failures: string[] = [];
    /** Abandoned requests the server carried through on its own (their order committed before the retry). */
    let finishedAlone = 0;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const key = newKey();
      expect(await sendLosing(t.url, t.shops, 'hang-up-after-request', buyer, body, key)).toBe(false);
      // Give the server a moment to finish or drop the abandoned request, so the figure says which it did
      // (the double submits below race two requests with one key).
      if (await keyStored(t.db, key, 500)) finishedAlone++;
      const retry = await place(t, buyer, body, key);
      const name = placedOrder(retry)?.name ?? null;
      if (name) names.add(name);
      else failures.push(errorCode(retry));
    }
    const got = await since(t.db, before);
    const expected = { orders: ATTEMPTS, spent: ATTEMPTS * MUG.points };
    const notes = [`the server finished ${finishedAlone} of ${ATTEMPTS} abandoned requests itself (the retry answered them again)`];
    if (finishedAlone < ATTEMPTS) notes.push(`it dropped ${ATTEMPTS - finishedAlone} (the retry placed them)`);
    if (failures.length) notes.push(`retries refused: ${failures.join(', ')}`);
    record('client hangs up mid-request, then retries with the same key', backend.name, ATTEMPTS, got, expected, notes.join('; '));

    expect(failures).toEqual([]);
    expect(names.size).toBe(ATTEMPTS);
    expect(got).toEqual(expected);
  });

  it('should place one order for a double submit with one key, at once, a moment apart, and after the answer', async () => {
    const body = await acmeOrder(t, MUG);
    const before = await books(t.db);
    const timings = { 'at once': -1, '5 ms apart': 5, 'after the first answer': Infinity } as const;
    const pairs: { timing: string; names: (string | null)[] }[] = [];
    for (const [timing, gap] of Object.entries(timings)) {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const key = newKey();
        const first = place(t, buyer, body, key);
        if (gap === Infinity) await first;
        else if (gap >= 0) await sleep(gap);
        const answers = await Promise.all([first, place(t, buyer, body, key)]);
        pairs.push({ timing, names: answers.map((answer) => placedOrder(answer)?.name ?? null) });
      }
    }
    const got = await since(t.db, before);
    const expected = { orders: pairs.length, spent: pairs.length * MUG.points };
    const splitPairs = pairs.filter((pair) => pair.names[0] === null || pair.names[0] !== pair.names[1]).length;
    record('double submit with one key (at once, 5 ms apart, after the answer)', backend.name, pairs.length, got, expected, `${splitPairs} of ${pairs.length} pairs answered other than one order twice`);

    // Each pair as `<timing>: <first order> = <second order>`, so a failure names the timing.
    const shown = pairs.map((pair) => `${pair.timing}: ${pair.names[0]} = ${pair.names[1]}`);
    expect(pairs.every((pair) => pair.names[0] !== null)).toBe(true);
    expect(shown).toEqual(pairs.map((pair) => `${pair.timing}: ${pair.names[0]} = ${pair.names[0]}`));
    expect(got).toEqual(expected);
  });

  it('should refuse an order whose budget expires or is switched off between loading the checkout and ordering', async () => {
    const body = await acmeOrder(t, CAP);
    const team = await assignment(t.db, TEAM);
    const changes = [
      { what: 'expiry date passes', apply: "UPDATE user_budgets SET expiry_date = now() - interval '1 second' WHERE id = $1" },
      { what: 'coordinator switches it off', apply: 'UPDATE user_budgets SET is_active = false WHERE id = $1' },
    ];
    const before = await books(t.db);
    const codes: string[] = [];
    for (const change of changes) {
      // The checkout loads the buyer's budgets: Team events is active and holds the cap's points.
      const loaded = await t.json(`/api/user/budgets?website_id=${t.shops.acme}`, { token: buyer });
      const shown = v.parse(v.array(UserBudgetSchema), loaded.body).find((budget) => budget.id === team.id);
      expect(shown).toMatchObject({ status: 'active' });
      expect(shown?.points_left).toBeGreaterThanOrEqual(CAP.points);
      await t.db.query(change.apply, [team.id]);
      codes.push(errorCode(await place(t, buyer, body, newKey())));
      await t.db.query('UPDATE user_budgets SET expiry_date = $2, is_active = true WHERE id = $1', [team.id, team.expiry_date]);
    }
    const got = await since(t.db, before);
    record('budget expires or is switched off during checkout', backend.name, changes.length, got, { orders: 0, spent: 0 }, `answers: ${codes.join(', ')}`);

    expect(codes).toEqual(changes.map(() => '422 budgets.inactive_in_cart'));
    expect(got).toEqual({ orders: 0, spent: 0 });
    // With the assignment restored the same order goes through: the refusals were the budget's.
    const control = await place(t, buyer, body, newKey());
    expect(control.status).toBe(201);
    expect(v.parse(PlaceOrderResponseSchema, control.body).order.total_points).toBe(CAP.points);
  });

  it.each([TEE, CAP])(`should never overspend under ${PARALLEL} parallel orders on one budget ($budget)`, async (item) => {
    const race = await raceForBudget(t, [t], buyer, item, PARALLEL);
    const expected = { orders: race.fit, spent: race.fit * item.points };
    record(`${PARALLEL} parallel orders on one budget (${item.budget}, ${race.left} points left, ${item.points} a piece)`, backend.name, PARALLEL, race.got, expected, raceNote(race));

    expectFairRace(race, item, PARALLEL, expected);
    expect(race.spent).toBe(expected.spent);
  });
});
