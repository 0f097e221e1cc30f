/**
 * What the checkout shows before the order is placed, computed exactly as the server will compute it
 * (`server/services/order-pricing.ts` and `orders.ts` beside it, docs/api.md "What the server does"):
 *
 * - **Delivery cost**: in a money shop the method's `price` is net at the default 23 % VAT, shown (and
 *   charged) gross in a gross shop and net in a net shop, by the same rule as a product line; in a
 *   points shop the delivery costs the price of the chosen delivery-cost budget for that method, and a
 *   method without delivery budgets is free.
 * - **Order totals** (docs/api.md "Prices and rounding"): each line's shown unit × quantity (`shownLine`),
 *   the delivery as one more line at 23 %, and the VAT summary per rate (`vatSummary`); or, in a points
 *   shop, `pointsTotal` plus the delivery's points.
 * - **Budgets** (points shops): what each budget pays and keeps (`budgetPlan`), and which may pay the
 *   delivery (`deliveryBudgetOptions`).
 *
 * Pure and free of I/O; amounts are added in integer cents (`money.ts`) so client and server agree.
 *
 * This module is the checkout totals' public face: the delivery charge (`./delivery-charge.ts`), the
 * VAT summary (`./vat-summary.ts`) and the budget plan (`./budget-plan.ts`) are re-exported from here;
 * the order totals that bring them together live here.
 *
 * @module
 */
import { sumMoney, toCents } from './money.ts';
import type { DeliveryCharge } from './delivery-charge.ts';
import { shownDelivery } from './delivery-charge.ts';
import { DELIVERY_VAT, pointsTotal, shownLine, type TotalsLine } from './line-totals.ts';
import { vatSummary } from './vat-summary.ts';
import type { VatAmounts, VatRateTotals } from './vat-totals.ts';

export { vatSummary } from './vat-summary.ts';
export { DELIVERY_VAT } from './line-totals.ts';
export {
  deliveryCharge,
  moneyDeliveryCharge,
  pointsDeliveryCharge,
  shownDelivery,
  type DeliveryCharge,
  type DeliveryPricing,
  type OfferedDeliveryBudget,
} from './delivery-charge.ts';
export {
  budgetPlan,
  deliveryBudgetOptions,
  type BudgetAssignment,
  type BudgetLine,
  type BudgetPlan,
  type BudgetUse,
  type DeliverySpend,
} from './budget-plan.ts';

/** The order's totals as the server will store them. */
export type OrderTotals =
  | {
      kind: 'money';
      /** The products alone (their shares of the VAT summary). */
      items: VatAmounts;
      /** The delivery's share of the VAT summary; its shown form is the delivery's charge. */
      delivery: DeliveryCharge;
      /** Each line's net, VAT and gross, in the input's order; with the delivery they add up to the totals. */
      lines: VatAmounts[];
      /** The VAT summary per rate (products and delivery), highest rate first. */
      rates: VatRateTotals[];
      net: number;
      vat: number;
      gross: number;
      /** `gross` in a gross shop (`is_gross`), `net` otherwise: what the order history shows. */
      total: number;
    }
  | {
      kind: 'points';
      /** Points of the products alone. */
      items: number;
      /** Points of the delivery. */
      delivery: number;
      /** Points spent in all (`total_points`). */
      total: number;
    };

/**
 * The order's totals (docs/api.md "Prices and rounding"). Money: every line is its shown unit ×
 * quantity (`shownLine`: gross in a gross shop, net in a net shop), the delivery is one more line of
 * its shown charge at {@link DELIVERY_VAT}, and `vatSummary` sums them per VAT rate and derives the
 * other form once per rate, so the shown lines plus the shown delivery are exactly the shown total and
 * net + VAT = gross. Points: `pointsTotal` (no VAT) plus the delivery's points. A `null` delivery
 * counts as free: nothing is known to add yet.
 */
export function orderTotals(lines: readonly TotalsLine[], delivery: DeliveryCharge | null, shop: { points: boolean; isGross: boolean }): OrderTotals {
  const charge = delivery ?? { net: 0, gross: 0 };
  if (shop.points) {
    const items = pointsTotal(lines);
    return { kind: 'points', items, delivery: charge.net, total: sumMoney([items, charge.net]) };
  }
  const shown = lines.map((line) => shownLine(line, shop.isGross));
  const summary = vatSummary([...shown, { total: shownDelivery(charge, shop.isGross), rate: DELIVERY_VAT }], shop.isGross);
  const lineShares = summary.lines.slice(0, shown.length);
  const deliveryShare = summary.lines[shown.length] ?? { net: 0, vat: 0, gross: 0 };
  const sum = (key: keyof VatAmounts) => lineShares.reduce((cents, share) => cents + toCents(share[key]), 0) / 100;
  return {
    kind: 'money',
    items: { net: sum('net'), vat: sum('vat'), gross: sum('gross') },
    delivery: { net: deliveryShare.net, gross: deliveryShare.gross },
    lines: lineShares,
    rates: summary.rates,
    net: summary.net,
    vat: summary.vat,
    gross: summary.gross,
    total: shop.isGross ? summary.gross : summary.net,
  };
}
