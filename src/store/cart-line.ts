import type { CardInfo, GroupBuy, PriceTier, Product, Variant } from '../contract/contract.ts';
import { isGroupBuyActive, quantityInBox } from '../domain/pricing.ts';
import { variantThumbnail } from '../domain/variant-pictures.ts';

/** One cart line: what was chosen, how many, and the product snapshot needed to show and price it. */
export interface CartLine {
  product_id: number;
  variant_id: number;
  name: string;
  slug: string;
  /** The variant's code (the product's code when the variant has none). */
  code: string;
  /** The chosen variant's picture, else the product's first (a storage path), or null. */
  image: string | null;
  color_code: string | null;
  size_code: string | null;
  /** Whole pieces, at least 1. */
  quantity: number;
  /** Bought through the product's running Group Buy: such lines merge by product only (spec §9). */
  groupbuy: boolean;
  /** Pieces per box of the variant, the default 30 already applied when it was added. */
  quantity_in_box: number | null;
  /** The budget that pays for the product in a points shop. */
  budget: { id: number; name: string; color: string } | null;
  /** The product's pricing as last added; totals apply the domain rules to it. */
  pricing: { calculated_price: number; vat: number | null; vat_included: boolean; thresholds: PriceTier[]; groupbuy: GroupBuy | null };
  /** Business-card details for a card product (spec §3 `cardInfo`), else null. */
  card_info: CardInfo | null;
}

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
    image: variantThumbnail(product, variant),
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
