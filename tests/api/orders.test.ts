import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, OrderSchema, PlaceOrderResponseSchema } from '../../src/contract/contract.ts';
import { storefrontUrl } from '../../server/config.ts';
import { ORDER_CONTACT, acmePointsOrder, firstRow } from './order-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let acmeBuyer: string;
let nobudget: string;
let globexBuyer: string;
let initechBuyer: string;

const BILLING_WITH_NIP = {
  name: 'John',
  surname: 'Smith',
  company: 'Globex Sp. z o.o.',
  nip: '6772480003',
  street: 'ul. Lubicz 17',
  city: 'Kraków',
  zip: '31-503',
  country: 'PL',
};
const INLINE_ADDRESS = { name: 'John', surname: 'Smith', street: 'ul. Długa 1', city: 'Kraków', zip: '31-147', country: 'PL' };

const newKey = () => `test-${randomUUID()}`;

const one = <T>(sql: string, params: unknown[] = []): Promise<T> => firstRow<T>(server.db, sql, params);

const productId = async (code: string) => (await one<{ id: number }>('SELECT id FROM products WHERE code = $1', [code])).id;
const variantId = async (code: string) => (await one<{ id: number }>('SELECT id FROM product_variants WHERE code = $1', [code])).id;
const userId = async (email: string) => (await one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).id;

/** A cart line for a variant code such as `GLX-TEE-BLACK-M` (the product code is its prefix). */
async function line(productCode: string, variantCode: string, quantity: number, extra: Record<string, unknown> = {}) {
  return { product_id: await productId(productCode), variant_id: await variantId(variantCode), quantity, ...extra };
}

async function methodId(shop: string, type: string): Promise<number> {
  const row = await one<{ id: number }>('SELECT id FROM delivery_methods WHERE website_id = $1 AND type = $2', [server.shops[shop], type]);
  return row.id;
}

async function assignmentId(email: string, budget: string): Promise<number> {
  const row = await one<{ id: number }>(
    'SELECT ub.id FROM user_budgets ub JOIN budgets b ON b.id = ub.budget_id WHERE ub.user_id = $1 AND b.name = $2',
    [await userId(email), budget],
  );
  return row.id;
}

async function assignment(id: number) {
  return one<{ points: number; points_spent: number }>('SELECT points, points_spent FROM user_budgets WHERE id = $1', [id]);
}

async function ledgerSum(userBudgetId: number): Promise<number> {
  const row = await one<{ total: number }>('SELECT coalesce(sum(delta), 0) AS total FROM budget_ledger WHERE user_budget_id = $1', [userBudgetId]);
  return row.total;
}

