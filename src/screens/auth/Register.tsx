import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { register } from '../../api/auth.ts';
import { RegisterRequestSchema } from '../../contract/password.ts';
import { Link } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { shop } from '../../store/shop.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { confirmationField } from '../../widgets/field/validate-field.ts';
import { TextField } from '../../widgets/text-field/TextField.tsx';
import { AuthCard, FormAlert, ShopPending } from './AuthLayout.tsx';
import { registrationClosed } from './auth-rules.ts';
import { useFormState, type FieldRules } from '../use-form-state.ts';
import { ErrorSummary } from '../ErrorSummary.tsx';

type RegisterField =
  | 'name'
  | 'surname'
  | 'email'
  | 'phone'
  | 'password'
  | 'password_confirmation'
  | 'coordinator_email'
  | 'cost_center'
  | 'job_title'
  | 'buyer_id';

/** The contract's rules of each field (spec §5), the confirmation checked against the password. */
const FIELDS = RegisterRequestSchema.pipe[0].entries;

const RULES: FieldRules<RegisterField> = {
  name: () => FIELDS.name,
  surname: () => FIELDS.surname,
  email: () => FIELDS.email,
  phone: () => FIELDS.phone,
  password: () => FIELDS.password,
  password_confirmation: (values) => confirmationField(values.password),
  coordinator_email: () => FIELDS.coordinator_email,
  cost_center: () => FIELDS.cost_center,
  job_title: () => FIELDS.job_title,
  buyer_id: () => FIELDS.buyer_id,
};

const INITIAL: Record<RegisterField, string> = {
  name: '',
  surname: '',
  email: '',
  phone: '',
  password: '',
  password_confirmation: '',
  coordinator_email: '',
  cost_center: '',
  job_title: '',
  buyer_id: '',
};

/**
 * The Register screen (spec §2 `/register`, §3 "Registration form"): a request for an account that the
 * coordinator named in it reviews. Client rules are the contract's (`RegisterRequestSchema`); the
 * server's answers "The email has already been taken" and "not an existing coordinator" land on their
 * fields. Once sent, the screen says so (spec §4 request-sent state), asks to confirm the address by
 * the mailed link (the coordinator sees the request only then), and focus moves to that heading.
 * A shop that registers without a form (`{product}_noform`) only gets a message and a link to Login.
 */
export function Register() {
  useSignals();
  const form = useFormState(INITIAL, RULES);
  const [sent, setSent] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) heading.current?.focus();
  }, [sent]);
  const website = shop.value;
  if (!website) return <ShopPending />;

  const loginLink = (
    <Link className="shop-auth__link" to={buildPath('login')}>
      {t('auth.back_to_login')}
    </Link>
  );

  if (registrationClosed(website.registration_type)) {
    return (
      <AuthCard title={t('auth.register_title')}>
        <p className="shop-auth__text">{t('errors.registration_closed')}</p>
        <p className="shop-auth__footer">{loginLink}</p>
      </AuthCard>
    );
  }

  if (sent) {
    return (
      <AuthCard ref={heading} title={t('auth.request_sent_title')}>
        <div className="shop-auth__notice" role="status">
          <p className="shop-auth__text">{t('auth.request_sent')}</p>
          <p className="shop-auth__text">{t('auth.check_mailbox')}</p>
          <p className="shop-auth__text">{t('auth.request_reviewed')}</p>
          <p className="shop-auth__text">{t('auth.email_reply')}</p>
        </div>
        <p className="shop-auth__footer">{loginLink}</p>
      </AuthCard>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    await register(v.parse(RegisterRequestSchema, { ...values, website_id: website.id }));
    setSent(true);
  });

  return (
    <AuthCard title={t('auth.register_title')} wide>
      <p className="shop-auth__text">{t('auth.register_intro')}</p>
      <form className="shop-auth__form" part="form" noValidate onSubmit={submit}>
        <FormAlert error={form.formError} />
        <ErrorSummary summary={form.summary} />
        <div className="shop-auth__row">
          <TextField {...form.field('name')} label={t('auth.name')} autoComplete="given-name" required />
          <TextField {...form.field('surname')} label={t('auth.surname')} autoComplete="family-name" required />
        </div>
        <div className="shop-auth__row">
          <TextField {...form.field('email')} label={t('auth.email')} type="email" autoComplete="email" inputMode="email" required />
          <TextField {...form.field('phone')} label={t('auth.phone')} type="tel" autoComplete="tel" hint={t('validation.phone_hint')} />
        </div>
        <div className="shop-auth__row">
          <TextField {...form.field('password')} label={t('auth.password')} type="password" autoComplete="new-password" hint={t('auth.password_hint')} required />
          <TextField {...form.field('password_confirmation')} label={t('auth.confirm_password')} type="password" autoComplete="new-password" required />
        </div>
        <div className="shop-auth__row">
          <TextField {...form.field('coordinator_email')} label={t('auth.coordinator_email')} type="email" inputMode="email" autoComplete="off" required />
          <TextField {...form.field('cost_center')} label={t('auth.cost_center')} autoComplete="off" required />
        </div>
        <div className="shop-auth__row">
          <TextField {...form.field('job_title')} label={t('auth.job_title')} autoComplete="organization-title" required />
          <TextField {...form.field('buyer_id')} label={t('auth.buyer_id')} autoComplete="off" required />
        </div>
        <Button type="submit" loading={form.pending} fullWidth>
          {t('auth.register')}
        </Button>
      </form>
      <p className="shop-auth__footer">
        {t('auth.have_account')}{' '}
        <Link className="shop-auth__link" to={buildPath('login')}>
          {t('nav.login')}
        </Link>
      </p>
    </AuthCard>
  );
}
