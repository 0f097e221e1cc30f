/**
 * What the checkout shows before the order is placed, computed exactly as the server will compute it
 * (`demo/server/services/order-pricing.ts` and `orders.ts` beside it, docs/api.md "What the server does"):
 *
 * - **Delivery cost**: in a money shop the method's `price` is net at the default 23 % VAT, shown (and
 *   charged) gross in a gross shop and net in a net shop, by the same rule as a product line; in a
 *   points shop the delivery costs the price of the chosen delivery-cost budget for that method, and a
 *   method without delivery budgets is free.
 * - **Order totals** (docs/api.md "Prices and rounding"): each line's shown unit × quantity (`shownLine`),
 *   the delivery as one more line at 23 %, and the VAT summary per rate (`vatSummary`); or, in a points
 *   shop, `pointsTotal` plus the delivery's points.
 * - **Budgets** (points shops): by the budget rule of `budget-spend.ts`, each budget can give the sum
 *   of the buyer's active assignments of it, spent the one expiring first first; the delivery is paid
 *   from the chosen assignment's budget the same way. {@link budgetPlan} tells what each budget pays,
 *   from which assignments, and how many points it keeps after the order.
 *
 * Pure and free of I/O; amounts are added in integer cents (`money.ts`) so client and server agree.
 *
 * @module
 */
import { budgetStanding, isSpendable, planSpend, spendingOrder, type AssignmentSpend, type SpendableAssignment, type SpendNeed } from './budget-spend.ts';
import type { DeliveryCostBudgetChoice } from './checkout.ts';
import { sumMoney, toCents } from './money.ts';
import { DELIVERY_VAT, pointsTotal, shownDeliveryPrice, shownLine, vatTotals, type RatedAmount, type TotalsLine, type VatAmounts, type VatRateTotals, type VatSummary } from './pricing.ts';

// ---------------------------------------------------------------------------------------------------
// VAT summary split over the lines

/** The lines' indices by VAT rate, highest rate first. */
function byRate(lines: readonly RatedAmount[]): [number, number[]][] {
  const groups = new Map<number, number[]>();
  lines.forEach((line, index) => {
    const group = groups.get(line.rate);
    if (group) group.push(index);
    else groups.set(line.rate, [index]);
  });
  return [...groups].sort((a, b) => b[0] - a[0]);
}

/**
 * `vatTotals` (pricing.ts) with each line's share of its rate's VAT (largest remainder: every line's exact VAT
 * rounded down, the cents left over go to the largest remainders, the earlier line first on a tie), so
 * the lines' net and gross add up exactly to the totals too. A line's own net or VAT may therefore
 * differ by a cent from rounding that line alone.
 */
export function vatSummary(lines: readonly RatedAmount[], isGross: boolean): VatSummary {
  const totals = vatTotals(lines, isGross);
  const shares: VatAmounts[] = lines.map(() => ({ net: 0, vat: 0, gross: 0 }));
  for (const [rate, indices] of byRate(lines)) {
    const factor = 1 + rate / 100;
    const shownCents = indices.map((index) => toCents(lines[index]!.total));
    const row = totals.rates.find((candidate) => candidate.rate === rate)!;
    // Exact VAT of each line in cents, snapped like toCents so 12.999999 counts as 13.
    const exact = shownCents.map((cents) => Number((isGross ? cents - cents / factor : (cents * rate) / 100).toPrecision(12)));
    const floors = exact.map((value) => Math.floor(value));
    let left = toCents(row.vat) - floors.reduce((sum, value) => sum + value, 0);
    // Remainders snapped to 1e-6 of a cent, so float noise never breaks a tie that should go to the earlier line.
    const byRemainder = exact.map((value, at) => ({ at, remainder: Math.round((value - floors[at]!) * 1e6) })).sort((a, b) => b.remainder - a.remainder || a.at - b.at);
    for (const { at } of byRemainder) {
      if (left <= 0) break;
      floors[at] = floors[at]! + 1;
      left -= 1;
    }
    indices.forEach((index, at) => {
      const shown = shownCents[at]!;
      const vat = floors[at]!;
      shares[index] = isGross ? { net: (shown - vat) / 100, vat: vat / 100, gross: shown / 100 } : { net: shown / 100, vat: vat / 100, gross: (shown + vat) / 100 };
    });
  }
  return { ...totals, lines: shares };
}

// ---------------------------------------------------------------------------------------------------
// Delivery

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

export { DELIVERY_VAT };

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

// ---------------------------------------------------------------------------------------------------
// Order totals

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

// ---------------------------------------------------------------------------------------------------
// Budgets (points shops)

/** A budget assignment of the buyer as the checkout reads it (contract `UserBudget`). */
export interface BudgetAssignment extends SpendableAssignment {
  name: string;
  color: string;
}

/** A cart line as the budget plan reads it: its budget and its points. */
export interface BudgetLine {
  budget: { id: number } | null;
  /** The line's points. */
  total: number;
}

