import { spendableTotal } from '../../domain/budget-display.ts';
import type { SpendableAssignment } from '../../domain/budget-spend.ts';
import { formatPoints } from '../../i18n/format.ts';

/**
 * The account menu's "1,300 pts": the points the buyer can spend now over all active budgets
 * (`spendableTotal`), formatted for the page's language. Loaded by the menu only in points shops, after
 * the header shows: the budget rule and the number formatting stay out of the first route's bundle.
 */
export function pointsToSpend(budgets: readonly SpendableAssignment[], now: Date = new Date()): string {
  return formatPoints(spendableTotal(budgets, now));
}
