import type { Budget, CoordinatorBuyer, UserBudget } from '../../../contract/contract.ts';

/** What the buyers' tab loads: the shop's buyers with their assignments, and the shop's budgets to assign. */
export interface BuyersData {
  buyers: CoordinatorBuyer[];
  /** Empty outside a points shop (budgets are not loaded there). */
  budgets: Budget[];
}

/**
 * The buyers' data with the server's answer for one assignment (`next`, new or changed) of buyer
 * `buyerId` put in place, so an assign or deactivate shows without loading the tab again. The buyer's
 * assignments stay in start-date order (then by id) as the server lists them; a budget created by the
 * assignment joins the shop's budgets (by name) so the next assignment can pick it.
 */
export function withAssignment(data: BuyersData, buyerId: number, next: UserBudget): BuyersData {
  return {
    ...data,
    buyers: data.buyers.map((buyer) => {
      if (buyer.id !== buyerId) return buyer;
      const known = buyer.budgets.some((item) => item.id === next.id);
      const budgets = known ? buyer.budgets.map((item) => (item.id === next.id ? next : item)) : [...buyer.budgets, next];
      return { ...buyer, budgets: budgets.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id) };
    }),
    budgets: data.budgets.some((budget) => budget.id === next.budget_id)
      ? data.budgets
      : [...data.budgets, { id: next.budget_id, name: next.name, color: next.color }].sort((a, b) => a.name.localeCompare(b.name)),
  };
}