async function orderCount(email: string): Promise<number> {
  return (await one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE user_id = $1', [await userId(email)])).n;
}

function placeOrder(token: string, body: unknown, key: string | null = newKey()) {
  return server.json('/api/order', { body, token, headers: key === null ? {} : { 'Idempotency-Key': key } });
}

/** An acme order paid in points, picked up at reception (no delivery points). */
const acmeOrder = (items: unknown[], overrides: Record<string, unknown> = {}) => acmePointsOrder(server.db, server.shops, items, overrides);

/** A globex invoice order picked up in Kraków, billed to an address with a tax ID. */
async function globexOrder(items: unknown[], overrides: Record<string, unknown> = {}) {
  return {
    website_id: server.shops.globex,
    items,
    delivery_method_id: await methodId('globex', 'self_pickup'),
    billing_same_as_delivery: false,
    billing_address: BILLING_WITH_NIP,
    payment_method: 'invoice',
    contact: ORDER_CONTACT,
    ...overrides,
  };
}

/** The error body of an answer with its status, checked against the contract. */
function apiError(result: { status: number; body: unknown }) {
  return { status: result.status, ...v.parse(ApiErrorSchema, result.body) };
}

beforeAll(async () => {
  server = await startTestServer();
  [acmeBuyer, nobudget, globexBuyer, initechBuyer] = await Promise.all([
    server.login('buyer@acme.test', 'acme'),
    server.login('nobudget@acme.test', 'acme'),
    server.login('buyer@globex.test', 'globex'),
    server.login('buyer@initech.test', 'initech'),
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe('POST /api/order in the points shop (acme)', () => {
  it('should place an order paid from budgets, with MPK and a courier paid from a delivery budget', async () => {
    const welcome = await assignmentId('buyer@acme.test', 'Welcome pack');
    const team = await assignmentId('buyer@acme.test', 'Team events');
    const before = { welcome: await assignment(welcome), team: await assignment(team) };
    const address = await one<{ id: number }>("SELECT id FROM addresses WHERE user_id = $1 AND type = 'delivery'", [await userId('buyer@acme.test')]);
    const body = await acmeOrder(
      [
        await line('ACME-MUG', 'ACME-MUG-WHITE', 2), // 2 × 10 points, Welcome pack
        await line('ACME-TEE', 'ACME-TEE-BLACK-M', 1), // 40 points, Welcome pack
        await line('ACME-CAP', 'ACME-CAP-BLACK', 1), // 20 points, Team events
      ],
      {
        delivery_method_id: await methodId('acme', 'courier'),
        delivery_address_id: address.id,
        payment_for_delivery_budget: team, // courier: 25 points from Team events
        comment: 'For the onboarding week',
      },
    );

    const result = await placeOrder(acmeBuyer, body);

    expect(result.status).toBe(201);
    const { order, payment_url } = v.parse(PlaceOrderResponseSchema, result.body);
    expect(order.name).toMatch(/^ACME-\d{6}$/);
    expect(payment_url).toBeNull();
    expect(order).toMatchObject({
      status: 'new',
      currency: 'pkt',
      total_points: 105,
      total: 105,
      delivery_price: 25,
      payment_method: 'budget',
      payment_status: 'not_required',
      mpk_code: 'MPK-4410',
      comment: 'For the onboarding week',
      items_count: 3,
      delivery_method: { type: 'courier', price: 25 },
      delivery_address: { street: 'ul. Marszałkowska 104/122', city: 'Warszawa', zip: '00-017', country: 'PL' },
      contact: ORDER_CONTACT,
    });
    expect(order.items.map((item) => [item.code, item.quantity, item.unit_price, item.line_net, item.budget?.name])).toEqual([
      ['ACME-MUG-WHITE', 2, 10, 20, 'Welcome pack'],
      ['ACME-TEE-BLACK-M', 1, 40, 40, 'Welcome pack'],
      ['ACME-CAP-BLACK', 1, 20, 20, 'Team events'],
    ]);
    // Each line shows the picture of the colour that was ordered (issue 27).
    expect(order.items.map((item) => item.image)).toEqual(['products/mug-white.svg', 'products/tshirt-black.svg', 'products/cap-black.svg']);

    const after = { welcome: await assignment(welcome), team: await assignment(team) };
    expect(after.welcome.points_spent - before.welcome.points_spent).toBe(60);
    expect(after.team.points_spent - before.team.points_spent).toBe(45);
    const leftBefore = before.welcome.points - before.welcome.points_spent + before.team.points - before.team.points_spent;
    const leftAfter = after.welcome.points - after.welcome.points_spent + after.team.points - after.team.points_spent;
    expect(leftBefore - leftAfter).toBe(order.total_points);
    expect(await ledgerSum(welcome)).toBe(after.welcome.points_spent);
    expect(await ledgerSum(team)).toBe(after.team.points_spent);
    const ledger = await server.db.query<{ delta: number; reason: string }>(
      'SELECT l.delta, l.reason FROM budget_ledger l JOIN orders o ON o.id = l.order_id WHERE o.name = $1 ORDER BY l.user_budget_id',
      [order.name],
    );
    expect(ledger.rows.reduce((sum, row) => sum + row.delta, 0)).toBe(105);
    expect(ledger.rows.every((row) => row.reason === 'order' && row.delta > 0)).toBe(true);
  });

  it('should show the budgets with points left reduced by the order', async () => {
    const result = await server.json(`/api/user/budgets?website_id=${server.shops.acme}`, { token: acmeBuyer });
    expect(result.status).toBe(200);
    const welcome = (result.body as { name: string; points_left: number }[]).find((budget) => budget.name === 'Welcome pack');
    const row = await assignment(await assignmentId('buyer@acme.test', 'Welcome pack'));
    expect(welcome?.points_left).toBe(row.points - row.points_spent);
  });

  it('should charge points, not money, in a shop whose provider row spells the currency PKT (issue 28)', async () => {
    // One predicate (`isPointsCurrency`) decides "points shop?" everywhere: before it, the catalogue
    // ignored the letter case and the order did not, so a `PKT` shop showed points and charged money.
    await server.db.query("UPDATE websites SET currency = 'PKT' WHERE id = $1", [server.shops.acme]);
    try {
      const welcome = await assignmentId('buyer@acme.test', 'Welcome pack');
      const before = await assignment(welcome);
      const result = await placeOrder(acmeBuyer, await acmeOrder([await line('ACME-MUG', 'ACME-MUG-WHITE', 1)]));
      expect(result.status).toBe(201);
      const { order } = v.parse(PlaceOrderResponseSchema, result.body);
      expect(order).toMatchObject({ total_points: 10, total: 10, payment_method: 'budget', payment_status: 'not_required' });
      expect((await assignment(welcome)).points_spent - before.points_spent).toBe(10);
      const history = await server.json(`/api/user/orders?website_id=${server.shops.acme}`, { token: acmeBuyer });
      const listed = (history.body as { data: { name: string; total: number }[] }).data.find((row) => row.name === order.name);
      expect(listed?.total).toBe(10);
    } finally {
      await server.db.query("UPDATE websites SET currency = 'pkt' WHERE id = $1", [server.shops.acme]);
    }
  });

  it('should refuse a product whose budget assignment has expired (ACME-OLD)', async () => {
    const before = await orderCount('buyer@acme.test');
    const result = await placeOrder(acmeBuyer, await acmeOrder([await line('ACME-OLD', 'ACME-OLD-RED', 1)]));
    const body = apiError(result);
    expect(body).toMatchObject({ status: 422, code: 'budgets.inactive_in_cart' });
    expect(body.message).toBe('A cart product has an inactive budget; with no active budgets the order cannot be finalized');
    expect(await orderCount('buyer@acme.test')).toBe(before);
  });

  it('should refuse a buyer who holds no assignment of the product budget', async () => {
    const result = await placeOrder(nobudget, await acmeOrder([await line('ACME-CAP', 'ACME-CAP-BLACK', 1)]));
    const body = apiError(result);
    expect(body).toMatchObject({ status: 422, code: 'budgets.error.no_budget' });
    expect(body.message).toBe("Given budget doesn't exist - contact administrator");
  });

  it('should refuse a buyer whose only assignment of the product budget has expired', async () => {
    const result = await placeOrder(nobudget, await acmeOrder([await line('ACME-MUG', 'ACME-MUG-WHITE', 1)]));
    expect(apiError(result)).toMatchObject({ status: 422, code: 'budgets.inactive_in_cart' });
    expect(await orderCount('nobudget@acme.test')).toBe(0);
  });

  it('should refuse an order beyond the points left and store no order and no spend', async () => {
    const welcome = await assignmentId('buyer@acme.test', 'Welcome pack');
    const before = await assignment(welcome);
    const ordersBefore = await orderCount('buyer@acme.test');
    const ledgerBefore = (await server.db.query('SELECT id FROM budget_ledger')).rows.length;
    const stockBefore = await one<{ stock: number | null }>('SELECT stock FROM product_variants WHERE code = $1', ['ACME-BOTTLE-GREY']);
    // 15 bottles (25 points each) fit the stock, and the umbrellas push the order over the budget.
    const body = await acmeOrder([await line('ACME-BOTTLE', 'ACME-BOTTLE-GREY', 15), await line('ACME-UMBRELLA', 'ACME-UMBRELLA-BLACK', 30)]);

    const result = await placeOrder(acmeBuyer, body);

    const error = apiError(result);
    expect(error).toMatchObject({ status: 422, code: 'budgets.error.insufficient' });
    expect(error.message).toBe('Insufficient budget left - refresh page and try again');
    expect(await assignment(welcome)).toEqual(before);
    expect(await orderCount('buyer@acme.test')).toBe(ordersBefore);
    expect((await server.db.query('SELECT id FROM budget_ledger')).rows.length).toBe(ledgerBefore);
    expect(await one('SELECT stock FROM product_variants WHERE code = $1', ['ACME-BOTTLE-GREY'])).toEqual(stockBefore);
  });

  it('should refuse a courier paid from another buyer budget assignment', async () => {
    const coordinator = await userId('coordinator@acme.test');
    const welcomeBudget = await one<{ id: number }>("SELECT id FROM budgets WHERE name = 'Welcome pack'");
    const foreign = await one<{ id: number }>(
      `INSERT INTO user_budgets (budget_id, user_id, points, start_date, expiry_date)
       VALUES ($1, $2, 500, now() - interval '1 day', now() + interval '30 days') RETURNING id`,
      [welcomeBudget.id, coordinator],
    );
    const body = await acmeOrder([await line('ACME-MUG', 'ACME-MUG-WHITE', 1)], {
      delivery_method_id: await methodId('acme', 'courier'),
      delivery_address: INLINE_ADDRESS,
      payment_for_delivery_budget: foreign.id,
    });

    const result = await placeOrder(acmeBuyer, body);

    expect(apiError(result)).toMatchObject({ status: 422, code: 'budgets.error.no_budget' });
    expect((await assignment(foreign.id)).points_spent).toBe(0);
  });

  it('should refuse a courier with budgets when no delivery budget is chosen', async () => {
    const body = await acmeOrder([await line('ACME-MUG', 'ACME-MUG-WHITE', 1)], {
      delivery_method_id: await methodId('acme', 'courier'),
      delivery_address: INLINE_ADDRESS,
    });
    expect(apiError(await placeOrder(acmeBuyer, body))).toMatchObject({ status: 422, code: 'budgets.error.no_budget' });
  });

  it('should require the MPK code and the cost-centre statement', async () => {
    const body = await acmeOrder([await line('ACME-MUG', 'ACME-MUG-WHITE', 1)], { mpk_code: '  ', cost_centre_statement: false });
    const error = apiError(await placeOrder(acmeBuyer, body));
    expect(error).toMatchObject({ status: 422, code: 'validation.invalid' });
    expect(error.errors).toEqual({
      mpk_code: ['Enter the cost centre (MPK) code'],
      cost_centre_statement: ['You must accept the cost-centre statement'],
    });
  });

  it('should refuse a payment method the shop does not offer', async () => {
    const body = await acmeOrder([await line('ACME-MUG', 'ACME-MUG-WHITE', 1)], { payment_method: 'invoice', billing_same_as_delivery: false, billing_address: BILLING_WITH_NIP });
    expect(apiError(await placeOrder(acmeBuyer, body))).toMatchObject({ status: 422, code: 'errors.payment_method' });
    const globex = await globexOrder([await line('GLX-MUG', 'GLX-MUG-WHITE', 1)], { payment_method: 'budget' });
    expect(apiError(await placeOrder(globexBuyer, globex))).toMatchObject({ status: 422, code: 'errors.payment_method' });
  });
});

describe('POST /api/order in money shops', () => {
  it('should charge gross totals with VAT per product and on delivery in globex', async () => {
    const body = await globexOrder(
      [
        await line('GLX-BAG', 'GLX-BAG-WHITE', 2), // 19.99 net, VAT 8 %
        await line('GLX-UMBRELLA', 'GLX-UMBRELLA-BLACK', 1), // 59.99 net, no VAT rate: 23 %
        await line('GLX-CAP', 'GLX-CAP-BLACK', 1), // 29.99 gross (VAT included, 23 %)
      ],
      { delivery_method_id: await methodId('globex', 'courier'), delivery_address: INLINE_ADDRESS }, // courier 19.99 net
    );

    const result = await placeOrder(globexBuyer, body);

    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    expect(order.name).toMatch(/^GLOBEX-\d{6}$/);
    // A gross shop charges the shown gross unit × quantity (docs/api.md "Prices and rounding"): 19.99 net
    // at 8 % is 21.59 × 2 = 43.18; 59.99 net at 23 % is 73.79; the cap is 29.99 gross; the courier's
    // 19.99 net is 24.59 gross. VAT summary per rate: 8 %: 43.18 → 39.98 net; 23 %: 73.79 + 29.99 +
    // 24.59 = 128.37 → 104.37 net (the lines' shares 59.99, 24.39, and the courier's 19.99).
    // The earlier rule (net lines, VAT per line) gave 144.34 net.
    expect(order.items.map((item) => [item.unit_price, item.vat, item.line_net, item.line_gross])).toEqual([
      [21.59, 8, 39.98, 43.18],
      [73.79, 23, 59.99, 73.79],
      [29.99, 23, 24.39, 29.99],
    ]);
    for (const item of order.items) expect(Math.round(item.unit_price * item.quantity * 100)).toBe(Math.round(item.line_gross * 100));
    expect(order).toMatchObject({ is_gross: true, currency: 'PLN', total_net: 144.35, total_gross: 171.55, total: 171.55, delivery_price: 19.99, total_points: 0 });
    expect(order.billing_address).toEqual({ ...BILLING_WITH_NIP });
    expect(order.delivery_address).toEqual({ ...INLINE_ADDRESS, company: '', nip: '' });
    expect(order.payment_status).toBe('not_required');
    const saved = await server.db.query("SELECT street FROM addresses WHERE user_id = $1 AND type = 'specific'", [await userId('buyer@globex.test')]);
    expect(saved.rows).toEqual([{ street: 'ul. Długa 1' }]);
  });

  it('should give each order line a picture: its product’s first one (issue 27, the confirmation’s thumbnails)', async () => {
    const body = await globexOrder([await line('GLX-BAG', 'GLX-BAG-WHITE', 1)], { delivery_method_id: await methodId('globex', 'courier'), delivery_address: INLINE_ADDRESS });
    const result = await placeOrder(globexBuyer, body);
    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    const { rows } = await server.db.query<{ image: string }>("SELECT images->>0 AS image FROM products WHERE code = 'GLX-BAG'");
    expect(rows[0]?.image).toMatch(/\.(svg|png|jpe?g|webp)$/);
    expect(order.items[0]?.image).toBe(rows[0]?.image);
  });

  it('should refuse an invoice billed to an address without a tax ID', async () => {
    const body = await globexOrder([await line('GLX-MUG', 'GLX-MUG-WHITE', 1)], { billing_address: { ...BILLING_WITH_NIP, nip: '' } });
    const error = apiError(await placeOrder(globexBuyer, body));
    expect(error).toMatchObject({ status: 422, code: 'validation.invalid' });
    expect(error.errors).toEqual({ billing_address: ['Nip missing from address'] });
  });

  it('should require a delivery address for a courier', async () => {
    const body = await globexOrder([await line('GLX-MUG', 'GLX-MUG-WHITE', 1)], { delivery_method_id: await methodId('globex', 'courier') });
    const error = apiError(await placeOrder(globexBuyer, body));
    expect(error).toMatchObject({ status: 422, code: 'validation.invalid' });
    expect(error.errors).toEqual({ delivery_address: ['This element is required'] });
  });

  it('should deliver to an inline specific address in initech and keep net totals', async () => {
    const address = { ...INLINE_ADDRESS, company: 'Initech Kraków', nip: '5260250274' };
    const body = {
      website_id: server.shops.initech,
      items: [await line('INI-MUG', 'INI-MUG-WHITE', 10)], // 10 × 5.90 EUR net
      delivery_method_id: await methodId('initech', 'specific_address'), // 14.90 net
      delivery_address: address,
      billing_same_as_delivery: true,
      payment_method: 'invoice',
      contact: ORDER_CONTACT,
    };

    const result = await placeOrder(initechBuyer, body);

    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    expect(order).toMatchObject({ currency: 'EUR', is_gross: false, total_net: 73.9, total_gross: 90.9, total: 73.9 });
    expect(order.delivery_method.type).toBe('specific_address');
    expect(order.delivery_address).toEqual({ name: 'John', surname: 'Smith', company: 'Initech Kraków', street: 'ul. Długa 1', city: 'Kraków', zip: '31-147', country: 'PL', nip: '5260250274' });
    expect(order.billing_address).toEqual(order.delivery_address);
  });

  it('should accept only the specific-address method and specific addresses in initech', async () => {
    const buyer = await userId('buyer@initech.test');
    const saved = await one<{ id: number }>("SELECT id FROM addresses WHERE user_id = $1 AND type = 'delivery'", [buyer]);
    const specific = await one<{ id: number }>("SELECT id FROM addresses WHERE user_id = $1 AND type = 'specific' ORDER BY id LIMIT 1", [buyer]);
    const base = {
      website_id: server.shops.initech,
      items: [await line('INI-MUG', 'INI-MUG-WHITE', 1)],
      billing_same_as_delivery: false,
      billing_address: BILLING_WITH_NIP,
      payment_method: 'invoice',
      contact: ORDER_CONTACT,
    };
    const courier = await placeOrder(initechBuyer, { ...base, delivery_method_id: await methodId('initech', 'courier'), delivery_address: INLINE_ADDRESS });
    expect(apiError(courier)).toMatchObject({ status: 422, code: 'errors.address_specific_only' });
    const specificMethod = await methodId('initech', 'specific_address');
    const bookAddress = await placeOrder(initechBuyer, { ...base, delivery_method_id: specificMethod, delivery_address_id: saved.id });
    expect(apiError(bookAddress)).toMatchObject({ status: 422, code: 'errors.address_specific_only' });
    const specificAddress = await placeOrder(initechBuyer, { ...base, delivery_method_id: specificMethod, delivery_address_id: specific.id });
    expect(specificAddress.status).toBe(201);
    expect(v.parse(PlaceOrderResponseSchema, specificAddress.body).order.delivery_address?.street).toBe('ul. Piotrkowska 100');
  });
});

describe('POST /api/order prices and quantity rules', () => {
  it('should choose the price tier by the total quantity across colours and sizes', async () => {
    const lines = [await line('GLX-TEE', 'GLX-TEE-BLACK-M', 60), await line('GLX-TEE', 'GLX-TEE-WHITE-L', 40)];
    const result = await placeOrder(globexBuyer, await globexOrder(lines));
    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    // The 100+ tier's 34.99 net, shown (and charged) gross in globex: 43.04 × quantity.
    expect(order.items.map((item) => [item.quantity, item.unit_price, item.line_gross])).toEqual([
      [60, 43.04, 2582.4],
      [40, 43.04, 1721.6],
    ]);

    const below = [await line('GLX-TEE', 'GLX-TEE-BLACK-M', 60), await line('GLX-TEE', 'GLX-TEE-WHITE-L', 39)];
    const cheaperNot = v.parse(PlaceOrderResponseSchema, (await placeOrder(globexBuyer, await globexOrder(below))).body);
    expect(cheaperNot.order.items.map((item) => item.unit_price)).toEqual([49.19, 49.19]); // 39.99 net
  });

  it('should price a group buy on the group total and add the order to it', async () => {
    const before = await one<{ groupbuy_total: number }>('SELECT groupbuy_total FROM products WHERE code = $1', ['GLX-HOODIE']);
    expect(before.groupbuy_total).toBe(45);
    const lines = [await line('GLX-HOODIE', 'GLX-HOODIE-BLACK-M', 3), await line('GLX-HOODIE', 'GLX-HOODIE-GREY-L', 2)];

    const result = await placeOrder(globexBuyer, await globexOrder(lines));

    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    // 45 + 5 = 50 reaches the tier from 50 pieces: 129 net (158.67 gross, as globex shows it) instead of 149.
    expect(order.items.map((item) => item.unit_price)).toEqual([158.67, 158.67]);
    expect(await one('SELECT groupbuy_total FROM products WHERE code = $1', ['GLX-HOODIE'])).toEqual({ groupbuy_total: 50 });
  });

  it('should refuse less than the minimum per line with its quantity', async () => {
    const result = await placeOrder(globexBuyer, await globexOrder([await line('GLX-PEN', 'GLX-PEN-BLUE', 10)]));
    const body = apiError(result);
    expect(body).toMatchObject({ status: 422, code: 'sale.qty.minimum' });
    expect(body).toMatchObject({ qty: 50, message: 'Minimum product order quantity: 50' });
    expect((result.body as { product_id: number }).product_id).toBe(await productId('GLX-PEN'));
  });

  it('should judge the minimum across colours on the product total', async () => {
    const short = [await line('GLX-NOTE', 'GLX-NOTE-RED', 5), await line('GLX-NOTE', 'GLX-NOTE-GREEN', 10)];
    const body = apiError(await placeOrder(globexBuyer, await globexOrder(short)));
    expect(body).toMatchObject({ status: 422, code: 'sale.qty.minimum' });
    expect(body.qty).toBe(20);
    const enough = [await line('GLX-NOTE', 'GLX-NOTE-RED', 10), await line('GLX-NOTE', 'GLX-NOTE-GREEN', 10)];
    expect((await placeOrder(globexBuyer, await globexOrder(enough))).status).toBe(201);
  });

  it('should refuse more than the stock, nothing of a sold-out colour, and allow colours in delivery', async () => {
    const grey = apiError(await placeOrder(globexBuyer, await globexOrder([await line('GLX-BOTTLE', 'GLX-BOTTLE-GREY', 16)])));
    expect(grey).toMatchObject({ status: 422, code: 'sale.qty.exceeded' });
    expect(grey).toMatchObject({ qty: 15, message: 'Currently available maximum order quantity: 15' });
    const red = apiError(await placeOrder(globexBuyer, await globexOrder([await line('GLX-BOTTLE', 'GLX-BOTTLE-RED', 1)])));
    expect(red).toMatchObject({ status: 422, code: 'sale.qty.exceeded' });
    expect(red.qty).toBe(0);
    expect((await placeOrder(globexBuyer, await globexOrder([await line('GLX-BOTTLE', 'GLX-BOTTLE-BLUE', 5)]))).status).toBe(201);
  });

  it('should take ordered pieces off the stock', async () => {
    expect((await placeOrder(globexBuyer, await globexOrder([await line('GLX-BOTTLE', 'GLX-BOTTLE-GREY', 15)]))).status).toBe(201);
    expect(await one('SELECT stock FROM product_variants WHERE code = $1', ['GLX-BOTTLE-GREY'])).toEqual({ stock: 0 });
    const again = apiError(await placeOrder(globexBuyer, await globexOrder([await line('GLX-BOTTLE', 'GLX-BOTTLE-GREY', 1)])));
    expect(again).toMatchObject({ status: 422, code: 'sale.qty.exceeded' });
    expect(again.qty).toBe(0);
  });

  it('should require business-card details and keep them on the order', async () => {
    const missing = await placeOrder(globexBuyer, await globexOrder([await line('GLX-CARD', 'GLX-CARD', 1)]));
    expect(apiError(missing)).toMatchObject({ status: 422, code: 'errors.card_info' });
    const card = { name: 'John', surname: 'Smith', email: 'john@globex.test', phone: '+48 601 200 300', job: 'Buyer', cost: '', address: 'ul. Lubicz 17, Kraków' };
    const result = await placeOrder(globexBuyer, await globexOrder([await line('GLX-CARD', 'GLX-CARD', 1, { card_info: card })]));
    expect(result.status).toBe(201);
    expect(v.parse(PlaceOrderResponseSchema, result.body).order.items[0]?.card_info).toEqual(card);
  });
});

describe('POST /api/order against tampered requests', () => {
  it('should ignore prices and totals sent by the client', async () => {
    const item = await line('GLX-MUG', 'GLX-MUG-WHITE', 1, { unit_price: 0.01, price: 0.01, line_net: 0.01 });
    const body = { ...(await globexOrder([item])), total: 0.01, total_net: 0.01, total_gross: 0.01, delivery_price: 0 };

    const result = await placeOrder(globexBuyer, body);

    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    expect(order.items[0]).toMatchObject({ unit_price: 30.74, line_net: 24.99, line_gross: 30.74 });
    expect(order).toMatchObject({ total_net: 24.99, total_gross: 30.74, total: 30.74 });
    expect(await one('SELECT total_gross FROM orders WHERE name = $1', [order.name])).toEqual({ total_gross: 30.74 });
  });

  it.each([
    ['negative', -5],
    ['zero', 0],
    ['fractional', 1.5],
    ['huge', 1e9],
    ['a string', '5'],
  ])('should refuse a %s quantity', async (_label, quantity) => {
    const item = { ...(await line('GLX-MUG', 'GLX-MUG-WHITE', 1)), quantity };
    const error = apiError(await placeOrder(globexBuyer, await globexOrder([item])));
    expect(error).toMatchObject({ status: 422, code: 'validation.invalid' });
    expect(Object.keys(error.errors ?? {})).toEqual(['items.0.quantity']);
  });

  it('should refuse an order too large to store instead of failing in the database', async () => {
    // 50 lines × 1,000,000 jackets × 229 PLN is over 10^10, more than numeric(12, 2) holds. The default
    // line maximum (10,000) would refuse it first, so this shop lifts its cap for the test.
    await server.db.query('UPDATE websites SET max_line_quantity = 2000000000 WHERE id = $1', [server.shops.globex]);
    try {
      const jacket = await line('GLX-JACKET', 'GLX-JACKET-BLACK-M', 1_000_000);
      const before = await orderCount('buyer@globex.test');
      const error = apiError(await placeOrder(globexBuyer, await globexOrder(Array(50).fill(jacket))));
      expect(error).toMatchObject({ status: 422, code: 'validation.invalid' });
      expect(error.error_keys?.items?.[0]?.key).toBe('validation.max_value');
      expect(await orderCount('buyer@globex.test')).toBe(before);
    } finally {
      await server.db.query('UPDATE websites SET max_line_quantity = NULL WHERE id = $1', [server.shops.globex]);
    }
  });

  it('should refuse a product of another shop', async () => {
    const result = await placeOrder(globexBuyer, await globexOrder([await line('ACME-MUG', 'ACME-MUG-WHITE', 1)]));
    expect(apiError(result)).toMatchObject({ status: 422, code: 'errors.product_unavailable' });
  });

  it('should refuse a variant of another product', async () => {
    const item = { product_id: await productId('GLX-MUG'), variant_id: await variantId('GLX-TEE-BLACK-M'), quantity: 1 };
    expect(apiError(await placeOrder(globexBuyer, await globexOrder([item])))).toMatchObject({ status: 422, code: 'errors.product_unavailable' });
  });

  it('should answer 404 for another buyer address', async () => {
    const foreign = await one<{ id: number }>("SELECT id FROM addresses WHERE user_id = $1 AND type = 'delivery'", [await userId('buyer@initech.test')]);
    const body = await globexOrder([await line('GLX-MUG', 'GLX-MUG-WHITE', 1)], {
      delivery_method_id: await methodId('globex', 'courier'),
      delivery_address_id: foreign.id,
    });
    expect(apiError(await placeOrder(globexBuyer, body))).toMatchObject({ status: 404, code: 'errors.not_found' });
  });

  it('should refuse a delivery method of another shop', async () => {
    const body = await globexOrder([await line('GLX-MUG', 'GLX-MUG-WHITE', 1)], { delivery_method_id: await methodId('acme', 'self_pickup') });
    expect(apiError(await placeOrder(globexBuyer, body))).toMatchObject({ status: 422, code: 'errors.delivery_method' });
  });

  it('should refuse a shop the token was not issued for', async () => {
    const body = await acmeOrder([await line('ACME-MUG', 'ACME-MUG-WHITE', 1)]);
    expect(apiError(await placeOrder(globexBuyer, body))).toMatchObject({ status: 403, code: 'errors.no_access' });
  });

  it('should refuse a guest', async () => {
    const result = await server.json('/api/order', { body: await globexOrder([await line('GLX-MUG', 'GLX-MUG-WHITE', 1)]), headers: { 'Idempotency-Key': newKey() } });
    expect(apiError(result)).toMatchObject({ status: 401, code: 'errors.unauthenticated' });
  });
});

describe('POST /api/order idempotency', () => {
  it('should require an Idempotency-Key header of a safe shape', async () => {
    const body = await globexOrder([await line('GLX-MUG', 'GLX-MUG-WHITE', 1)]);
    expect(apiError(await placeOrder(globexBuyer, body, null))).toMatchObject({ status: 400, code: 'errors.malformed_request' });
    expect(apiError(await placeOrder(globexBuyer, body, 'short'))).toMatchObject({ status: 400, code: 'errors.malformed_request' });
    expect(apiError(await placeOrder(globexBuyer, body, 'has spaces and ; semicolons'))).toMatchObject({ status: 400, code: 'errors.malformed_request' });
  });

  it('should answer a retried key with the same order and place it once', async () => {
    const key = newKey();
    const body = await globexOrder([await line('GLX-MUG', 'GLX-MUG-BLACK', 3)]);
    const before = await orderCount('buyer@globex.test');

    const first = await placeOrder(globexBuyer, body, key);
    const second = await placeOrder(globexBuyer, body, key);

    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await orderCount('buyer@globex.test')).toBe(before + 1);
  });

  it('should refuse a key reused for a different order', async () => {
    const key = newKey();
    expect((await placeOrder(globexBuyer, await globexOrder([await line('GLX-MUG', 'GLX-MUG-BLACK', 1)]), key)).status).toBe(201);
    const other = await placeOrder(globexBuyer, await globexOrder([await line('GLX-MUG', 'GLX-MUG-BLACK', 2)]), key);
    const error = apiError(other);
    expect(error).toMatchObject({ status: 422, code: 'errors.idempotency_mismatch' });
    expect(error.message).toBe('This order changed while it was being placed. Check it and place it again.');
  });

  it('should let a failed attempt be retried with the same key', async () => {
    const key = newKey();
    const failed = await placeOrder(globexBuyer, await globexOrder([await line('GLX-PEN', 'GLX-PEN-BLUE', 10)]), key);
    expect(apiError(failed)).toMatchObject({ status: 422, code: 'sale.qty.minimum' });
    const fixed = await placeOrder(globexBuyer, await globexOrder([await line('GLX-PEN', 'GLX-PEN-BLUE', 50)]), key);
    expect(fixed.status).toBe(201);
  });
});

/** A globex order paid online, still pending, with the payment secret from its payment_url. */
async function onlineOrder(): Promise<{ name: string; paymentUrl: string; token: string }> {
  const result = await placeOrder(globexBuyer, await globexOrder([await line('GLX-MUG', 'GLX-MUG-WHITE', 2)], { payment_method: 'online' }));
  expect(result.status).toBe(201);
  const { order, payment_url } = v.parse(PlaceOrderResponseSchema, result.body);
  expect(order.payment_status).toBe('pending');
  const paymentUrl = payment_url ?? '';
  return { name: order.name, paymentUrl, token: new URL(paymentUrl).searchParams.get('token') ?? '' };
}

/** Submits the demo payment form; the redirect is not followed, so its target can be checked. */
const pay = (name: string, token: string, action: string, returnUrl?: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/demo/pay/${name}`, {
    method: 'POST',
    body: new URLSearchParams({ action, token, ...(returnUrl === undefined ? {} : { return: returnUrl }) }),
    headers,
    redirect: 'manual',
  });

describe('online payment through the demo provider', () => {
  it('should pay an order and return to the storefront with status=success', async () => {
    const { name, paymentUrl, token } = await onlineOrder();
    expect(paymentUrl).toMatch(new RegExp(`^${server.url}/demo/pay/${name}\\?token=[A-Za-z0-9_-]{43}$`));
    const storefront = `http://globex.localhost:${server.config.port}/payment-processing`;

    const page = await fetch(`${paymentUrl}&return=${encodeURIComponent(storefront)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).toContain(name);
    expect(html).toContain('61.48 PLN'); // 2 × 24.99 = 49.98 net, 61.48 gross
    expect(html).toContain(`value="${storefront}"`);

    const paid = await pay(name, token, 'pay', storefront);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${storefront}?status=success`);
    const detail = await server.json(`/api/user/order/${name}`, { token: globexBuyer });
    expect(v.parse(OrderSchema, detail.body).payment_status).toBe('paid');
  });

  it('should return a cancelled payment with status=cancelled and cancel the payment', async () => {
    const { name, token } = await onlineOrder();
    const cancelled = await pay(name, token, 'cancel', `http://globex.localhost:${server.config.port}/payment-processing`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`http://globex.localhost:${server.config.port}/payment-processing?status=cancelled`);
    expect(await one('SELECT payment_status FROM orders WHERE name = $1', [name])).toEqual({ payment_status: 'cancelled' });
  });

  it.each([
    ['another site', 'https://evil.example/steal'],
    ['a look-alike host', 'http://globex.localhost.evil.example:{port}/x'],
    ['a URL with credentials', 'http://user:pass@globex.localhost:{port}/x'],
    ['another port', 'http://globex.localhost:1/payment-processing'],
    ['a script URL', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example/x'],
  ])('should never redirect to %s', async (_label, target) => {
    const { name, token } = await onlineOrder();
    const paid = await pay(name, token, 'pay', target.replace('{port}', String(server.config.port)));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${storefrontUrl(server.config, 'globex')}/payment-processing?status=success`);
  });

  it('should escape what it writes into the page', async () => {
    const { paymentUrl } = await onlineOrder();
    const evil = `http://globex.localhost:${server.config.port}/x?a="><script>alert(1)</script>`;
    const html = await (await fetch(`${paymentUrl}&return=${encodeURIComponent(evil)}`)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/value="[^"]*"><script/);
  });

  it('should refuse a payment form posted from another site', async () => {
    const { name, token } = await onlineOrder();
    const response = await pay(name, token, 'pay', undefined, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await one('SELECT payment_status FROM orders WHERE name = $1', [name])).toEqual({ payment_status: 'pending' });
  });

  it('should neither show nor pay an order without its payment secret', async () => {
    const { name, token } = await onlineOrder();
    expect((await server.request(`/demo/pay/${name}`)).status).toBe(404);
    expect((await server.request(`/demo/pay/${name}?token=${'x'.repeat(43)}`)).status).toBe(404);
    expect((await pay(name, '', 'pay')).status).toBe(404);
    expect((await pay(name, `${token}x`, 'pay')).status).toBe(404);
    expect(await one('SELECT payment_status FROM orders WHERE name = $1', [name])).toEqual({ payment_status: 'pending' });
  });

  it('should show no payment page for an order that is not paid online', async () => {
    const result = await placeOrder(globexBuyer, await globexOrder([await line('GLX-MUG', 'GLX-MUG-WHITE', 1)]));
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    expect((await server.request(`/demo/pay/${order.name}`)).status).toBe(404);
    expect((await pay(order.name, 'any-token', 'pay')).status).toBe(404);
    expect(await one('SELECT payment_status FROM orders WHERE name = $1', [order.name])).toEqual({ payment_status: 'not_required' });
  });
});

describe('POST /api/order with several assignments of one budget (issue 18)', () => {
  it('should pay 160 points of caps from two Team events assignments of 100, the one expiring first first', async () => {
    // nobudget@acme holds no Team events: give him two, the later one assigned first.
    const buyer = await userId('nobudget@acme.test');
    const teamBudget = await one<{ id: number }>("SELECT id FROM budgets WHERE name = 'Team events'");
    const assign = (days: number) =>
      one<{ id: number }>(
        `INSERT INTO user_budgets (budget_id, user_id, points, start_date, expiry_date)
         VALUES ($1, $2, 100, now() - interval '1 day', now() + $3::int * interval '1 day') RETURNING id`,
        [teamBudget.id, buyer, days],
      );
    const later = await assign(60);
    const sooner = await assign(20);
    // Scheduled, expired and switched-off assignments of the budget count for nothing.
    await server.db.query(
      `INSERT INTO user_budgets (budget_id, user_id, points, start_date, expiry_date, is_active) VALUES
         ($1, $2, 500, now() + interval '2 days', now() + interval '90 days', true),
         ($1, $2, 500, now() - interval '90 days', now() - interval '1 day', true),
         ($1, $2, 500, now() - interval '1 day', now() + interval '90 days', false)`,
      [teamBudget.id, buyer],
    );
    const body = await acmeOrder([await line('ACME-CAP', 'ACME-CAP-BLACK', 5), await line('ACME-CAP', 'ACME-CAP-WHITE', 3)]);

    const result = await placeOrder(nobudget, body);

    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    expect(order.total_points).toBe(160);
    expect(await assignment(sooner.id)).toEqual({ points: 100, points_spent: 100 });
    expect(await assignment(later.id)).toEqual({ points: 100, points_spent: 60 });
    // One ledger row per part: the black caps (100) from the sooner one; the white caps (60) from the later.
    const ledger = await server.db.query<{ user_budget_id: number; delta: number; code: string; first_payer: number }>(
      `SELECT l.user_budget_id, l.delta, i.code || ' ' || i.variant_id AS code, i.user_budget_id AS first_payer
         FROM budget_ledger l JOIN orders o ON o.id = l.order_id JOIN order_items i ON i.id = l.order_item_id
        WHERE o.name = $1 ORDER BY l.id`,
      [order.name],
    );
    const [black, white] = [await variantId('ACME-CAP-BLACK'), await variantId('ACME-CAP-WHITE')];
    expect(ledger.rows).toEqual([
      { user_budget_id: sooner.id, delta: 100, code: `ACME-CAP-BLACK ${black}`, first_payer: sooner.id },
      { user_budget_id: later.id, delta: 60, code: `ACME-CAP-WHITE ${white}`, first_payer: later.id },
    ]);
    expect(await ledgerSum(sooner.id)).toBe(100);
    expect(await ledgerSum(later.id)).toBe(60);

    // 40 points are left in all: one cap more than that is refused, and nothing is spent.
    const refused = await placeOrder(nobudget, await acmeOrder([await line('ACME-CAP', 'ACME-CAP-BLACK', 3)]));
    expect(apiError(refused)).toMatchObject({ status: 422, code: 'budgets.error.insufficient' });
    expect(await assignment(later.id)).toEqual({ points: 100, points_spent: 60 });
  });

  it('should split one line and the courier across assignments, the delivery after the lines', async () => {
    const buyer = await userId('nobudget@acme.test');
    const welcomeBudget = await one<{ id: number }>("SELECT id FROM budgets WHERE name = 'Welcome pack'");
    const assign = (points: number, days: number) =>
      one<{ id: number }>(
        `INSERT INTO user_budgets (budget_id, user_id, points, start_date, expiry_date)
         VALUES ($1, $2, $3, now() - interval '1 day', now() + $4::int * interval '1 day') RETURNING id`,
        [welcomeBudget.id, buyer, points, days],
      );
    const first = await assign(50, 10);
    const second = await assign(50, 30);
    const third = await assign(50, 40);
    const body = await acmeOrder([await line('ACME-TEE', 'ACME-TEE-NAVY-M', 2)], {
      delivery_method_id: await methodId('acme', 'courier'),
      delivery_address: INLINE_ADDRESS,
      // Names the budget (Welcome pack); the rule decides which assignments pay.
      payment_for_delivery_budget: third.id,
    });

    const result = await placeOrder(nobudget, body);

    expect(result.status).toBe(201);
    expect(v.parse(PlaceOrderResponseSchema, result.body).order.total_points).toBe(105); // 2 × 40 + 25
    expect((await assignment(first.id)).points_spent).toBe(50);
    expect((await assignment(second.id)).points_spent).toBe(50);
    expect((await assignment(third.id)).points_spent).toBe(5);
    const parts = await server.db.query<{ user_budget_id: number; delta: number; line: boolean }>(
      `SELECT l.user_budget_id, l.delta, l.order_item_id IS NOT NULL AS line FROM budget_ledger l
        WHERE l.user_budget_id = ANY($1::int[]) ORDER BY l.id`,
      [[first.id, second.id, third.id]],
    );
    expect(parts.rows).toEqual([
      { user_budget_id: first.id, delta: 50, line: true },
      { user_budget_id: second.id, delta: 30, line: true },
      { user_budget_id: second.id, delta: 20, line: false },
      { user_budget_id: third.id, delta: 5, line: false },
    ]);
  });
});
