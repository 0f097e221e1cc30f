import { budgetStanding, isSpendable, type SpendNeed, type SpendPlan } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { activeAssignmentSql } from './budget-assignments.ts';
import type { PricedLine } from './order-pricing.ts';

/**
 * Paying an order in points from the buyer's budgets. Which assignment pays how much is decided by
 * the budget rule in `src/domain/budget-spend.ts` (the same rule the checkout shows); this module
 * reads what that rule needs (the buyer's assignments and the database clock), checks that every line
 * and the delivery have a budget the buyer may use, and then takes the planned points with guarded
 * updates and writes the ledger. It is the only place placement changes `user_budgets`, so
 * `points_spent` and the ledger stay equal by construction.
 *
 * @module
 */

/** A budget assignment of the buyer as the budget rule reads it (`SpendableAssignment`). */
export interface UserBudgetRow {
  id: number;
  budget_id: number;
  points_left: number;
  /** The switch alone; the dates are judged by the rule. */
  is_active: boolean;
  start_date: Date;
  expiry_date: Date;
}

/** The buyer's assignments in this shop, and the database clock they are judged by. */
export interface BuyerBudgets {
  rows: UserBudgetRow[];
  now: Date;
}

/** The delivery's price in points and the assignment that names the budget paying it. */
export interface DeliveryBudgetCharge {
  userBudgetId: number;
  budgetId: number;
  points: number;
}

/** The buyer's assignments of this shop's budgets as the budget rule reads them, and the database clock. */
export async function userBudgets(tx: Queryable, websiteId: number, userId: number): Promise<BuyerBudgets> {
  const { rows } = await tx.query<UserBudgetRow & { now: Date }>(
    `SELECT ub.id, ub.budget_id, ub.points - ub.points_spent AS points_left, ub.is_active, ub.start_date, ub.expiry_date,
            clock_timestamp() AS now
       FROM user_budgets ub JOIN budgets b ON b.id = ub.budget_id
      WHERE ub.user_id = $1 AND b.website_id = $2
      ORDER BY ub.expiry_date, ub.id`,
    [userId, websiteId],
  );
  const clock = rows[0]?.now ?? (await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;
  return { rows: rows.map(({ now: _now, ...row }) => row), now: new Date(clock) };
}

/**
 * Every line's product must have a budget the buyer holds: no assignment of it at all (or no budget)
 * is "budget doesn't exist"; only unusable ones (scheduled, expired, switched off) is the spec's
 * inactive-budget error. Lines are judged in order, so the first broken one names the error.
 */
export function checkLineBudgets(lines: readonly Pick<PricedLine, 'product'>[], budgets: { rows: readonly UserBudgetRow[]; now: Date }): void {
  for (const line of lines) {
    const budgetId = line.product.budget?.id;
    const standing = budgetId === undefined ? 'none' : budgetStanding(budgetId, budgets.rows, budgets.now);
    if (standing === 'none') fail(422, 'budgets.error.no_budget');
    if (standing === 'inactive') fail(422, 'budgets.inactive_in_cart');
  }
}

/**
 * The delivery's price in points and the budget paying it. A method with delivery budgets is paid
 * from the budget of `userBudgetId`, which must be an active assignment of the buyer of one of those
 * budgets (it names the budget; the points are then spent by the budget rule like a line's); its
 * price is that budget's price for the method. A method without any is free in points.
 */
export async function deliveryBudgetCharge(
  tx: Queryable,
  websiteId: number,
  methodId: number,
  userBudgetId: number | null | undefined,
  budgets: { rows: readonly UserBudgetRow[]; now: Date },
): Promise<DeliveryBudgetCharge | null> {
  const { rows: prices } = await tx.query<{ budget_id: number; price: number }>(
    `SELECT dmb.budget_id, dmb.price FROM delivery_method_budgets dmb
       JOIN budgets b ON b.id = dmb.budget_id AND b.website_id = $2
      WHERE dmb.delivery_method_id = $1`,
    [methodId, websiteId],
  );
  if (prices.length === 0) return null;
  const assignment = budgets.rows.find((candidate) => candidate.id === userBudgetId);
  const price = prices.find((candidate) => candidate.budget_id === assignment?.budget_id);
  if (!assignment || !isSpendable(assignment, budgets.now) || !price) fail(422, 'budgets.error.no_budget');
  return { userBudgetId: assignment.id, budgetId: assignment.budget_id, points: price.price };
}

/** What the order needs from each budget: every line (in order), then the delivery. */
export function spendNeeds(lines: readonly PricedLine[], delivery: { budgetId: number; points: number } | null): SpendNeed[] {
  const needs = lines.map((line): SpendNeed => ({ budget_id: line.product.budget?.id ?? 0, points: line.line_net }));
  if (delivery) needs.push({ budget_id: delivery.budgetId, points: delivery.points });
  return needs;
}

/**
 * The points the plan spends in all, summed in hundredths so the order's `total_points` is exactly
 * the sum of its ledger rows (adding the parts as floats could be a hundredth off); 0 without a plan.
 */
export function spentPoints(plan: SpendPlan | null): number {
  return (plan?.parts ?? []).reduce((sum, part) => sum + Math.round(part.points * 100), 0) / 100;
}

/**
 * Takes the planned points with one guarded statement per assignment (ascending id): the balance
 * check, the activity check and the spend are the same row update, so no interleaving can overspend
 * or spend from an assignment switched off meanwhile. When one matches no row the whole order rolls
 * back. The `points_spent <= points` CHECK is the last line of defence. Every part (a line's or the
 * delivery's share of one assignment) is written to the ledger with its order item (none for the
 * delivery), so `points_spent` always equals the sum of the ledger's deltas.
 */
export async function spendPoints(tx: Queryable, orderId: number, plan: SpendPlan, itemIds: readonly number[]): Promise<void> {
  const perAssignment = new Map<number, number>();
  for (const part of plan.parts) perAssignment.set(part.assignment_id, (perAssignment.get(part.assignment_id) ?? 0) + Math.round(part.points * 100));
  for (const [userBudgetId, amount] of [...perAssignment].sort(([a], [b]) => a - b)) {
    const updated = await tx.query(
      `UPDATE user_budgets ub SET points_spent = ub.points_spent + $1
        WHERE ub.id = $2 AND ub.points - ub.points_spent >= $1 AND ${activeAssignmentSql('clock_timestamp()')}
        RETURNING ub.id`,
      [amount / 100, userBudgetId],
    );
    if (updated.rows.length === 0) fail(422, 'budgets.error.insufficient');
  }
  for (const part of plan.parts) {
    await tx.query(`INSERT INTO budget_ledger (user_budget_id, order_id, order_item_id, delta, reason) VALUES ($1, $2, $3, $4, 'order')`, [
      part.assignment_id,
      orderId,
      itemIds[part.need] ?? null,
      part.points,
    ]);
  }
}
