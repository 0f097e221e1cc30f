import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { fetchOrder } from '../../api/orders.ts';
import { isApiClientError } from '../../api/errors.ts';
import { Link } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { LoginFirst, ShopPending, shopFailed } from '../ScreenFrame.tsx';
import { AccountFrame } from './AccountFrame.tsx';
import { OrderAgain } from './orders/OrderAgain.tsx';
import { OrderFacts } from './orders/OrderFacts.tsx';
import { OrderItemsTable } from './orders/OrderItemsTable.tsx';
import { OrderLoadError } from './orders/OrderLoadError.tsx';
import { OrderStatusBadge } from './orders/OrderStatusBadge.tsx';
import { useRemote } from '../use-remote.ts';
import css from './orders/orders.css?inline';

registerStyles('account-orders', css);

/** Whether a failed load means "no such order of yours here" (the provider answers 404 for another buyer's order too). */
function isNotFound(error: unknown): boolean {
  return isApiClientError(error, 'http') && (error.status === 404 || error.code === 'errors.not_found');
}

/** The order screen's frame: its heading, the account menu and `content`. */
function frame(title: string, content: ReactNode, busy = false) {
  return (
    <AccountFrame title={title} className="shop-account-order" busy={busy}>
      {content}
    </AccountFrame>
  );
}

/** The link back to the history. */
function BackLink() {
  useSignals();
  return (
    <p>
      <Link to={buildPath('user-orders')} className="shop-order__back">
        {t('orders.back')}
      </Link>
    </p>
  );
}

/**
 * One order (spec §2 `/user/orders/{name}`): its date, status label, total, payment; the
 * lines with variants, prices and budgets; totals; delivery, addresses, contact, cost centre and
 * comment; and "Order again", which puts the lines back in the cart at today's prices. An order that
 * is not this buyer's in this shop (the provider answers 404, never the order) shows "Page not found"
 * with the way back to the history.
 */
export function OrderDetail({ params }: { routeId?: string; params: Readonly<{ name?: string }> & Readonly<Record<string, string>> }) {
  useSignals();
  const name = params.name ?? '';
  const website = shop.value;
  const session = sessionStatus.value;
  const websiteId = website?.id ?? null;
  // Another person logging in on this page sees their own orders.
  const userId = user.value?.id ?? null;
  const enabled = websiteId !== null && session === 'user' && name !== '';
  const remote = useRemote(enabled ? `${websiteId}|${userId}|${name}` : null, (signal) => fetchOrder(name, websiteId ?? undefined, { signal }));
  // An earlier order's data is never shown under another name.
  const order = remote.data && remote.data.name.toUpperCase() === name.toUpperCase() ? remote.data : null;
  const notFound = name === '' || (remote.status === 'error' && isNotFound(remote.error));

  const title = t('orders.order', { number: order?.name ?? name });

  if (!website) return frame(title, <ShopPending />, !shopFailed());
  if (session === 'guest') return frame(title, <LoginFirst />);
  if (notFound) {
    return frame(
      t('errors.not_found'),
      <div data-state="not-found">
        <p className="shop-orders__message">{t('orders.screen.not_found_text', { number: name })}</p>
        <BackLink />
      </div>,
    );
  }
  if (remote.status === 'error') {
    return frame(
      title,
      <>
        <OrderLoadError error={remote.error} onRetry={remote.reload} />
        <BackLink />
      </>,
    );
  }
  if (!order || websiteId === null) {
    return frame(title, <Loading loading label={t('orders.screen.loading_order')} className="shop-screen-frame__pending" />, true);
  }

  return frame(
    title,
    <>
      <BackLink />
      <dl className="shop-order__list">
        <div>
          <dt>{t('orders.screen.placed')}</dt>
          <dd>
            <time dateTime={order.date}>{formatDate(order.date, undefined, true)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('orders.status_label')}</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.total')}</dt>
          <dd>{formatMoney(order.total, order.currency)}</dd>
        </div>
      </dl>
      <OrderAgain order={order} websiteId={websiteId} />
      <OrderItemsTable order={order} />
      <OrderFacts order={order} />
    </>,
  );
}
