import type { Hono } from 'hono';
import { DeliveryMethodsRequestSchema, type CartItemInput, type DeliveryCostBudget, type DeliveryMethod } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { jsonBody } from '../http/validate.ts';

interface MethodRow {
  id: number;
  type: DeliveryMethod['type'];
  name: string;
  price: number;
  pickup_address: unknown;
}

interface MethodBudgetRow extends DeliveryCostBudget {
  delivery_method_id: number;
}

/** A stored pickup address as the contract's shape; anything malformed is left out rather than sent. */
function toPickupAddress(value: unknown): DeliveryMethod['pickup_address'] {
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const field = (key: string): string => {
    const text = record[key];
    return typeof text === 'string' ? text : '';
  };
  return { street: field('street'), city: field('city'), zip: field('zip'), country: field('country') };
}

/**
 * 404 "This address is not available." unless the address belongs to this user in this shop: an
 * unknown id and another person's id get the same answer, so existence is not revealed.
 */
async function checkAddressOwned(db: Queryable, addressId: number, userId: number, websiteId: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM addresses WHERE id = $1 AND user_id = $2 AND website_id = $3', [addressId, userId, websiteId]);
  if (rows.length === 0) fail(404, 'errors.address');
}

/** 422 `errors.product_unavailable` unless every line names a variant of a product of this shop. */
async function checkItemsInShop(db: Queryable, items: readonly CartItemInput[], websiteId: number): Promise<void> {
  if (items.length === 0) return;
  const variantIds = [...new Set(items.map((item) => item.variant_id))];
  const { rows } = await db.query<{ id: number; product_id: number }>(
    `SELECT v.id, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE p.website_id = $1 AND v.id = ANY($2::int[])`,
    [websiteId, variantIds],
  );
  const productOf = new Map(rows.map((row) => [row.id, row.product_id]));
  if (items.some((item) => productOf.get(item.variant_id) !== item.product_id)) fail(422, 'errors.product_unavailable');
}

/**
 * `POST /api/delivery-methods` (DESIGN.md §4), mode `user`: the shop's delivery methods for a cart and
 * an address, ordered by position, each with the budgets that may pay for it and their price in points.
 * A shop with `shipping_only_to_specific_address` offers only `specific_address` methods. An empty list
 * is a normal answer (the client shows "No delivery methods available").
 */
export function registerDeliveryRoutes(app: Hono<AppEnv>): void {
  app.post('/api/delivery-methods', async (c) => {
    const input = await jsonBody(c, DeliveryMethodsRequestSchema);
    const { website, auth } = await shopAccess(c, input.website_id, 'user');
    if (!auth) return fail(401, 'errors.unauthenticated');
    const db = c.get('db');
    if (input.address_id != null) await checkAddressOwned(db, input.address_id, auth.userId, website.id);
    await checkItemsInShop(db, input.items, website.id);

    const onlySpecific = website.shipping_only_to_specific_address;
    const methods = await db.query<MethodRow>(
      `SELECT id, type, name, price, pickup_address FROM delivery_methods
        WHERE website_id = $1 ${onlySpecific ? "AND type = 'specific_address'" : ''}
        ORDER BY position, id`,
      [website.id],
    );
    // Budgets of this shop only, even if a row linked a method to a budget of another shop.
    const budgets = await db.query<MethodBudgetRow>(
      `SELECT dmb.delivery_method_id, b.id AS budget_id, b.name, b.color, dmb.price
         FROM delivery_method_budgets dmb
         JOIN delivery_methods dm ON dm.id = dmb.delivery_method_id
         JOIN budgets b ON b.id = dmb.budget_id AND b.website_id = dm.website_id
        WHERE dm.website_id = $1
        ORDER BY dmb.delivery_method_id, b.id`,
      [website.id],
    );
    const budgetsOf = new Map<number, DeliveryCostBudget[]>();
    for (const row of budgets.rows) {
      const list = budgetsOf.get(row.delivery_method_id) ?? [];
      list.push({ budget_id: row.budget_id, name: row.name, color: row.color, price: row.price });
      budgetsOf.set(row.delivery_method_id, list);
    }
    const answer: DeliveryMethod[] = methods.rows.map((method) => ({
      id: method.id,
      type: method.type,
      name: method.name,
      price: method.price,
      pickup_address: toPickupAddress(method.pickup_address),
      budgets: budgetsOf.get(method.id) ?? [],
    }));
    return c.json(answer);
  });
}
