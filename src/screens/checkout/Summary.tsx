import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState } from 'react';
import { isApiClientError } from '../../api/errors.ts';
import { useEmit } from '../../kit/element-context.tsx';
import { deliveryCharge, orderTotals } from '../../domain/checkout-totals.ts';
import { costCentreIssues, isMpkRequired } from '../../domain/mpk.ts';
import { t } from '../../i18n/index.ts';
import { cartTotals } from '../../store/cart.ts';
import { summaryBlockers } from '../../store/checkout-blockers.ts';
import { checkoutState, leaveForPayment, orderPlacing, placeOrder, setOrderComment } from '../../store/checkout.ts';
import { refreshUser } from '../../store/session.ts';
import { isPointsShop, shop } from '../../store/shop.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Checkbox } from '../../widgets/checkbox/Checkbox.tsx';
import { TextArea } from '../../widgets/text-area/TextArea.tsx';
import { CheckoutFrame, StepLink, useCheckoutNavigation } from './CheckoutFrame.tsx';
import { orderErrorTexts, paymentRedirectUrl, paymentReturnUrl } from './summary/order-errors.ts';
import { OrderDetails } from './summary/OrderDetails.tsx';
import { OrderLines } from './summary/OrderLines.tsx';
import { useOrderCountdown } from './summary/use-order-countdown.ts';

/** The longest order comment the provider takes (`comment: string ≤ 2000`). */
export const ORDER_COMMENT_MAX_LENGTH = 2000;

/** Props the router passes (none are needed). */
export interface SummaryProps {
  routeId?: string;
  params?: Readonly<Record<string, string>>;
}

/**
 * Step 3 of the checkout (spec §2 `/checkout/summary`; entering it marks checkout complete).
 *
 * Shows everything chosen, each block with "Edit" back to its step, the lines with their prices and the
 * totals including the delivery exactly as the server will charge them (money shops: the method's net
 * price, shown gross with 23 % VAT in a gross shop, by the pricing rule of docs/api.md "Prices and
 * rounding"; points shops: the chosen delivery budget's price). The buyer may leave a comment
 * (kept in the checkout state) and, in `mpk_required` shops, must accept the cost-centre statement.
 *
 * Placing the order waits for the provider's `remainingTime` (`GET /api/order/wait`), counted down live;
 * "Place order" works only at 0. A press while the order is on its way does nothing (the store sends
 * one request; the button is busy). On success an online payment leaves for the provider's payment page
 * (returning to `/payment-processing`), after the store cleared checkout and cart for the placed order;
 * any other payment goes to the confirmation. Failures show the spec's texts in an alert; a 429
 * restarts the countdown; a timeout or a lost connection lets the buyer press again, which repeats the
 * same attempt (same `Idempotency-Key`), so no second order is placed.
 */
