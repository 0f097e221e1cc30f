import { useSignals } from '@preact/signals-react/runtime';
import { batch } from '@preact/signals-react';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { isNipMissing, type DeliveryCostBudgetChoice, type PaymentMethodCode } from '../../domain/checkout.ts';
import { budgetPlan, deliveryBudgetOptions, type BudgetLine } from '../../domain/checkout-totals.ts';
import { t } from '../../i18n/index.ts';
import { cartTotals } from '../../store/cart.ts';
import { checkoutState, chooseDeliveryBudget, choosePaymentMethod, completeCheckoutStep } from '../../store/checkout.ts';
import { refreshUser, user } from '../../store/session.ts';
import { isPointsShop, shop } from '../../store/shop.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { SelectButton } from '../../widgets/select-button/SelectButton.tsx';
import { CheckoutFrame, StepLink, useCheckoutNavigation } from './CheckoutFrame.tsx';
import { BudgetOverview, budgetProblemIds } from './payment/BudgetOverview.tsx';
import { DeliveryBudgetChoice } from './payment/DeliveryBudgetChoice.tsx';
import { usePaymentMethods } from './payment/use-payment-methods.ts';

/** Props the router passes (none are needed). */
export interface PaymentProps {
  routeId?: string;
  params?: Readonly<Record<string, string>>;
}

/**
 * Step 2 of the checkout (spec §2 `/checkout/payment`, "payment details").
 *
 * - The shop's payment methods (`POST /api/payment`), with loading, a failure with "Try again", and
 *   "none available"; a shop with a single method has it chosen already.
 * - Invoice with a billing address that has no tax ID: "Nip missing from address" (spec §5) with a link
 *   back to the delivery step, and Continue stays disabled.
 * - Points shops: the budget that pays each line (lines grouped by their product's budget, paid from
 *   the buyer's active assignments of it, the one expiring first first; `budget-spend.ts`) and, when the chosen delivery method has delivery budgets, the
 *   choice of the one that pays the delivery, among the budgets the buyer holds an active assignment
 *   of (the choice keeps that assignment's id). Each budget shows the points left after this order;
 *   one that would go below zero says "You don't have enough points in this budget" and Continue
 *   stays disabled, before anything is sent. The balances are reloaded when the step opens.
 *
 * Continue saves the payment method and the delivery budget and goes to the summary.
 */
