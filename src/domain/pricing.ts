/**
 * Pricing rules (spec §9): VAT display, quantity price tiers (thresholds), Group Buy tiers, boxes and
 * cart totals.
 *
 * These functions are the single definition of a price: the storefront uses them to show prices and
 * the reference server uses the same code to charge them (a client-sent price is ignored). The input
 * types are minimal structural shapes, so the API contract's product and cart types satisfy them
 * without this module importing anything outside `src/domain`.
 *
 * @module
 */
import { DEFAULT_QUANTITY_IN_BOX } from '../contract/contract.ts';
import { roundMoney, roundTo, sumMoney, toCents } from './money.ts';

/** VAT rate in percent applied when a product carries none (spec §9: "Default VAT 23 %"). */
export const DEFAULT_VAT = 23;

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

/** The VAT fields of a product or cart line. */
export interface VatInfo {
  vat?: number | null;
  vat_included?: boolean | null;
}

/**
 * The product's VAT rate in percent, {@link DEFAULT_VAT} when it has none.
 *
 * Uses `??`, not `||`, on purpose: a rate of `0` (VAT-exempt goods) is a real rate, not a missing one.
 */
export function vatRate(product: VatInfo): number {
  return product.vat ?? DEFAULT_VAT;
}

/**
 * Unit prices below this (in the shown form) keep up to {@link SMALL_UNIT_DECIMALS} decimals instead of
 * cents, so cheap items bought by the thousand are not re-priced by rounding (0.0123 × 1000 is 12.30,
 * not 0.01 × 1000 = 10.00), as invoicing software allows 4-decimal unit prices.
 */
export const SMALL_UNIT_PRICE = 1;

/** Decimals a unit price below {@link SMALL_UNIT_PRICE} keeps. */
export const SMALL_UNIT_DECIMALS = 4;

/**
 * A unit price rounded to the precision it is shown and multiplied with (the pricing rule, docs/api.md
 * "Prices and rounding"): cents, or up to 4 decimals when it is below {@link SMALL_UNIT_PRICE}.
 */
export function roundUnitPrice(price: number): number {
  const cents = roundMoney(price);
  return Math.abs(cents) >= SMALL_UNIT_PRICE ? cents : roundTo(price, SMALL_UNIT_DECIMALS);
}

/**
 * The unit price to show in a shop that displays gross (`isGross`) or net prices, rounded by
 * {@link roundUnitPrice}. This is the price a line multiplies (see {@link shownLine}).
 *
 * Product prices may be stored net or gross (`vat_included`), and the shop setting `is_gross` decides
 * what the buyer sees (spec §9). A net price shown in a gross shop gets VAT added; a gross price shown
 * in a net shop has it taken out; a price already in the wanted form passes through.
 */