export function Summary(_props: SummaryProps) {
  useSignals();
  const navigation = useCheckoutNavigation();
  const emit = useEmit();
  const ids = useId();
  const statementRef = useRef<HTMLInputElement>(null);
  const website = shop.value;
  const state = checkoutState.value;
  const points = isPointsShop.value;
  const summary = cartTotals.value;
  const placing = orderPlacing.value;
  const currency = website?.currency ?? '';
  const isGross = website?.is_gross ?? false;
  const mpkRequired = isMpkRequired(website);
  const countdown = useOrderCountdown(website?.id ?? null);
  const [accepted, setAccepted] = useState(false);
  const [statementError, setStatementError] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [leaving, setLeaving] = useState(false);

  const method = state.deliveryMethod;
  const delivery = deliveryCharge(method, state.paymentForDeliveryBudget, { points, isGross });
  const totals = orderTotals(
    summary.lines.map(({ line, unitPrice }) => ({ unit_price: unitPrice, quantity: line.quantity, vat: line.pricing.vat, vat_included: line.pricing.vat_included })),
    delivery,
    { points, isGross },
  );

  // What the server would refuse anyway, said before the buyer presses (one computed value).
  const blockers = summaryBlockers.value;

  const seconds = countdown.seconds;
  const ready = seconds === 0 && blockers.length === 0 && summary.lines.length > 0 && !leaving;

  const onPlace = async () => {
    if (!ready || orderPlacing.peek()) return;
    if (costCentreIssues(website, { mpk_code: state.mpkCode, cost_centre_statement: accepted }).cost_centre_statement) {
      setStatementError(true);
      statementRef.current?.focus();
      return;
    }
    setFailure(null);
    try {
      const order = await placeOrder({ costCentreStatement: accepted });
      if (!order) return;
      emit('shop-order-placed', { name: order.name });
      if (order.paymentUrl) {
        setLeaving(true);
        const target = paymentRedirectUrl(order.paymentUrl, paymentReturnUrl(order.name));
        // The order exists: checkout and cart are cleared before the buyer leaves to pay.
        leaveForPayment(target);
        return;
      }
      navigation.go('confirmation');
    } catch (error) {
      setFailure(error);
      if (isApiClientError(error, 'http')) {
        if (error.status === 429) countdown.restart(error.remainingTime ?? error.retryAfter ?? 0);
        if (error.code.startsWith('budgets.')) void refreshUser();
      }
    }
  };

  const errorTexts = failure === null ? [] : orderErrorTexts(failure);
  const blockersId = `${ids}blockers`;
  const waitId = `${ids}wait`;
  const describedBy = [blockers.length > 0 ? blockersId : null, seconds !== null && seconds > 0 ? waitId : null].filter(Boolean).join(' ') || undefined;

  return (
    <CheckoutFrame step="summary">
      <OrderDetails state={state} currency={currency} points={points} isGross={isGross} mpkRequired={mpkRequired} delivery={delivery} />
      <OrderLines lines={summary.lines} totals={totals} currency={currency} isGross={isGross} deliveryUnknown={delivery === null} />

      <section className="shop-checkout__section" aria-labelledby={`${ids}finish`}>
        <h2 id={`${ids}finish`} className="shop-visually-hidden">
          {t('checkout.place_order')}
        </h2>
        <TextArea
          label={t('checkout.comment')}
          placeholder={t('checkout.comment_placeholder')}
          maxLength={ORDER_COMMENT_MAX_LENGTH}
          value={state.orderComment}
          onValueChange={setOrderComment}
        />
        {mpkRequired && (
          <Checkbox
            ref={statementRef}
            label={t('checkout.statement')}
            required
            checked={accepted}
            onCheckedChange={(checked) => {
              setAccepted(checked);
              if (checked) setStatementError(false);
            }}
            error={statementError ? t('validation.statement') : undefined}
          />
        )}
        {blockers.length > 0 && (
          <ul id={blockersId} className="shop-checkout-summary__blockers">
            {blockers.map((blocker) => (
              <li key={blocker.key}>
                <span className="shop-checkout__error">{`${t(blocker.key, blocker.params)} `}</span>
                <StepLink step={blocker.step}>{t(`checkout.steps.${blocker.step}`)}</StepLink>
              </li>
            ))}
          </ul>
        )}
        <div role="alert" className="shop-checkout-summary__alert">
          {errorTexts.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
        <p role="status" className="shop-checkout-summary__status">
          {leaving ? t('checkout.summary_step.redirecting') : placing ? t('checkout.placing_order') : ''}
        </p>
        <div className="shop-checkout__actions">
          <Button variant="secondary" onClick={() => navigation.go('payment')}>
            {t('checkout.back')}
          </Button>
          <div className="shop-checkout-summary__place">
            {seconds !== null && seconds > 0 && (
              <p id={waitId} className="shop-checkout__muted" role="timer">
                {t('checkout.wait', { seconds })}
              </p>
            )}
            <Button onClick={() => void onPlace()} disabled={!ready} loading={placing} aria-describedby={describedBy}>
              {t('checkout.place_order')}
            </Button>
          </div>
        </div>
      </section>
    </CheckoutFrame>
  );
}
