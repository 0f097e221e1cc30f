import { useSignals } from '@preact/signals-react/runtime';
import type { Budget } from '../../contract/contract.ts';
import { formatMoney } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import type { Locale } from '../../store/locale.ts';
import type { BudgetState } from './use-budget-check.ts';

/** Props of {@link PurchaseBudget}. */
export interface PurchaseBudgetProps {
  /** The budget the product is paid from (points shops only). */
  budget: Budget;
  state: BudgetState;
  currency: string;
  lang: Locale;
}

/**
 * In a points shop, the budget the product is paid from, the points left on it and what the cart
 * already takes from it, so the buyer sees why an add may be blocked before trying.
 */
export function PurchaseBudget({ budget, state, currency, lang }: PurchaseBudgetProps) {
  useSignals();
  return (
    <div className="shop-product__budget">
      <p>{t('product.paid_from_budget', { name: budget.name })}</p>
      {state.check?.pointsLeft != null && <p>{t('cart.points_left', { points: formatMoney(state.check.pointsLeft, currency, lang) })}</p>}
      {state.inCart > 0 && <p>{t('budgets.in_cart', { points: formatMoney(state.inCart, currency, lang) })}</p>}
    </div>
  );
}
