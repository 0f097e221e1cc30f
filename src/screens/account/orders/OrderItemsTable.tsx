import { useSignals } from '@preact/signals-react/runtime';
import { TableScroll } from '../../../kit/TableScroll.tsx';
import { useId } from 'react';
import type { Order } from '../../../contract/contract.ts';
import { formatMoney, formatNumber, formatUnitPrice } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import { Badge } from '../../../widgets/badge/Badge.tsx';
import { basisSuffix, itemTotal, itemUnitPrice, itemVariantText, orderViewTotals } from './order-view.ts';
import { OrderTotalsList } from '../../OrderTotalsList.tsx';
import { storageBase } from '../../../store/storage-base.ts';
import { storageUrl } from '../../../theme/theme.ts';

/**
 * A line's thumbnail: whatever picture the order gives the line (decorative, the name says what it
 * is), or an empty frame of the same size so the names line up.
 */
function LineImage({ path }: { path: string | null | undefined }) {
  useSignals();
  const src = storageUrl(path, storageBase.value);
  return src ? <img className="shop-order__image" src={src} alt="" width={56} height={56} loading="lazy" /> : <span className="shop-order__image" aria-hidden="true" />;
}

/** The business-card details of a line, in the order the card form asks for them. */
const CARD_FIELDS = ['job', 'email', 'phone', 'address', 'cost'] as const;

/**
 * The order's lines (thumbnail, product name and code, colour and size by name, budget badge in a points shop,
 * business-card details, quantity, unit price and line total on the order's basis) and its totals,
 * delivery included: points and delivery in points, or products and delivery on the order's basis,
 * net, VAT, gross and the total.
 */
export function OrderItemsTable({ order }: { order: Order }) {
  useSignals();
  const ids = useId();
  const money = (value: number) => formatMoney(value, order.currency);
  const totals = orderViewTotals(order);
  const basis = basisSuffix(order);
  return (
    <section className="shop-order__section" aria-labelledby={`${ids}title`}>
      <h2 id={`${ids}title`} className="shop-order__section-title">
        {t('orders.screen.products_title')}
      </h2>
      <TableScroll className="shop-orders__table-wrap" name={t('orders.screen.products_title')}>
        <table className="shop-orders__table">
          <thead>
            <tr>
              <th scope="col">{t('cart.product')}</th>
              <th scope="col" data-align="end">
                {t('cart.quantity')}
              </th>
              <th scope="col" data-align="end">
                {`${t('cart.unit_price')}${basis}`}
              </th>
              <th scope="col" data-align="end">
                {`${t('cart.line_total')}${basis}`}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => {
              const variant = itemVariantText(item);
              const card = item.card_info;
              return (
                <tr key={`${item.variant_id ?? 'x'}-${index}`}>
                  <th scope="row">
                    <span className="shop-order__item">
                      <LineImage path={item.image} />
                      <span className="shop-order__item-head">
                        <span className="shop-order__product">{item.name}</span>
                        <span className="shop-order__detail">{t('orders.screen.code', { code: item.code })}</span>
                        {variant && <span className="shop-order__detail">{variant}</span>}
                        {card && (
                          <span className="shop-order__detail">
                            {`${t('product.card.title')}: ${[card.name, card.surname].filter(Boolean).join(' ')}`}
                            {CARD_FIELDS.filter((field) => card[field]).map((field) => (
                              <span key={field} className="shop-order__detail">{`${t(`product.card.${field}`)}: ${card[field]}`}</span>
                            ))}
                          </span>
                        )}
                        {item.budget && (
                          <Badge color={item.budget.color} hiddenPrefix={`${t('product.budget')}:`}>
                            {item.budget.name}
                          </Badge>
                        )}
                      </span>
                    </span>
                  </th>
                  <td data-align="end">{formatNumber(item.quantity)}</td>
                  <td data-align="end">{formatUnitPrice(itemUnitPrice(item, order), order.currency)}</td>
                  <td data-align="end">{money(itemTotal(item, order))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <OrderTotalsList
        label={t('orders.screen.totals')}
        basis={basis}
        products={money(totals.items)}
        delivery={totals.delivery === 0 ? t('checkout.free') : money(totals.delivery)}
        money={totals.kind === 'money' ? { net: money(totals.net), vat: money(totals.vat), gross: money(totals.gross) } : undefined}
        total={money(totals.total)}
      />
    </section>
  );
}
