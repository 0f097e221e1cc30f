/**
 * How a buyer's budget assignments read on screen, so that budgets read plainly: the phase of each
 * by its dates, the order they are listed in, and the points to spend now over all budgets. Kept apart
 * from the spending rule (`budget-spend.ts`, which it builds on) so the screens that only spend do not
 * load it. Pure: no React, no I/O.
 *
 * @module
 */
import { isSpendable, type SpendableAssignment } from './budget-spend.ts';

const time = (date: string | Date): number => (typeof date === 'string' ? Date.parse(date) : date.getTime());

/**
 * Where an assignment stands on its dates, for showing it (an expired budget must not read as
 * "500 of 500 left"): `expired` from its expiry on, `scheduled` before its start, otherwise `active`
 * when switched on and `inactive` when not. Only `active` has points to spend ({@link isSpendable}).
 */
export type AssignmentPhase = 'active' | 'scheduled' | 'inactive' | 'expired';

/** The {@link AssignmentPhase} of `assignment` at `now`. */
export function assignmentPhase(assignment: SpendableAssignment, now: Date): AssignmentPhase {
  const at = now.getTime();
  if (time(assignment.expiry_date) <= at) return 'expired';
  if (time(assignment.start_date) > at) return 'scheduled';
  return assignment.is_active ? 'active' : 'inactive';
}

const PHASE_ORDER: Record<AssignmentPhase, number> = { active: 0, scheduled: 1, inactive: 2, expired: 3 };

/**
 * Assignments in the order a buyer reads them: the spendable ones first, in the order they are spent
 * (expiring first), then the ones still to start (starting first), the switched-off ones, and last the
 * expired ones, the latest first. Ties keep the lower id first.
 */
export function assignmentsForDisplay<A extends SpendableAssignment>(assignments: readonly A[], now: Date): A[] {
  const key = (assignment: A): number => {
    const phase = assignmentPhase(assignment, now);
    if (phase === 'scheduled') return time(assignment.start_date);
    if (phase === 'expired') return -time(assignment.expiry_date);
    return time(assignment.expiry_date);
  };
  return [...assignments].sort(
    (a, b) => PHASE_ORDER[assignmentPhase(a, now)] - PHASE_ORDER[assignmentPhase(b, now)] || key(a) - key(b) || a.id - b.id,
  );
}

/** All the points the buyer can spend now, over every budget: the sum of the points left on active assignments. */
export function spendableTotal(assignments: readonly SpendableAssignment[], now: Date): number {
  return assignments.filter((assignment) => isSpendable(assignment, now)).reduce((sum, assignment) => sum + Math.max(0, Math.round(assignment.points_left * 100)), 0) / 100;
}