export function Payment(_props: PaymentProps) {
  useSignals();
  const navigation = useCheckoutNavigation();
  const ids = useId();
  const website = shop.value;
  const state = checkoutState.value;
  const points = isPointsShop.value;
  const summary = cartTotals.value;
  const assignments = user.value?.budgets ?? [];
  const currency = website?.currency ?? '';
  const load = usePaymentMethods(website?.id ?? null);
  const [picked, setPicked] = useState<PaymentMethodCode | null>(state.paymentMethod);
  const [pickedBudget, setPickedBudget] = useState<number | null>(state.paymentForDeliveryBudget?.budget_id ?? null);

  // Points left are shown before anything is sent: start from the current balances.
  useEffect(() => {
    if (points) void refreshUser();
  }, [points]);

  const methods = load.status === 'ready' ? (load.data ?? []) : [];
  const method = methods.some((candidate) => candidate.code === picked) ? picked : methods.length === 1 ? (methods[0]?.code ?? null) : null;

  // Points shops: who pays the lines and the delivery.
  const offered = points && state.deliveryMethod ? state.deliveryMethod.budgets : [];
  const needsDeliveryBudget = offered.length > 0;
  const options = deliveryBudgetOptions(offered, assignments);
  const deliveryChoice = options.find((option) => option.budget_id === pickedBudget) ?? (options.length === 1 ? (options[0] ?? null) : null);
  const budgetLines: BudgetLine[] = summary.lines.map(({ line, total }) => ({ budget: line.budget, total }));
  const plan = points ? budgetPlan(budgetLines, assignments, deliveryChoice ? { assignment_id: deliveryChoice.assignment_id, price: deliveryChoice.price } : null) : null;
  const pointsAfter = (option: DeliveryCostBudgetChoice) =>
    budgetPlan(budgetLines, assignments, { assignment_id: option.assignment_id, price: option.price }).uses.find((use) => use.budget_id === option.budget_id)?.after ?? null;

  const nipMissing = isNipMissing(state, method);
  const noDeliveryBudget = needsDeliveryBudget && options.length === 0;
  const deliveryBudgetMissing = needsDeliveryBudget && options.length > 0 && !deliveryChoice;

  const nipId = `${ids}nip`;
  const methodNoteId = `${ids}method`;
  const deliveryBudgetId = `${ids}delivery-budget`;
  const budgetIdPrefix = `${ids}budget`;
  const reasons = [
    load.status === 'ready' && methods.length > 0 && method === null ? methodNoteId : null,
    nipMissing ? nipId : null,
    noDeliveryBudget || deliveryBudgetMissing ? deliveryBudgetId : null,
    ...(plan ? budgetProblemIds(plan, budgetIdPrefix) : []),
  ].filter((id): id is string => id !== null);
  const canContinue = method !== null && reasons.length === 0 && (plan === null || plan.payable);

  const onContinue = () => {
    if (!canContinue || method === null) return;
    batch(() => {
      choosePaymentMethod(method);
      chooseDeliveryBudget(needsDeliveryBudget ? deliveryChoice : null);
      completeCheckoutStep('payment');
    });
    navigation.go('summary');
  };

  return (
    <CheckoutFrame step="payment" busy={load.status === 'loading'}>
      <section className="shop-checkout__section" aria-labelledby={`${ids}title`}>
        <h2 id={`${ids}title`} className="shop-checkout__section-title">
          {t('checkout.payment_method')}
        </h2>
        {load.status === 'loading' && <Loading loading label={t('checkout.payment_step.loading_methods')} className="shop-checkout-payment__pending" />}
        {load.status === 'error' && (
          <div className="shop-checkout-payment__notice" role="alert">
            <p>{`${t('checkout.payment_step.methods_failed')} ${errorMessage(load.error)}`}</p>
            <Button variant="secondary" size="small" onClick={load.reload}>
              {t('app.retry')}
            </Button>
          </div>
        )}
        {load.status === 'ready' && methods.length === 0 && <p className="shop-checkout__muted">{t('checkout.payment_step.no_methods')}</p>}
        {load.status === 'ready' && methods.length > 0 && (
          <>
            <SelectButton
              label={t('checkout.payment_method')}
              hideLabel
              required
              options={methods.map((candidate) => ({ value: candidate.code, label: t(`checkout.payment_methods.${candidate.code}`) }))}
              value={method}
              onValueChange={(value) => setPicked(value as PaymentMethodCode)}
            />
            {method === null && (
              <p id={methodNoteId} className="shop-checkout__muted">
                {t('checkout.payment_step.choose_method')}
              </p>
            )}
          </>
        )}
        {nipMissing && (
          <p id={nipId} className="shop-checkout__error">
            {/* The spec's message first, then what it means for the buyer and where to fix it. */}
            {`${t('validation.nip_missing')}. ${t('checkout.delivery_step.nip_for_invoice')} `}
            <StepLink step="delivery">{t('checkout.payment_step.change_billing')}</StepLink>
          </p>
        )}
      </section>

      {noDeliveryBudget && (
        <section className="shop-checkout__section">
          <h2 className="shop-checkout__section-title">{t('checkout.delivery_budget')}</h2>
          <p id={deliveryBudgetId} className="shop-checkout__error">
            {`${t('checkout.payment_step.no_delivery_budget')} `}
            <StepLink step="delivery">{t('checkout.payment_step.change_delivery')}</StepLink>
          </p>
        </section>
      )}
      {needsDeliveryBudget && options.length > 0 && (
        <DeliveryBudgetChoice
          options={options}
          value={deliveryChoice?.budget_id ?? null}
          onChange={(option) => setPickedBudget(option.budget_id)}
          pointsAfter={pointsAfter}
          currency={currency}
          note={deliveryBudgetMissing ? { id: deliveryBudgetId, text: t('checkout.payment_step.choose_delivery_budget') } : null}
        />
      )}
      {plan && <BudgetOverview plan={plan} lines={summary.lines} currency={currency} deliveryBudgetId={deliveryChoice?.budget_id ?? null} idPrefix={budgetIdPrefix} />}

      <div className="shop-checkout__actions">
        <Button variant="secondary" onClick={() => navigation.go('delivery')}>
          {t('checkout.back')}
        </Button>
        <Button onClick={onContinue} disabled={!canContinue} aria-describedby={reasons.length > 0 ? reasons.join(' ') : undefined}>
          {t('checkout.next')}
        </Button>
      </div>
    </CheckoutFrame>
  );
}
