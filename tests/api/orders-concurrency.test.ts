import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, PlaceOrderResponseSchema } from '../../src/contract/contract.ts';
import { ORDER_CONTACT, acmePointsOrder, firstRow } from './order-fixtures.ts';
import { startTestServer, TEST_DATABASE_URL, type TestServer } from './harness.ts';

/**
 * Orders racing each other. On PGlite every transaction runs alone, so these tests pass trivially
 * there; they prove the row lock, the guarded updates and the idempotency key only on PostgreSQL
 * (TEST_DATABASE_URL), where the requests really run in parallel on separate connections.
 */

let server: TestServer;
let acmeBuyer: string;

/** ACME-TEE costs 40 points a piece below 100 pieces. */
const TEE_PRICE = 40;

const one = <T>(sql: string, params: unknown[] = []): Promise<T> => firstRow<T>(server.db, sql, params);

async function item(variantCode: string, quantity: number) {
  const row = await one<{ id: number; product_id: number }>('SELECT id, product_id FROM product_variants WHERE code = $1', [variantCode]);
  return { product_id: row.product_id, variant_id: row.id, quantity };
}

const acmeOrder = (items: unknown[]) => acmePointsOrder(server.db, server.shops, items);

function place(token: string, body: unknown, key: string) {
  return server.json('/api/order', { body, token, headers: { 'Idempotency-Key': key } });
}

async function assignment(budget: string) {
  return one<{ id: number; points: number; points_spent: number }>(
    `SELECT ub.id, ub.points, ub.points_spent FROM user_budgets ub
       JOIN budgets b ON b.id = ub.budget_id JOIN users u ON u.id = ub.user_id
      WHERE u.email = 'buyer@acme.test' AND b.name = $1`,
    [budget],
  );
}

async function buyerOrders(): Promise<number> {
  return (await one<{ n: number }>("SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'buyer@acme.test'")).n;
}

beforeAll(async () => {
  server = await startTestServer();
  acmeBuyer = await server.login('buyer@acme.test', 'acme');
  console.info(`[orders-concurrency] running on ${TEST_DATABASE_URL ? 'PostgreSQL (real parallel transactions)' : 'PGlite (transactions serialised; proves little)'}`);
});

afterAll(async () => {
  await server?.close();
});

