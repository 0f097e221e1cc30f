import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { forgotPassword } from '../../api/auth.ts';
import { ForgotPasswordRequestSchema } from '../../contract/contract.ts';
import { Link } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { shop } from '../../store/shop.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { TextField } from '../../widgets/text-field/TextField.tsx';
import { AuthCard, FormAlert, ShopPending } from './AuthLayout.tsx';
import { useFormState, type FieldRules } from '../use-form-state.ts';
import { ErrorSummary } from '../ErrorSummary.tsx';

const RULES: FieldRules<'email'> = { email: () => ForgotPasswordRequestSchema.entries.email };
const INITIAL = { email: '' };

/**
 * The Forget password screen (spec §2 `/forget`): asks for a reset link by e-mail. Whether or not the
 * address has an account, the same confirmation follows (so the screen cannot be used to find out who
 * has one); only throttling (429) and failures of the call itself show as errors.
 */
export function ForgotPassword() {
  useSignals();
  const form = useFormState(INITIAL, RULES);
  const [sent, setSent] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) notice.current?.focus();
  }, [sent]);
  const website = shop.value;
  if (!website) return <ShopPending />;

  const submit = form.handleSubmit(async ({ email }) => {
    await forgotPassword({ email: email.trim(), website_id: website.id });
    setSent(true);
  });

  return (
    <AuthCard title={t('auth.forget_title')}>
      {sent ? (
        <p ref={notice} className="shop-auth__notice" role="status" tabIndex={-1}>
          {t('notices.reset_link_sent')}
        </p>
      ) : (
        <>
          <p className="shop-auth__text">{t('auth.forget_text')}</p>
          <form className="shop-auth__form" part="form" noValidate onSubmit={submit}>
            <FormAlert error={form.formError} />
            <ErrorSummary summary={form.summary} />
            <TextField {...form.field('email')} label={t('auth.email')} type="email" autoComplete="email" inputMode="email" required />
            <Button type="submit" loading={form.pending} fullWidth>
              {t('auth.send_link')}
            </Button>
          </form>
        </>
      )}
      <p className="shop-auth__footer">
        <Link className="shop-auth__link" to={buildPath('login')}>
          {t('auth.back_to_login')}
        </Link>
      </p>
    </AuthCard>
  );
}
