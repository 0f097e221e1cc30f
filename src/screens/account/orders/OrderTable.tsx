import { useSignals } from '@preact/signals-react/runtime';
import { TableScroll } from '../../../kit/TableScroll.tsx';
import type { OrderSummary } from '../../../contract/contract.ts';
import { Link } from '../../../kit/router.tsx';
import { buildPath } from '../../../domain/routes.ts';
import { formatDate, formatMoney, formatNumber } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';

/** Props of {@link OrderTable}. */
export interface OrderTableProps {
  orders: readonly OrderSummary[];
  page: number;
  pages: number;
}

/**
 * One page of the order history as a table: the order number (a link to the order), the date in the
 * current language, the status label, the total (money, or points in a points shop) and how many
 * products it holds. The caption (read by screen readers) says which page this is.
 */
export function OrderTable({ orders, page, pages }: OrderTableProps) {
  useSignals();
  return (
    <TableScroll className="shop-orders__table-wrap" name={t('account.orders')}>
      <table className="shop-orders__table">
        <caption className="shop-visually-hidden">{t('orders.screen.table_caption', { page, pages })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.number')}</th>
            <th scope="col">{t('orders.date')}</th>
            <th scope="col">{t('orders.status_label')}</th>
            <th scope="col" data-align="end">
              {t('orders.total')}
            </th>
            <th scope="col" data-align="end">
              {t('orders.screen.items_count')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-order={order.name}>
              <th scope="row">
                <Link to={buildPath('user-order', { name: order.name })} className="shop-orders__link">
                  {order.name}
                </Link>
              </th>
              <td>
                <time dateTime={order.date}>{formatDate(order.date)}</time>
              </td>
              <td>
                <OrderStatusBadge status={order.status} />
              </td>
              <td data-align="end">{formatMoney(order.total, order.currency)}</td>
              <td data-align="end">{formatNumber(order.items_count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
