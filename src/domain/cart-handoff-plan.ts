import type { CardInfo } from '../contract/contract.ts';
import type { CartHandoffLine } from './cart-handoff-format.ts';
import { judgeQuantities, maxLineQuantity, type Availability } from './quantity.ts';

/**
 * Adopting a cart handoff: which handed-over lines the storefront adds to the cart and which it
 * refuses, and why, judged by the shop's products as they are now and by what the cart already holds.
 *
 * @module
 */

/** Why a handed-over line was not added. */
export type HandoffRefusalReason =
  /** The shop does not sell the product (any more), or the product has no such variant. */
  | 'unknown'
  /** The variant cannot be ordered at all (out of stock, or a stock of 0). */
  | 'sold-out'
  /** More pieces than the variant's maximum (`maxLineQuantity`: stock or the shop's cap); `count` is that maximum. */
  | 'stock'
  /** Fewer pieces than a minimum of the product (per colour and size, or across them); `count` is the minimum. */
  | 'minimum'
  /** A business-card product without card details (a card cannot be printed without them). */
  | 'card-details'
  /** The handoff is another shop's cart. */
  | 'other-shop';

/** The parts of a product the adoption rules read (the contract's `Product` fits). */
export interface HandoffProduct {
  id: number;
  name: string;
  minimum_quantity: number | null;
  minimum_total_quantity: number | null;
  is_business_card: boolean;
  variants: readonly { id: number; stock: number | null; availability: Availability }[];
}

/** A line the storefront adds: its product and variant as the shop answered them now. */
export interface PlannedHandoffLine<P extends HandoffProduct> {
  line: CartHandoffLine;
  product: P;
  variant: P['variants'][number];
  /** The card details to add with it (`null` for a product that is not a business card). */
  cardInfo: CardInfo | null;
}

/** A line the storefront does not add, and why; `name` when the product is known. */
export interface RefusedHandoffLine {
  line: CartHandoffLine;
  name?: string;
  reason: HandoffRefusalReason;
  /** The maximum (`stock`) or the minimum (`minimum`) the line broke. */
  count?: number;
}

/** Which handed-over lines go into the cart and which do not. */
export interface HandoffPlan<P extends HandoffProduct> {
  add: PlannedHandoffLine<P>[];
  refused: RefusedHandoffLine[];
}

/**
 * Splits handed-over `lines` by the shop's current `products` (those the shop answered for their
 * ids), judged with what the cart already holds (`inCart`, the cart's lines):
 * - a product the shop did not answer, or a variant it does not have: `unknown`;
 * - a business-card product without card details: `card-details` (other products' card details are
 *   dropped, as the product page never adds them);
 * - the quantity rules of `src/domain/quantity.ts` (`judgeQuantities`, the maximum by
 *   `maxLineQuantity` with the shop's cap `shopMax`), counting the cart's pieces and every handed-over
 *   line of the product together, as the server judges an order: a variant that cannot be ordered is
 *   `sold-out`, one above its maximum `stock`, a per-line minimum or the minimum across colours and
 *   sizes not reached `minimum`. A refused line's pieces stop counting and the product is judged
 *   again, so the lines left always pass together.
 */
export function planCartHandoff<P extends HandoffProduct>(
  lines: readonly CartHandoffLine[],
  products: readonly P[],
  inCart: readonly { product_id: number; variant_id: number; quantity: number }[],
  shopMax: number | null = null,
): HandoffPlan<P> {
  const byId = new Map(products.map((product) => [product.id, product]));
  const refusedAt = new Map<number, RefusedHandoffLine>();
  const candidates: { index: number; planned: PlannedHandoffLine<P> }[] = [];
  lines.forEach((line, index) => {
    const product = byId.get(line.product_id);
    const variant = product?.variants.find((candidate) => candidate.id === line.variant_id);
    if (!product || !variant) {
      refusedAt.set(index, product ? { line, name: product.name, reason: 'unknown' } : { line, reason: 'unknown' });
    } else if (product.is_business_card && !line.card_info) {
      refusedAt.set(index, { line, name: product.name, reason: 'card-details' });
    } else {
      candidates.push({ index, planned: { line, product, variant, cardInfo: product.is_business_card ? line.card_info : null } });
    }
  });

  for (const productId of new Set(candidates.map(({ planned }) => planned.product.id))) {
    const ofProduct = candidates.filter(({ planned }) => planned.product.id === productId);
    const product = ofProduct[0]?.planned.product;
    if (!product) continue;
    const pieces = new Map<number, number>();
    for (const line of inCart) if (line.product_id === productId) pieces.set(line.variant_id, (pieces.get(line.variant_id) ?? 0) + line.quantity);
    const refuse = (index: number, line: CartHandoffLine, reason: HandoffRefusalReason, count?: number) =>
      refusedAt.set(index, count === undefined ? { line, name: product.name, reason } : { line, name: product.name, reason, count });

    // Each variant's maximum first, lines in their order: a line is taken while the variant's pieces
    // (the cart's and those taken before it) stay within it. Only the variant's maximum is judged here.
    let open: typeof ofProduct = [];
    for (const candidate of ofProduct) {
      const { line, variant } = candidate.planned;
      const total = (pieces.get(variant.id) ?? 0) + line.quantity;
      const [exceeded] = judgeQuantities({}, new Map([[variant.id, total]]), () => maxLineQuantity(variant, shopMax));
      if (exceeded) {
        refuse(candidate.index, line, exceeded.qty === 0 ? 'sold-out' : 'stock', exceeded.qty === 0 ? undefined : exceeded.qty);
        continue;
      }
      pieces.set(variant.id, total);
      open.push(candidate);
    }

    // Then the minimums over what is taken. Refusing a line only lowers the pieces, so judge again
    // until no taken line breaks one (each round refuses at least one line).
    for (;;) {
      const errors = judgeQuantities(product, pieces, () => null);
      const broken = open.filter(({ planned }) => errors.some((error) => error.variant_id === null || error.variant_id === planned.variant.id));
      if (broken.length === 0) break;
      for (const { index, planned } of broken) {
        const error = errors.find((candidate) => candidate.variant_id === planned.variant.id) ?? errors.find((candidate) => candidate.variant_id === null);
        refuse(index, planned.line, 'minimum', error?.qty);
        pieces.set(planned.variant.id, (pieces.get(planned.variant.id) ?? 0) - planned.line.quantity);
      }
      open = open.filter((candidate) => !broken.includes(candidate));
    }
  }

  const plan: HandoffPlan<P> = { add: [], refused: [] };
  const added = new Map(candidates.map(({ index, planned }) => [index, planned]));
  lines.forEach((_, index) => {
    const refusal = refusedAt.get(index);
    const planned = added.get(index);
    if (refusal) plan.refused.push(refusal);
    else if (planned) plan.add.push(planned);
  });
  return plan;
}
