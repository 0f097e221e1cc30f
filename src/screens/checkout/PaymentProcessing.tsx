import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import type { Order } from '../../contract/contract.ts';
import { errorMessage, isApiClientError } from '../../api/errors.ts';
import { fetchOrder } from '../../api/orders.ts';
import { currentQuery, Link } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { LoginFirst, ScreenFrame, ShopPending, shopFailed } from '../ScreenFrame.tsx';
import { useRemote } from '../use-remote.ts';
import css from './checkout.css?inline';

registerStyles('checkout', css);

/** An order name as the provider makes them (`ACME-000123`); anything else in the URL is not shown. */
const ORDER_NAME = /^[A-Z0-9]{1,20}-\d{1,12}$/;

/** Whether a failed load means "no such order of yours here" (the provider answers 404 for another buyer's order too). */
function isNotFound(error: unknown): boolean {
  return isApiClientError(error, 'http') && (error.status === 404 || error.code === 'errors.not_found');
}

function frame(title: string, content: ReactNode, busy = false) {
  return (
    <ScreenFrame className="shop-checkout shop-checkout-confirmation" title={title} busy={busy}>
      {content}
    </ScreenFrame>
  );
}

/** The links on: the order (or the history) for a buyer, and the catalogue. */
function Links({ name, extra }: { name: string | null; extra?: ReactNode }) {
  useSignals();
  return (
    <p className="shop-checkout__actions shop-checkout-confirmation__links">
      {extra}
      <Link to={name ? buildPath('user-order', { name }) : buildPath('user-orders')} className="shop-checkout__link">
        {name ? t('checkout.view_order') : t('account.orders')}
      </Link>
      <Link to={buildPath('products')} className="shop-checkout__link">
        {t('cart.continue_shopping')}
      </Link>
    </p>
  );
}

/**
 * The return from an online payment (spec §2/§4: reached with `status=success`; the guard sends any
 * other status to /404). The URL is only where the buyer came from, not proof of payment: the screen
 * asks the server for the order named in `order` (`GET /api/user/order/{name}`) and shows its
 * `payment_status`:
 * - `paid` → the payment was received; `not_required` → the order needs no online payment;
 * - `pending` → not received yet, with "Check again" (the provider may confirm a moment later);
 * - `cancelled` / `expired` → the payment did not happen, nothing was charged and the order was
 *   cancelled (its stock went back), with the way to the cart and to the order ("Order again" puts its
 *   lines back in the cart to pay again).
 * While it asks: a spinner; a failed call: the error with "Try again"; a guest: the login link (the
 * order is the buyer's); no or a malformed order name: a pointer to the order history.
 */
export function PaymentProcessing(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const raw = currentQuery().get('order') ?? '';
  const name = ORDER_NAME.test(raw) ? raw : null;
  const website = shop.value;
  const session = sessionStatus.value;
  const websiteId = website?.id ?? null;
  const userId = user.value?.id ?? null;
  const enabled = name !== null && websiteId !== null && session === 'user';
  const remote = useRemote<Order>(enabled ? `${websiteId}|${userId}|${name}` : null, (signal) =>
    fetchOrder(name ?? '', websiteId ?? undefined, { signal }),
  );
  const order = remote.data && name !== null && remote.data.name.toUpperCase() === name.toUpperCase() ? remote.data : null;
  const checkTitle = t('checkout.payment_check.title');

  if (name === null) {
    return frame(checkTitle, <FrameText text={t('checkout.payment_check.no_order')} extra={<Links name={null} />} />);
  }
  if (!website) return frame(checkTitle, <ShopPending />, !shopFailed());
  if (session === 'guest') return frame(checkTitle, <LoginFirst />);
  if (remote.status === 'error' && isNotFound(remote.error)) {
    return frame(checkTitle, <FrameText text={t('checkout.payment_check.not_found', { number: name })} extra={<Links name={null} />} />);
  }
  if (remote.status === 'error') {
    return frame(
      checkTitle,
      <>
        <div className="shop-screen-frame__error" role="alert" data-state="error">
          <p>{`${t('checkout.payment_check.failed')} ${errorMessage(remote.error)}`}</p>
          <Button variant="secondary" onClick={remote.reload}>
            {t('app.retry')}
          </Button>
        </div>
        <Links name={name} />
      </>,
    );
  }
  // First load, or "Check again" while a pending payment is shown.
  const checking = remote.status === 'loading';
  if (!order) {
    return frame(checkTitle, <Loading loading label={t('checkout.payment_check.checking')} className="shop-screen-frame__pending" />, true);
  }

  const number = <p className="shop-checkout-confirmation__number">{t('checkout.order_number', { number: order.name })}</p>;
  switch (order.payment_status) {
    case 'paid':
    case 'not_required':
      return frame(
        t('checkout.thank_you'),
        <div data-state={order.payment_status}>
          <p role="status">{order.payment_status === 'paid' ? t('checkout.payment_received') : t('checkout.payment_check.not_required')}</p>
          {number}
          <Links name={order.name} />
        </div>,
      );
    case 'pending':
      return frame(
        t('checkout.payment_check.pending_title'),
        <div data-state="pending">
          <p role="status">{t('orders.payment_status.pending')}</p>
          {number}
          <p className="shop-checkout__actions">
            <Button variant="primary" onClick={remote.reload} disabled={checking}>
              {checking ? t('checkout.payment_check.checking') : t('checkout.payment_check.check_again')}
            </Button>
          </p>
          <Links name={order.name} />
        </div>,
        checking,
      );
    case 'cancelled':
    case 'expired':
      return frame(
        t('checkout.payment_check.ended_title'),
        <div data-state={order.payment_status}>
          <p role="alert">{t(`orders.payment_status.${order.payment_status}`)}</p>
          {number}
          <p>{t('checkout.payment_check.ended')}</p>
          <Links
            name={order.name}
            extra={
              <Link to={buildPath('cart')} className="shop-checkout__link">
                {t('orders.screen.go_to_cart')}
              </Link>
            }
          />
        </div>,
      );
  }
}

/** A message with the links under it. */
function FrameText({ text, extra }: { text: string; extra: ReactNode }) {
  return (
    <>
      <p className="shop-screen-frame__message">{text}</p>
      {extra}
    </>
  );
}
