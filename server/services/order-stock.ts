import { isGroupBuyActive, variantLimit, judgeHolds, type StockHoldLimits, type VariantHold } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import type { OrderLine } from './order-pricing.ts';

/**
 * What placing an order does to shared counters other buyers see: the stock of limited variants and
 * the running totals of group buys. Both are changed with guarded row updates inside the order's
 * transaction, so racing buyers are serialised by the database, never by this process. Rows are
 * taken in ascending id order (variants, then products), the same order `payment-holds.ts` releases
 * and counts them in, so placement and the hold sweep cannot deadlock. Which pieces a line took and
 * counted is decided here too ({@link takesStock}, {@link groupBuyPieces}), because the order's items
 * record exactly that for a later release.
 *
 * @module
 */

/**
 * Whether ordering the variant takes pieces off its stock: only a limited one (unlimited and
 * in-delivery variants are not touched). What each line took is recorded (`order_items.stock_taken`)
 * so a cancelled or expired online payment gives back exactly that.
 */
export function takesStock(variant: OrderLine['variant']): boolean {
  return variantLimit(variant) !== null && variant.stock !== null;
}

/** The line's pieces that count toward its product's group buy: all of them while one runs, else 0. */
export function groupBuyPieces(line: OrderLine, now: Date): number {
  return isGroupBuyActive(line.product.groupbuy, now) ? line.quantity : 0;
}

/** The order's pieces of each variant it takes stock from (lines of one variant together), in ascending variant id order. */
function stockTakingVariants(lines: readonly OrderLine[]): [number, { line: OrderLine; quantity: number }][] {
  const perVariant = new Map<number, { line: OrderLine; quantity: number }>();
  for (const line of lines) {
    if (!takesStock(line.variant)) continue;
    const entry = perVariant.get(line.variant.id);
    if (entry) entry.quantity += line.quantity;
    else perVariant.set(line.variant.id, { line, quantity: line.quantity });
  }
  return [...perVariant].sort(([a], [b]) => a - b);
}

/**
 * Takes the ordered pieces off each limited variant's stock with a guarded update, so two buyers
 * racing for the last pieces cannot both get them: the loser's update matches no row and the order
 * fails with the stock that is left. Variants in ascending id order, the order a release takes them in.
 */
export async function reserveStock(tx: Queryable, lines: readonly OrderLine[]): Promise<void> {
  for (const [variantId, { line, quantity }] of stockTakingVariants(lines)) {
    const updated = await tx.query(
      'UPDATE product_variants SET stock = stock - $1 WHERE id = $2 AND (stock IS NULL OR stock >= $1)',
      [quantity, variantId],
    );
    if (updated.rowCount === 0) {
      const { rows } = await tx.query<{ stock: number | null }>('SELECT stock FROM product_variants WHERE id = $1', [variantId]);
      const qty = Math.max(0, rows[0]?.stock ?? 0);
      fail(422, 'sale.qty.exceeded', { qty }, { qty, product_id: line.product.id });
    }
  }
}

/**
 * Refuses an unpaid online order that would leave its buyer holding more of a limited stock than
 * `limits` allow (src/domain/stock-holds.ts), with 422 `sale.hold.exceeded` and the pieces the buyer
 * may still hold (`qty`). Runs after {@link reserveStock} in the order's transaction: the variants'
 * rows are locked by then (the stock read is the stock this order took from), and `placeOrder` has
 * locked the buyer's row, so the buyer's other orders have all committed or not started and parallel
 * orders of one buyer are judged one after another. The refusal rolls the reservation back.
 */
export async function checkStockHolds(tx: Queryable, userId: number, lines: readonly OrderLine[], limits: StockHoldLimits): Promise<void> {
  const taking = stockTakingVariants(lines);
  if (taking.length === 0) return;
  const variantIds = taking.map(([variantId]) => variantId);
  const productIds = [...new Set(taking.map(([, { line }]) => line.product.id))];
  const stock = await tx.query<{ id: number; stock: number }>('SELECT id, stock FROM product_variants WHERE id = ANY($1::int[])', [variantIds]);
  const held = await tx.query<{ product_id: number; variant_id: number; pieces: number }>(
    `SELECT i.product_id, i.variant_id, sum(i.stock_taken)::int AS pieces
       FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.user_id = $1 AND o.payment_status = 'pending' AND i.stock_taken > 0 AND i.product_id = ANY($2::int[])
      GROUP BY i.product_id, i.variant_id`,
    [userId, productIds],
  );
  const heldOfProduct = new Map<number, number>();
  for (const row of held.rows) heldOfProduct.set(row.product_id, (heldOfProduct.get(row.product_id) ?? 0) + row.pieces);
  const holds: VariantHold[] = taking.map(([variantId, { line, quantity }]) => ({
    productId: line.product.id,
    variantId,
    pieces: quantity,
    // The stock after this order's reservation, plus what it took: the stock on hand before it.
    onHand: (stock.rows.find((row) => row.id === variantId)?.stock ?? 0) + quantity,
    heldByBuyer: held.rows.filter((row) => row.variant_id === variantId).reduce((sum, row) => sum + row.pieces, 0),
  }));
  const refusal = judgeHolds(holds, heldOfProduct, limits);
  if (refusal) fail(422, 'sale.hold.exceeded', { qty: refusal.room }, { qty: refusal.room, product_id: refusal.productId });
}

/**
 * Prices the order's pieces of each running group buy on the total the group had just before it, and
 * when `count` adds them to that total. Counted (invoice and budget orders): the update locks the
 * product row until commit, so two buyers joining at once are counted one after the other and each
 * gets the tier of the total they actually reached. Not counted (an online order before it is paid):
 * the buyer is priced on the counted total plus their own pieces, and nobody else's price moves until
 * the payment arrives (`payOrder` adds the recorded pieces then).
 */
export async function joinGroupBuys(tx: Queryable, lines: readonly OrderLine[], now: Date, count: boolean): Promise<void> {
  const perProduct = new Map<number, number>();
  for (const line of lines) {
    const pieces = groupBuyPieces(line, now);
    if (pieces > 0) perProduct.set(line.product.id, (perProduct.get(line.product.id) ?? 0) + pieces);
  }
  for (const [productId, quantity] of [...perProduct].sort(([a], [b]) => a - b)) {
    const { rows } = count
      ? await tx.query<{ before: number }>('UPDATE products SET groupbuy_total = groupbuy_total + $1 WHERE id = $2 RETURNING groupbuy_total - $1 AS before', [
          quantity,
          productId,
        ])
      : await tx.query<{ before: number }>('SELECT groupbuy_total AS before FROM products WHERE id = $1', [productId]);
    const before = rows[0]?.before ?? 0;
    for (const line of lines) {
      if (line.product.id === productId && line.product.groupbuy) line.product.groupbuy.total_quantity = before;
    }
  }
}
