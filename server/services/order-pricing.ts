import { type CardInfo, type Product, type Variant, totalQuantityByProduct, moneyDeliveryCharge, orderTotals as checkoutOrderTotals, pointsLineTotal, roundUnitPrice, shownLine, unitPrice, vatRate, judgeQuantities, maxLineQuantity, type QuantityError } from '../shared.ts';

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

/** What a line is charged, before the order's VAT summary splits it into net and gross. */
export interface LineCharge {
  /**
   * The unit price as the shop showed it and multiplied it: gross in a gross shop, net in a net shop
   * (`displayPrice`), points in pkt shops.
   */
  unit_price: number;
  /** VAT rate in percent (the product's, 23 when it has none). */
  vat: number;
  /** `round(unit_price × quantity)`: the line's amount in the shop's form (points in pkt shops). */
  line_total: number;
}

/** The prices the server stores for a line: its charge and its share of the order's VAT summary. */
export interface LinePrices extends LineCharge {
  line_net: number;
  line_gross: number;
}

/** An order line with its prices. */
export type PricedLine = OrderLine & LinePrices;

/** The charge for the chosen delivery method. */
export interface DeliveryCharge {
  /** What the method costs as stored on the order: its net money price, or points in pkt shops. */
  price: number;
  net: number;
  gross: number;
}

/** Order totals; in a points shop net and gross are both the points total. */
export interface OrderTotals {
  total_net: number;
  total_gross: number;
}

/** What pricing reads of the shop. */
export interface PricingShop {
  /** A points (pkt) shop. */
  points: boolean;
  /** The shop shows gross prices (`is_gross`). */
  isGross: boolean;
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
 * the group's `total_quantity`, which the caller has already read under a row lock). By the pricing
 * rule (docs/api.md "Prices and rounding", `shownLine`): the unit price is taken in the shop's shown
 * form (gross in a gross shop, net in a net shop), and the line costs that unit × quantity, rounded to
 * cents. In a points shop a line costs unit × quantity points with no VAT.
 */
export function priceLines<L extends PricingLine>(lines: readonly L[], shop: PricingShop, now: Date): (L & LineCharge)[] {
  const totals = totalQuantityByProduct(lines.map((line) => ({ product_id: line.product.id, quantity: line.quantity })));
  return lines.map((line) => {
    const unit = unitPrice(line.product, totals.get(line.product.id) ?? line.quantity, now);
    const vat = vatRate(line.product);
    if (shop.points) return { ...line, unit_price: roundUnitPrice(unit), vat, line_total: pointsLineTotal({ unit_price: unit, quantity: line.quantity }) };
    const shown = shownLine({ unit_price: unit, quantity: line.quantity, vat, vat_included: line.product.vat_included }, shop.isGross);
    return { ...line, unit_price: shown.unit, vat, line_total: shown.total };
  });
}

/**
 * The delivery charge, by the domain's rule the checkout shows (`moneyDeliveryCharge`): in a money shop
 * a method's price is net at the default 23 % (methods carry no VAT rate of their own), charged gross in
 * a gross shop; in a points shop `price` is already points (from `delivery_method_budgets`).
 */
export function deliveryCharge(price: number, shop: PricingShop): DeliveryCharge {
  return { price, ...(shop.points ? { net: price, gross: price } : moneyDeliveryCharge(price, shop.isGross)) };
}

/**
 * The order's totals and each line's net and gross, by the domain's `orderTotals` (which the checkout's
 * summary shows before ordering): the VAT summary per rate of the lines' and the delivery's shown
 * amounts, each line getting its share so the stored lines add up exactly to the stored totals.
 */
export function settleOrder<L extends PricingLine & LineCharge>(
  lines: readonly L[],
  delivery: DeliveryCharge,
  shop: PricingShop,
): { lines: (L & LinePrices)[]; totals: OrderTotals } {
  // A line's unit price is already in the shop's form, so it is given as such (`vat_included` = the
  // shop's form): `shownLine` then takes it as it is, and the totals multiply exactly what is stored.
  const totals = checkoutOrderTotals(
    lines.map((line) => ({ unit_price: line.unit_price, quantity: line.quantity, vat: line.vat, vat_included: shop.isGross })),
    delivery,
    shop,
  );
  if (totals.kind === 'points') {
    return { lines: lines.map((line) => ({ ...line, line_net: line.line_total, line_gross: line.line_total })), totals: { total_net: totals.total, total_gross: totals.total } };
  }
  return {
    lines: lines.map((line, index) => {
      const share = totals.lines[index] ?? { net: 0, gross: 0 };
      return { ...line, line_net: share.net, line_gross: share.gross };
    }),
    totals: { total_net: totals.net, total_gross: totals.gross },
  };
}

/** Whether any amount of the order is too large to store (see {@link MAX_ORDER_AMOUNT}). */
export function exceedsStorableAmount(lines: readonly PricedLine[], totals: OrderTotals): boolean {
  const amounts = [totals.total_net, totals.total_gross, ...lines.flatMap((line) => [line.line_total, line.line_net, line.line_gross])];
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
