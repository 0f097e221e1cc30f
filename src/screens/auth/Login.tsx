import { useSignals } from '@preact/signals-react/runtime';
import { LoginRequestSchema } from '../../contract/contract.ts';
import { useElement, useEmit } from '../../kit/element-context.tsx';
import { currentQuery, Link, navigate } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { login } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { TextField } from '../../widgets/text-field/TextField.tsx';
import { AuthCard, FormAlert, ShopPending } from './AuthLayout.tsx';
import { isCheckoutPath, registrationClosed, safeRedirect } from './auth-rules.ts';
import { CheckoutSignInNotice } from './CheckoutSignInNotice.tsx';
import { useFormState, type FieldRules } from '../use-form-state.ts';
import { ErrorSummary } from '../ErrorSummary.tsx';

type LoginField = 'email' | 'password';

const RULES: FieldRules<LoginField> = {
  email: () => LoginRequestSchema.entries.email,
  password: () => LoginRequestSchema.entries.password,
};

const INITIAL: Record<LoginField, string> = { email: '', password: '' };

/**
 * The Login screen (spec §2 `/login`): e-mail and password, a "Forgot password?" link, and a link to
 * Register unless the shop registers without a form. On the way to the checkout of an open shop it
 * first says why an account is needed and how to get one ({@link CheckoutSignInNotice}). Wrong details, a refused account and throttling
 * show in the form's alert (spec §8). After logging in it fires `shop-login` and goes to the
 * `redirect` query parameter when that is a path of this storefront, otherwise to the homepage.
 */
export function Login() {
  useSignals();
  const emit = useEmit();
  const { host } = useElement();
  const form = useFormState(INITIAL, RULES);
  const website = shop.value;
  if (!website) return <ShopPending />;

  const submit = form.handleSubmit(async ({ email, password }) => {
    // Read before logging in: once the user is set, the guard may already have moved the URL on.
    const target = safeRedirect(currentQuery().get('redirect'));
    const loggedIn = await login(email.trim(), password);
    emit('shop-login', { userId: loggedIn.id });
    navigate(target, { from: host });
  });

  // A guest of an open shop sent here on the way to the checkout is told why, and how to get an account.
  const atCheckout = !website.login_required && isCheckoutPath(safeRedirect(currentQuery().get('redirect')));

  return (
    <AuthCard title={t('auth.login_title')}>
      {atCheckout && <CheckoutSignInNotice website={website} />}
      <form className="shop-auth__form" part="form" noValidate onSubmit={submit}>
        <FormAlert error={form.formError} />
        <ErrorSummary summary={form.summary} />
        <TextField {...form.field('email')} label={t('auth.email')} type="email" autoComplete="username" inputMode="email" required />
        <TextField {...form.field('password')} label={t('auth.password')} type="password" autoComplete="current-password" required />
        <p className="shop-auth__aside">
          <Link className="shop-auth__link" to={buildPath('forget')}>
            {t('auth.forgot_password')}
          </Link>
        </p>
        <Button type="submit" loading={form.pending} fullWidth>
          {t('auth.login')}
        </Button>
      </form>
      {!registrationClosed(website.registration_type) && (
        <p className="shop-auth__footer">
          {t('auth.no_account')}{' '}
          <Link className="shop-auth__link" to={buildPath('register')}>
            {t('nav.register')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
