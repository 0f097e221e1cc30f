/**
 * What a placed order shows of its amounts, read from the order's own snapshot (docs/api.md "Prices
 * and rounding"): each line's unit price and total in the order's shown form (points; gross when it
 * was placed in a gross shop; net otherwise), the delivery in the same form, and the totals. The order
 * screens and the order e-mail both read an order through these, so they show the same figures.
 *
 * Pure, no I/O; amounts are added in integer cents (`money.ts`).
 *
 * @module
 */
import { isPointsCurrency } from '../contract/points.ts';
import { sumMoney } from './money.ts';
import { lineTotal, roundUnitPrice } from './pricing.ts';

/** The fields of an order line the amounts read. */
export interface OrderAmountsItem {
  quantity: number;
  unit_price: number;
  line_net: number;
  line_gross: number;
}

/** The fields of an order the amounts read (the contract's `Order` satisfies it). */
export interface OrderAmountsOrder {
  currency: string;
  is_gross: boolean;
  total_net: number;
  total_gross: number;
  total_points: number;
  /** The delivery method's price as stored: net money, or points. */
  delivery_price: number;
  items: readonly OrderAmountsItem[];
}

/** Whether an order was placed in a points shop (its own currency snapshot). */
export function isPointsOrder(order: Pick<OrderAmountsOrder, 'currency'>): boolean {
  return isPointsCurrency(order.currency);
}

/** A line's total as the order shows it: points, or gross in a gross order, net otherwise. */
export function itemShownTotal(item: OrderAmountsItem, order: Pick<OrderAmountsOrder, 'currency' | 'is_gross'>): number {
  if (isPointsOrder(order)) return item.line_gross;
  return order.is_gross ? item.line_gross : item.line_net;
}

/**
 * A line's unit price in the order's shown form. Orders store the unit price the buyer was shown and
 * charged (`unit_price`; unit × quantity = the line's total), and that is what this answers.
 *
 * Orders placed before that rule stored the product's own form (net, or gross when the price included
 * VAT) and rounded the line from it, so their `unit_price` may not be in the shown form and may not
 * multiply to the line's total; for such a line this answers its total divided by its quantity, as
 * those orders were always shown.
 */
export function itemShownUnit(item: OrderAmountsItem, order: Pick<OrderAmountsOrder, 'currency' | 'is_gross'>): number {
  const total = itemShownTotal(item, order);
  if (lineTotal(item.unit_price, item.quantity) === total) return item.unit_price;
  return item.quantity > 0 ? roundUnitPrice(total / item.quantity) : 0;
}

/** An order's amounts as it shows them. */
export type OrderShownAmounts =
  | { kind: 'points'; items: number; delivery: number; total: number }
  | {
      kind: 'money';
      /** The lines' totals in the shown form, summed. */
      items: number;
      /** The delivery in the shown form: gross in a gross order, net otherwise. */
      delivery: number;
      net: number;
      vat: number;
      gross: number;
      /** `gross` in a gross order, `net` otherwise (`items + delivery`). */
      total: number;
    };

/**
 * The amounts of an order: in a points order the lines, the delivery and the points in all; in a money
 * order the lines and the delivery in the shown form, net, VAT, gross and the total. The delivery in
 * the shown form is what the shown total holds beyond the lines (a gross order's delivery charge is
 * not stored on its own; `delivery_price` is the method's net price), so lines + delivery = total.
 */
export function orderShownAmounts(order: OrderAmountsOrder): OrderShownAmounts {
  if (isPointsOrder(order)) {
    const items = sumMoney(order.items.map((item) => item.line_gross));
    return { kind: 'points', items, delivery: order.delivery_price, total: order.total_points };
  }
  const items = sumMoney(order.items.map((item) => itemShownTotal(item, order)));
  const total = order.is_gross ? order.total_gross : order.total_net;
  return {
    kind: 'money',
    items,
    delivery: Math.max(0, sumMoney([total, -items])),
    net: order.total_net,
    vat: sumMoney([order.total_gross, -order.total_net]),
    gross: order.total_gross,
    total,
  };
}
