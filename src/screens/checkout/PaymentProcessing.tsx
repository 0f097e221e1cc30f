import { useSignals } from '@preact/signals-react/runtime';
import { currentQuery, Link } from '../../app/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { isLoggedIn } from '../../store/session.ts';
import { registerStyles } from '../../theme/styles.ts';
import { ScreenFrame } from '../ScreenFrame.tsx';
import css from './checkout.css?inline';

registerStyles('checkout', css);

/** An order name as the provider makes them (`ACME-000123`); anything else in the URL is not shown. */
const ORDER_NAME = /^[A-Z0-9]{1,20}-\d{1,12}$/;

/**
 * The return from an online payment (spec §2: only reached with `status=success`, the guard sends any
 * other status to /404). The order was placed (and cart and checkout cleared) before the buyer left for
 * the payment page; the return URL carries the order's name, shown here with a link to the order.
 */
export function PaymentProcessing(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const raw = currentQuery().get('order') ?? '';
  const name = ORDER_NAME.test(raw) ? raw : null;
  return (
    <ScreenFrame className="shop-checkout shop-checkout-confirmation" title={t('checkout.thank_you')}>
      <p role="status">{t('checkout.payment_received')}</p>
      {name && <p className="shop-checkout-confirmation__number">{t('checkout.order_number', { number: name })}</p>}
      <p className="shop-checkout__actions shop-checkout-confirmation__links">
        {isLoggedIn.value ? (
          <Link to={name ? buildPath('user-order', { name }) : buildPath('user-orders')} className="shop-checkout__link">
            {name ? t('checkout.view_order') : t('account.orders')}
          </Link>
        ) : (
          <Link to="/">{t('app.back_home')}</Link>
        )}
        <Link to={buildPath('products')} className="shop-checkout__link">
          {t('cart.continue_shopping')}
        </Link>
      </p>
    </ScreenFrame>
  );
}
