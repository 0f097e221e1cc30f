import type { Product } from '../../contract/contract.ts';
import { roundMoney } from '../../domain/money.ts';
import { lineTotal } from '../../domain/pricing.ts';
import { cartBudgetTotals, cartTotals } from '../../store/cart.ts';
import { renderingAsServer } from '../../store/first-screen.ts';
import { user } from '../../store/session.ts';
import { checkBudget, type BudgetCheck } from './purchase.ts';

/** Where the product's budget stands for the quantity being chosen. */
export interface BudgetState {
  /** What the budget rules say; `null` outside a points shop, without a budget or a user. */
  check: BudgetCheck | null;
  /** Points the cart already takes from the product's budget (0 when there is no check). */
  inCart: number;
}

/**
 * The budget of a points shop's product: what the cart takes from it once this product is at its new
 * quantity (`total` pieces at `unit`), judged against the user's assignments. The product's own lines
 * are left out of the cart's figure first, since `total` already counts them. Reads the cart and the
 * user, so call it where signals are tracked (`useSignals()`).
 */
export function useBudgetCheck(product: Product, points: boolean, unit: number, total: number): BudgetState {
  const budget = product.budget;
  const currentUser = user.value;
  if (!points || !budget || !currentUser) return { check: null, inCart: 0 };
  // Hydrating the server's render, the cart is empty as it was there; the stored one counts once hydrated.
  const lines = renderingAsServer.value ? [] : cartTotals.value.lines;
  const inCart = renderingAsServer.value ? 0 : (cartBudgetTotals.value.get(budget.id) ?? 0);
  const productInBudget = lines
    .filter((priced) => priced.line.product_id === product.id && priced.line.budget?.id === budget.id)
    .reduce((sum, priced) => sum + priced.total, 0);
  const needed = roundMoney(inCart - productInBudget + lineTotal(unit, total));
  return { check: checkBudget(budget.id, currentUser.budgets, needed), inCart };
}
