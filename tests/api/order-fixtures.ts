import type { Queryable } from '../../demo/server/db/index.ts';

/**
 * Order pieces the server suite and the reliability suites share: row look-ups that fail loudly, the
 * buyer's contact, and the demo's standard points order in acme.
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