describe('concurrent orders', () => {
  it('should place one order for ten parallel requests with one idempotency key', async () => {
    const key = `race-${randomUUID()}`;
    const body = await acmeOrder([await item('ACME-CAP-BLACK', 1)]);
    const team = await assignment('Team events');
    const ordersBefore = await buyerOrders();

    const results = await Promise.all(Array.from({ length: 10 }, () => place(acmeBuyer, body, key)));

    expect(results.map((result) => result.status)).toEqual(Array(10).fill(201));
    const names = new Set(results.map((result) => v.parse(PlaceOrderResponseSchema, result.body).order.name));
    expect(names.size).toBe(1);
    expect(await buyerOrders()).toBe(ordersBefore + 1);
    expect((await assignment('Team events')).points_spent).toBe(team.points_spent + 20);
  });

  it('should never spend more than the budget holds under 50 parallel orders', async () => {
    const welcome = await assignment('Welcome pack');
    const left = welcome.points - welcome.points_spent;
    const fit = Math.floor(left / TEE_PRICE);
    expect(fit).toBeGreaterThan(0);
    expect(fit).toBeLessThan(50);
    const body = await acmeOrder([await item('ACME-TEE-NAVY-L', 1)]);
    const ordersBefore = await buyerOrders();

    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => place(acmeBuyer, body, `race-${randomUUID()}`)));
    console.info(`[orders-concurrency] 50 parallel orders took ${Date.now() - started} ms`);

    const successes = results.filter((result) => result.status === 201);
    const failures = results.filter((result) => result.status !== 201);
    expect(successes.length).toBe(fit);
    expect(successes.length * TEE_PRICE).toBeLessThanOrEqual(left);
    for (const failure of failures) {
      expect(failure.status).toBe(422);
      expect(v.parse(ApiErrorSchema, failure.body).code).toBe('budgets.error.insufficient');
    }
    const names = successes.map((result) => v.parse(PlaceOrderResponseSchema, result.body).order.name);
    expect(new Set(names).size).toBe(fit);
    expect(await buyerOrders()).toBe(ordersBefore + fit);

    const after = await assignment('Welcome pack');
    expect(after.points_spent).toBe(welcome.points_spent + fit * TEE_PRICE);
    expect(after.points_spent).toBeLessThanOrEqual(after.points);
    const ledger = await one<{ total: number }>('SELECT coalesce(sum(delta), 0) AS total FROM budget_ledger WHERE user_budget_id = $1', [welcome.id]);
    expect(ledger.total).toBe(after.points_spent);
  });

  it('should never overspend two assignments of one budget under 40 parallel orders, spending the one expiring first first', async () => {
    // A second Team events assignment of 90 points expiring before the seeded one: 20-point caps make
    // one order split 10 + 10 across the two.
    const team = await assignment('Team events');
    const sooner = await one<{ id: number }>(
      `INSERT INTO user_budgets (budget_id, user_id, points, start_date, expiry_date)
       SELECT ub.budget_id, ub.user_id, 90, now() - interval '1 day', now() + interval '5 days' FROM user_budgets ub WHERE ub.id = $1
       RETURNING id`,
      [team.id],
    );
    const left = team.points - team.points_spent + 90;
    const CAP_PRICE = 20;
    const fit = Math.floor(left / CAP_PRICE);
    expect(fit).toBeGreaterThan(5);
    expect(fit).toBeLessThan(40);
    const body = await acmeOrder([await item('ACME-CAP-WHITE', 1)]);
    const ordersBefore = await buyerOrders();

    const results = await Promise.all(Array.from({ length: 40 }, () => place(acmeBuyer, body, `race-${randomUUID()}`)));

    const successes = results.filter((result) => result.status === 201);
    expect(successes.length).toBe(fit);
    for (const failure of results.filter((result) => result.status !== 201)) {
      expect(failure.status).toBe(422);
      expect(v.parse(ApiErrorSchema, failure.body).code).toBe('budgets.error.insufficient');
    }
    expect(await buyerOrders()).toBe(ordersBefore + fit);
    const rows = await server.db.query<{ id: number; points: number; points_spent: number; ledger: number }>(
      `SELECT ub.id, ub.points, ub.points_spent, (SELECT coalesce(sum(delta), 0) FROM budget_ledger l WHERE l.user_budget_id = ub.id) AS ledger
         FROM user_budgets ub WHERE ub.id = ANY($1::int[]) ORDER BY ub.id`,
      [[team.id, sooner.id]],
    );
    const [seeded, added] = rows.rows;
    // The one expiring first is spent first: all of it; the rest from the seeded one, never beyond.
    expect(added).toMatchObject({ points: 90, points_spent: 90, ledger: 90 });
    expect(seeded!.points_spent - team.points_spent).toBe(fit * CAP_PRICE - 90);
    expect(seeded!.points_spent).toBeLessThanOrEqual(seeded!.points);
    expect(seeded!.ledger).toBe(seeded!.points_spent);
    // Exactly one order was split across the two assignments (10 + 10).
    const split = await server.db.query<{ order_id: number }>(
      `SELECT l.order_id FROM budget_ledger l WHERE l.user_budget_id = ANY($1::int[]) AND l.reason = 'order'
        GROUP BY l.order_id HAVING count(DISTINCT l.user_budget_id) > 1`,
      [[team.id, sooner.id]],
    );
    expect(split.rows).toHaveLength(1);
  });

  it('should sell the last pieces of a stock only once to two buyers racing for them', async () => {
    const [buyer, coordinator] = await Promise.all([server.login('buyer@globex.test', 'globex'), server.login('coordinator@globex.test', 'globex')]);
    const variant = await item('GLX-BOTTLE-GREY', 1);
    const pickup = await one<{ id: number }>("SELECT id FROM delivery_methods WHERE website_id = $1 AND type = 'self_pickup'", [server.shops.globex]);
    const body = {
      website_id: server.shops.globex,
      items: [variant],
      delivery_method_id: pickup.id,
      billing_same_as_delivery: false,
      billing_address: { name: 'John', surname: 'Smith', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
      payment_method: 'invoice',
      contact: ORDER_CONTACT,
    };

    const results = await Promise.all(Array.from({ length: 24 }, (_, index) => place(index % 2 ? buyer : coordinator, body, `stock-${randomUUID()}`)));

    expect(results.filter((result) => result.status === 201)).toHaveLength(15);
    for (const failure of results.filter((result) => result.status !== 201)) {
      expect(failure.status).toBe(422);
      expect(v.parse(ApiErrorSchema, failure.body)).toMatchObject({ code: 'sale.qty.exceeded', qty: 0 });
    }
    expect(await one('SELECT stock FROM product_variants WHERE id = $1', [variant.variant_id])).toEqual({ stock: 0 });
  });

  it('should count every piece of a group buy when two buyers join at once', async () => {
    const [buyer, coordinator] = await Promise.all([server.login('buyer@globex.test', 'globex'), server.login('coordinator@globex.test', 'globex')]);
    const before = await one<{ groupbuy_total: number }>("SELECT groupbuy_total FROM products WHERE code = 'GLX-HOODIE'");
    const pickup = await one<{ id: number }>("SELECT id FROM delivery_methods WHERE website_id = $1 AND type = 'self_pickup'", [server.shops.globex]);
    const body = {
      website_id: server.shops.globex,
      items: [await item('GLX-HOODIE-BLACK-M', 2)],
      delivery_method_id: pickup.id,
      billing_same_as_delivery: false,
      billing_address: { name: 'John', surname: 'Smith', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
      payment_method: 'invoice',
      contact: ORDER_CONTACT,
    };

    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => place(index % 2 ? buyer : coordinator, body, `group-${randomUUID()}`)));

    expect(results.map((result) => result.status)).toEqual(Array(10).fill(201));
    expect(await one("SELECT groupbuy_total FROM products WHERE code = 'GLX-HOODIE'")).toEqual({ groupbuy_total: before.groupbuy_total + 20 });
    // Each order is priced on the total it actually reached: those reaching 50 or more pay the lower tier.
    const prices = results.map((result) => v.parse(PlaceOrderResponseSchema, result.body).order.items[0]?.unit_price).sort();
    // Globex shows gross prices, and an order line's unit is the price as shown: 129 net is 158.67, 149 is 183.27.
    expect(prices.filter((price) => price === 158.67)).toHaveLength(8); // 45+2, 47+2 pay 149 net; the other 8 reach 51…65
    expect(prices.filter((price) => price === 183.27)).toHaveLength(2);
  });
});
