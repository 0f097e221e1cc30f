import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/index.ts';
import { activeAssignmentSql } from '../../server/services/budget-assignments.ts';
import { isSpendable } from '../../src/domain/budget-spend.ts';
import { TEST_DATABASE_URL } from './harness.ts';

/**
 * Issue 28: "is this budget assignment active now?" has one definition, `isSpendable` in the domain,
 * and one SQL mirror, `activeAssignmentSql`, which the budgets answer and the order's spend use. The
 * two must agree for every assignment and moment, at the boundaries above all (a budget starts at its
 * start instant and is over at its expiry instant).
 *
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let db: Db;

beforeAll(async () => {
  db = await openDb({ databaseUrl: TEST_DATABASE_URL, schema: TEST_DATABASE_URL ? 'budget_active_test' : undefined });
});

afterAll(async () => {
  await db?.close();
});

const BASE = Date.UTC(2026, 10, 28, 12, 0, 0);
const MINUTE = 60_000;

/** What the SQL says of one assignment at one moment. */
async function sqlActive(isActive: boolean, start: Date, expiry: Date, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ active: boolean }>(
    `SELECT ${activeAssignmentSql('$4::timestamptz')} AS active
       FROM (SELECT $1::boolean AS is_active, $2::timestamptz AS start_date, $3::timestamptz AS expiry_date) ub`,
    [isActive, start, expiry, now],
  );
  return rows[0]!.active;
}

describe('activeAssignmentSql mirrors isSpendable', () => {
  it('should agree at, just before and just after the start and the expiry', async () => {
    const start = new Date(BASE);
    const expiry = new Date(BASE + 60 * MINUTE);
    for (const at of [BASE - 1, BASE, BASE + 1, BASE + 60 * MINUTE - 1, BASE + 60 * MINUTE, BASE + 60 * MINUTE + 1]) {
      for (const isActive of [true, false]) {
        const now = new Date(at);
        const domain = isSpendable({ id: 1, budget_id: 1, points_left: 10, is_active: isActive, start_date: start, expiry_date: expiry }, now);
        expect(await sqlActive(isActive, start, expiry, now), `${now.toISOString()} switched ${isActive ? 'on' : 'off'}`).toBe(domain);
      }
    }
  });

  it('should agree for random assignments and moments, dates also sent as ISO text', async () => {
    const minutes = fc.integer({ min: -600, max: 600 }).map((offset) => BASE + offset * MINUTE);
    await fc.assert(
      fc.asyncProperty(fc.boolean(), minutes, minutes, minutes, async (isActive, start, expiry, now) => {
        const assignment = { id: 1, budget_id: 1, points_left: 10, is_active: isActive, start_date: new Date(start).toISOString(), expiry_date: new Date(expiry) };
        expect(await sqlActive(isActive, new Date(start), new Date(expiry), new Date(now))).toBe(isSpendable(assignment, new Date(now)));
      }),
      { numRuns: 200 },
    );
  });
});
