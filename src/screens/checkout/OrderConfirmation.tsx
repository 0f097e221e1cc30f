import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { fetchOrder } from '../../api/orders.ts';
import type { Order } from '../../contract/contract.ts';
import { Link } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import type { PlacedOrder } from '../../domain/checkout.ts';
import { formatMoney } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { confirmPlacedOrder, placedOrderAnswer } from '../../store/checkout.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { OrderFacts } from '../account/orders/OrderFacts.tsx';
import { OrderItemsTable } from '../account/orders/OrderItemsTable.tsx';
import { OrderLoadError } from '../account/orders/OrderLoadError.tsx';
import ordersCss from '../account/orders/orders.css?inline';
import { ScreenFrame } from '../ScreenFrame.tsx';
import { useRemote } from '../use-remote.ts';
import { useCheckoutNavigation } from './CheckoutFrame.tsx';

// The lines, totals and facts are the order page's own blocks, in its styles.
registerStyles('account-orders', ordersCss);

/**
 * What happens next with `order`, one sentence each: the e-mail, then how it is paid (an invoice, the
 * points taken from the budgets, or an online payment received or still awaited).
 *
 * No order of the provider API waits for a coordinator's approval (a coordinator approves accounts
 * and assigns budgets, not orders; docs/api.md), so there is no approval step to announce.
 */
function nextSteps(order: Order | null, placed: PlacedOrder): string[] {
  const email = order?.contact['email'] || placed.email;
  const steps = email ? [t('checkout.confirmation_text', { email })] : [];
  if (!order) return steps;
  if (order.payment_method === 'invoice') steps.push(t('checkout.confirmation_next.invoice'));
  else if (order.payment_method === 'budget') steps.push(t('checkout.confirmation_next.budget', { points: formatMoney(order.total_points, order.currency) }));
  else if (order.payment_status === 'paid') steps.push(t('checkout.payment_received'));
  else if (order.payment_status === 'pending') steps.push(t('checkout.confirmation_next.online_pending'));
  steps.push(t('checkout.confirmation_next.follow'));
  return steps;
}

/**
 * The order confirmation (spec §2 `/order-confirmation`): reached only with checkout
 * complete (the guard), it takes the order just placed and then clears checkout, cart and contact
 * information. It says what was ordered as the provider recorded it (the server is the authority, not
 * the cart that was just cleared): the order number in a status message, what happens next (the
 * e-mail, the payment), the lines with their pictures, variants, quantities and prices, the totals, the
 * delivery method and address, billing, contact and payment, and links to the order's page in the
 * account and on shopping. The order is the provider's answer to placing it, or, after a reload, loaded
 * by its name. Without a placed order (the flag alone is set by entering the summary) it clears nothing
 * and goes back to the summary, so a cart that was never ordered is never lost. Focus moves to the
 * heading once the order is taken (the `<shop-checkout>` element has no router to do it).
 */
export function OrderConfirmation(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const navigation = useCheckoutNavigation();
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  useEffect(() => {
    const order = confirmPlacedOrder();
    if (order) setPlaced(order);
    else navigation.go('summary');
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per visit of the screen: the order is taken when it opens.
  }, []);
  // The buyer pressed Place order at the foot of the summary: the confirmation is read from its top.
  useEffect(() => {
    if (placed && !heading.current?.contains(document.activeElement)) {
      heading.current?.focus();
      heading.current?.scrollIntoView({ block: 'start' });
    }
  }, [placed]);

  const websiteId = shop.value?.id ?? null;
  const answered = placedOrderAnswer.value;
  const known = placed && answered?.name === placed.name ? answered : null;
  const remote = useRemote(placed && !known && websiteId !== null ? `${websiteId}|${placed.name}` : null, (signal) =>
    fetchOrder(placed?.name ?? '', websiteId ?? undefined, { signal }),
  );
  const order = known ?? (placed && remote.data?.name === placed.name ? remote.data : null);

  let details;
  if (!placed) details = <Loading loading className="shop-screen-frame__pending" />;
  else if (order) {
    details = (
      <>
        <OrderItemsTable order={order} />
        <OrderFacts order={order} />
      </>
    );
  } else if (remote.status === 'error') {
    details = (
      <OrderLoadError error={remote.error} onRetry={remote.reload} />
    );
  } else details = <Loading loading label={t('orders.screen.loading_order')} className="shop-screen-frame__pending" />;

  return (
    <ScreenFrame
      className="shop-checkout shop-checkout-confirmation"
      title={placed ? t('checkout.thank_you') : t('checkout.steps.confirmation')}
      busy={!placed || (!order && remote.status === 'loading')}
      headingRef={heading}
    >
      {placed && (
        <>
          <p role="status" className="shop-checkout-confirmation__number">
            {t('checkout.order_number', { number: placed.name })}
          </p>
          <section className="shop-order__section shop-checkout-confirmation__next" aria-labelledby={`${ids}next`}>
            <h2 id={`${ids}next`} className="shop-order__section-title">
              {t('checkout.confirmation_next.title')}
            </h2>
            <ul className="shop-checkout-confirmation__steps">
              {nextSteps(order, placed).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </section>
        </>
      )}
      {details}
      {placed && (
        <p className="shop-checkout__actions shop-checkout-confirmation__links">
          <Link to={buildPath('user-order', { name: placed.name })} className="shop-checkout__link">
            {t('checkout.view_order')}
          </Link>
          <Link to={buildPath('products')} className="shop-checkout__link">
            {t('cart.continue_shopping')}
          </Link>
        </p>
      )}
    </ScreenFrame>
  );
}
