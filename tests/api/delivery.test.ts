import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, DeliveryMethodSchema } from '../../src/contract/contract.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let acmeBuyer: string;
let acmeCoordinator: string;
let globexBuyer: string;
let initechBuyer: string;

const MethodListSchema = v.array(DeliveryMethodSchema);

beforeAll(async () => {
  server = await startTestServer();
  [acmeBuyer, acmeCoordinator, globexBuyer, initechBuyer] = await Promise.all([
    server.login('buyer@acme.test', 'acme'),
    server.login('coordinator@acme.test', 'acme'),
    server.login('buyer@globex.test', 'globex'),
    server.login('buyer@initech.test', 'initech'),
  ]);
});

afterAll(async () => {
  await server?.close();
});

function methods(shop: string, token: string | undefined, extra: Record<string, unknown> = {}) {
  return server.json('/api/delivery-methods', { method: 'POST', body: { website_id: server.shops[shop], ...extra }, token });
}

async function addressOf(email: string, shop: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    'SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.email = $1 AND a.website_id = $2 ORDER BY a.id LIMIT 1',
    [email, server.shops[shop]],
  );
  return rows[0]!.id;
}

async function variantOf(code: string): Promise<{ product_id: number; variant_id: number }> {
  const { rows } = await server.db.query<{ product_id: number; variant_id: number }>(
    'SELECT p.id AS product_id, v.id AS variant_id FROM products p JOIN product_variants v ON v.product_id = p.id WHERE p.code = $1 ORDER BY v.position LIMIT 1',
    [code],
  );
  return rows[0]!;
}

describe('POST /api/delivery-methods', () => {
  it('should list the shop methods by position with the budgets that may pay for them', async () => {
    const { status, body } = await methods('acme', acmeBuyer);
    expect(status).toBe(200);
    const list = v.parse(MethodListSchema, body);
    expect(list.map((method) => method.type)).toEqual(['courier', 'self_pickup', 'specific_address']);
    const courier = list[0]!;
    expect(courier.budgets).toEqual([
      { budget_id: expect.any(Number), name: 'Welcome pack', color: '#2563eb', price: 25 },
      { budget_id: expect.any(Number), name: 'Team events', color: '#16a34a', price: 25 },
    ]);
    expect(list[1]?.budgets).toEqual([]);
    expect(list[2]?.budgets).toEqual([{ budget_id: expect.any(Number), name: 'Welcome pack', color: '#2563eb', price: 40 }]);
    const { rows } = await server.db.query<{ id: number }>("SELECT id FROM budgets WHERE website_id = $1 AND name = 'Welcome pack'", [
      server.shops.acme,
    ]);
    expect(courier.budgets[0]?.budget_id).toBe(rows[0]?.id);
  });

  it('should give self-pickup its pickup address and others none', async () => {
    const list = v.parse(MethodListSchema, (await methods('globex', globexBuyer)).body);
    const pickup = list.find((method) => method.type === 'self_pickup');
    expect(pickup?.pickup_address).toEqual({ street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' });
    expect(list.find((method) => method.type === 'courier')).toMatchObject({ price: 19.99, pickup_address: null, budgets: [] });
  });

  it('should follow the stored positions', async () => {
    await server.db.query("UPDATE delivery_methods SET position = 10 WHERE website_id = $1 AND type = 'courier'", [server.shops.globex]);
    const list = v.parse(MethodListSchema, (await methods('globex', globexBuyer)).body);
    expect(list.map((method) => method.type)).toEqual(['self_pickup', 'specific_address', 'courier']);
  });

  it('should offer only specific-address delivery in a shop that ships only there', async () => {
    const { status, body } = await methods('initech', initechBuyer);
    expect(status).toBe(200);
    const list = v.parse(MethodListSchema, body);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'specific_address', name: 'Dostawa pod wskazany adres', price: 14.9 });
  });

  it('should accept the buyer’s own address and answer 404 for another user’s', async () => {
    const own = await methods('acme', acmeBuyer, { address_id: await addressOf('buyer@acme.test', 'acme') });
    expect(own.status).toBe(200);
    expect(v.parse(MethodListSchema, own.body)).toHaveLength(3);

    const colleague = await methods('acme', acmeCoordinator, { address_id: await addressOf('buyer@acme.test', 'acme') });
    expect(colleague.status).toBe(404);
    expect(v.parse(ApiErrorSchema, colleague.body).code).toBe('errors.address');

    const otherShop = await methods('acme', acmeBuyer, { address_id: await addressOf('buyer@initech.test', 'initech') });
    expect(otherShop.status).toBe(404);
    const unknown = await methods('acme', acmeBuyer, { address_id: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(colleague.body);
  });

  it('should accept cart lines of this shop and refuse products of another shop with 422', async () => {
    const tee = await variantOf('ACME-TEE');
    const ok = await methods('acme', acmeBuyer, { items: [{ ...tee, quantity: 2 }] });
    expect(ok.status).toBe(200);

    const foreign = await variantOf('GLX-TEE');
    const refused = await methods('acme', acmeBuyer, { items: [{ ...tee, quantity: 2 }, { ...foreign, quantity: 1 }] });
    expect(refused.status).toBe(422);
    expect(v.parse(ApiErrorSchema, refused.body)).toMatchObject({
      code: 'errors.product_unavailable',
      message: 'This product is not available in this shop.',
    });

    // A variant of this shop paired with another of its products is not a real line either.
    const mug = await variantOf('ACME-MUG');
    const mixed = await methods('acme', acmeBuyer, { items: [{ product_id: mug.product_id, variant_id: tee.variant_id, quantity: 1 }] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.code).toBe('errors.product_unavailable');
  });

  it('should validate the request body', async () => {
    const { status, body } = await methods('acme', acmeBuyer, { items: [{ product_id: 1, variant_id: 1, quantity: 0 }] });
    expect(status).toBe(422);
    expect(body.errors['items.0.quantity']).toEqual(['Enter at least 1']);
    const missing = await server.json('/api/delivery-methods', { method: 'POST', body: {}, token: acmeBuyer });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.website_id).toBeDefined();
  });

  it('should refuse guests with 401 and tokens of another shop with 403', async () => {
    const guest = await methods('globex', undefined);
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('errors.unauthenticated');
    const foreign = await methods('acme', globexBuyer);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('errors.no_access');
  });

  it('should answer an empty list when the shop has no method to offer', async () => {
    await server.db.query("DELETE FROM delivery_methods WHERE website_id = $1 AND type = 'specific_address'", [server.shops.initech]);
    const { status, body } = await methods('initech', initechBuyer);
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});
