import { useSignals } from '@preact/signals-react/runtime';
import type { UserBudget } from '../../contract/contract.ts';
import { errorMessage } from '../../api/errors.ts';
import { assignmentPhase, assignmentsForDisplay, type AssignmentPhase } from '../../domain/budget-display.ts';
import { isSpendable, planSpend } from '../../domain/budget-spend.ts';
import { fetchBudgets } from '../../api/user.ts';
import { formatDate, formatPoints } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { cartBudgetTotals } from '../../store/cart.ts';
import { user } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { Badge } from '../../widgets/badge/Badge.tsx';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { useRemote } from '../use-remote.ts';
import { AccountFrame } from './AccountFrame.tsx';

/**
 * Budgets (spec §2 `/user/budgets`, points shops only; the guard sends other shops to the order
 * history): each of the buyer's budget assignments with its name and colour, points left of points
 * assigned, start and end date, its state (active, expired, inactive, scheduled), and what the
 * current cart would take from it by the budget rule (`src/domain/budget-spend.ts`: a budget gives the
 * sum of its active assignments, the one expiring first spent first); when the cart needs more of a
 * budget than all its active assignments hold, each of them says so. Listed as a buyer reads them
 * (`assignmentsForDisplay`): spendable first, in spending order, then upcoming, switched off and expired
 * ones. Loaded fresh on opening (another tab or an order may have spent points); a buyer without an
 * active budget is told whom to contact.
 */
export function Budgets(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const websiteId = shop.value?.id ?? null;
  const load = useRemote(websiteId === null ? null : String(websiteId), (signal) => fetchBudgets(websiteId ?? 0, { signal }));
  const budgets = load.status === 'ready' ? (load.data ?? []) : null;

  const now = new Date();
  const needs = [...cartBudgetTotals.value].map(([budget_id, points]) => ({ budget_id, points }));
  const plan = budgets ? planSpend(needs, budgets, now) : null;
  const ofBudget = (budget: UserBudget) => plan?.budgets.find((candidate) => candidate.budget_id === budget.budget_id);
  const share = (budget: UserBudget) => ofBudget(budget)?.uses.find((use) => use.assignment.id === budget.id)?.points ?? 0;
  const short = (budget: UserBudget) => isSpendable(budget, now) && (ofBudget(budget)?.shortfall ?? 0) > 0;
  const coordinatorEmail = user.value?.coordinator_email ?? null;
  return (
    <AccountFrame title={t('budgets.title')} className="shop-account-budgets" busy={load.status === 'loading'}>
      {load.status === 'loading' && <Loading loading className="shop-screen-frame__pending" />}
      {load.status === 'error' && (
        <div role="alert" className="shop-account-budgets__error">
          <p className="shop-screen-frame__error">{errorMessage(load.error)}</p>
          <Button variant="secondary" size="small" onClick={load.reload}>
            {t('app.retry')}
          </Button>
        </div>
      )}
      {budgets && budgets.length === 0 && <p className="shop-screen-frame__message">{t('budgets.none')}</p>}
      {budgets && budgets.length > 0 && !budgets.some((budget) => budget.is_active) && coordinatorEmail && (
        <p className="shop-screen-frame__message">{t('budgets.contact_coordinator', { email: coordinatorEmail })}</p>
      )}
      {budgets && budgets.length > 0 && (
        <ul className="shop-account-budgets__list">
          {assignmentsForDisplay(budgets, now).map((budget) => (
            <BudgetCard key={budget.id} budget={budget} phase={assignmentPhase(budget, now)} inCart={share(budget)} short={short(budget)} />
          ))}
        </ul>
      )}
    </AccountFrame>
  );
}

/** What a card says of its points when it has none to spend: "Expired on 31 Dec 2025: no points to spend". */
function idleText(budget: UserBudget, phase: Exclude<AssignmentPhase, 'active'>): string {
  if (phase === 'expired') return t('budgets.expired_on', { date: formatDate(budget.expiry_date) });
  if (phase === 'scheduled') return t('budgets.available_from', { date: formatDate(budget.start_date), points: formatPoints(budget.points_left) });
  return t('budgets.switched_off');
}

/**
 * One assignment: name in its colour, its phase (by its dates, `assignmentPhase`), and for an active
 * one the points left of assigned with a meter; an expired, upcoming or switched-off one says so
 * instead ("Expired on …: no points to spend"), without a meter that would read as a full budget.
 * Then the dates, what the cart takes from it, and "not enough points" when its budget cannot pay the
 * cart (`short`).
 */
function BudgetCard({ budget, phase, inCart, short }: { budget: UserBudget; phase: AssignmentPhase; inCart: number; short: boolean }) {
  useSignals();
  const share = budget.points > 0 ? Math.max(0, Math.min(1, budget.points_left / budget.points)) : 0;
  const titleId = `shop-budget-${budget.id}`;
  return (
    <li className="shop-account-budget" aria-labelledby={titleId} data-status={phase}>
      <div className="shop-account-budget__head">
        <h2 id={titleId} className="shop-account-budget__name">
          <Badge color={budget.color}>{budget.name}</Badge>
        </h2>
        <Badge tone={phase === 'active' ? 'success' : 'neutral'}>{t(`budgets.status.${phase}`)}</Badge>
      </div>
      {phase === 'active' ? (
        <>
          <p className="shop-account-budget__points">{t('budgets.points_left_of', { left: formatPoints(budget.points_left), assigned: formatPoints(budget.points) })}</p>
          <meter className="shop-account-budget__meter" min={0} max={budget.points} value={budget.points_left} aria-label={t('budgets.points_left')}>
            {`${Math.round(share * 100)} %`}
          </meter>
        </>
      ) : (
        <p className="shop-account-budget__points">{idleText(budget, phase)}</p>
      )}
      <dl className="shop-account-budget__facts">
        <div>
          <dt>{t('budgets.start_date')}</dt>
          <dd>{formatDate(budget.start_date)}</dd>
        </div>
        <div>
          <dt>{t('budgets.end_date')}</dt>
          <dd>{formatDate(budget.expiry_date)}</dd>
        </div>
        {(inCart > 0 || short) && (
          <div>
            <dt>{t('budgets.in_cart_label')}</dt>
            <dd data-short={short || undefined}>{formatPoints(inCart)}</dd>
          </div>
        )}
      </dl>
      {short && <p className="shop-screen-frame__error">{t('budgets.not_enough_points')}</p>}
    </li>
  );
}
