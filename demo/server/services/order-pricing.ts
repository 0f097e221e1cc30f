import type { CardInfo, Product, Variant } from '../../../src/contract/contract.ts';
import { totalQuantityByProduct } from '../../../src/domain/cart.ts';
import { moneyDeliveryCharge, orderTotals as checkoutOrderTotals } from '../../../src/domain/checkout-totals.ts';
import { cartTotals, lineTotal, unitPrice, vatRate } from '../../../src/domain/pricing.ts';
import { judgeQuantities, maxLineQuantity, type QuantityError } from '../../../src/domain/quantity.ts';

/**
 * How an order is priced and which quantity rules it must meet, as pure functions over products
 * loaded from the database. Every rule comes from `src/domain` (the same code the storefront shows
 * prices with); this module only decides what to feed those rules with, so the server's charge and
 * the client's display cannot drift apart. No I/O here: `services/orders.ts` runs the transaction.
 *
 * @module
 */

/** What pricing reads of a product: the order route passes whole products, the seed its definitions. */
export type PricingProduct = Pick<Product, 'id' | 'calculated_price' | 'vat' | 'vat_included' | 'thresholds' | 'groupbuy'>;

/** What pricing reads of a line. */
export interface PricingLine {
  product: PricingProduct;
  quantity: number;
}

/** One order line after its product and variant were found in this shop. */
export interface OrderLine extends PricingLine {
  product: Product;
  variant: Variant;
  /** Business-card details; only kept for business-card products. */
  card_info: CardInfo | null;
}

/** The prices the server charges for a line. */
export interface LinePrices {
  /** As the product stores prices: gross when `vat_included`, net otherwise; points in pkt shops. */
  unit_price: number;
  /** VAT rate in percent (the product's, 23 when it has none). */
  vat: number;
  line_net: number;
  line_gross: number;
}

/** An order line with its prices. */
export type PricedLine = OrderLine & LinePrices;

/** The charge for the chosen delivery method. */
export interface DeliveryCharge {
  /** What the method costs as stored on the order: net money, or points in pkt shops. */
  price: number;
  net: number;
  gross: number;
}

/** Order totals; in a points shop net and gross are both the points total. */
export interface OrderTotals {
  total_net: number;
  total_gross: number;
}

/** A quantity rule an order breaks, with the product it concerns (for the error's `product_id`). */
export interface OrderQuantityError extends QuantityError {
  product_id: number;
}

/**
 * The most an order may count: the `numeric(12, 2)` columns hold up to 10^10 - 0.01. An order above
 * it is refused as invalid instead of failing in the database with a 500.
 */
export const MAX_ORDER_AMOUNT = 9_999_999_999.99;

/**
 * Every quantity rule the order breaks, first product first, by the domain's one verdict
 * (`judgeQuantities`: per line (colour + size), across colours and sizes, then each variant against
 * `maxLineQuantity`: its stock, capped by the shop's `max_line_quantity`, 10,000 when neither limits
 * it). Lines of the same variant count together.
 */
export function orderQuantityErrors(lines: readonly OrderLine[], shopMaxLineQuantity: number | null = null): OrderQuantityError[] {
  const errors: OrderQuantityError[] = [];
  for (const [productId, productLines] of groupByProduct(lines)) {
    const product = productLines[0]!.product;
    const perVariant = quantitiesByVariant(productLines);
    const maximumOf = (variantId: number) => maxLineQuantity(productLines.find((line) => line.variant.id === variantId)!.variant, shopMaxLineQuantity);
    for (const { code, qty } of judgeQuantities(product, perVariant, maximumOf)) errors.push({ code, qty, product_id: productId });
  }
  return errors;
}

/**
 * Prices every line. The unit price comes from the domain's `unitPrice` with the product's total
 * quantity across all its lines (tiers are chosen by that total, spec §9; a running group buy adds
 * the group's `total_quantity`, which the caller has already read under a row lock). In a points shop
 * a line costs unit × quantity points with no VAT; in a money shop net and gross come from the domain's
 * `cartTotals` for that one line, so the lines add up exactly to the order totals.
 */
export function priceLines<L extends PricingLine>(lines: readonly L[], points: boolean, now: Date): (L & LinePrices)[] {
  const totals = totalQuantityByProduct(lines.map((line) => ({ product_id: line.product.id, quantity: line.quantity })));
  return lines.map((line) => {
    const unit = unitPrice(line.product, totals.get(line.product.id) ?? line.quantity, now);
    const vat = vatRate(line.product);
    if (points) {
      const total = lineTotal(unit, line.quantity);
      return { ...line, unit_price: unit, vat, line_net: total, line_gross: total };
    }
    const one = cartTotals([{ unit_price: unit, quantity: line.quantity, vat, vat_included: line.product.vat_included }], false);
    return { ...line, unit_price: unit, vat, line_net: one.net, line_gross: one.gross };
  });
}

/**
 * The delivery charge, by the domain's rule the checkout shows (`moneyDeliveryCharge`): in a money shop
 * a method's price is net and VAT at the default 23 % is added for the gross total (methods carry no VAT
 * rate of their own); in a points shop `price` is already points (from `delivery_method_budgets`).
 */
export function deliveryCharge(price: number, points: boolean): DeliveryCharge {
  return { price, ...(points ? { net: price, gross: price } : moneyDeliveryCharge(price)) };
}

/** The order totals by the domain's `orderTotals`, which the checkout's summary shows before ordering. */
export function orderTotals(lines: readonly (PricingLine & LinePrices)[], delivery: DeliveryCharge, points: boolean): OrderTotals {
  const totals = checkoutOrderTotals(
    lines.map((line) => ({ unit_price: line.unit_price, quantity: line.quantity, vat: line.vat, vat_included: line.product.vat_included })),
    delivery,
    { points, isGross: false },
  );
  return totals.kind === 'points' ? { total_net: totals.total, total_gross: totals.total } : { total_net: totals.net, total_gross: totals.gross };
}

/** Whether any amount of the order is too large to store (see {@link MAX_ORDER_AMOUNT}). */
export function exceedsStorableAmount(lines: readonly PricedLine[], totals: OrderTotals): boolean {
  const amounts = [totals.total_net, totals.total_gross, ...lines.flatMap((line) => [line.line_net, line.line_gross])];
  return amounts.some((amount) => !Number.isFinite(amount) || amount > MAX_ORDER_AMOUNT);
}

/** @internal The lines of each product, products in order of first appearance. */
function groupByProduct(lines: readonly OrderLine[]): Map<number, OrderLine[]> {
  const groups = new Map<number, OrderLine[]>();
  for (const line of lines) {
    const list = groups.get(line.product.id);
    if (list) list.push(line);
    else groups.set(line.product.id, [line]);
  }
  return groups;
}

/** @internal Pieces per variant: two lines of one colour + size are one line for the rules. */
function quantitiesByVariant(lines: readonly OrderLine[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.variant.id, (totals.get(line.variant.id) ?? 0) + line.quantity);
  return totals;
}
