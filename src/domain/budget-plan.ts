/**
 * Budgets at the checkout of a points shop: by the budget rule of `budget-spend.ts`, each budget can
 * give the sum of the buyer's active assignments of it, spent the one expiring first first; the delivery
 * is paid from the chosen assignment's budget the same way. {@link budgetPlan} tells what each budget
 * pays, from which assignments, and how many points it keeps after the order;
 * {@link deliveryBudgetOptions} which budgets may pay the delivery.
 *
 * @module
 */
import { budgetStanding, isSpendable, planSpend, spendingOrder, type AssignmentSpend, type SpendableAssignment, type SpendNeed } from './budget-spend.ts';
import type { DeliveryCostBudgetChoice } from './checkout.ts';
import type { OfferedDeliveryBudget } from './delivery-charge.ts';
import { toCents } from './money.ts';

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
