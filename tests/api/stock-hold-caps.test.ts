import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, PlaceOrderResponseSchema } from '../../src/contract/contract.ts';
import { firstRow, globexPickupOrder } from './order-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Issue 26: one buyer's unpaid online orders may hold at most half of a variant's stock and at most
 * 100 pieces of a product (the default caps, config `stockHolds`). Globex offers `online`; its grey
 * bottle (GLX-BOTTLE-GREY, 15 pieces) is the limited stock. Every test starts from 15 bottles and no
 * payment pending.
 */

let server: TestServer;
let buyer: string;
let coordinator: string;

const BOTTLE_STOCK = 15;
const one = <T>(sql: string, params: unknown[] = []): Promise<T> => firstRow<T>(server.db, sql, params);

async function line(variantCode: string, quantity: number) {
  const row = await one<{ id: number; product_id: number }>('SELECT id, product_id FROM product_variants WHERE code = $1', [variantCode]);
  return { product_id: row.product_id, variant_id: row.id, quantity };
}

const place = async (token: string, quantity: number, paymentMethod: 'online' | 'invoice' = 'online', variant = 'GLX-BOTTLE-GREY') =>
  server.json('/api/order', { body: await globexPickupOrder(server.db, server.shops, [await line(variant, quantity)], paymentMethod), token, headers: { 'Idempotency-Key': `cap-${randomUUID()}` } });

const bottleStock = async () => (await one<{ stock: number }>("SELECT stock FROM product_variants WHERE code = 'GLX-BOTTLE-GREY'")).stock;

beforeAll(async () => {
  server = await startTestServer();
  [buyer, coordinator] = await Promise.all([server.login('buyer@globex.test', 'globex'), server.login('coordinator@globex.test', 'globex')]);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await server.db.query("UPDATE orders SET payment_status = 'cancelled' WHERE payment_status = 'pending'");
  await server.db.query("UPDATE product_variants SET stock = $1 WHERE code = 'GLX-BOTTLE-GREY'", [BOTTLE_STOCK]);
});

describe('the caps on unpaid online holds', () => {
  it('should refuse one unpaid order of the whole stock with sale.hold.exceeded and the pieces that may be held', async () => {
    const whole = await place(buyer, BOTTLE_STOCK);
    expect(whole.status).toBe(422);
    const bottle = await line('GLX-BOTTLE-GREY', 0);
    v.parse(ApiErrorSchema, whole.body);
    expect(whole.body).toMatchObject({
      code: 'sale.hold.exceeded',
      qty: 7,
      product_id: bottle.product_id,
      message: 'Unpaid online orders can reserve at most 7 more of this product for you. Complete your pending payment first, or order fewer.',
    });
    // Nothing was taken.
    expect(await bottleStock()).toBe(BOTTLE_STOCK);
    expect((await place(buyer, 7)).status).toBe(201);
    expect(await bottleStock()).toBe(BOTTLE_STOCK - 7);
  });

  it('should count the buyer’s earlier unpaid orders, so repeating never holds more than the share', async () => {
    expect((await place(buyer, 4)).status).toBe(201);
    expect((await place(buyer, 3)).status).toBe(201);
    const third = await place(buyer, 1);
    expect(third.status).toBe(422);
    expect(v.parse(ApiErrorSchema, third.body)).toMatchObject({ code: 'sale.hold.exceeded', qty: 0 });
    expect(await bottleStock()).toBe(BOTTLE_STOCK - 7);
    // Another buyer has a share of their own of what is left (8 on hand: 4).
    expect(v.parse(ApiErrorSchema, (await place(coordinator, 5)).body)).toMatchObject({ code: 'sale.hold.exceeded', qty: 4 });
    expect((await place(coordinator, 4)).status).toBe(201);
  });

  it('should not cap invoice orders, which are sales, and free the share once the buyer pays', async () => {
    expect((await place(buyer, 7)).status).toBe(201);
    const pending = await one<{ name: string }>("SELECT name FROM orders WHERE payment_status = 'pending' ORDER BY id DESC LIMIT 1");
    expect((await place(buyer, 8, 'invoice')).status).toBe(201);
    expect(await bottleStock()).toBe(0);

    // 5 more arrive: the buyer's 7 held are more than half of the 12 the stock would be without them.
    await server.db.query("UPDATE product_variants SET stock = $1 WHERE code = 'GLX-BOTTLE-GREY'", [5]);
    expect((await place(buyer, 1)).status).toBe(422);
    // A paid order holds nothing any more: the buyer may hold half of the stock again.
    await server.db.query("UPDATE orders SET payment_status = 'paid' WHERE name = $1", [pending.name]);
    expect((await place(buyer, 2)).status).toBe(201);
  });

  it('should let the last piece be held, and cap the pieces of a product at 100 per buyer', async () => {
    await server.db.query("UPDATE product_variants SET stock = 1 WHERE code = 'GLX-BOTTLE-GREY'");
    expect((await place(buyer, 1)).status).toBe(201);

    await server.db.query("UPDATE product_variants SET stock = 1000 WHERE code = 'GLX-BOTTLE-GREY'");
    const over = await place(buyer, 101);
    expect(v.parse(ApiErrorSchema, over.body)).toMatchObject({ code: 'sale.hold.exceeded', qty: 99 });
    expect((await place(buyer, 99)).status).toBe(201);
    expect(v.parse(PlaceOrderResponseSchema, (await place(buyer, 500, 'invoice')).body).order.payment_status).toBe('not_required');
  });

  it('should leave unlimited variants uncapped', async () => {
    expect((await place(buyer, 5000, 'online', 'GLX-MUG-WHITE')).status).toBe(201);
  });
});
