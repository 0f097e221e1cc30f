import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { Website } from '../../contract/contract.ts';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { Link } from '../../kit/router.tsx';
import { registerStyles } from '../../theme/styles.ts';
import { accountRoute } from './auth-rules.ts';
import css from './auth.css?inline';

// Shown by Login and by `<shop-checkout>`, which does not load the sign-in screens' styles otherwise.
registerStyles('auth', css);

/**
 * Why Login shows up on the way to the checkout of an open shop, so a guest who filled a
 * cart never meets a bare login form: orders are placed from a buyer account, the cart waits for them,
 * and how to get an account in this shop: the registration form where the shop has one, else ask
 * the company's shop administrator, or the shop through its contact page. A labelled region above the
 * form, read before the fields.
 */
export function CheckoutSignInNotice({ website }: { website: Website }) {
  useSignals();
  const id = useId();
  const route = accountRoute(website.registration_type);
  return (
    <section className="shop-auth__notice shop-auth__checkout-notice" aria-labelledby={id} data-account={route}>
      <h2 id={id} className="shop-auth__notice-title">
        {t('auth.checkout_notice.title')}
      </h2>
      <p className="shop-auth__text">{t('auth.checkout_notice.why', { shop: website.name })}</p>
      {route === 'register' ? (
        <p className="shop-auth__text">
          {t('auth.checkout_notice.register')}{' '}
          <Link className="shop-auth__link" to={buildPath('register')}>
            {t('auth.checkout_notice.register_link')}
          </Link>
        </p>
      ) : (
        <p className="shop-auth__text">
          {t('auth.checkout_notice.ask')}{' '}
          <Link className="shop-auth__link" to={buildPath('contact')}>
            {t('auth.checkout_notice.contact_link')}
          </Link>
        </p>
      )}
    </section>
  );
}
