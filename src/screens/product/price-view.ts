import type { PriceTier, Product, Variant, Website } from '../../contract/contract.ts';
import { productDisplayPrice } from '../../kit/price.ts';
import {
  displayPrice,
  isGroupBuyActive,
  piecesToNextTier,
  pointsLineTotal,
  quantityInBox,
  roundUnitPrice,
  shownLine,
  sortTiers,
  thresholdTier,
} from '../../domain/pricing.ts';
import { formatUnitPrice } from '../../i18n/format.ts';
import type { Locale } from '../../store/locale.ts';

/**
 * The product page's prices as the shop shows them (no React, no signals): per piece and per line for
 * the quantity being ordered, and the price tiers. Tiers are chosen by the product's total quantity
 * (what the cart holds plus the counter), so the prices move as the buyer counts.
 *
 * @module
 */

/** What {@link purchasePrices} reads. */
export interface PriceInput {
  product: Product;
  website: Website;
  variant: Variant | undefined;
  /** A points shop: amounts are points, neither net nor gross. */
  points: boolean;
  lang: Locale;
  /** The unit price of the product's total quantity (`unitPrice`), as stored (net or as given). */
  unit: number;
  /** The counter's quantity. */
  qty: number;
  now: Date;
}

/** The purchase form's prices. */
export interface PurchasePrices {
  /** The unit price in the shop's form (gross or net, or points). */
  shownUnit: number;
  /** "net" / "gross" beside the price; `''` in a points shop. */
  hint: string;
  /** A tier's unit price as the shop shows it. */
  formatPrice: (price: number) => string;
  /** Pieces in one box of the variant. */
  inBox: number;
  /** What the counter's pieces cost, in the shop's form. */
  lineAmount: number;
}

/** The purchase form's prices for the counter's quantity. */
export function purchasePrices({ product, website, variant, points, lang, unit, qty, now }: PriceInput): PurchasePrices {
  return {
    shownUnit: points ? roundUnitPrice(unit) : displayPrice(unit, product, website.is_gross),
    hint: productDisplayPrice(product, website, lang, now).hint,
    formatPrice: (price: number) => formatUnitPrice(points ? roundUnitPrice(price) : displayPrice(price, product, website.is_gross), website.currency, lang),
    inBox: quantityInBox(variant ?? {}),
    // The shown unit × the quantity, as the cart and the order charge it (docs/api.md "Prices and rounding").
    lineAmount: points
      ? pointsLineTotal({ unit_price: unit, quantity: qty })
      : shownLine({ unit_price: unit, quantity: qty, vat: product.vat, vat_included: product.vat_included }, website.is_gross).total,
  };
}

/** The product's price tiers as the page shows them. */
export interface TierView {
  /** By quantity; none while a group buy runs (its own tiers apply then). */
  tiers: PriceTier[];
  /** The tier of the product's total quantity. */
  active: PriceTier | undefined;
  /** Pieces still missing to the next tier; `null` at the last one or without tiers. */
  toNext: number | null;
}

/** The price tiers for the product's `total` pieces at `now`. */
export function tierView(product: Product, total: number, now: Date): TierView {
  const tiers = isGroupBuyActive(product.groupbuy, now) ? [] : sortTiers(product.thresholds);
  return {
    tiers,
    active: tiers.length > 0 ? thresholdTier(tiers, total) : undefined,
    toNext: tiers.length > 0 ? piecesToNextTier(tiers, total) : null,
  };
}
