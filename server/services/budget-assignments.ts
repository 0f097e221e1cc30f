import type { UserBudget } from '../shared.ts';
import type { Queryable } from '../db/index.ts';

/** A budget assignment as selected with {@link ASSIGNMENT_COLUMNS}. */
export interface AssignmentRow extends Omit<UserBudget, 'start_date' | 'expiry_date'> {
  user_id: number;
  start_date: Date;
  expiry_date: Date;
}

/**
 * "Is this budget assignment active now?" in SQL: switched on, started, not expired, the same rule as
 * `isSpendable` in `src/domain/budget-spend.ts` (the one definition; change both together, and
 * `tests/api/budget-active.test.ts` checks they agree at and around every boundary).
 *
 * `clock` is the SQL moment to judge at: `now()` (the statement's start) for reads, where every row and
 * column of one answer must be judged at one instant; `clock_timestamp()` where an order spends, the
 * clock that stamps the order's `created_at`, so an assignment expiring during a long transaction is
 * not spent after its end. A bound parameter (`$1::timestamptz`) judges at a given moment (tests).
 */
export function activeAssignmentSql(clock: 'now()' | 'clock_timestamp()' | `$${number}::timestamptz`, alias = 'ub'): string {
  return `(${alias}.is_active AND ${alias}.start_date <= ${clock} AND ${clock} < ${alias}.expiry_date)`;
}

/**
 * The columns of a `UserBudget` (from `user_budgets ub JOIN budgets b`). `is_active` and `status` use the
 * database clock, the same one orders are checked against: expired (the end passed) wins over inactive
 * (switched off), which wins over scheduled (not started).
 */
export const ASSIGNMENT_COLUMNS = `ub.id, ub.user_id, ub.budget_id, b.name, b.color, ub.points, ub.points - ub.points_spent AS points_left,
  ub.start_date, ub.expiry_date,
  ${activeAssignmentSql('now()')} AS is_active,
  CASE WHEN ub.expiry_date <= now() THEN 'expired'
       WHEN NOT ub.is_active THEN 'inactive'
       WHEN ub.start_date > now() THEN 'scheduled'
       ELSE 'active' END AS status`;

/** A selected row as the contract's `UserBudget` (dates as ISO strings, no `user_id`). */
export function assignmentOut(row: AssignmentRow): UserBudget {
  return {
    id: row.id,
    budget_id: row.budget_id,
    name: row.name,
    color: row.color,
    points: row.points,
    points_left: row.points_left,
    start_date: row.start_date.toISOString(),
    expiry_date: row.expiry_date.toISOString(),
    is_active: row.is_active,
    status: row.status,
  };
}

/** A user's budget assignments in ONE shop (budgets belong to shops, so the shop filter is on the budget). */
export async function loadUserBudgets(db: Queryable, userId: number, websiteId: number): Promise<UserBudget[]> {
  const { rows } = await db.query<AssignmentRow>(
    `SELECT ${ASSIGNMENT_COLUMNS}
       FROM user_budgets ub
       JOIN budgets b ON b.id = ub.budget_id
      WHERE ub.user_id = $1 AND b.website_id = $2
      ORDER BY ub.start_date, ub.id`,
    [userId, websiteId],
  );
  return rows.map(assignmentOut);
}
