/**
 * Budgets, one rule everywhere (DESIGN.md §7): a buyer's points in one budget are the sum of their
 * ACTIVE assignments of it, and an order spends the assignment expiring first, then the next (a line
 * may be split across several). Active means switched on (`is_active`) and `start_date ≤ now <
 * expiry_date`; scheduled, expired and switched-off assignments count for nothing.
 *
 * The product page, the cart review, the checkout steps, the budgets screen and the server
 * (`server/services/order-budgets.ts`) all call this module, so the client's verdict and the server's
 * answer cannot drift apart. Pure: no React, no I/O; amounts are added in integer cents.
 *
 * @module
 */

/** What the rule reads of an assignment (the contract's `UserBudget` fits, and so does a server row). */
export interface SpendableAssignment {
  /** The assignment's id. */
  id: number;
  budget_id: number;
  /** Points not spent yet (`points − points_spent`). */
  points_left: number;
  /**
   * Switched on. (The contract's `UserBudget.is_active` also folds in the dates on the server's clock;
   * checking the dates again here changes nothing.)
   */
  is_active: boolean;
  start_date: string | Date;
  expiry_date: string | Date;
}

/** How the buyer holds a budget: no assignment at all, only unusable ones, or at least one active. */
export type BudgetStanding = 'none' | 'inactive' | 'active';

const time = (date: string | Date): number => (typeof date === 'string' ? Date.parse(date) : date.getTime());
const cents = (points: number): number => Math.round(points * 100);

/** Whether the assignment can pay now: switched on, started, not expired. */
export function isSpendable(assignment: SpendableAssignment, now: Date): boolean {
  const at = now.getTime();
  return assignment.is_active && time(assignment.start_date) <= at && at < time(assignment.expiry_date);
}

/**
 * The assignments of `budgetId` that can pay now, in the order they are spent: the one expiring first
 * first, then (same expiry) the lower id.
 */
export function spendingOrder<A extends SpendableAssignment>(budgetId: number, assignments: readonly A[], now: Date): A[] {
  return assignments
    .filter((assignment) => assignment.budget_id === budgetId && isSpendable(assignment, now))
    .sort((a, b) => time(a.expiry_date) - time(b.expiry_date) || a.id - b.id);
}

/** Points the buyer can spend from `budgetId` now: the sum of the points left on its active assignments. */
export function spendableIn(budgetId: number, assignments: readonly SpendableAssignment[], now: Date): number {
  return spendingOrder(budgetId, assignments, now).reduce((sum, assignment) => sum + Math.max(0, cents(assignment.points_left)), 0) / 100;
}

/** How the buyer holds `budgetId` now (see {@link BudgetStanding}). */
export function budgetStanding(budgetId: number, assignments: readonly SpendableAssignment[], now: Date): BudgetStanding {
  const mine = assignments.filter((assignment) => assignment.budget_id === budgetId);
  if (mine.length === 0) return 'none';
  return mine.some((assignment) => isSpendable(assignment, now)) ? 'active' : 'inactive';
}

/** Points one part of an order (a line, the delivery) takes from one budget. */
export interface SpendNeed {
  budget_id: number;
  points: number;
}

/** Points one need takes from one assignment. */
export interface SpendPart {
  /** Index of the need in the list given to {@link planSpend}. */
  need: number;
  assignment_id: number;
  points: number;
}

/** One assignment's share of the order. */
export interface AssignmentSpend<A extends SpendableAssignment = SpendableAssignment> {
  assignment: A;
  /** Points taken from it. */
  points: number;
  /** Points it keeps after the order. */
  after: number;
}

/** One budget's part of the order. */
export interface BudgetSpend<A extends SpendableAssignment = SpendableAssignment> {
  budget_id: number;
  standing: BudgetStanding;
  /** Points the order needs from it. */
  needed: number;
  /** Points it can give now ({@link spendableIn}). */
  spendable: number;
  /** `spendable − needed`: what is left after the order; negative when it has too few. */
  after: number;
  /** Points missing (0 when it has enough). */
  shortfall: number;
  /** The assignments that pay, in spending order, with what each gives (only those giving something). */
  uses: readonly AssignmentSpend<A>[];
}

/** How an order is paid from the buyer's budgets. */
export interface SpendPlan<A extends SpendableAssignment = SpendableAssignment> {
  /** Per budget, in the order of its first need. */
  budgets: readonly BudgetSpend<A>[];
  /** Which assignment pays how much of which need, in need order then spending order (only amounts > 0). */
  parts: readonly SpendPart[];
  /** Every budget is held actively and has enough points. */
  ok: boolean;
}

/**
 * Plans an order's spend: the needs are served in the order given, each from its budget's active
 * assignments in spending order ({@link spendingOrder}), taking what one has left before moving to
 * the next. A budget without enough points has a `shortfall` (its needs are served as far as they
 * go); a budget without an active assignment has a `standing` other than `active`.
 */
export function planSpend<A extends SpendableAssignment>(needs: readonly SpendNeed[], assignments: readonly A[], now: Date): SpendPlan<A> {
  interface Pool {
    budget_id: number;
    standing: BudgetStanding;
    needed: number;
    queue: { assignment: A; left: number; taken: number }[];
  }
  const pools = new Map<number, Pool>();
  const parts: SpendPart[] = [];
  needs.forEach((need, index) => {
    let pool = pools.get(need.budget_id);
    if (!pool) {
      pool = {
        budget_id: need.budget_id,
        standing: budgetStanding(need.budget_id, assignments, now),
        needed: 0,
        queue: spendingOrder(need.budget_id, assignments, now).map((assignment) => ({ assignment, left: Math.max(0, cents(assignment.points_left)), taken: 0 })),
      };
      pools.set(need.budget_id, pool);
    }
    let wanted = Math.max(0, cents(need.points));
    pool.needed += wanted;
    for (const slot of pool.queue) {
      if (wanted === 0) break;
      const take = Math.min(wanted, slot.left);
      if (take === 0) continue;
      slot.left -= take;
      slot.taken += take;
      wanted -= take;
      parts.push({ need: index, assignment_id: slot.assignment.id, points: take / 100 });
    }
  });
  const budgets = [...pools.values()].map((pool): BudgetSpend<A> => {
    const spendable = pool.queue.reduce((sum, slot) => sum + slot.left + slot.taken, 0);
    return {
      budget_id: pool.budget_id,
      standing: pool.standing,
      needed: pool.needed / 100,
      spendable: spendable / 100,
      after: (spendable - pool.needed) / 100,
      shortfall: Math.max(0, pool.needed - spendable) / 100,
      uses: pool.queue.filter((slot) => slot.taken > 0).map((slot) => ({ assignment: slot.assignment, points: slot.taken / 100, after: slot.left / 100 })),
    };
  });
  return { budgets, parts, ok: budgets.every((budget) => budget.standing === 'active' && budget.shortfall === 0) };
}

/**
 * The verdict on paying budget needs (e.g. a cart's points per budget): `fine`, or the first reason
 * the server refuses the order, in the server's order: a budget the buyer was never given
 * (`no_budget`), one held only by unusable assignments (`inactive`), too few points (`insufficient`).
 */
export function spendVerdict(needs: readonly SpendNeed[], assignments: readonly SpendableAssignment[], now: Date): 'fine' | 'no_budget' | 'inactive' | 'insufficient' {
  const plan = planSpend(needs, assignments, now);
  for (const budget of plan.budgets) {
    if (budget.standing === 'none') return 'no_budget';
    if (budget.standing === 'inactive') return 'inactive';
  }
  return plan.ok ? 'fine' : 'insufficient';
}
