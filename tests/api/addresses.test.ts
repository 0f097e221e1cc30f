import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressSchema, ApiErrorSchema, type Address } from '../../src/contract/contract.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let acmeBuyer: string;
let acmeCoordinator: string;
let initechBuyer: string;

const AddressListSchema = v.array(AddressSchema);

const VALID = {
  type: 'delivery',
  name: 'Ewa',
  surname: 'Zielińska',
  company: 'ACME Warehouse',
  street: 'ul. Towarowa 7',
  city: 'Warszawa',
  zip: '00-950',
  country: 'pl',
  nip: '',
  phone: '+48 600 700 800',
};

beforeAll(async () => {
  server = await startTestServer();
  [acmeBuyer, acmeCoordinator, initechBuyer] = await Promise.all([
    server.login('buyer@acme.test', 'acme'),
    server.login('coordinator@acme.test', 'acme'),
    server.login('buyer@initech.test', 'initech'),
  ]);
});

afterAll(async () => {
  await server?.close();
});

async function list(token: string, query = '') {
  const response = await server.json(`/api/user/addresses${query}`, { token });
  expect(response.status).toBe(200);
  return v.parse(AddressListSchema, response.body);
}

async function create(token: string, body: Record<string, unknown>) {
  return server.json('/api/user/addresses', { method: 'POST', body, token });
}

async function userId(email: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return rows[0]!.id;
}

async function storedAddress(id: number) {
  const { rows } = await server.db.query<{ street: string; user_id: number }>('SELECT street, user_id FROM addresses WHERE id = $1', [id]);
  return rows[0];
}

