import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { Link } from '../../kit/router.tsx';
import type { CartBlocker, CartReview } from '../../domain/cart-review.ts';
import { buildPath } from '../../domain/routes.ts';
import { formatMoney } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import type { CartTotalsSummary } from '../../store/cart.ts';
import { Badge } from '../../widgets/badge/Badge.tsx';
import { Button } from '../../widgets/button/Button.tsx';

/** Props of {@link CartSummary}. */
export interface CartSummaryProps {
  summary: CartTotalsSummary;
  review: CartReview;
  currency: string;
  isGross: boolean;
  /** Nobody is logged in: checkout will ask to log in first. */
  guest: boolean;
  /** Whom a buyer without an active budget contacts, when known. */
  coordinatorEmail: string | null;
}

/**
 * What a budget keeps after this order: the points left now less what the cart takes (in whole cents of
 * a point, as the budget rule adds them), or "50 pts short" when the cart takes more than it has.
 */
function afterOrderText(pointsLeft: number, needed: number, currency: string): string {
  const after = (Math.round(pointsLeft * 100) - Math.round(needed * 100)) / 100;
  return after >= 0 ? formatMoney(after, currency) : t('cart.budget_short', { points: formatMoney(-after, currency) });
}

/** The text of a reason checkout is blocked; the coordinator's address when a buyer has no budget. */
function blockerText(blocker: CartBlocker, coordinatorEmail: string | null): string {
  if (blocker === 'cart.blocked.no_active_budget' && coordinatorEmail) return t('budgets.contact_coordinator', { email: coordinatorEmail });
  return t(blocker);
}

/**
 * The cart's order summary: net, VAT and gross with the total the shop charges (or points in a
 * points shop), each budget's subtotal against the points left on it, the reasons checkout cannot
 * start yet, and the way on: "Go to checkout" (a disabled button described by the reasons while
 * blocked) and "Continue shopping".
 */
export function CartSummary({ summary, review, currency, isGross, guest, coordinatorEmail }: CartSummaryProps) {
  useSignals();
  const ids = useId();
  const budgetNames = new Map(summary.lines.flatMap(({ line }) => (line.budget ? [[line.budget.id, line.budget] as const] : [])));
  const blocked = review.blockers.length > 0;

  return (
    <aside className="shop-cart-summary-panel" aria-labelledby={`${ids}title`}>
      <h2 id={`${ids}title`} className="shop-cart__subtitle">
        {t('cart.summary_title')}
      </h2>
      <dl className="shop-cart-totals">
        {summary.kind === 'money' && (
          <>
            <div>
              <dt>{t('cart.net')}</dt>
              <dd>{formatMoney(summary.net, currency)}</dd>
            </div>
            <div>
              <dt>{t('cart.vat')}</dt>
              <dd>{formatMoney(summary.vat, currency)}</dd>
            </div>
            <div>
              <dt>{t('cart.gross')}</dt>
              <dd>{formatMoney(summary.gross, currency)}</dd>
            </div>
          </>
        )}
        <div className="shop-cart-totals__total">
          <dt>
            {t('cart.total')}
            {summary.kind === 'money' && <span className="shop-cart-totals__basis">{` (${isGross ? t('product.gross') : t('product.net')})`}</span>}
          </dt>
          <dd>{formatMoney(summary.total, currency)}</dd>
        </div>
      </dl>

      {review.budgets.length > 0 && (
        <section className="shop-cart-budgets" aria-labelledby={`${ids}budgets`}>
          <h3 id={`${ids}budgets`} className="shop-cart-budgets__title">
            {t('cart.budgets_title')}
          </h3>
          <ul className="shop-cart-budgets__list">
            {review.budgets.map((budget) => {
              const named = budgetNames.get(budget.budget_id);
              return (
                <li key={budget.budget_id} className="shop-cart-budget" data-problem={budget.problem ?? undefined}>
                  <Badge color={named?.color} hiddenPrefix={`${t('product.budget')}:`}>
                    {named?.name ?? String(budget.budget_id)}
                  </Badge>
                  <dl className="shop-cart-budget__figures">
                    <div>
                      <dt>{t('cart.budget_available')}</dt>
                      <dd>{budget.pointsLeft === null ? t('budgets.status.inactive') : formatMoney(budget.pointsLeft, currency)}</dd>
                    </div>
                    <div>
                      <dt>{t('cart.budget_used')}</dt>
                      <dd>{formatMoney(budget.needed, currency)}</dd>
                    </div>
                    {budget.pointsLeft !== null && (
                      <div>
                        <dt>{t('cart.budget_after')}</dt>
                        <dd>{afterOrderText(budget.pointsLeft, budget.needed, currency)}</dd>
                      </div>
                    )}
                  </dl>
                  {budget.problem && <p className="shop-cart-budget__problem">{t(budget.problem)}</p>}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {blocked && (
        <div id={`${ids}blockers`} className="shop-cart-blockers">
          <p className="shop-cart-blockers__title">{t('cart.blocked_title')}</p>
          <ul>
            {review.blockers.map((blocker) => (
              <li key={blocker}>{blockerText(blocker, coordinatorEmail)}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="shop-cart-summary-panel__actions">
        {review.canCheckout ? (
          <Link to={buildPath('checkout')} className="shop-button" data-variant="primary" data-full-width="" part="button">
            {t('cart.checkout')}
          </Link>
        ) : (
          <Button fullWidth disabled aria-describedby={blocked ? `${ids}blockers` : undefined}>
            {t('cart.checkout')}
          </Button>
        )}
        {guest && <p className="shop-cart-summary-panel__note">{t('cart.login_to_checkout')}</p>}
        <Link to={buildPath('products')} className="shop-button" data-variant="secondary" data-full-width="" part="button">
          {t('cart.continue_shopping')}
        </Link>
      </div>
    </aside>
  );
}
