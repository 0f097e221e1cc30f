import type { Product, Variant } from '../../contract/contract.ts';
import type { QuantityError } from '../../domain/quantity.ts';
import { colourName } from '../../i18n/colours.ts';
import { formatNumber } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';

/**
 * The product page's purchase texts: how a variant is named in the add-to-cart toast, and the quantity
 * rules under the counter.
 *
 * @module
 */

/** A variant's colour and size as the buyer reads them ("Navy, XL"); `''` when it has neither. */
export function variantLabel(variant: Variant | undefined): string {
  if (!variant) return '';
  return [variant.color_code ? colourName(variant.color_code) : null, variant.size_code].filter(Boolean).join(', ');
}

/** The text of a broken quantity rule (spec §8 `sale.qty.minimum` / `sale.qty.exceeded`). */
export function quantityText(error: QuantityError): string {
  return t(error.code, { qty: formatNumber(error.qty) });
}

/**
 * The quantity rules shown as information under the counter: the minimums (a minimum of 1 says
 * nothing), and the maximum when the stock or the shop limits it (`limited`, not the 10,000 default).
 * A rule that is broken is left out, since it already shows as the counter's error (`errorTexts`).
 */
export function quantityRuleTexts(
  product: Pick<Product, 'minimum_quantity' | 'minimum_total_quantity'>,
  orderable: boolean,
  limited: boolean,
  maximum: number,
  errorTexts: readonly string[],
): string[] {
  return [
    product.minimum_quantity !== null && product.minimum_quantity > 1 ? t('sale.qty.minimum', { qty: formatNumber(product.minimum_quantity) }) : null,
    product.minimum_total_quantity !== null && product.minimum_total_quantity > 1 ? t('product.minimum_total', { qty: formatNumber(product.minimum_total_quantity) }) : null,
    orderable && limited ? t('sale.qty.exceeded', { qty: formatNumber(maximum) }) : null,
  ].filter((text): text is string => text !== null && !errorTexts.includes(text));
}
