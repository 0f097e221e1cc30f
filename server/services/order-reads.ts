import { type Order, type OrderItem, type OrderSummary, isPointsCurrency } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import type { AddressSnapshot } from './order-request.ts';
import { hashToken } from './tokens.ts';

/**
 * Reading placed orders back: the buyer's history (a page of summaries), one order with its items,
 * and the view of an order the demo payment page needs. Every read is scoped by who may see it (the
 * buyer and shop, or the payment secret), so a miss never tells whether someone else's order exists.
 * Orders are shown from their own snapshot (currency, `is_gross`, prices, addresses) and never
 * recomputed from today's catalogue or settings.
 *
 * @module
 */

/** Order names are `<SLUG>-<number>`: anything else cannot name an order and is not looked up. */
export const ORDER_NAME_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{0,80})$/;

interface OrderRow {
  id: number;
  name: string;
  created_at: Date;
  status: Order['status'];
  currency: string;
  is_gross: boolean;
  total_net: number;
  total_gross: number;
  total_points: number;
  delivery_price: number;
  payment_method: Order['payment_method'];
  payment_status: Order['payment_status'];
  delivery_method: Order['delivery_method'];
  delivery_address: AddressSnapshot | null;
  billing_address: AddressSnapshot | null;
  contact: Record<string, string>;
  mpk_code: string | null;
  comment: string;
  items_count: number;
}

interface OrderItemRow {
  product_id: number | null;
  variant_id: number | null;
  name: string;
  code: string;
  color_code: string | null;
  size_code: string | null;
  quantity: number;
  unit_price: number;
  vat: number;
  line_net: number;
  line_gross: number;
  budget_id: number | null;
  budget_name: string | null;
  budget_color: string | null;
  card_info: Record<string, string> | null;
  image: string | null;
}

const ORDER_COLUMNS = `o.id, o.name, o.created_at, o.status, o.currency, o.is_gross, o.total_net, o.total_gross, o.total_points,
  o.delivery_price, o.payment_method, o.payment_status, o.delivery_method, o.delivery_address, o.billing_address, o.contact,
  o.mpk_code, o.comment, (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) AS items_count`;

/**
 * What the buyer paid, as the history shows it: points in a points shop, gross in a gross shop, net
 * otherwise. Taken from the order's own snapshot of currency and `is_gross`, so changing a shop's
 * settings does not rewrite its past orders.
 */
function summaryTotal(row: Pick<OrderRow, 'currency' | 'is_gross' | 'total_net' | 'total_gross' | 'total_points'>): number {
  if (isPointsCurrency(row.currency)) return row.total_points;
  return row.is_gross ? row.total_gross : row.total_net;
}

/** @internal An order row as the history lists it. */
function toSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    name: row.name,
    date: row.created_at.toISOString(),
    status: row.status,
    currency: row.currency,
    total: summaryTotal(row),
    items_count: row.items_count,
  };
}

/**
 * One order of this buyer in this shop by its name, with its items; null for any other order (the
 * caller answers 404, never revealing that another buyer's or shop's order exists).
 */
export async function loadOrder(db: Queryable, websiteId: number, userId: number, name: string): Promise<Order | null> {
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.website_id = $1 AND o.user_id = $2 AND o.name = $3`, [
    websiteId,
    userId,
    name,
  ]);
  const row = rows[0];
  if (!row) return null;
  const { rows: items } = await db.query<OrderItemRow>(
    `SELECT i.product_id, i.variant_id, i.name, i.code, i.color_code, i.size_code, i.quantity, i.unit_price, i.vat,
            i.line_net, i.line_gross, i.budget_id, b.name AS budget_name, b.color AS budget_color, i.card_info,
            i.image
       FROM order_items i LEFT JOIN budgets b ON b.id = i.budget_id
      WHERE i.order_id = $1 ORDER BY i.id`,
    [row.id],
  );
  return {
    ...toSummary(row),
    is_gross: row.is_gross,
    total_net: row.total_net,
    total_gross: row.total_gross,
    total_points: row.total_points,
    delivery_price: row.delivery_price,
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    delivery_method: row.delivery_method,
    delivery_address: row.delivery_address,
    billing_address: row.billing_address,
    contact: row.contact,
    mpk_code: row.mpk_code,
    comment: row.comment,
    items: items.map(toItem),
  };
}

/** @internal An item row as the order shows it; a budget deleted since reads as none. */
function toItem(row: OrderItemRow): OrderItem {
  return {
    product_id: row.product_id,
    variant_id: row.variant_id,
    name: row.name,
    code: row.code,
    color_code: row.color_code,
    size_code: row.size_code,
    quantity: row.quantity,
    unit_price: row.unit_price,
    vat: row.vat,
    line_net: row.line_net,
    line_gross: row.line_gross,
    budget: row.budget_id !== null && row.budget_name !== null ? { id: row.budget_id, name: row.budget_name, color: row.budget_color ?? '' } : null,
    card_info: row.card_info,
    // The thumbnail: the product's first picture today (a product removed since has none).
    image: row.image ?? null,
  };
}

/** A page of this buyer's orders in this shop, newest first, and how many there are in all. */
export async function listOrders(
  db: Queryable,
  websiteId: number,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ data: OrderSummary[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.website_id = $1 AND o.user_id = $2
        ORDER BY o.created_at DESC, o.id DESC LIMIT $3 OFFSET $4`,
      [websiteId, userId, perPage, (page - 1) * perPage],
    ),
    db.query<{ total: number }>('SELECT count(*) AS total FROM orders WHERE website_id = $1 AND user_id = $2', [websiteId, userId]),
  ]);
  return { data: list.rows.map(toSummary), total: count.rows[0]?.total ?? 0 };
}

/** What the demo payment page shows and needs. */
export interface PayableOrder {
  name: string;
  slug: string;
  shop_name: string;
  currency: string;
  total: number;
  payment_method: Order['payment_method'];
  payment_status: Order['payment_status'];
  /** When a pending payment's hold ends; null for orders without a hold. */
  payment_expires_at: Date | null;
}

/**
 * An order by its (globally unique) name and payment secret for the demo payment page, or null.
 * Paying and cancelling are in `payment-holds.ts`.
 */
export async function findOrderForPayment(db: Queryable, name: string, token: string): Promise<PayableOrder | null> {
  const { rows } = await db.query<Omit<OrderRow, 'items_count'> & { slug: string; shop_name: string; payment_expires_at: Date | null }>(
    `SELECT o.name, o.currency, o.is_gross, o.total_net, o.total_gross, o.total_points, o.payment_method, o.payment_status,
            o.payment_expires_at, w.slug, w.name AS shop_name
       FROM orders o JOIN websites w ON w.id = o.website_id WHERE o.name = $1 AND o.payment_token_hash = $2`,
    [name, hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    name: row.name,
    slug: row.slug,
    shop_name: row.shop_name,
    currency: row.currency,
    total: summaryTotal(row),
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    payment_expires_at: row.payment_expires_at,
  };
}