describe('address book CRUD', () => {
  it('should list the seeded addresses of the buyer in this shop only', async () => {
    const addresses = await list(initechBuyer);
    expect(addresses.map((address) => address.type).sort()).toEqual(['billing', 'delivery', 'specific']);
    expect(addresses.every((address) => address.zip !== '' && address.street !== '')).toBe(true);
    // Nothing beyond the contract's fields leaves the server.
    const raw = (await server.json('/api/user/addresses', { token: initechBuyer })).body;
    expect(Object.keys(raw[0]).sort()).toEqual(Object.keys(AddressSchema.entries).sort());
  });

  it('should create, list newest first, filter by type, update and delete an address', async () => {
    const created = await create(acmeBuyer, VALID);
    expect(created.status).toBe(201);
    const address = v.parse(AddressSchema, created.body);
    expect(address).toMatchObject({ type: 'delivery', street: 'ul. Towarowa 7', zip: '00-950', country: 'PL', surname: 'Zielińska' });

    const all = await list(acmeBuyer);
    expect(all[0]?.id).toBe(address.id);
    expect(all.length).toBeGreaterThanOrEqual(3);

    const billing = await list(acmeBuyer, '?type=billing');
    expect(billing.length).toBeGreaterThan(0);
    expect(billing.every((entry) => entry.type === 'billing')).toBe(true);
    expect(billing.map((entry) => entry.id)).not.toContain(address.id);

    const updated = await server.json(`/api/user/addresses/${address.id}`, {
      method: 'PUT',
      body: { ...VALID, type: 'billing', street: 'ul. Nowa 1', nip: '123-456-32-18' },
      token: acmeBuyer,
    });
    expect(updated.status).toBe(200);
    expect(v.parse(AddressSchema, updated.body)).toMatchObject({ id: address.id, type: 'billing', street: 'ul. Nowa 1', nip: '123-456-32-18' });
    expect((await list(acmeBuyer, '?type=billing')).map((entry) => entry.id)).toContain(address.id);

    const deleted = await server.request(`/api/user/addresses/${address.id}`, { method: 'DELETE', token: acmeBuyer });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect((await list(acmeBuyer)).map((entry) => entry.id)).not.toContain(address.id);
    expect(await storedAddress(address.id)).toBeUndefined();

    const again = await server.json(`/api/user/addresses/${address.id}`, { method: 'DELETE', token: acmeBuyer });
    expect(again.status).toBe(404);
  });

  it('should refuse an unknown type filter with 422', async () => {
    const { status, body } = await server.json('/api/user/addresses?type=home', { token: acmeBuyer });
    expect(status).toBe(422);
    expect(body.errors.type).toEqual(['Choose one of the options']);
  });

  it('should let a buyer of a shop that ships only to specific addresses keep delivery addresses', async () => {
    const created = await create(initechBuyer, { ...VALID, type: 'delivery' });
    expect(created.status).toBe(201);
    expect(v.parse(AddressSchema, created.body).type).toBe('delivery');
  });

  it('should refuse a guest with 401', async () => {
    const listed = await server.json('/api/user/addresses');
    expect(listed.status).toBe(401);
    expect(v.parse(ApiErrorSchema, listed.body).code).toBe('errors.unauthenticated');
    expect((await server.json('/api/user/addresses', { method: 'POST', body: VALID })).status).toBe(401);
    expect((await server.json('/api/user/addresses/1', { method: 'PUT', body: VALID })).status).toBe(401);
    expect((await server.json('/api/user/addresses/1', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('addresses of other users and shops', () => {
  let initechAddress: Address;
  let buyerAddress: Address;

  beforeAll(async () => {
    initechAddress = (await list(initechBuyer))[0]!;
    buyerAddress = v.parse(AddressSchema, (await create(acmeBuyer, { ...VALID, street: 'ul. Prywatna 3' })).body);
  });

  it('should not list another user’s addresses', async () => {
    const coordinatorIds = (await list(acmeCoordinator)).map((address) => address.id);
    expect(coordinatorIds).not.toContain(buyerAddress.id);
    expect((await list(acmeBuyer)).map((address) => address.id)).not.toContain(initechAddress.id);
  });

  it('should answer 404 to PUT on another user’s address and leave it unchanged', async () => {
    for (const [token, id] of [
      [acmeCoordinator, buyerAddress.id],
      [acmeBuyer, initechAddress.id],
    ] as const) {
      const { status, body } = await server.json(`/api/user/addresses/${id}`, {
        method: 'PUT',
        body: { ...VALID, street: 'ul. Przejęta 666' },
        token,
      });
      expect(status).toBe(404);
      expect(v.parse(ApiErrorSchema, body).code).toBe('errors.not_found');
      expect(JSON.stringify(body)).not.toContain('Przejęta');
    }
    expect((await storedAddress(buyerAddress.id))?.street).toBe('ul. Prywatna 3');
    expect((await storedAddress(initechAddress.id))?.street).toBe(initechAddress.street);
  });

  it('should answer 404 to DELETE on another user’s address and keep it', async () => {
    const byCoordinator = await server.json(`/api/user/addresses/${buyerAddress.id}`, { method: 'DELETE', token: acmeCoordinator });
    expect(byCoordinator.status).toBe(404);
    expect(byCoordinator.body.code).toBe('errors.not_found');
    const acrossShops = await server.json(`/api/user/addresses/${initechAddress.id}`, { method: 'DELETE', token: acmeBuyer });
    expect(acrossShops.status).toBe(404);
    expect(await storedAddress(buyerAddress.id)).toBeDefined();
    expect(await storedAddress(initechAddress.id)).toBeDefined();
  });

  it('should keep a user’s addresses of another shop out of this shop’s book', async () => {
    // The same person with an address saved under another shop: the token's shop decides.
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO addresses (user_id, website_id, type, street, city, zip, country)
       VALUES ($1, $2, 'delivery', 'ul. Obca 1', 'Kraków', '31-503', 'PL') RETURNING id`,
      [await userId('buyer@acme.test'), server.shops.globex],
    );
    const foreignId = rows[0]!.id;
    expect((await list(acmeBuyer)).map((address) => address.id)).not.toContain(foreignId);
    const put = await server.json(`/api/user/addresses/${foreignId}`, { method: 'PUT', body: VALID, token: acmeBuyer });
    expect(put.status).toBe(404);
    const deleted = await server.json(`/api/user/addresses/${foreignId}`, { method: 'DELETE', token: acmeBuyer });
    expect(deleted.status).toBe(404);
    expect((await storedAddress(foreignId))?.street).toBe('ul. Obca 1');
  });

  it('should answer 404 for ids that are not ids', async () => {
    expect((await server.json('/api/user/addresses/abc', { method: 'PUT', body: VALID, token: acmeBuyer })).status).toBe(404);
    expect((await server.json('/api/user/addresses/0', { method: 'DELETE', token: acmeBuyer })).status).toBe(404);
  });
});

describe('address validation', () => {
  it('should accept a Polish postal code with a dash and refuse one without', async () => {
    expect((await create(acmeBuyer, { ...VALID, zip: '00-950' })).status).toBe(201);
    const { status, body } = await create(acmeBuyer, { ...VALID, zip: '00950' });
    expect(status).toBe(422);
    expect(v.parse(ApiErrorSchema, body).errors).toEqual({ zip: ['Invalid postal code format'] });
  });

  it('should check the postal code against the country', async () => {
    expect((await create(acmeBuyer, { ...VALID, zip: '10115', country: 'DE' })).status).toBe(201);
    const { status, body } = await create(acmeBuyer, { ...VALID, zip: '00-950', country: 'DE' });
    expect(status).toBe(422);
    expect(body.errors.zip).toEqual(['Invalid postal code format']);
  });

  it('should refuse a tax ID that is not a number', async () => {
    const { status, body } = await create(acmeBuyer, { ...VALID, nip: '12a' });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ nip: ['Tax ID must be a number'] });
  });

  it('should require street, city, postal code and country', async () => {
    const { status, body } = await create(acmeBuyer, { ...VALID, street: '  ', city: '', zip: '', country: '' });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      street: ['This element is required'],
      city: ['This element is required'],
      zip: ['This element is required'],
      country: ['Choose a country'],
    });
    const { street: _street, ...withoutStreet } = VALID;
    const missing = await create(acmeBuyer, withoutStreet);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['street']);
  });

  it("should require the recipient's name and surname on a delivery or specific address, not on a billing one, and store them", async () => {
    for (const type of ['delivery', 'specific']) {
      // The provider names the first failing rule (spec §5): the name, then the surname.
      const { status, body } = await create(acmeBuyer, { ...VALID, type, name: ' ', surname: '' });
      expect(status).toBe(422);
      expect(body.error_keys).toEqual({ name: [{ key: 'validation.required', params: {} }] });
      expect(body.errors).toEqual({ name: ['This element is required'] });
      const noSurname = await create(acmeBuyer, { ...VALID, type, surname: '' });
      expect(noSurname.status).toBe(422);
      expect(noSurname.body.errors).toEqual({ surname: ['This element is required'] });
    }
    const { name: _name, surname: _surname, ...unnamed } = VALID;
    expect((await create(acmeBuyer, unnamed)).status).toBe(422);
    const billing = await create(acmeBuyer, { ...unnamed, type: 'billing', nip: '5260250274' });
    expect(billing.status).toBe(201);
    const named = v.parse(AddressSchema, (await create(acmeBuyer, { ...VALID, name: ' Ewa ', surname: 'Zielińska' })).body);
    const { rows } = await server.db.query<{ name: string; surname: string }>('SELECT name, surname FROM addresses WHERE id = $1', [named.id]);
    expect(rows[0]).toEqual({ name: 'Ewa', surname: 'Zielińska' });
  });

  it('should validate an update like a creation and leave the address unchanged', async () => {
    const address = v.parse(AddressSchema, (await create(acmeBuyer, VALID)).body);
    const { status, body } = await server.json(`/api/user/addresses/${address.id}`, {
      method: 'PUT',
      body: { ...VALID, zip: '00950', street: 'ul. Zmieniona 2' },
      token: acmeBuyer,
    });
    expect(status).toBe(422);
    expect(body.errors.zip).toEqual(['Invalid postal code format']);
    expect((await storedAddress(address.id))?.street).toBe(VALID.street);
  });

  it('should refuse a body that is not JSON with 400', async () => {
    const response = await server.request('/api/user/addresses', {
      method: 'POST',
      body: '{not json',
      headers: { 'content-type': 'application/json' },
      token: acmeBuyer,
    });
    expect(response.status).toBe(400);
  });
});
