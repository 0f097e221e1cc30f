/**
 * Line and cart totals (docs/api.md "Prices and rounding"): a line is its shown unit price × quantity,
 * rounded to cents; a money cart sums its lines per VAT rate ({@link vatTotals}); a points cart sums
 * its lines without VAT. The delivery is priced like a line of one piece.
 *
 * @module
 */
import { sumMoney, roundMoney } from './money.ts';
import { DEFAULT_VAT, displayPrice, roundUnitPrice, vatRate } from './vat-display.ts';
import { vatTotals, type VatAmounts, type VatRateTotals } from './vat-totals.ts';

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
