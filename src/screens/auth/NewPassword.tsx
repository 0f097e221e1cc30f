import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { ResetPasswordRequestSchema } from '../../contract/password.ts';
import { isApiClientError } from '../../api/errors.ts';
import { useElement, useEmit } from '../../kit/element-context.tsx';
import { currentQuery, Link, navigate } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { showAlert } from '../../store/alerts.ts';
import { resetPasswordAndLogin } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { confirmationField } from '../../widgets/field/validate-field.ts';
import { TextField } from '../../widgets/text-field/TextField.tsx';
import { AuthCard, FormAlert, ShopPending } from './AuthLayout.tsx';
import { useFormState, type FieldRules } from '../use-form-state.ts';
import { ErrorSummary } from '../ErrorSummary.tsx';

type NewPasswordField = 'password' | 'password_confirmation';

const RULES: FieldRules<NewPasswordField> = {
  password: () => ResetPasswordRequestSchema.pipe[0].entries.password,
  password_confirmation: (values) => confirmationField(values.password),
};

const INITIAL: Record<NewPasswordField, string> = { password: '', password_confirmation: '' };

/** The server's answer for a link that is used, expired or does not match (or names its token/e-mail as invalid). */
function isExpiredLink(error: unknown): boolean {
  if (!isApiClientError(error, 'http')) return false;
  if (error.code === 'errors.reset_expired') return true;
  const fields = { ...error.fieldKeys, ...error.fieldErrors };
  return 'token' in fields || 'email' in fields;
}

/**
 * The New password screen (spec §2 `/new-password`), opened from the e-mailed link
 * `/new-password?token=…&email=…`: a new password under the one password policy of registration and
 * the password change (`strongPassword`: at least 8 characters with an uppercase letter, a lowercase
 * letter and a digit, with the same hint) and its confirmation (spec §5). A link without its token or e-mail, or one the server calls expired, says "The link to
 * change your password has expired" with a link to ask for a new one. After saving, the user is logged
 * in (spec §4): `shop-login` fires, the homepage opens and a success alert confirms the change.
 */
export function NewPassword() {
  useSignals();
  const emit = useEmit();
  const { host } = useElement();
  const form = useFormState(INITIAL, RULES);
  const [expired, setExpired] = useState(false);
  const website = shop.value;
  if (!website) return <ShopPending />;

  const query = currentQuery();
  const token = query.get('token') ?? '';
  const email = query.get('email') ?? '';
  const newLink = (
    <Link className="shop-auth__link" to={buildPath('forget')}>
      {t('auth.request_new_link')}
    </Link>
  );

  if (token === '' || email === '') {
    return (
      <AuthCard title={t('auth.new_password_title')}>
        <p className="shop-auth__text">{t('errors.reset_expired')}</p>
        <p className="shop-auth__footer">{newLink}</p>
      </AuthCard>
    );
  }

  const submit = form.handleSubmit(
    async ({ password, password_confirmation }) => {
      setExpired(false);
      const loggedIn = await resetPasswordAndLogin({ website_id: website.id, email, token, password, password_confirmation });
      emit('shop-login', { userId: loggedIn.id });
      navigate('/', { from: host });
      showAlert({ type: 'success', content: t('notices.password_changed') });
    },
    (error) => {
      if (!isExpiredLink(error)) return false;
      setExpired(true);
      return true;
    },
  );

  return (
    <AuthCard title={t('auth.new_password_title')}>
      <form className="shop-auth__form" part="form" noValidate onSubmit={submit}>
        {expired ? (
          <FormAlert>
            <span>{t('errors.reset_expired')}</span> {newLink}
          </FormAlert>
        ) : (
          <FormAlert error={form.formError} />
        )}
        <ErrorSummary summary={form.summary} />
        {/* Lets password managers store the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <TextField
          {...form.field('password')}
          label={t('auth.new_password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.password_hint')}
          required
        />
        <TextField {...form.field('password_confirmation')} label={t('auth.confirm_new_password')} type="password" autoComplete="new-password" required />
        <Button type="submit" loading={form.pending} fullWidth>
          {t('auth.save_password')}
        </Button>
      </form>
      <p className="shop-auth__footer">
        <Link className="shop-auth__link" to={buildPath('login')}>
          {t('auth.back_to_login')}
        </Link>
      </p>
    </AuthCard>
  );
}
