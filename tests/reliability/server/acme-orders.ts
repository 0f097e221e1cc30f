import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { expect } from 'vitest';
import { ApiErrorSchema, PlaceOrderResponseSchema, type Order } from '../../../src/contract/contract.ts';
import type { Queryable } from '../../../server/db/index.ts';
import { httpClient, type HttpClient } from '../../api/harness.ts';
import { acmePointsOrder, firstRow } from '../../api/order-fixtures.ts';
import { startLossyProxy, type Loss } from './lossy-proxy.ts';

/**
 * What the order checks (orders.test.ts, scale-out.test.ts) share: buyer@acme.test's points orders,
 * the books they are checked against (orders created, points spent), and the race of many orders for
 * one budget.
 *
 * @module
 */

/** What the order checks count: buyer@acme.test's orders, and the points spent from the buyer's budgets. */
export interface Books {
  orders: number;
  spent: number;
}

/** The database a check reads its books from, with the shop ids of the demo data in it. */
export interface Store {
  db: Queryable;
  shops: Record<string, number>;
}

/** buyer@acme.test pays from these assignments (seed: 1000 and 300 points). */
export const WELCOME = 'Welcome pack';
export const TEAM = 'Team events';

/** A product variant, its price in points a piece below 100 pieces (seed), and the budget paying it. */
export interface Item {
  variant: string;
  points: number;
  budget: string;
}

export const MUG: Item = { variant: 'ACME-MUG-WHITE', points: 10, budget: WELCOME };
export const TEE: Item = { variant: 'ACME-TEE-NAVY-L', points: 40, budget: WELCOME };
export const CAP: Item = { variant: 'ACME-CAP-BLACK', points: 20, budget: TEAM };

/** A fresh Idempotency-Key. */
export const newKey = (): string => `rel-${randomUUID()}`;

/** The first row of a query; throws when there is none. */
export const one = firstRow;

/** The acme order body for `quantity` of `item`, paid in points, picked up at reception (no delivery points). */
export async function acmeOrder(store: Store, item: Item, quantity = 1) {
  const variant = await one<{ id: number; product_id: number }>(store.db, 'SELECT id, product_id FROM product_variants WHERE code = $1', [item.variant]);
  return acmePointsOrder(store.db, store.shops, [{ product_id: variant.product_id, variant_id: variant.id, quantity }]);
}

/** `POST /api/order` with an Idempotency-Key. */
export function place(client: HttpClient, token: string, body: unknown, key: string) {
  return client.json('/api/order', { body, token, headers: { 'Idempotency-Key': key } });
}

/** The order of a 201 answer (checked against the contract), or null for any other answer. */
export function placedOrder(result: { status: number; body: unknown }): Order | null {
  return result.status === 201 ? v.parse(PlaceOrderResponseSchema, result.body).order : null;
}

/** `<status> <code>` of an answer, for messages and notes. */
export function errorCode(result: { status: number; body: unknown }): string {
  const error = v.safeParse(ApiErrorSchema, result.body);
  return `${result.status} ${error.success ? error.output.code : JSON.stringify(result.body)}`;
}

/** buyer@acme.test's active assignment of a budget. */
export function assignment(db: Queryable, budget: string) {
  return one<{ id: number; points: number; points_spent: number; expiry_date: Date }>(
    db,
    `SELECT ub.id, ub.points, ub.points_spent, ub.expiry_date FROM user_budgets ub
       JOIN budgets b ON b.id = ub.budget_id JOIN users u ON u.id = ub.user_id
      WHERE u.email = 'buyer@acme.test' AND b.name = $1 AND ub.is_active
      ORDER BY ub.expiry_date DESC LIMIT 1`,
    [budget],
  );
}

/** buyer@acme.test's orders and the points spent from all of the buyer's budgets. */
export function books(db: Queryable): Promise<Books> {
  return one<Books>(
    db,
    `SELECT (SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'buyer@acme.test') AS orders,
            (SELECT coalesce(sum(ub.points_spent), 0) FROM user_budgets ub JOIN users u ON u.id = ub.user_id
              WHERE u.email = 'buyer@acme.test') AS spent`,
  );
}

/** The books' change since `before`. */
export async function since(db: Queryable, before: Books): Promise<Books> {
  const after = await books(db);
  return { orders: after.orders - before.orders, spent: Math.round((after.spent - before.spent) * 100) / 100 };
}

/** "Got through" of a check: the orders and the points beyond what was expected (target 0). */
export function beyond(got: Books, expected: Books): number {
  return Math.max(0, got.orders - expected.orders) + Math.max(0, got.spent - expected.spent);
}

