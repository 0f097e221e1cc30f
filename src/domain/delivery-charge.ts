/**
 * The delivery's cost at the checkout, as the server will charge it: in a money shop the method's net
 * `price` at the default 23 % VAT, shown (and charged) gross in a gross shop and net in a net shop, by
 * the same rule as a product line; in a points shop the price of the chosen delivery-cost budget for
 * that method, and nothing for a method without delivery budgets.
 *
 * @module
 */
import type { DeliveryCostBudgetChoice } from './checkout.ts';
import { DELIVERY_VAT, shownDeliveryPrice } from './line-totals.ts';
import { vatTotals } from './vat-totals.ts';

/** A delivery-cost budget a method offers (`DeliveryMethod.budgets[]`). */
export interface OfferedDeliveryBudget {
  budget_id: number;
  name: string;
  color: string;
  price: number;
}

/** What the delivery cost depends on: the method's net price and its delivery-cost budgets. */
export interface DeliveryPricing {
  price: number;
  budgets: readonly OfferedDeliveryBudget[];
}

/** The delivery's charge: net and gross money, or points (`net === gross`) in a points shop. */
export interface DeliveryCharge {
  net: number;
  gross: number;
}

/**
 * A money shop's delivery, priced like a product line of one piece at {@link DELIVERY_VAT}: the method's
 * net `price` is shown (and charged) gross in a gross shop, `round(price × 1.23)`, and as it is in a net
 * shop; the other form follows from it by the VAT summary rule.
 */
export function moneyDeliveryCharge(price: number, isGross: boolean): DeliveryCharge {
  const { net, gross } = vatTotals([{ total: shownDeliveryPrice(price, isGross), rate: DELIVERY_VAT }], isGross);
  return { net, gross };
}

/** The delivery's amount as the shop shows it: gross in a gross shop, net in a net shop; points as they are. */
export function shownDelivery(charge: DeliveryCharge, isGross: boolean): number {
  return isGross ? charge.gross : charge.net;
}

/**
 * A points shop's delivery in points: free for a method without delivery budgets; else the price the
 * method asks of the chosen budget. `null` when the method has budgets but none of them is chosen (the
 * server would refuse the order with `budgets.error.no_budget`).
 */
export function pointsDeliveryCharge(method: Pick<DeliveryPricing, 'budgets'>, choice: Pick<DeliveryCostBudgetChoice, 'budget_id'> | null): number | null {
  if (method.budgets.length === 0) return 0;
  if (!choice) return null;
  const offered = method.budgets.find((budget) => budget.budget_id === choice.budget_id);
  return offered ? offered.price : null;
}

/**
 * The delivery's charge for the checkout: `null` without a method, or in a points shop when the
 * delivery budget still has to be chosen.
 */
export function deliveryCharge(
  method: DeliveryPricing | null,
  choice: Pick<DeliveryCostBudgetChoice, 'budget_id'> | null,
  shop: { points: boolean; isGross: boolean },
): DeliveryCharge | null {
  if (!method) return null;
  const { points } = shop;
  if (!points) return moneyDeliveryCharge(method.price, shop.isGross);
  const price = pointsDeliveryCharge(method, choice);
  return price === null ? null : { net: price, gross: price };
}
