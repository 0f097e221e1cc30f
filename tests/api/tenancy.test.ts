import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The cross-tenant and cross-user access matrix: every shop-scoped call is tried with a token of
 * another shop, every call on a buyer's own objects with another buyer's token and with another
 * shop's token, and every non-public call as a guest of a login-required shop. A "leak" is any
 * answer that is not a refusal, or any refusal whose body carries the owner's data.
 */

let server: TestServer;
let acmeBuyer: string;
let acmeOther: string;
let globexBuyer: string;
let acme: number;
let globex: number;
let acmeProductId: number;
let acmeVariantId: number;
let globexProductId: number;
let ownerAddressId: number;
let ownerOrderName: string;
/** Strings that identify the owner's data: none may appear in an answer to anyone else. */
let secrets: string[];

beforeAll(async () => {
  server = await startTestServer();
  acme = server.shops.acme!;
  globex = server.shops.globex!;
  [acmeBuyer, acmeOther, globexBuyer] = await Promise.all([
    server.login('buyer@acme.test', 'acme'),
    server.login('nobudget@acme.test', 'acme'),
    server.login('buyer@globex.test', 'globex'),
  ]);
  const product = await server.db.query<{ id: number; variant_id: number }>(
    `SELECT p.id, v.id AS variant_id FROM products p JOIN product_variants v ON v.product_id = p.id
      WHERE p.code = 'ACME-MUG' ORDER BY v.position LIMIT 1`,
  );
  acmeProductId = product.rows[0]!.id;
  acmeVariantId = product.rows[0]!.variant_id;
  globexProductId = (await server.db.query<{ id: number }>(`SELECT id FROM products WHERE code = 'GLX-MUG'`)).rows[0]!.id;

  const address = await server.json('/api/user/addresses', {
    method: 'POST',
    token: acmeBuyer,
    body: { type: 'delivery', name: 'Olga', surname: 'Owner', street: 'Sekretna 7', city: 'Warszawa', zip: '00-950', country: 'PL', company: 'Owner Secret Sp. z o.o.' },
  });
  if (address.status !== 201) throw new Error(`could not create the owner's address: ${JSON.stringify(address.body)}`);
  ownerAddressId = address.body.id;
  const order = await server.db.query<{ name: string }>(
    `SELECT o.name FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'buyer@acme.test' AND o.website_id = $1 LIMIT 1`,
    [acme],
  );
  ownerOrderName = order.rows[0]!.name;
  secrets = ['Sekretna 7', 'Owner Secret', 'buyer@acme.test', 'ACME-B-001'];
});

afterAll(async () => {
  await server?.close();
});

interface Probe {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  body?: () => unknown;
  headers?: Record<string, string>;
}

const orderBody = (websiteId: number, extra: Record<string, unknown> = {}) => ({
  website_id: websiteId,
  items: [{ product_id: acmeProductId, variant_id: acmeVariantId, quantity: 1 }],
  delivery_method_id: 1,
  delivery_address: { type: 'specific', name: 'Piotr', surname: 'Probe', street: 'Probe 1', city: 'Gdańsk', zip: '80-001', country: 'PL' },
  billing_same_as_delivery: true,
  payment_method: 'budget',
  contact: { name: 'Eve', surname: 'Attacker', email: 'eve@example.com', phone: '+48 600 700 800' },
  mpk_code: 'MPK-1',
  cost_centre_statement: true,
  ...extra,
});

/** Calls scoped to acme by a website_id: refused for a globex token whatever else they ask. */
const shopScoped: Probe[] = [
  { name: 'products', method: 'GET', path: () => `/api/products?website_id=${acme}` },
  { name: 'product', method: 'GET', path: () => `/api/products/${acmeProductId}?website_id=${acme}` },
  { name: 'payment methods', method: 'POST', path: () => '/api/payment', body: () => ({ website_id: acme }) },
  { name: 'budgets', method: 'GET', path: () => `/api/user/budgets?website_id=${acme}` },
  { name: 'delivery methods', method: 'POST', path: () => '/api/delivery-methods', body: () => ({ website_id: acme }) },
  { name: 'order history', method: 'GET', path: () => `/api/user/orders?website_id=${acme}` },
  { name: 'order wait', method: 'GET', path: () => `/api/order/wait?website_id=${acme}` },
  {
    name: 'place order',
    method: 'POST',
    path: () => '/api/order',
    body: () => orderBody(acme),
    headers: { 'idempotency-key': 'tenancy-probe-0001' },
  },
];

