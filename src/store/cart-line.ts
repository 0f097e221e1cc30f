import type { CardInfo, Product, Variant } from '../api/contract.ts';
import { isGroupBuyActive, quantityInBox } from '../domain/pricing.ts';
import type { CartLine } from './cart.ts';

/**
 * The cart line for `quantity` pieces of `variant` of `product`, with today's pricing snapshot: what
 * `addToCart` stores. Pure (no store, no storage), so benchmarks and browser tests that fill a cart
 * in `localStorage` build exactly the lines the store would.
 */
export function buildCartLine(product: Product, variant: Variant, quantity: number, cardInfo: CardInfo | null = null): CartLine {
  return {
    product_id: product.id,
    variant_id: variant.id,
    name: product.name,
    slug: product.slug,
    code: variant.code || product.code,
    image: product.images[0] ?? null,
    color_code: variant.color_code,
    size_code: variant.size_code,
    quantity,
    groupbuy: isGroupBuyActive(product.groupbuy, new Date()),
    quantity_in_box: quantityInBox(variant),
    budget: product.budget ? { id: product.budget.id, name: product.budget.name, color: product.budget.color } : null,
    pricing: {
      calculated_price: product.calculated_price,
      vat: product.vat,
      vat_included: product.vat_included,
      thresholds: product.thresholds,
      groupbuy: product.groupbuy,
    },
    card_info: cardInfo ? { ...cardInfo } : null,
  };
}
