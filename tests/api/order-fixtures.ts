import type { Queryable } from '../../server/db/index.ts';

/**
 * Order pieces the server suite and the reliability suites share: row look-ups that fail loudly, the
 * buyer's contact, the demo's standard points order in acme and a plain globex order.
 *
 * @module
 */

/** The contact block of every test order. */
export const ORDER_CONTACT = { name: 'Anna', surname: 'Nowak', email: 'anna.nowak@example.com', phone: '+48 600 100 200' };

/** The first row of a query, or an error naming the query (a seed change must fail loudly). */
export async function firstRow<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql} ${JSON.stringify(params)}`);
  return rows[0];
}

/**
 * An acme order of `items` paid in points and picked up at reception (no delivery points): valid as it
 * stands for buyer@acme.test. `shops` maps slugs to ids; `overrides` replace fields of the body.
 */
export async function acmePointsOrder(db: Queryable, shops: Record<string, number>, items: unknown[], overrides: Record<string, unknown> = {}) {
  const pickup = await firstRow<{ id: number }>(db, "SELECT id FROM delivery_methods WHERE website_id = $1 AND type = 'self_pickup'", [shops.acme]);
  return {
    website_id: shops.acme,
    items,
    delivery_method_id: pickup.id,
    billing_same_as_delivery: true,
    payment_method: 'budget',
    mpk_code: 'MPK-4410',
    cost_centre_statement: true,
    contact: ORDER_CONTACT,
    ...overrides,
  };
}

/**
 * A globex order of `items` picked up at the office, invoiced to Globex's tax ID or paid online
 * (`paymentMethod`): valid as it stands for globex's buyers.
 */
export async function globexPickupOrder(db: Queryable, shops: Record<string, number>, items: unknown[], paymentMethod: 'online' | 'invoice') {
  const pickup = await firstRow<{ id: number }>(db, "SELECT id FROM delivery_methods WHERE website_id = $1 AND type = 'self_pickup'", [shops.globex]);
  return {
    website_id: shops.globex,
    items,
    delivery_method_id: pickup.id,
    billing_same_as_delivery: false,
    billing_address: { name: 'John', surname: 'Smith', company: 'Globex Sp. z o.o.', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
    payment_method: paymentMethod,
    contact: ORDER_CONTACT,
  };
}