/**
 * The delivery as the budget plan reads it: the chosen assignment (it names the budget paying the
 * delivery; the points are spent from that budget by the budget rule) and the price in points.
 */
export interface DeliverySpend {
  assignment_id: number;
  price: number;
}

/** One budget's part in the order. */
export interface BudgetUse<A extends BudgetAssignment = BudgetAssignment> {
  budget_id: number;
  name: string;
  color: string;
  /** Points of the lines it pays. */
  lines: number;
  /** Points of the delivery it pays (0 when it does not). */
  delivery: number;
  /** `lines + delivery`. */
  spent: number;
  /** Points left now on the buyer's active assignments of it, all together. */
  points_left: number;
  /** Points it keeps after the order (`points_left - spent`); negative when it has too few. */
  after: number;
  /** It has enough points for its part. */
  enough: boolean;
  /** The assignments that pay, expiring first first, with what each gives. */
  assignments: readonly AssignmentSpend<A>[];
}

/** How an order would be paid from the buyer's budgets. */
export interface BudgetPlan<A extends BudgetAssignment = BudgetAssignment> {
  /** Per budget that pays something, in the order of the first line it pays (the delivery's last). */
  uses: readonly BudgetUse<A>[];
  /** Budget ids of lines the buyer holds no active assignment of (`budgets.inactive_in_cart`). */
  inactive: readonly number[];
  /** A line's product has no budget at all (`budgets.error.no_budget`). */
  unbudgeted: boolean;
  /** The delivery names an assignment that is not an active one of the buyer (`budgets.error.no_budget`). */
  deliveryUnpaid: boolean;
  /** Every part can be paid: no inactive or missing budget, every budget has enough points. */
  payable: boolean;
}

/**
 * Which budget pays what, from which assignments, and the points each budget keeps after the order
 * (spec §8 "You don't have enough points in this budget" when one would go below zero), as the server
 * will spend them: by the budget rule of `budget-spend.ts` (the sum of the active assignments; the
 * one expiring first is spent first, then the next).
 */
export function budgetPlan<A extends BudgetAssignment>(
  lines: readonly BudgetLine[],
  assignments: readonly A[],
  delivery: DeliverySpend | null,
  now: Date = new Date(),
): BudgetPlan<A> {
  const needs: SpendNeed[] = [];
  const inactive: number[] = [];
  let unbudgeted = false;
  for (const line of lines) {
    if (!line.budget) {
      unbudgeted = true;
      continue;
    }
    if (budgetStanding(line.budget.id, assignments, now) !== 'active') {
      if (!inactive.includes(line.budget.id)) inactive.push(line.budget.id);
      continue;
    }
    needs.push({ budget_id: line.budget.id, points: line.total });
  }
  const lineNeeds = needs.length;
  let deliveryUnpaid = false;
  if (delivery) {
    const chosen = assignments.find((candidate) => candidate.id === delivery.assignment_id);
    if (chosen && isSpendable(chosen, now)) needs.push({ budget_id: chosen.budget_id, points: delivery.price });
    else deliveryUnpaid = true;
  }
  const plan = planSpend(needs, assignments, now);
  const uses = plan.budgets.map((budget): BudgetUse<A> => {
    const ofBudget = (from: number, to: number) => needs.slice(from, to).filter((need) => need.budget_id === budget.budget_id);
    const lineCents = ofBudget(0, lineNeeds).reduce((sum, need) => sum + toCents(need.points), 0);
    const deliveryCents = ofBudget(lineNeeds, needs.length).reduce((sum, need) => sum + toCents(need.points), 0);
    const first = spendingOrder(budget.budget_id, assignments, now)[0];
    return {
      budget_id: budget.budget_id,
      name: first?.name ?? '',
      color: first?.color ?? '',
      lines: lineCents / 100,
      delivery: deliveryCents / 100,
      spent: (lineCents + deliveryCents) / 100,
      points_left: budget.spendable,
      after: budget.after,
      enough: budget.shortfall === 0,
      assignments: budget.uses,
    };
  });
  return {
    uses,
    inactive,
    unbudgeted,
    deliveryUnpaid,
    payable: !unbudgeted && !deliveryUnpaid && inactive.length === 0 && plan.ok,
  };
}

/**
 * The delivery-cost budgets the buyer can choose (`paymentForDeliveryBudget`): those the method offers
 * that the buyer holds an ACTIVE assignment of, each with the assignment spent first (it names the
 * budget to the server, which spends from that budget by the same rule as the lines), in the method's
 * order.
 */
export function deliveryBudgetOptions(
  offered: readonly OfferedDeliveryBudget[],
  assignments: readonly BudgetAssignment[],
  now: Date = new Date(),
): DeliveryCostBudgetChoice[] {
  return offered.flatMap((budget) => {
    const assignment = spendingOrder(budget.budget_id, assignments, now)[0];
    return assignment ? [{ budget_id: budget.budget_id, assignment_id: assignment.id, name: budget.name, color: budget.color, price: budget.price }] : [];
  });
}
