import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, OrderPageSchema, OrderSchema, OrderWaitResponseSchema, PlaceOrderResponseSchema } from '../../src/contract/contract.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** This file runs with the order wait switched on (30 s), as in production. */
const WAIT_SECONDS = 30;

let server: TestServer;
let globexBuyer: string;
let acmeBuyer: string;
let nobudget: string;
let initechBuyer: string;
/** The first order placed in this file and the key it was placed with. */
let first: { name: string; key: string; body: unknown; response: unknown };

const CONTACT = { name: 'John', surname: 'Smith', email: 'john.smith@example.com', phone: '+48 601 200 300' };

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await server.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}

async function globexOrder(quantity: number) {
  const variant = await one<{ id: number; product_id: number }>('SELECT id, product_id FROM product_variants WHERE code = $1', ['GLX-MUG-WHITE']);
  const pickup = await one<{ id: number }>("SELECT id FROM delivery_methods WHERE website_id = $1 AND type = 'self_pickup'", [server.shops.globex]);
  return {
    website_id: server.shops.globex,
    items: [
      { product_id: variant.product_id, variant_id: variant.id, quantity },
      { product_id: variant.product_id, variant_id: (await one<{ id: number }>('SELECT id FROM product_variants WHERE code = $1', ['GLX-MUG-BLACK'])).id, quantity: 1 },
    ],
    delivery_method_id: pickup.id,
    billing_same_as_delivery: false,
    billing_address: { name: 'John', surname: 'Smith', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
    payment_method: 'invoice',
    contact: CONTACT,
  };
}

function place(token: string, body: unknown, key = `history-${randomUUID()}`) {
  return server.json('/api/order', { body, token, headers: { 'Idempotency-Key': key } });
}

/** The error body of an answer with its status, checked against the contract. */
function apiError(result: { status: number; body: unknown }) {
  return { status: result.status, ...v.parse(ApiErrorSchema, result.body) };
}

beforeAll(async () => {
  server = await startTestServer({ orderWaitSeconds: WAIT_SECONDS });
  [globexBuyer, acmeBuyer, nobudget, initechBuyer] = await Promise.all([
    server.login('buyer@globex.test', 'globex'),
    server.login('buyer@acme.test', 'acme'),
    server.login('nobudget@acme.test', 'acme'),
    server.login('buyer@initech.test', 'initech'),
  ]);
  const key = `history-${randomUUID()}`;
  const body = await globexOrder(2);
  const result = await place(globexBuyer, body, key);
  if (result.status !== 201) throw new Error(`first order failed: ${result.status} ${JSON.stringify(result.body)}`);
  first = { name: v.parse(PlaceOrderResponseSchema, result.body).order.name, key, body, response: result.body };
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/user/orders', () => {
  it('should list the new order first with its total and item count', async () => {
    const result = await server.json(`/api/user/orders?website_id=${server.shops.globex}`, { token: globexBuyer });

    expect(result.status).toBe(200);
    const page = v.parse(OrderPageSchema, result.body);
    expect(page.meta).toEqual({ total: 3, page: 1, per_page: 20 }); // two seeded orders and the new one
    const placed = v.parse(PlaceOrderResponseSchema, first.response).order;
    // A gross shop shows the gross total: 3 mugs × 24.99 = 74.97 net; gross per line 61.48 + 30.74.
    expect(page.data[0]).toEqual({ id: placed.id, name: first.name, date: placed.date, status: 'new', currency: 'PLN', total: 92.22, items_count: 2 });
    const dates = page.data.map((order) => Date.parse(order.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('should page the history', async () => {
    const result = await server.json(`/api/user/orders?website_id=${server.shops.globex}&page=2&per_page=1`, { token: globexBuyer });
    const page = v.parse(OrderPageSchema, result.body);
    expect(page.meta).toEqual({ total: 3, page: 2, per_page: 1 });
    expect(page.data.map((order) => order.name)).toEqual(['GLOBEX-000002']);
  });

  it('should show points totals in the points shop', async () => {
    const result = await server.json(`/api/user/orders?website_id=${server.shops.acme}`, { token: acmeBuyer });
    const page = v.parse(OrderPageSchema, result.body);
    expect(page.data.map((order) => [order.name, order.currency])).toEqual([
      ['ACME-000003', 'pkt'],
      ['ACME-000002', 'pkt'],
      ['ACME-000001', 'pkt'],
    ]);
    const stored = await one<{ total_points: number }>("SELECT total_points FROM orders WHERE name = 'ACME-000002'");
    expect(page.data[1]?.total).toBe(stored.total_points);
  });

  it('should list nothing for a buyer without orders', async () => {
    const result = await server.json(`/api/user/orders?website_id=${server.shops.acme}`, { token: nobudget });
    expect(v.parse(OrderPageSchema, result.body)).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 20 } });
  });

  it('should refuse a guest, a token of another shop and a bad page size', async () => {
    expect(apiError(await server.json(`/api/user/orders?website_id=${server.shops.globex}`))).toMatchObject({ status: 401, code: 'errors.unauthenticated' });
    expect(apiError(await server.json(`/api/user/orders?website_id=${server.shops.globex}`, { token: acmeBuyer }))).toMatchObject({ status: 403, code: 'errors.no_access' });
    expect(apiError(await server.json(`/api/user/orders?website_id=${server.shops.globex}&per_page=1000`, { token: globexBuyer }))).toMatchObject({ status: 422, code: 'validation.invalid' });
  });
});

describe('GET /api/user/order/:name', () => {
  it('should answer the order as placed', async () => {
    const result = await server.json(`/api/user/order/${first.name}`, { token: globexBuyer });
    expect(result.status).toBe(200);
    const order = v.parse(OrderSchema, result.body);
    expect(order).toEqual(v.parse(PlaceOrderResponseSchema, first.response).order);
    // The lines name the variant ordered and show its colour's picture (issue 27), as the cart did.
    expect(order.items.map((item) => [item.code, item.color_code, item.quantity, item.image])).toEqual([
      ['GLX-MUG-WHITE', 'white', 2, 'products/mug-white.svg'],
      ['GLX-MUG-BLACK', 'black', 1, 'products/mug-black.svg'],
    ]);
  });

  it('should answer the budget of each item in the points shop', async () => {
    const result = await server.json('/api/user/order/ACME-000001', { token: acmeBuyer });
    const order = v.parse(OrderSchema, result.body);
    expect(order.items.map((item) => item.budget?.name)).toEqual(['Welcome pack', 'Welcome pack']);
    expect(order.items[0]?.budget).toEqual({ id: expect.any(Number), name: 'Welcome pack', color: '#2563eb' });
  });

  it('should accept the shop id and refuse another shop', async () => {
    const same = await server.json(`/api/user/order/${first.name}?website_id=${server.shops.globex}`, { token: globexBuyer });
    expect(v.parse(OrderSchema, same.body).name).toBe(first.name);
    expect(apiError(await server.json(`/api/user/order/${first.name}?website_id=${server.shops.acme}`, { token: globexBuyer }))).toMatchObject({ status: 403, code: 'errors.no_access' });
  });

  it.each([
    ['another buyer of the same shop', 'ACME-000001', () => nobudget],
    ['a buyer of another shop', 'GLOBEX-000001', () => acmeBuyer],
    ['an unknown name', 'GLX-999999', () => globexBuyer],
    ['a malformed name', 'glx-000001%27%20OR%201=1', () => globexBuyer],
  ])('should answer 404 for %s', async (_label, name, token) => {
    expect(apiError(await server.json(`/api/user/order/${name}`, { token: token() }))).toMatchObject({ status: 404, code: 'errors.not_found' });
  });

  it('should refuse a guest', async () => {
    expect(apiError(await server.json(`/api/user/order/${first.name}`))).toMatchObject({ status: 401, code: 'errors.unauthenticated' });
  });
});

describe('the wait between two orders', () => {
  it('should answer 429 with the seconds to wait, and the wait call should agree', async () => {
    const before = await one<{ n: number }>('SELECT count(*) AS n FROM orders');

    const result = await place(globexBuyer, await globexOrder(1));

    const error = apiError(result);
    expect(error).toMatchObject({ status: 429, code: 'errors.order_wait' });
    expect(error.remainingTime).toBeGreaterThan(0);
    expect(error.remainingTime).toBeLessThanOrEqual(WAIT_SECONDS);
    expect(error.retry_after).toBe(error.remainingTime);
    expect(result.headers.get('retry-after')).toBe(String(error.remainingTime));
    expect(error.message).toBe(`You can place your next order in ${error.remainingTime} seconds.`);
    expect(await one('SELECT count(*) AS n FROM orders')).toEqual(before);

    const wait = await server.json(`/api/order/wait?website_id=${server.shops.globex}`, { token: globexBuyer });
    expect(wait.status).toBe(200);
    const { remainingTime } = v.parse(OrderWaitResponseSchema, wait.body);
    expect(remainingTime).toBeGreaterThan(0);
    expect(Math.abs(remainingTime - (error.remainingTime ?? 0))).toBeLessThanOrEqual(1);
  });

  it('should still replay an idempotent retry during the wait', async () => {
    const retry = await place(globexBuyer, first.body, first.key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.response);
  });

  it('should not make a buyer wait for orders in another shop or of another buyer', async () => {
    const initech = await server.json(`/api/order/wait?website_id=${server.shops.initech}`, { token: initechBuyer });
    expect(v.parse(OrderWaitResponseSchema, initech.body)).toEqual({ remainingTime: 0 });
  });

  it('should let the buyer order again once the wait is over, newest first in the history', async () => {
    await server.db.query("UPDATE orders SET created_at = created_at - interval '1 minute' WHERE name = $1", [first.name]);
    const wait = await server.json(`/api/order/wait?website_id=${server.shops.globex}`, { token: globexBuyer });
    expect(v.parse(OrderWaitResponseSchema, wait.body)).toEqual({ remainingTime: 0 });

    const result = await place(globexBuyer, await globexOrder(4));

    expect(result.status).toBe(201);
    const second = v.parse(PlaceOrderResponseSchema, result.body).order.name;
    const history = v.parse(OrderPageSchema, (await server.json(`/api/user/orders?website_id=${server.shops.globex}`, { token: globexBuyer })).body);
    expect(history.data.map((order) => order.name).slice(0, 2)).toEqual([second, first.name]);
  });

  it('should refuse the wait call without a login', async () => {
    expect(apiError(await server.json(`/api/order/wait?website_id=${server.shops.globex}`))).toMatchObject({ status: 401, code: 'errors.unauthenticated' });
  });
});
