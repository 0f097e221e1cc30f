import { type PlaceOrderRequest, type SpendPlan, orderMpkCode, variantThumbnail } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import type { WebsiteRow } from '../http/env.ts';
import type { DeliveryCharge, OrderTotals, PricedLine } from './order-pricing.ts';
import type { AddressSnapshot, DeliveryMethodRow } from './order-request.ts';
import { groupBuyPieces, takesStock } from './order-stock.ts';
import { hashToken } from './tokens.ts';

/**
 * Writing a placed order: its name, its `orders` row and its `order_items`. Everything written here
 * is a snapshot (prices, method, addresses, contact) so the order reads the same however the shop's
 * catalogue and settings change later, and the items record what each line took off stock and
 * counted toward a group buy, which is what `payment-holds.ts` gives back or adds when an online
 * payment ends. Runs inside the order's transaction; nothing here decides whether the order is valid.
 *
 * @module
 */

/** What the `orders` row of a new order is made of, all of it checked and priced already. */
export interface NewOrder {
  website: WebsiteRow;
  userId: number;
  /** From {@link newOrderName}. */
  name: string;
  request: PlaceOrderRequest;
  totals: OrderTotals;
  totalPoints: number;
  method: DeliveryMethodRow;
  delivery: DeliveryCharge;
  deliveryAddress: AddressSnapshot | null;
  billingAddress: AddressSnapshot | null;
  /** The assignment paying the delivery in a points shop. */
  deliveryBudgetId: number | null;
  /** The online payment's secret (stored hashed); null for other payment methods. */
  paymentToken: string | null;
  /** How long an online order's pending payment holds its stock. */
  paymentHoldSeconds: number;
}

/**
 * A new unique order name `<SLUG>-<6+ digits>`, numbered by the orders id sequence (works on both
 * drivers and across instances). Should a name already exist (e.g. an imported order), the next
 * number is taken.
 */
export async function newOrderName(tx: Queryable, slug: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { rows } = await tx.query<{ id: number }>("SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id");
    const name = `${slug.toUpperCase()}-${String(rows[0]!.id).padStart(6, '0')}`;
    const taken = await tx.query('SELECT 1 FROM orders WHERE name = $1', [name]);
    if (taken.rows.length === 0) return name;
  }
  throw new Error('could not find a free order name');
}

/**
 * Stores the order row and answers its id. Stamped with the database clock, the clock the order wait
 * (`remainingWait`) and the hold sweep read. An online order is `pending` with a hold ending
 * `paymentHoldSeconds` from now; every other order needs no payment and has no hold.
 */
export async function insertOrder(tx: Queryable, order: NewOrder): Promise<number> {
  const { website, request, method, delivery } = order;
  const online = request.payment_method === 'online';
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO orders (website_id, user_id, name, status, currency, is_gross, total_net, total_gross, total_points,
        delivery_price, payment_method, payment_status, delivery_method, delivery_address, billing_address, contact,
        mpk_code, comment, delivery_budget_id, payment_token_hash, created_at, payment_expires_at)
     VALUES ($1, $2, $3, 'new', $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14::jsonb, $15::jsonb, $16, $17, $18, $19,
             clock_timestamp(), clock_timestamp() + $20::float8 * interval '1 second')
     RETURNING id`,
    [
      website.id,
      order.userId,
      order.name,
      website.currency,
      website.is_gross,
      order.totals.total_net,
      order.totals.total_gross,
      order.totalPoints,
      delivery.price,
      request.payment_method,
      online ? 'pending' : 'not_required',
      JSON.stringify({ id: method.id, type: method.type, name: method.name, price: delivery.price }),
      order.deliveryAddress ? JSON.stringify(order.deliveryAddress) : null,
      order.billingAddress ? JSON.stringify(order.billingAddress) : null,
      JSON.stringify(request.contact),
      orderMpkCode(request.mpk_code),
      request.comment,
      order.deliveryBudgetId,
      order.paymentToken ? hashToken(order.paymentToken) : null,
      // NULL for every other order: no hold, nothing to expire.
      online ? order.paymentHoldSeconds : null,
    ],
  );
  return rows[0]!.id;
}

/**
 * Stores the lines, 100 per statement (well under the 65535 parameter limit), each with the pieces it
 * took off stock and the pieces it counts toward a group buy (see {@link takesStock}, {@link groupBuyPieces}).
 * Answers the items' ids in line order, for the budget ledger.
 */
export async function insertItems(tx: Queryable, orderId: number, lines: readonly PricedLine[], spend: SpendPlan | null, now: Date): Promise<number[]> {
  // The assignment recorded on a line: the first one paying it (the ledger holds every part).
  const firstPayer = (index: number) => spend?.parts.find((part) => part.need === index)?.assignment_id ?? null;
  const COLUMNS = 18;
  for (let start = 0; start < lines.length; start += 100) {
    const chunk = lines.slice(start, start + 100);
    const params: unknown[] = [];
    const tuples = chunk.map((line, offset) => {
      params.push(
        orderId,
        line.product.id,
        line.variant.id,
        line.product.name,
        // The variant's code, as the cart showed it (the product's when the variant has none).
        line.variant.code || line.product.code,
        line.variant.color_code,
        line.variant.size_code,
        line.quantity,
        line.unit_price,
        line.vat,
        line.line_net,
        line.line_gross,
        line.product.budget?.id ?? null,
        firstPayer(start + offset),
        takesStock(line.variant) ? line.quantity : 0,
        groupBuyPieces(line, now),
        variantThumbnail(line.product, line.variant),
        line.card_info ? JSON.stringify(line.card_info) : null,
      );
      const base = offset * COLUMNS;
      const placeholders = Array.from({ length: COLUMNS }, (_, i) => `$${base + i + 1}${i === COLUMNS - 1 ? '::jsonb' : ''}`);
      return `(${placeholders.join(', ')})`;
    });
    await tx.query(
      `INSERT INTO order_items (order_id, product_id, variant_id, name, code, color_code, size_code, quantity, unit_price, vat,
          line_net, line_gross, budget_id, user_budget_id, stock_taken, groupbuy_quantity, image, card_info)
       VALUES ${tuples.join(', ')}`,
      params,
    );
  }
  // Ids in insertion order (serial ids follow the VALUES order, as `loadOrder`'s ORDER BY i.id relies on).
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM order_items WHERE order_id = $1 ORDER BY id', [orderId]);
  return rows.map((row) => row.id);
}
