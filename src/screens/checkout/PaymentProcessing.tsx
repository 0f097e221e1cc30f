import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '../../app/router.tsx';
import { t } from '../../i18n/index.ts';
import { isLoggedIn } from '../../store/session.ts';

/**
 * The return from an online payment (spec §2: only reached with `status=success`, the guard sends any
 * other status to /404): confirms the payment and leads to the order history or home.
 */
export function PaymentProcessing() {
  useSignals();
  return (
    <section className="shop-screen" aria-labelledby="payment-processing-title">
      <h1 id="payment-processing-title" tabIndex={-1} data-screen-heading>
        {t('checkout.thank_you')}
      </h1>
      <p role="status">{t('checkout.payment_received')}</p>
      <p>{isLoggedIn.value ? <Link to="/user/orders">{t('account.orders')}</Link> : <Link to="/">{t('app.back_home')}</Link>}</p>
    </section>
  );
}