export function displayPrice(price: number, product: VatInfo, isGross: boolean): number {
  const factor = 1 + vatRate(product) / 100;
  const included = product.vat_included === true;
  if (isGross && !included) return roundUnitPrice(price * factor);
  if (!isGross && included) return roundUnitPrice(price / factor);
  return roundUnitPrice(price);
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

/**
 * The unit price a product list shows, before VAT display (spec §2 sort "lowest/highest price" and the
 * "from …" card price): the lowest tier's price when tiers make more pieces cheaper than one piece,
 * else the price of one piece (`unitPrice` at quantity 1). Tiers are a running group buy's (when it has
 * any), else the thresholds; without tiers it is `calculated_price`.
 *
 * Since one piece is itself priced by a tier of the same list, this is simply the lowest price of that
 * list. The reference server sorts catalogue pages by the same rule in SQL (`listPriceSql` in
 * `demo/server/routes/catalogue.ts`); change both together.
 */
export function listUnitPrice(product: PricedProduct, now: Date = new Date()): { price: number; from: boolean } {
  const single = unitPrice(product, 1, now);
  const { groupbuy } = product;
  const tiers = groupbuy && isGroupBuyActive(groupbuy, now) && groupbuy.tiers.length > 0 ? groupbuy.tiers : (product.thresholds ?? []);
  const lowest = lowestPriceTier(tiers)?.price;
  return lowest !== undefined && lowest < single ? { price: lowest, from: true } : { price: single, from: false };
}

/**
 * Pieces per box of a variant, {@link DEFAULT_QUANTITY_IN_BOX} when missing, not a positive integer,
 * or zero: a box of 0 or 2.5 pieces would make box counts divide by zero or be meaningless.
 */
export function quantityInBox(variant: { quantity_in_box?: number | null }): number {
  const q = variant.quantity_in_box;
  return q != null && Number.isInteger(q) && q > 0 ? q : DEFAULT_QUANTITY_IN_BOX;
}

/**
 * Boxes needed to pack `quantity` pieces (a part-filled box still counts as a box); `0` for no pieces.
 *
 * @throws {RangeError} when `inBox` is not a positive number; use {@link quantityInBox} to get one.
 */
export function boxesFor(quantity: number, inBox: number): number {
  if (!(inBox > 0) || !Number.isFinite(inBox)) {
    throw new RangeError(`quantity in box must be a positive number, got ${inBox}`);
  }
  return quantity > 0 ? Math.ceil(quantity / inBox) : 0;
}

/** The price of one full box, rounded to cents, for the "price per box" text on the product page. */
export function pricePerBox(unit: number, inBox: number): number {
  return roundMoney(unit * inBox);
}

/**
 * The total of one line, rounded to cents: `unit` is the SHOWN unit price ({@link displayPrice}, or
 * {@link roundUnitPrice} of points), so the shown unit × quantity is the shown line total.
 *
 * Rounding per line (not per unit) keeps cheap items bought in bulk exact: 1000 × 0.0123 is 12.30.
 */
export function lineTotal(unit: number, quantity: number): number {
  return roundMoney(unit * quantity);
}

/** The fields of a cart line that totals need; cart item types satisfy it structurally. */
export interface TotalsLine {
  /** Unit price as the product stores it: gross when `vat_included`, net otherwise. */
  unit_price: number;
  quantity: number;
  vat?: number | null;
  vat_included?: boolean | null;
}

/** A line as the shop shows and charges it. */
export interface ShownLine {
  /** The unit price in the shop's form (gross in a gross shop, net otherwise), by {@link displayPrice}. */
  unit: number;
  /** `lineTotal(unit, quantity)`: the line's amount in the shop's form. */
  total: number;
  /** The line's VAT rate in percent. */
  rate: number;
}

/**
 * A money line as the shop shows it: the shown unit price (gross in a gross shop, net in a net shop,
 * by {@link displayPrice}) and the line total `round(shown unit × quantity)`. This is the one rounding
 * rule (docs/api.md "Prices and rounding"): what the buyer reads is what is multiplied.
 */
export function shownLine(line: TotalsLine, isGross: boolean): ShownLine {
  const unit = displayPrice(line.unit_price, line, isGross);
  return { unit, total: lineTotal(unit, line.quantity), rate: vatRate(line) };
}

/** The VAT rate of a delivery: methods carry no rate of their own, so the default 23 %. */
export const DELIVERY_VAT = DEFAULT_VAT;

/**
 * A delivery method's net `price` as the shop shows and charges it, priced like a line of one piece at
 * {@link DELIVERY_VAT}: `round(price × 1.23)` gross in a gross shop, the price itself in a net shop.
 */
export function shownDeliveryPrice(price: number, isGross: boolean): number {
  return lineTotal(displayPrice(price, { vat: DELIVERY_VAT, vat_included: false }, isGross), 1);
}

/** A line's amount in the shop's shown form and its VAT rate: the input of {@link vatSummary}. */
export interface RatedAmount {
  /** The line total in the shop's form: gross in a gross shop, net otherwise. */
  total: number;
  /** VAT rate in percent. */
  rate: number;
}

/** Net, VAT and gross of one VAT rate, or of one line, or of everything. */
export interface VatAmounts {
  net: number;
  vat: number;
  gross: number;
}

/** One row of the VAT summary. */
export interface VatRateTotals extends VatAmounts {
  rate: number;
}

/** The VAT summary of a set of lines (see {@link vatSummary}). */
export interface VatSummary extends VatAmounts {
  /** Per VAT rate, highest rate first. */
  rates: VatRateTotals[];
  /** Each line's share, in the input's order; they add up exactly to its rate's row (`vatSummary` of checkout-totals.ts). */
  lines: VatAmounts[];
}

/**
 * The VAT totals of lines given in the shop's shown form, as a Polish VAT invoice computes them (art.
 * 106e): per rate, the lines' totals are summed, and the other form is derived ONCE from that sum —
 * in a gross shop net = round(gross / (1 + rate)), in a net shop VAT = round(net × rate) — so the
 * shown lines add up to the shown total exactly and net + VAT = gross per rate and overall.
 * `vatSummary` (checkout-totals.ts) also splits each rate over its lines.
 */
export function vatTotals(lines: readonly RatedAmount[], isGross: boolean): Omit<VatSummary, 'lines'> {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.rate, (sums.get(line.rate) ?? 0) + toCents(line.total));
  let net = 0;
  let vat = 0;
  const rates = [...sums]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, sum]): VatRateTotals => {
      // In cents: the other form derived once from the rate's sum.
      const rowVat = isGross ? sum - toCents(sum / 100 / (1 + rate / 100)) : toCents((sum * rate) / 10_000);
      const rowNet = isGross ? sum - rowVat : sum;
      net += rowNet;
      vat += rowVat;
      return { rate, net: rowNet / 100, vat: rowVat / 100, gross: (rowNet + rowVat) / 100 };
    });
  return { rates, net: net / 100, vat: vat / 100, gross: (net + vat) / 100 };
}

/** Cart totals; `total` is what the shop shows as the amount to pay. */
export interface CartTotals extends VatAmounts {
  /** `gross` in a gross shop (`is_gross`), `net` otherwise. */
  total: number;
  /** The VAT summary per rate, highest rate first. */
  rates: VatRateTotals[];
}

/**
 * Net, VAT and gross totals of a money cart, and the `total` to show in a gross or net shop: each line
 * by {@link shownLine} (shown unit × quantity), then {@link vatSummary} per VAT rate. The shown total
 * is exactly the sum of the shown line totals, and `net + vat === gross`.
 */
export function cartTotals(lines: readonly TotalsLine[], isGross: boolean): CartTotals {
  const summary = vatTotals(
    lines.map((line) => shownLine(line, isGross)),
    isGross,
  );
  return { net: summary.net, vat: summary.vat, gross: summary.gross, total: isGross ? summary.gross : summary.net, rates: summary.rates };
}

/**
 * A points line's total: points carry no VAT; the unit (rounded by {@link roundUnitPrice}, as shown)
 * times the quantity, rounded to hundredths like money.
 */
export function pointsLineTotal(line: { unit_price: number; quantity: number }): number {
  return lineTotal(roundUnitPrice(line.unit_price), line.quantity);
}

/**
 * The total of a points (pkt) cart: points carry no VAT, so it is just the sum of the line totals.
 */
export function pointsTotal(lines: readonly { unit_price: number; quantity: number }[]): number {
  return sumMoney(lines.map(pointsLineTotal));
}
