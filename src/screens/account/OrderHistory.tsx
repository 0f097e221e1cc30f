import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fetchOrders } from '../../api/orders.ts';
import { errorMessage } from '../../api/errors.ts';
import { currentPath, currentQuery, hrefFor, Link, navigate, routerActive } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { Pagination } from '../catalogue/Pagination.tsx';
import { LoginFirst, ShopPending, shopFailed } from '../ScreenFrame.tsx';
import { AccountFrame } from './AccountFrame.tsx';
import { ORDERS_PER_PAGE, pageCount, pageFromQuery } from './orders/order-view.ts';
import { OrderTable } from './orders/OrderTable.tsx';
import { useRemote } from '../use-remote.ts';
import css from './orders/orders.css?inline';

registerStyles('account-orders', css);

/** The history's path for a page (`/user/orders`, `/user/orders?page=2`). */
function historyPath(page: number): string {
  const base = buildPath('user-orders');
  return page > 1 ? `${base}?page=${page}` : base;
}

/**
 * Order history (spec §2 `/user/orders`): the buyer's orders in this shop, newest first, ten
 * a page, as a table (number linking to the order, date, status label, total in money or points,
 * number of products), with page navigation. In the storefront the page is in the URL (`?page=2`),
 * so back/forward and shared links keep it. Loading, empty ("You haven't placed any orders yet.")
 * and failed (with "Try again") states; a page past the end goes to the last page.
 */
export function OrderHistory({ routeId }: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const routed = routeId === 'user-orders' && routerActive.value;
  const heading = useRef<HTMLHeadingElement>(null);
  const [localPage, setLocalPage] = useState(1);
  // Read the path so that a URL change (back/forward) re-renders with its page.
  const path = currentPath.value;
  const page = routed ? pageFromQuery(currentQuery()) : localPage;

  const website = shop.value;
  const session = sessionStatus.value;
  const websiteId = website?.id ?? null;
  // Another person logging in on this page sees their own orders.
  const userId = user.value?.id ?? null;
  const enabled = websiteId !== null && session === 'user';
  const orders = useRemote(enabled ? `${websiteId}|${userId}|${page}` : null, (signal) => fetchOrders(websiteId ?? 0, page, { perPage: ORDERS_PER_PAGE, signal }));

  const meta = orders.data?.meta ?? null;
  const pages = meta ? pageCount(meta) : 1;
  // A page past the end (an old link, or orders gone): show the last page instead.
  const pastEnd = orders.status === 'ready' && meta !== null && meta.total > 0 && orders.data?.data.length === 0 && page > pages;
  useEffect(() => {
    if (!pastEnd) return;
    if (routed) navigate(historyPath(pages), { replace: true });
    else setLocalPage(pages);
  }, [pastEnd, routed, pages, path]);

  const goToPage = (target: number) => {
    if (routed) navigate(historyPath(target));
    else setLocalPage(target);
    heading.current?.focus();
  };

  const frame = (content: ReactNode, busy = false) => (
    <AccountFrame title={t('orders.title')} className="shop-account-orders" busy={busy} headingRef={heading}>
      {content}
    </AccountFrame>
  );

  if (!website) return frame(<ShopPending />, !shopFailed());
  if (session === 'guest') return frame(<LoginFirst />);
  if (!enabled || (orders.data === null && orders.status !== 'error')) {
    return frame(<Loading loading label={t('orders.screen.loading')} className="shop-screen-frame__pending" />, true);
  }
  if (orders.data === null) {
    return frame(
      <div className="shop-orders__error" role="alert">
        <p>{`${t('orders.screen.load_failed')} ${errorMessage(orders.error)}`}</p>
        <Button variant="secondary" onClick={orders.reload}>
          {t('app.retry')}
        </Button>
      </div>,
    );
  }

  const list = orders.data.data;
  const loading = orders.status === 'loading';
  return frame(
    <>
      {orders.status === 'error' && (
        <div className="shop-orders__error" role="alert">
          <p>{`${t('orders.screen.load_failed')} ${errorMessage(orders.error)}`}</p>
          <Button variant="secondary" onClick={orders.reload}>
            {t('app.retry')}
          </Button>
        </div>
      )}
      {list.length === 0 && meta?.total === 0 ? (
        <>
          <p className="shop-orders__message">{t('orders.no_orders')}</p>
          <p>
            <Link to={buildPath('products')} className="shop-orders__link">
              {t('orders.screen.start_shopping')}
            </Link>
          </p>
        </>
      ) : (
        <Loading loading={loading} label={t('orders.screen.loading')}>
          <OrderTable orders={list} page={meta?.page ?? page} pages={pages} />
        </Loading>
      )}
      <Pagination page={Math.min(page, pages)} pages={pages} onPageChange={goToPage} hrefFor={routed ? (target) => hrefFor(historyPath(target)) : undefined} />
    </>,
    loading,
  );
}
