/**
 * Quantity price tiers (spec §9): a product's thresholds and a Group Buy's tiers, which tier a
 * quantity falls in, whether a Group Buy still runs, and the hints built on tiers (pieces to the next
 * tier, the lowest price).
 *
 * @module
 */

/**
 * One price tier: `price` applies to quantities from `min_quantity` to `max_quantity` inclusive.
 *
 * Used both for a product's quantity discounts (`thresholds`) and for Group Buy tiers. A `null`
 * maximum means "no upper bound" for thresholds; for Group Buys it is first normalised
 * (see {@link normaliseGroupBuyTiers}).
 */
export interface PriceTier {
  min_quantity: number;
  max_quantity: number | null;
  price: number;
}

/**
 * A Group Buy: a time-limited offer whose tier is chosen by the quantity everybody has already
 * ordered (`total_quantity`) plus the buyer's own quantity, so each buyer helps the group reach a
 * cheaper tier.
 */
export interface GroupBuy {
  isActive: boolean;
  total_quantity: number;
  /** ISO 8601 end of the offer; missing or `null` means it runs until switched off. */
  ends_at?: string | null;
  tiers: PriceTier[];
}

/**
 * A copy of `tiers` sorted by ascending `min_quantity` (stable, the input is not mutated).
 *
 * The API does not promise any order, and both the "last tier" rule and the pieces-to-next-tier hint
 * depend on one.
 */
export function sortTiers(tiers: readonly PriceTier[]): PriceTier[] {
  return [...tiers].sort((a, b) => a.min_quantity - b.min_quantity);
}

/** Whether `quantity` lies in the tier's inclusive range; `null` max is unbounded. */
function tierContains(tier: PriceTier, quantity: number): boolean {
  return quantity >= tier.min_quantity && quantity <= (tier.max_quantity ?? Infinity);
}

/**
 * The tier that applies to `quantity` (spec §9: "chosen by total quantity; the last tier applies when
 * none matches").
 *
 * - When several tiers contain the quantity (overlapping ranges, or an unbounded tier followed by
 *   others), the one with the highest `min_quantity` wins: it is the more specific offer, and otherwise
 *   a cheaper tier after an unbounded one could never be reached.
 * - When none contains it (below the first minimum, in a gap, above the last maximum), the last tier by
 *   `min_quantity` applies, as the spec says.
 * - `undefined` only for an empty list.
 *
 * Pass the product's total quantity across colours and sizes (see `totalQuantityByProduct` in
 * `cart.ts`), not one cart line's quantity.
 */
export function thresholdTier(tiers: readonly PriceTier[], quantity: number): PriceTier | undefined {
  const sorted = sortTiers(tiers);
  const matching = sorted.findLast((tier) => tierContains(tier, quantity));
  return matching ?? sorted.at(-1);
}

/**
 * Group Buy tiers sorted, with every open-ended tier except the last closed just below the next
 * tier's minimum (spec §9: "a tier with no max runs up to one less than the next tier's minimum").
 *
 * "The next tier" is the next one with a strictly higher minimum, so duplicates cannot produce an
 * empty range. The last tier keeps `null` (unbounded). Returns new objects; the input is untouched.
 */
export function normaliseGroupBuyTiers(tiers: readonly PriceTier[]): PriceTier[] {
  const sorted = sortTiers(tiers);
  return sorted.map((tier, index) => {
    if (tier.max_quantity !== null) return { ...tier };
    const next = sorted.slice(index + 1).find((t) => t.min_quantity > tier.min_quantity);
    return { ...tier, max_quantity: next ? next.min_quantity - 1 : null };
  });
}

/**
 * The Group Buy tier for a buyer adding `quantity` pieces: chosen by `quantity + total_quantity`
 * (what the group has already ordered) over the normalised tiers, the last tier when none matches.
 *
 * `undefined` when the group buy has no tiers. Does not check whether the offer is still running:
 * see {@link isGroupBuyActive}.
 */
export function groupBuyTier(
  groupbuy: Pick<GroupBuy, 'total_quantity' | 'tiers'>,
  quantity: number,
): PriceTier | undefined {
  return thresholdTier(normaliseGroupBuyTiers(groupbuy.tiers), quantity + groupbuy.total_quantity);
}

/**
 * Whether a Group Buy's price applies at `now`: switched on and not past its end (spec §9: "Group Buy
 * has a time limit").
 *
 * An `ends_at` that cannot be parsed counts as ended: the buyer then sees the regular price, which
 * the server can always honour, rather than a discount it might refuse.
 */
export function isGroupBuyActive(
  groupbuy: Pick<GroupBuy, 'isActive' | 'ends_at'> | null | undefined,
  now: Date,
): boolean {
  if (!groupbuy?.isActive) return false;
  if (groupbuy.ends_at == null || groupbuy.ends_at === '') return true;
  return Date.parse(groupbuy.ends_at) > now.getTime();
}

/**
 * How many more pieces reach the next tier, for the "add N more to pay less" hint (spec §9), or
 * `null` when no tier starts above `quantity` (the buyer is on the last tier).
 *
 * For Group Buys pass the normalised tiers and `quantity + total_quantity`.
 */
export function piecesToNextTier(tiers: readonly PriceTier[], quantity: number): number | null {
  const next = sortTiers(tiers).find((tier) => tier.min_quantity > quantity);
  return next ? next.min_quantity - quantity : null;
}

/**
 * The tier with the lowest price, for the Group Buy "lowest price" badge (spec §9); on equal prices
 * the one reached first (lowest minimum). `undefined` for an empty list.
 */
export function lowestPriceTier(tiers: readonly PriceTier[]): PriceTier | undefined {
  let lowest: PriceTier | undefined;
  for (const tier of sortTiers(tiers)) {
    if (!lowest || tier.price < lowest.price) lowest = tier;
  }
  return lowest;
}
