import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { UserBudget } from '../../../contract/contract.ts';
import type { BudgetPlan } from '../../../domain/checkout-totals.ts';
import { formatMoney, formatNumber } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import type { PricedCartLine } from '../../../store/cart.ts';
import { Badge } from '../../../widgets/badge/Badge.tsx';

/** Props of {@link BudgetOverview}. */
export interface BudgetOverviewProps {
  plan: BudgetPlan<UserBudget>;
  lines: readonly PricedCartLine[];
  currency: string;
  /** The budget paying the delivery, when one is chosen. */
  deliveryBudgetId: number | null;
  /** Prefix of the ids of the problem texts (see {@link budgetProblemIds}). */
  idPrefix: string;
}

/** The ids of the problem texts {@link BudgetOverview} shows, to describe a blocked button with. */
export function budgetProblemIds(plan: BudgetPlan, idPrefix: string): string[] {
  return [
    ...plan.uses.filter((use) => !use.enough).map((use) => `${idPrefix}-short-${use.budget_id}`),
    ...plan.inactive.map((budgetId) => `${idPrefix}-inactive-${budgetId}`),
    ...(plan.unbudgeted ? [`${idPrefix}-none`] : []),
  ];
}

/** The lines of one budget (`null`: lines whose product has no budget), name × quantity and points. */
function BudgetLines({ lines, currency }: { lines: readonly PricedCartLine[]; currency: string }) {
  useSignals();
  if (lines.length === 0) return null;
  return (
    <ul className="shop-checkout-budget__lines">
      {lines.map(({ key, line, total }) => (
        <li key={key}>
          <span>{`${line.name} × ${formatNumber(line.quantity)}`}</span>
          <span>{formatMoney(total, currency)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Points shops: which budget pays what (lines grouped by `line.budget`, paid from the buyer's active
 * assignments of that budget, the one expiring first first; the delivery from the chosen budget), the
 * points left now on all its active assignments and after this order, and "You don't have enough
 * points in this budget" where a budget would go below zero.
 * Lines of a budget the buyer holds no active assignment of, and lines without a budget, are shown
 * with the texts the server would answer.
 */
export function BudgetOverview({ plan, lines, currency, deliveryBudgetId, idPrefix }: BudgetOverviewProps) {
  useSignals();
  const titleId = useId();
  const ofBudget = (budgetId: number) => lines.filter(({ line }) => line.budget?.id === budgetId);
  const budgetName = (budgetId: number) => lines.find(({ line }) => line.budget?.id === budgetId)?.line.budget ?? null;
  return (
    <section className="shop-checkout__section shop-checkout-budgets" aria-labelledby={titleId}>
      <h2 id={titleId} className="shop-checkout__section-title">
        {t('checkout.payment_step.budgets_title')}
      </h2>
      <ul className="shop-checkout-budgets__list">
        {plan.uses.map((use) => (
          <li key={use.budget_id} className="shop-checkout-budget" data-short={use.enough ? undefined : ''}>
            <Badge color={use.color} hiddenPrefix={`${t('product.budget')}:`}>
              {use.name}
            </Badge>
            <BudgetLines lines={ofBudget(use.budget_id)} currency={currency} />
            <dl className="shop-checkout-budget__figures">
              <div>
                <dt>{t('checkout.payment_step.products')}</dt>
                <dd>{formatMoney(use.lines, currency)}</dd>
              </div>
              {use.budget_id === deliveryBudgetId && (
                <div>
                  <dt>{t('checkout.delivery_cost')}</dt>
                  <dd>{formatMoney(use.delivery, currency)}</dd>
                </div>
              )}
              <div>
                <dt>{t('budgets.points_left')}</dt>
                <dd>{formatMoney(use.points_left, currency)}</dd>
              </div>
              <div>
                <dt>{t('checkout.payment_step.after_order')}</dt>
                <dd>{formatMoney(use.after, currency)}</dd>
              </div>
            </dl>
            {!use.enough && (
              <p id={`${idPrefix}-short-${use.budget_id}`} className="shop-checkout__error">
                {t('budgets.not_enough_points')}
              </p>
            )}
          </li>
        ))}
        {plan.inactive.map((budgetId) => {
          const budget = budgetName(budgetId);
          return (
            <li key={`inactive-${budgetId}`} className="shop-checkout-budget" data-short="">
              <Badge color={budget?.color} hiddenPrefix={`${t('product.budget')}:`}>
                {budget?.name ?? String(budgetId)}
              </Badge>
              <BudgetLines lines={ofBudget(budgetId)} currency={currency} />
              <p id={`${idPrefix}-inactive-${budgetId}`} className="shop-checkout__error">
                {t('budgets.inactive_in_cart')}
              </p>
            </li>
          );
        })}
        {plan.unbudgeted && (
          <li className="shop-checkout-budget" data-short="">
            <BudgetLines lines={lines.filter(({ line }) => !line.budget)} currency={currency} />
            <p id={`${idPrefix}-none`} className="shop-checkout__error">
              {t('budgets.error.no_budget')}
            </p>
          </li>
        )}
      </ul>
    </section>
  );
}
