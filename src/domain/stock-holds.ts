/**
 * How much of a limited stock one buyer's unpaid online orders may hold. An order paid
 * online takes its pieces off the stock at placement and keeps them until its payment ends (paid,
 * cancelled or expired after the hold time), so without a cap one buyer could keep a product sold out
 * for everyone by placing, and abandoning, unpaid orders of the whole stock again and again.
 *
 * Two caps, both per buyer, both counting every unpaid online order of that buyer together with the
 * one being placed:
 * - a share of each variant's stock: the buyer may hold at most `sharePercent` % of what the stock
 *   would be without their own holds (stock on hand + what they hold), and never less than one piece,
 *   so the last piece of a variant can still be bought online. Because the buyer's own holds count
 *   into it, a single order can never hold more than that share of the stock on hand, and repeating
 *   orders never creeps up to the whole stock;
 * - a number of pieces of one product (all its variants together), `maxPieces`; 0 means no such cap.
 *
 * Invoice and points orders are sales, not holds: they are never capped here. Paying an order ends
 * its hold, so a buyer who pays may order again.
 *
 * @module
 */

/** The caps (server config `stockHolds`, env HOLD_MAX_SHARE_PERCENT and HOLD_MAX_PIECES). */
export interface StockHoldLimits {
  /** The most of a variant's stock one buyer may hold, in percent (1–100; 100: no share cap). */
  sharePercent: number;
  /** The most pieces of one product one buyer may hold; 0: no cap in pieces. */
  maxPieces: number;
}

/** The default caps: half of a variant's stock, and 100 pieces of a product, per buyer. */
export const DEFAULT_STOCK_HOLD_LIMITS: StockHoldLimits = { sharePercent: 50, maxPieces: 100 };

/** What an order about to be placed would hold of one limited variant. */
export interface VariantHold {
  productId: number;
  variantId: number;
  /** Pieces this order takes off the variant's stock. */
  pieces: number;
  /** The variant's stock before this order takes its pieces. */
  onHand: number;
  /** Pieces of the variant the buyer's other unpaid online orders hold now. */
  heldByBuyer: number;
}

/** A broken cap: which product, and how many more pieces of it the buyer may hold now (`room`). */
export interface HoldRefusal {
  productId: number;
  variantId: number;
  room: number;
}

/**
 * The most pieces of a variant one buyer may hold in total: `sharePercent` % of the stock without
 * their own holds, rounded down, at least 1.
 */
export function variantHoldCap(onHand: number, heldByBuyer: number, sharePercent: number): number {
  return Math.max(1, Math.floor(((onHand + heldByBuyer) * sharePercent) / 100));
}

/**
 * The first cap an order breaks, or null when it may hold all its pieces. `holds` are the order's
 * limited variants; `heldOfProduct` the pieces the buyer's other unpaid online orders hold of each
 * product (all variants). Variants are judged in the given order, the share cap before the pieces cap.
 */
export function judgeHolds(holds: readonly VariantHold[], heldOfProduct: ReadonlyMap<number, number>, limits: StockHoldLimits): HoldRefusal | null {
  const orderedOfProduct = new Map<number, number>();
  for (const hold of holds) orderedOfProduct.set(hold.productId, (orderedOfProduct.get(hold.productId) ?? 0) + hold.pieces);
  for (const hold of holds) {
    const shareRoom = variantHoldCap(hold.onHand, hold.heldByBuyer, limits.sharePercent) - hold.heldByBuyer;
    const productRoom = limits.maxPieces > 0 ? limits.maxPieces - (heldOfProduct.get(hold.productId) ?? 0) : Number.POSITIVE_INFINITY;
    if (hold.pieces > shareRoom || (orderedOfProduct.get(hold.productId) ?? 0) > productRoom) {
      return { productId: hold.productId, variantId: hold.variantId, room: Math.max(0, Math.min(shareRoom, productRoom)) };
    }
  }
  return null;
}
