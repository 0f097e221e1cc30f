/**
 * Pricing rules (spec §9): VAT display, quantity price tiers (thresholds), Group Buy tiers, boxes and
 * cart totals.
 *
 * These functions are the single definition of a price: the storefront uses them to show prices and
 * the reference server uses the same code to charge them (a client-sent price is ignored). The input
 * types are minimal structural shapes, so the API contract's product and cart types satisfy them
 * without this module importing anything outside `src/domain`.
 *
 * This module is pricing's public face: it re-exports the rules of the modules beside it, one per job
 * (VAT display, tiers, boxes, line totals, the VAT totals), and holds the unit price of a product.
 *
 * @module
 */
import { groupBuyTier, isGroupBuyActive, lowestPriceTier, thresholdTier, type GroupBuy, type PriceTier } from './price-tiers.ts';

export { DEFAULT_VAT, displayPrice, roundUnitPrice, SMALL_UNIT_DECIMALS, SMALL_UNIT_PRICE, vatRate, type VatInfo } from './vat-display.ts';
export {
  groupBuyTier,
  isGroupBuyActive,
  lowestPriceTier,
  normaliseGroupBuyTiers,
  piecesToNextTier,
  sortTiers,
  thresholdTier,
  type GroupBuy,
  type PriceTier,
} from './price-tiers.ts';
export { boxesFor, pricePerBox, quantityInBox } from './boxes.ts';
export {
  cartTotals,
  DELIVERY_VAT,
  lineTotal,
  pointsLineTotal,
  pointsTotal,
  shownDeliveryPrice,
  shownLine,
  type CartTotals,
  type ShownLine,
  type TotalsLine,
} from './line-totals.ts';
export { vatTotals, type RatedAmount, type VatAmounts, type VatRateTotals, type VatSummary } from './vat-totals.ts';

/** The product fields pricing needs; any product type from the API satisfies it structurally. */
export interface PricedProduct {
  /** The product's base net price, already adjusted by the server for the shop. */
  calculated_price: number;
  /** VAT rate in percent; missing or `null` means {@link DEFAULT_VAT}. */
  vat?: number | null;
  /** `true` when the product's prices already include VAT (they are gross). */
  vat_included?: boolean | null;
  thresholds?: PriceTier[] | null;
  groupbuy?: GroupBuy | null;
}

/**
 * The net unit price (before VAT display) of `quantity` pieces of a product.
 *
 * Precedence: a running Group Buy's tier, else the threshold tier when the product has thresholds,
 * else `calculated_price`. An expired or switched-off Group Buy (or one without tiers) falls back to
 * the thresholds. `quantity` is the product's total quantity in the cart; `now` is a parameter so the
 * server and tests control the clock.
 */
export function unitPrice(product: PricedProduct, quantity: number, now: Date = new Date()): number {
  const { groupbuy, thresholds } = product;
  if (groupbuy && isGroupBuyActive(groupbuy, now)) {
    const tier = groupBuyTier(groupbuy, quantity);
    if (tier) return tier.price;
  }
  const tier = thresholds ? thresholdTier(thresholds, quantity) : undefined;
  return tier ? tier.price : product.calculated_price;
}

/**
 * The unit price a product list shows, before VAT display (spec §2 sort "lowest/highest price" and the
 * "from …" card price): the lowest tier's price when tiers make more pieces cheaper than one piece,
 * else the price of one piece (`unitPrice` at quantity 1). Tiers are a running group buy's (when it has
 * any), else the thresholds; without tiers it is `calculated_price`.
 *
 * Since one piece is itself priced by a tier of the same list, this is simply the lowest price of that
 * list. The reference server sorts catalogue pages by the same rule in SQL (`listPriceSql` in
 * `server/routes/catalogue.ts`); change both together.
 */
export function listUnitPrice(product: PricedProduct, now: Date = new Date()): { price: number; from: boolean } {
  const single = unitPrice(product, 1, now);
  const { groupbuy } = product;
  const tiers = groupbuy && isGroupBuyActive(groupbuy, now) && groupbuy.tiers.length > 0 ? groupbuy.tiers : (product.thresholds ?? []);
  const lowest = lowestPriceTier(tiers)?.price;
  return lowest !== undefined && lowest < single ? { price: lowest, from: true } : { price: single, from: false };
}