/** The note of an order check: orders and points against what was expected. */
export function booksNote(got: Books, expected: Books, extra = ''): string {
  return `orders created ${got.orders} (expected ${expected.orders}), points spent ${got.spent} (expected ${expected.spent})${extra ? `; ${extra}` : ''}`;
}

/** What a race of orders for one budget left behind. */
export interface Race {
  /** Points left in the assignment before the race, and how many orders fit in them. */
  left: number;
  fit: number;
  created: Order[];
  /** `<status> <code>` of every refused order. */
  refusals: string[];
  /** Points left after the race. */
  leftAfter: number;
  /** Points spent from the assignment during the race. */
  spent: number;
  /** Assignments anywhere spent beyond their points, or below zero. */
  overspent: number;
  /** Ledger entries of the created orders, and the created orders' own point totals. */
  ledgerTotal: number;
  ordersTotal: number;
  got: Books;
}

/**
 * Sends `count` orders of one `item` at once, each with its own key, the n-th through
 * `clients[n % clients.length]` (alternating instances), and reads what they left behind.
 */
export async function raceForBudget(store: Store, clients: readonly HttpClient[], token: string, item: Item, count: number): Promise<Race> {
  const start = await assignment(store.db, item.budget);
  const left = start.points - start.points_spent;
  const body = await acmeOrder(store, item);
  const before = await books(store.db);

  const answers = await Promise.all(Array.from({ length: count }, (_, n) => place(clients[n % clients.length]!, token, body, newKey())));

  const got = await since(store.db, before);
  const created = answers.map(placedOrder).filter((order) => order !== null);
  const end = await assignment(store.db, item.budget);
  const overspent = await one<{ n: number }>(store.db, 'SELECT count(*) AS n FROM user_budgets WHERE points_spent > points OR points_spent < 0');
  const ledger = await one<{ total: number }>(
    store.db,
    'SELECT coalesce(sum(delta), 0) AS total FROM budget_ledger WHERE order_id IN (SELECT id FROM orders WHERE name = ANY($1::text[]))',
    [created.map((order) => order.name)],
  );
  return {
    left,
    fit: Math.floor(left / item.points),
    created,
    refusals: answers.filter((answer) => answer.status !== 201).map(errorCode),
    leftAfter: end.points - end.points_spent,
    spent: end.points_spent - start.points_spent,
    overspent: overspent.n,
    ledgerTotal: ledger.total,
    ordersTotal: created.reduce((sum, order) => sum + order.total_points, 0),
    got,
  };
}

/**
 * What every race of `count` orders for one budget must show: some orders fit and some do not, exactly those that fit were
 * created, every other one was refused for want of points, nothing was overspent, the ledger matches
 * the orders, and the books are as expected.
 */
export function expectFairRace(race: Race, item: Item, count: number, expected: Books): void {
  expect(race.fit).toBeGreaterThan(0);
  expect(race.fit).toBeLessThan(count);
  expect(race.created.length * item.points).toBeLessThanOrEqual(race.left);
  expect(race.created).toHaveLength(race.fit);
  expect(new Set(race.refusals)).toEqual(new Set(['422 budgets.error.insufficient']));
  expect(race.overspent).toBe(0);
  expect(race.ledgerTotal).toBe(race.ordersTotal);
  expect(race.got).toEqual(expected);
}

/** The note of a race: what was left, the ledger against the orders, the refusals. */
export function raceNote(race: Race): string {
  return `points left after ${race.leftAfter}; ledger ${race.ledgerTotal} = orders ${race.ordersTotal}; ${race.refusals.length} refused (${[...new Set(race.refusals)].join(', ')})`;
}

/**
 * Sends an order to the server at `url` through a proxy that loses the exchange as `loss` says;
 * resolves to whether the client saw any answer (the target: it did not).
 */
export async function sendLosing(url: string, shops: Record<string, number>, loss: Loss, token: string, body: unknown, key: string): Promise<boolean> {
  const proxy = await startLossyProxy(url, loss);
  try {
    await place(httpClient(proxy.url, shops), token, body, key);
    return true;
  } catch {
    return false; // fetch failed: the socket closed before an answer arrived, as intended
  } finally {
    await proxy.close();
  }
}

/** Whether an answer is stored under `key` (its order committed), polling for up to `ms`. */
export async function keyStored(db: Queryable, key: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { rows } = await db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
    if (rows.length > 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
