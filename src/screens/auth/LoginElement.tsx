import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '../../kit/router.tsx';
import { useShopAndSession } from '../../kit/use-shop-and-session.ts';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { AlertToast } from '../../widgets/alert-toast/AlertToast.tsx';
import { Button } from '../../widgets/button/Button.tsx';
import { AuthCard, ShopPending } from './AuthLayout.tsx';
import { Login } from './Login.tsx';
import { useLogOut } from './use-log-out.ts';

/**
 * `<shop-login>` on a page of its own (an intranet page): the login form for a guest, and for a buyer
 * who is signed in already (a reload, or a sign-in made elsewhere on the page) who it is, with Log out
 * and a link to the account, instead of a form asking again. It restores the session itself, so it
 * knows which to show; while that is unknown it shows the loading card, not a form that may vanish.
 * Inside `<shop-storefront>` the `/login` route is for guests only and shows {@link Login} directly.
 */
export function LoginElement() {
  useSignals();
  useShopAndSession();
  const status = sessionStatus.value;
  if (shop.value && (status === 'unknown' || status === 'loading')) return <ShopPending />;
  return (
    <>
      {user.value ? <SignedIn /> : <Login />}
      <AlertToast />
    </>
  );
}

/** Who is signed in, with Log out (fires `shop-logout`) and the way to the account. */
function SignedIn() {
  useSignals();
  const { busy, logOut } = useLogOut();
  const current = user.value;
  if (!current) return null;

  return (
    <AuthCard title={t('auth.signed_in_title')}>
      <p className="shop-auth__text">{t('auth.signed_in_as', { name: `${current.name} ${current.surname}`.trim(), email: current.email })}</p>
      <p className="shop-auth__aside">
        <Link className="shop-auth__link" to={buildPath('user')}>
          {t('nav.account')}
        </Link>
      </p>
      <Button type="button" loading={busy} fullWidth onClick={() => void logOut()}>
        {t('nav.logout')}
      </Button>
    </AuthCard>
  );
}
