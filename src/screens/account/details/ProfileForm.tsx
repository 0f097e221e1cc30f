import { useSignals } from '@preact/signals-react/runtime';
import * as v from 'valibot';
import { UserUpdateRequestSchema, type User } from '../../../api/contract.ts';
import { updateUser } from '../../../api/user.ts';
import { t } from '../../../i18n/index.ts';
import { showAlert } from '../../../store/alerts.ts';
import { updateSessionUser } from '../../../store/session.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { TextField } from '../../../widgets/text-field/TextField.tsx';
import { FormAlert } from '../../auth/AuthLayout.tsx';
import { useAuthForm, type FieldRules } from '../../auth/use-auth-form.ts';
import { DetailsSection } from './DetailsSection.tsx';

type ProfileField = 'name' | 'surname' | 'email' | 'phone' | 'job_title';

/** The contract's rules of each field (spec §5), the same the provider checks. */
const FIELDS = UserUpdateRequestSchema.entries;

const RULES: FieldRules<ProfileField> = {
  name: () => FIELDS.name,
  surname: () => FIELDS.surname,
  email: () => FIELDS.email,
  phone: () => FIELDS.phone,
  job_title: () => FIELDS.job_title,
};

/** The form's starting values: the logged-in user's profile. */
export function profileValues(me: User): Record<ProfileField, string> {
  return { name: me.name, surname: me.surname, email: me.email, phone: me.phone, job_title: me.job_title };
}

/**
 * The profile form of Account details (`PUT /api/user/update`): name, surname, e-mail, phone and job
 * title, filled from the session's user. Client rules are the contract's (`UserUpdateRequestSchema`);
 * the server's field errors ("The email has already been taken") land on their fields. Once saved, the
 * session's user is the server's answer (so the header and every element follow) and a success alert
 * says so. Mount it with `key={user.id}` so another user gets a fresh form.
 */
export function ProfileForm({ me }: { me: User }) {
  useSignals();
  const form = useAuthForm(profileValues(me), RULES);

  const submit = form.handleSubmit(async (values) => {
    const updated = await updateUser(v.parse(UserUpdateRequestSchema, values));
    updateSessionUser(updated);
    showAlert({ type: 'success', content: t('account.saved') });
  });

  return (
    <DetailsSection title={t('account.details_screen.profile_title')} intro={t('account.details_screen.profile_intro')}>
      <form className="shop-account-details__form" part="form" noValidate onSubmit={submit}>
        <FormAlert error={form.formError} />
        <div className="shop-account-details__row">
          <TextField {...form.field('name')} label={t('auth.name')} autoComplete="given-name" required />
          <TextField {...form.field('surname')} label={t('auth.surname')} autoComplete="family-name" required />
        </div>
        <div className="shop-account-details__row">
          <TextField
            {...form.field('email')}
            label={t('auth.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            hint={t('account.details_screen.email_hint')}
            required
          />
          <TextField {...form.field('phone')} label={t('auth.phone')} type="tel" autoComplete="tel" hint={t('validation.phone_hint')} />
        </div>
        <TextField {...form.field('job_title')} label={t('auth.job_title')} autoComplete="organization-title" />
        <div className="shop-account-details__actions">
          <Button type="submit" loading={form.pending}>
            {t('account.save')}
          </Button>
        </div>
      </form>
    </DetailsSection>
  );
}
