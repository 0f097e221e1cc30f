import type { Db, Queryable } from '../db/index.ts';
import { hashToken } from './tokens.ts';

/**
 * The life of a pending online payment after placement. An order paid online takes its stock at
 * placement, but only for a bounded time (`payment_expires_at`, config `paymentHoldSeconds`), and its
 * pieces count toward a group buy only once it is paid: an unpaid order can neither push a group buy
 * to a cheaper tier for everyone nor sit on a limited stock.
 *
 * A pending payment ends exactly once, as paid, cancelled or expired. Every ending is ONE guarded
 * statement `UPDATE orders … WHERE payment_status = 'pending' … RETURNING`, and only the orders that
 * statement claimed are acted on (stock released, group pieces added) in the same transaction. Two
 * requests or two server instances racing for one order therefore never release or count twice: the
 * loser's update matches no row. Nothing here keeps state in the process, so any number of instances
 * may sweep at once.
 *
 * Locks are taken in one order everywhere (orders, then variants by ascending id, then products by
 * ascending id, as placement takes variants then products), so a sweep and a placement never deadlock.
 *
 * @module
 */

/** How often the running server sweeps expired holds (a lazy sweep also runs before each placement). */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

/** Orders expired per statement, so one sweep after a long outage never runs one giant transaction. */
const SWEEP_BATCH = 200;

/** How a payment attempt on the demo payment page ended. */
export type PaymentOutcome = 'paid' | 'refused';

/**
 * Expires every pending online order whose hold has ended, releasing its stock; answers how many it
 * expired. A cheap read first (the partial index `orders_payment_holds`), so the usual "nothing is
 * due" costs one indexed query and no transaction. Then batches, each one transaction: rows another
 * instance is expiring right now are skipped (`SKIP LOCKED`), and the outer `payment_status =
 * 'pending'` re-check makes the claim exact even against a concurrent cancel or payment.
 */
export async function expireHolds(db: Db): Promise<number> {
  if (!(await hasDueHolds(db))) return 0;
  let expired = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE orders SET payment_status = 'expired'
          WHERE id IN (SELECT id FROM orders
                        WHERE payment_status = 'pending' AND payment_expires_at <= clock_timestamp()
                        ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
            AND payment_status = 'pending'
          RETURNING id`,
        [SWEEP_BATCH],
      );
      await releaseStock(
        tx,
        rows.map((row) => row.id),
      );
      return rows.length;
    });
    expired += claimed;
    if (claimed < SWEEP_BATCH) return expired;
  }
}

/** Whether some pending online order's hold has ended (measured on the database clock, like the hold). */
async function hasDueHolds(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(
    "SELECT 1 FROM orders WHERE payment_status = 'pending' AND payment_expires_at <= clock_timestamp() LIMIT 1",
  );
  return rows.length > 0;
}

/**
 * Gives the stock the lines of these orders took back, variant by variant in ascending id order (the
 * order placement takes them in). Reads `order_items.stock_taken`, recorded at placement, so what goes
 * back is exactly what was taken: a variant that became unlimited meanwhile (stock NULL) stays so,
 * a deleted one (variant_id NULL) is skipped. The caller must have claimed the orders in the same
 * transaction (see the module note): this function releases whatever it is given.
 */
async function releaseStock(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const { rows } = await tx.query<{ variant_id: number; pieces: number }>(
    `SELECT variant_id, sum(stock_taken) AS pieces FROM order_items
      WHERE order_id = ANY($1::int[]) AND stock_taken > 0 AND variant_id IS NOT NULL
      GROUP BY variant_id ORDER BY variant_id`,
    [orderIds],
  );
  for (const row of rows) {
    await tx.query('UPDATE product_variants SET stock = stock + $1 WHERE id = $2', [row.pieces, row.variant_id]);
  }
}

/**
 * Adds a just-paid order's group-buy pieces (`order_items.groupbuy_quantity`, recorded at placement)
 * to each product's `groupbuy_total`, products in ascending id order. The buyer was priced at
 * placement on the counted total plus their own pieces; from now on the others count them too.
 */
async function countGroupBuys(tx: Queryable, orderId: number): Promise<void> {
  const { rows } = await tx.query<{ product_id: number; pieces: number }>(
    `SELECT product_id, sum(groupbuy_quantity) AS pieces FROM order_items
      WHERE order_id = $1 AND groupbuy_quantity > 0 AND product_id IS NOT NULL
      GROUP BY product_id ORDER BY product_id`,
    [orderId],
  );
  for (const row of rows) {
    await tx.query('UPDATE products SET groupbuy_total = groupbuy_total + $1 WHERE id = $2', [row.pieces, row.product_id]);
  }
}

/**
 * Marks a pending online order paid while its hold lasts and counts its group-buy pieces, in one
 * transaction. `refused` when the order is not one awaiting online payment with this secret, or its
 * hold has ended (a late payment after expiry or cancel never turns into a paid order). Online orders
 * placed before holds existed have no end (`payment_expires_at` NULL) and record no pieces to add:
 * they were counted at placement.
 */
export async function payOrder(db: Db, name: string, token: string): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE orders SET payment_status = 'paid'
        WHERE name = $1 AND payment_token_hash = $2 AND payment_method = 'online' AND payment_status = 'pending'
          AND (payment_expires_at IS NULL OR payment_expires_at > clock_timestamp())
        RETURNING id`,
      [name, hashToken(token)],
    );
    const order = rows[0];
    if (!order) return 'refused';
    await countGroupBuys(tx, order.id);
    return 'paid';
  });
}

/**
 * The buyer cancelled at the provider: a pending online order becomes `cancelled` and its stock goes
 * back, in one transaction. False when there was nothing pending to cancel (already paid, cancelled or
 * expired, or not this order's secret): nothing changes then.
 */
export async function cancelPayment(db: Db, name: string, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE orders SET payment_status = 'cancelled'
        WHERE name = $1 AND payment_token_hash = $2 AND payment_method = 'online' AND payment_status = 'pending'
        RETURNING id`,
      [name, hashToken(token)],
    );
    await releaseStock(
      tx,
      rows.map((row) => row.id),
    );
    return rows.length > 0;
  });
}

/**
 * Sweeps expired holds every `intervalMs` while the server runs. The timer is unref'd (it never keeps
 * a process or a test alive), a sweep still running when the next tick comes is not doubled, and a
 * failed sweep is logged and retried on the next tick. Returns the function that stops it.
 */
export function startHoldSweeper(db: Db, intervalMs: number = HOLD_SWEEP_INTERVAL_MS, log: (message: string) => void = console.error): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireHolds(db)
      .catch((error: unknown) => log(`[payments] sweeping expired holds failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
