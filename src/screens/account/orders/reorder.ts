import { fetchProductsByIds } from '../../../api/catalogue.ts';
import type { CallOptions } from '../../../api/client.ts';
import type { CardInfo, Order, OrderItem, Product, Variant } from '../../../contract/contract.ts';
import { addToCart } from '../../../store/cart.ts';
import { cardInfoOf } from './order-view.ts';

/**
 * "Order again": the lines of a past order back in the cart at today's prices. The shop's
 * current products are loaded (`GET /api/products?ids=`), each line whose product and variant are
 * still sold (and not sold out) goes into the cart with its quantity and business-card details; the
 * cart prices it as it prices anything added today. Lines that cannot be ordered are reported.
 *
 * @module
 */

/** One line to put back: today's product and variant, the quantity ordered, the card details. */
export interface ReorderLine {
  item: OrderItem;
  product: Product;
  variant: Variant;
  cardInfo: CardInfo | null;
}

/** What can be ordered again and what cannot. */
export interface ReorderPlan {
  add: ReorderLine[];
  unavailable: OrderItem[];
}

/**
 * Splits an order's lines by today's `products`: a line goes back when its product is still sold
 * here, its variant still exists and is not sold out; every other line is unavailable.
 */
export function planReorder(order: Pick<Order, 'items'>, products: readonly Product[]): ReorderPlan {
  const byId = new Map(products.map((product) => [product.id, product]));
  const plan: ReorderPlan = { add: [], unavailable: [] };
  for (const item of order.items) {
    const product = item.product_id === null ? undefined : byId.get(item.product_id);
    const variant = product?.variants.find((candidate) => candidate.id === item.variant_id);
    if (!product || !variant || variant.availability === 'out_of_stock' || item.quantity < 1) {
      plan.unavailable.push(item);
      continue;
    }
    plan.add.push({ item, product, variant, cardInfo: product.is_business_card ? cardInfoOf(item.card_info) : null });
  }
  return plan;
}

/** Loads today's products of `order` and puts its available lines in the cart; answers the plan carried out. */
export async function orderAgain(order: Order, websiteId: number, options: CallOptions = {}): Promise<ReorderPlan> {
  const ids = order.items.flatMap((item) => (item.product_id === null ? [] : [item.product_id]));
  const products = ids.length > 0 ? await fetchProductsByIds(websiteId, ids, options) : [];
  const plan = planReorder(order, products);
  for (const line of plan.add) addToCart(line.product, line.variant, Math.round(line.item.quantity), line.cardInfo);
  return plan;
}
