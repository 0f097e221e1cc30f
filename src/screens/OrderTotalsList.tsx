import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../i18n/index.ts';
import { registerStyles } from '../theme/styles.ts';
import css from './order-totals.css?inline';

registerStyles('order-totals', css);

/** Props of {@link OrderTotalsList}: every figure already formatted. */
export interface OrderTotalsListProps {
  /** The list's accessible name. */
  label: string;
  /** " (gross)" / " (net)" after the products, delivery and total terms in a money shop; '' in points. */
  basis: string;
  products: string;
  delivery: string;
  /** Net, VAT and gross of a money order; absent in a points order. */
  money?: { net: string; vat: string; gross: string } | undefined;
  total: string;
}

/**
 * An order's totals as a definition list: products and delivery (in the shop's basis), then net, VAT
 * and gross in a money shop, and the total. The checkout's summary (before ordering) and the order
 * page (after) show the same figures the same way. Classes `shop-order-totals`, `__total` on the last.
 */
export function OrderTotalsList({ label, basis, products, delivery, money, total }: OrderTotalsListProps) {
  useSignals();
  return (
    <dl className="shop-order-totals" aria-label={label}>
      <div>
        <dt>{`${t('checkout.summary_step.products')}${basis}`}</dt>
        <dd>{products}</dd>
      </div>
      <div>
        <dt>{`${t('checkout.delivery_cost')}${basis}`}</dt>
        <dd>{delivery}</dd>
      </div>
      {money && (
        <>
          <div>
            <dt>{t('cart.net')}</dt>
            <dd>{money.net}</dd>
          </div>
          <div>
            <dt>{t('cart.vat')}</dt>
            <dd>{money.vat}</dd>
          </div>
          <div>
            <dt>{t('cart.gross')}</dt>
            <dd>{money.gross}</dd>
          </div>
        </>
      )}
      <div className="shop-order-totals__total">
        <dt>{`${t('cart.total')}${basis}`}</dt>
        <dd>{total}</dd>
      </div>
    </dl>
  );
}
