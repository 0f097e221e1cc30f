import { useSignals } from '@preact/signals-react/runtime';
import { TableScroll } from '../../../kit/TableScroll.tsx';
import { useId } from 'react';
import { variantText } from '../../cart-button/CartSummaryList.tsx';
import type { OrderTotals } from '../../../domain/checkout-totals.ts';
import { formatMoney, formatNumber, formatUnitPrice } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import type { PricedCartLine } from '../../../store/cart.ts';
import { Badge } from '../../../widgets/badge/Badge.tsx';
import { OrderTotalsList } from '../../OrderTotalsList.tsx';

/** Props of {@link OrderLines}. */
export interface OrderLinesProps {
  lines: readonly PricedCartLine[];
  totals: OrderTotals;
  currency: string;
  isGross: boolean;
  /** The delivery's cost is not known yet (points shop, no delivery budget chosen). */
  deliveryUnknown: boolean;
}

/**
 * The order's lines (product, variant, budget in points shops, quantity, unit price and line total as
 * the shop shows them) and its totals as the server will compute them, delivery included: in a money
 * shop products and delivery in the shop's basis (gross or net), then net, VAT, gross and the total;
 * in a points shop products, delivery and the points in all.
 */
export function OrderLines({ lines, totals, currency, isGross, deliveryUnknown }: OrderLinesProps) {
  useSignals();
  const ids = useId();
  const money = (value: number) => formatMoney(value, currency);
  const deliveryValue = totals.kind === 'money' ? (isGross ? totals.delivery.gross : totals.delivery.net) : totals.delivery;
  const deliveryText = deliveryUnknown ? t('checkout.summary_step.not_chosen') : deliveryValue === 0 ? t('checkout.free') : money(deliveryValue);
  const basis = totals.kind === 'money' ? ` (${isGross ? t('product.gross') : t('product.net')})` : '';
  return (
    <section className="shop-checkout-summary__lines" aria-labelledby={`${ids}title`}>
      <h2 id={`${ids}title`} className="shop-checkout__section-title">
        {t('checkout.summary_step.products')}
      </h2>
      <TableScroll className="shop-checkout-summary__table-wrap" name={t('checkout.summary_step.products')}>
        <table className="shop-checkout-summary__table">
          <thead>
            <tr>
              <th scope="col">{t('cart.product')}</th>
              <th scope="col">{t('cart.quantity')}</th>
              <th scope="col">{t('cart.unit_price')}</th>
              <th scope="col">{t('cart.line_total')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map(({ key, line, displayUnitPrice, total }) => {
              const variant = variantText(line);
              return (
                <tr key={key}>
                  <th scope="row">
                    <span className="shop-checkout-summary__product">{line.name}</span>
                    {variant && <span className="shop-checkout-summary__detail">{variant}</span>}
                    {line.card_info && <span className="shop-checkout-summary__detail">{`${t('product.card.title')}: ${line.card_info.name} ${line.card_info.surname}`}</span>}
                    {line.budget && (
                      <Badge color={line.budget.color} hiddenPrefix={`${t('product.budget')}:`}>
                        {line.budget.name}
                      </Badge>
                    )}
                  </th>
                  <td>{formatNumber(line.quantity)}</td>
                  <td>{formatUnitPrice(displayUnitPrice, currency)}</td>
                  <td>{money(total)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <OrderTotalsList
        label={t('checkout.order_summary')}
        basis={basis}
        products={money(totals.kind === 'money' ? (isGross ? totals.items.gross : totals.items.net) : totals.items)}
        delivery={deliveryText}
        money={totals.kind === 'money' ? { net: money(totals.net), vat: money(totals.vat), gross: money(totals.gross) } : undefined}
        total={money(totals.total)}
      />
    </section>
  );
}