/** Calls on acme buyer's own objects: another buyer (same shop or another) gets 404 or 403, never the object. */
const ownerObjects: Probe[] = [
  { name: 'order detail', method: 'GET', path: () => `/api/user/order/${encodeURIComponent(ownerOrderName)}` },
  {
    name: 'address update',
    method: 'PUT',
    path: () => `/api/user/addresses/${ownerAddressId}`,
    body: () => ({ type: 'delivery', name: 'Hanna', surname: 'Hacker', street: 'Hacked 1', city: 'Kraków', zip: '30-001', country: 'PL' }),
  },
  { name: 'address delete', method: 'DELETE', path: () => `/api/user/addresses/${ownerAddressId}` },
  {
    name: 'delivery methods for their address',
    method: 'POST',
    path: () => '/api/delivery-methods',
    body: () => ({ website_id: acme, address_id: ownerAddressId }),
  },
  {
    name: 'order to their address',
    method: 'POST',
    path: () => '/api/order',
    body: () => orderBody(acme, { delivery_address_id: ownerAddressId }),
    headers: { 'idempotency-key': 'tenancy-probe-0002' },
  },
];

async function call(probe: Probe, token?: string) {
  const body = probe.body?.();
  const response = await server.request(probe.path(), {
    method: probe.method,
    ...(body !== undefined ? { body } : {}),
    ...(token ? { token } : {}),
    ...(probe.headers ? { headers: probe.headers } : {}),
  });
  return { status: response.status, text: await response.text() };
}

function leaks(answer: { status: number; text: string }, allowed: number[]): string[] {
  const found: string[] = [];
  if (!allowed.includes(answer.status)) found.push(`status ${answer.status}`);
  for (const secret of secrets) if (answer.text.includes(secret)) found.push(`body contains "${secret}"`);
  return found;
}

describe('cross-tenant and cross-user access matrix', () => {
  it('should refuse every acme-scoped call made with a globex token', async () => {
    const report: string[] = [];
    for (const probe of shopScoped) {
      const answer = await call(probe, globexBuyer);
      for (const leak of leaks(answer, [403])) report.push(`${probe.name}: ${leak}`);
    }
    expect(report).toEqual([]);
  });

  it('should refuse every non-public acme call made by a guest (acme requires login)', async () => {
    const report: string[] = [];
    for (const probe of [...shopScoped, ...ownerObjects]) {
      const answer = await call(probe);
      for (const leak of leaks(answer, [401])) report.push(`${probe.name}: ${leak}`);
    }
    expect(report).toEqual([]);
  });

  it("should never hand one buyer's objects to another buyer of the same shop", async () => {
    const report: string[] = [];
    for (const probe of ownerObjects) {
      const answer = await call(probe, acmeOther);
      // 404 (not 403): another buyer's object must look like one that does not exist.
      for (const leak of leaks(answer, [404])) report.push(`${probe.name}: ${leak}`);
    }
    expect(report).toEqual([]);
  });

  it("should never hand a buyer's objects to a user of another shop", async () => {
    const report: string[] = [];
    for (const probe of ownerObjects) {
      const answer = await call(probe, globexBuyer);
      for (const leak of leaks(answer, [403, 404])) report.push(`${probe.name}: ${leak}`);
    }
    expect(report).toEqual([]);
  });

  it("should keep the owner's address and order intact after every attack", async () => {
    const addresses = await server.json('/api/user/addresses', { token: acmeBuyer });
    expect(addresses.status).toBe(200);
    expect(addresses.body.find((a: { id: number }) => a.id === ownerAddressId)?.street).toBe('Sekretna 7');
    const order = await server.json(`/api/user/order/${encodeURIComponent(ownerOrderName)}`, { token: acmeBuyer });
    expect(order.status).toBe(200);
    expect(order.body.name).toBe(ownerOrderName);
    const placed = await server.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email IN ('nobudget@acme.test', 'buyer@globex.test') AND o.website_id = $1`,
      [acme],
    );
    expect(placed.rows[0]!.n).toBe(0);
  });

  it("should not list another buyer's addresses or orders", async () => {
    const addresses = await server.request('/api/user/addresses', { token: acmeOther });
    expect(addresses.status).toBe(200);
    expect(leaks({ status: addresses.status, text: await addresses.text() }, [200])).toEqual([]);
    const orders = await server.request(`/api/user/orders?website_id=${acme}`, { token: acmeOther });
    expect(orders.status).toBe(200);
    expect(await orders.text()).not.toContain(ownerOrderName);
  });

  it("should not serve another shop's product through this shop, by id or in a list", async () => {
    const detail = await server.json(`/api/products/${globexProductId}?website_id=${acme}`, { token: acmeBuyer });
    expect(detail.status).toBe(404);
    const list = await server.json(`/api/products?website_id=${acme}&ids=${globexProductId},${acmeProductId}`, { token: acmeBuyer });
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([acmeProductId]);
    const viaGlobex = await server.json(`/api/products/${acmeProductId}?website_id=${globex}`);
    expect(viaGlobex.status).toBe(404);
  });

  it("should refuse to order another shop's product", async () => {
    const answer = await server.json('/api/order', {
      method: 'POST',
      token: acmeBuyer,
      headers: { 'idempotency-key': 'tenancy-probe-0003' },
      body: orderBody(acme, { items: [{ product_id: globexProductId, variant_id: acmeVariantId, quantity: 1 }] }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('errors.product_unavailable');
  });
});
