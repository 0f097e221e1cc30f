import { randomUUID } from 'node:crypto';
import { createApp } from '../../../server/app.ts';
import { mailedToken, type TestServer } from '../../api/harness.ts';
import { acmePointsOrder, firstRow } from '../../api/order-fixtures.ts';

/**
 * Shared pieces of the server security and fuzzing suites: the list of routes the reference server
 * really registers (so a suite fails when a route appears that it does not cover), look-ups of demo
 * rows by their stable codes and e-mails (never by id), and the demo orders the suites tamper with.
 *
 * @module
 */

/** A route as `METHOD /path` (Hono's pattern, e.g. `PUT /api/user/addresses/:id`). */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'DELETE'} ${string}`;

/**
 * Every endpoint of the reference API the app registers: the `/api/…` routes plus the demo payment
 * page (`/demo/pay/:name`), which acts on an order. Read from the Hono app itself, so a new route
 * shows up here the moment it is registered. Middleware (`ALL`) and static demo pages are left out.
 */
export function registeredApiRoutes(server: TestServer): RouteKey[] {
  const app = createApp({ db: server.db, config: server.config, plugins: server.plugins });
  const keys = app.routes
    .filter((route) => route.method !== 'ALL' && (route.path.startsWith('/api/') || route.path.startsWith('/demo/pay/')))
    .map((route) => `${route.method} ${route.path}` as RouteKey);
  return [...new Set(keys)].sort();
}

/** The first row of a query on the server's database, or an error naming the query. */
export const one = <T>(server: TestServer, sql: string, params: unknown[] = []): Promise<T> => firstRow<T>(server.db, sql, params);

export const userId = async (server: TestServer, email: string) =>
  (await one<{ id: number }>(server, 'SELECT id FROM users WHERE email = $1', [email])).id;

/** A cart line for a product code and one of its variant codes, e.g. `ACME-MUG`, `ACME-MUG-WHITE`. */
export async function cartLine(server: TestServer, productCode: string, variantCode: string, quantity: number) {
  const row = await one<{ product_id: number; variant_id: number }>(
    server,
    'SELECT p.id AS product_id, v.id AS variant_id FROM products p JOIN product_variants v ON v.product_id = p.id WHERE p.code = $1 AND v.code = $2',
    [productCode, variantCode],
  );
  return { product_id: row.product_id, variant_id: row.variant_id, quantity };
}

/** A shop's delivery method of one type (`courier`, `self_pickup`, `specific_address`). */
export async function deliveryMethodId(server: TestServer, shop: string, type: string): Promise<number> {
  return (await one<{ id: number }>(server, 'SELECT id FROM delivery_methods WHERE website_id = $1 AND type = $2', [server.shops[shop], type])).id;
}

/** A buyer's assignment of a budget by the budget's name. */
export async function assignmentId(server: TestServer, email: string, budget: string): Promise<number> {
  const row = await one<{ id: number }>(
    server,
    'SELECT ub.id FROM user_budgets ub JOIN budgets b ON b.id = ub.budget_id WHERE ub.user_id = $1 AND b.name = $2',
    [await userId(server, email), budget],
  );
  return row.id;
}

/** An acme order paid in points and picked up at reception: valid as it stands for buyer@acme.test. */
export const acmeOrderBody = (server: TestServer, items: unknown[], overrides: Record<string, unknown> = {}) =>
  acmePointsOrder(server.db, server.shops, items, overrides);

/** `POST /api/order` with a fresh Idempotency-Key (or the one given). */
export function postOrder(server: TestServer, token: string, body: unknown, key = `sec-${randomUUID()}`) {
  return server.json('/api/order', { method: 'POST', body, token, headers: { 'Idempotency-Key': key } });
}

/** The newest password-reset token mailed to `to`, read from the outbox as a user would. */
export const latestResetToken = (server: TestServer, to: string): Promise<string> => mailedToken(server, to, /change your password/);

/** Sum of points spent and points held over every assignment, and whether any is overspent. */
export async function budgetLedgerState(server: TestServer): Promise<{ spent: number; overspent: number; ledgerMismatch: number }> {
  const row = await one<{ spent: number; overspent: number; mismatch: number }>(
    server,
    `SELECT coalesce(sum(ub.points_spent), 0)::float8 AS spent,
            count(*) FILTER (WHERE ub.points_spent > ub.points)::int AS overspent,
            count(*) FILTER (WHERE ub.points_spent <> coalesce((SELECT sum(l.delta) FROM budget_ledger l WHERE l.user_budget_id = ub.id), 0))::int AS mismatch
       FROM user_budgets ub`,
  );
  return { spent: row.spent, overspent: row.overspent, ledgerMismatch: row.mismatch };
}
