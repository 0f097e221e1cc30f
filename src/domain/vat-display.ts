/**
 * How a price is shown (spec §9): the VAT rate of a product or line, a price turned gross or net for
 * the shop's `is_gross` setting, and the precision a unit price keeps (cents, or 4 decimals below 1).
 * The storefront shows prices and the reference server charges them by these same rules.
 *
 * @module
 */
import { roundMoney, roundTo } from './money.ts';

/** VAT rate in percent applied when a product carries none (spec §9: "Default VAT 23 %"). */
export const DEFAULT_VAT = 23;

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
