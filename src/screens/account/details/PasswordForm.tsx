import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { ChangePasswordRequestSchema } from '../../../contract/password.ts';
import { changePassword } from '../../../api/user.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { confirmationField } from '../../../widgets/field/validate-field.ts';
import { TextField } from '../../../widgets/text-field/TextField.tsx';
import { useFormState, type FieldRules } from '../../use-form-state.ts';
import { DetailsForm } from './DetailsForm.tsx';
import { DetailsSection } from './DetailsSection.tsx';

type PasswordField = 'current_password' | 'password' | 'password_confirmation';

/** The contract's rules (spec §5): the new password strong, its confirmation equal to it. */
const FIELDS = ChangePasswordRequestSchema.pipe[0].entries;

const RULES: FieldRules<PasswordField> = {
  current_password: () => FIELDS.current_password,
  password: () => FIELDS.password,
  password_confirmation: (values) => confirmationField(values.password),
};

const INITIAL: Record<PasswordField, string> = { current_password: '', password: '', password_confirmation: '' };

interface PasswordFormProps {
  /** The account's e-mail, for password managers. */
  email: string;
  /** A submit started (the last success text goes). */
  onSubmitStart: () => void;
  /** The server changed the password. */
  onChanged: () => void;
}

/** The three password fields; a new instance (`key`) is an empty form. */
function PasswordForm({ email, onSubmitStart, onChanged }: PasswordFormProps) {
  useSignals();
  const form = useFormState(INITIAL, RULES);
  const submit = form.handleSubmit(async (values) => {
    await changePassword(v.parse(ChangePasswordRequestSchema, values));
    onChanged();
  });

  return (
    <DetailsForm error={form.formError} summary={form.summary} submit={submit} onSubmitStart={onSubmitStart}>
      {/* Lets password managers store the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <TextField {...form.field('current_password')} label={t('account.current_password')} type="password" autoComplete="current-password" required />
      <div className="shop-account-details__row">
        <TextField {...form.field('password')} label={t('auth.new_password')} type="password" autoComplete="new-password" hint={t('auth.password_hint')} required />
        <TextField {...form.field('password_confirmation')} label={t('auth.confirm_new_password')} type="password" autoComplete="new-password" required />
      </div>
      <div className="shop-account-details__actions">
        <Button type="submit" loading={form.pending}>
          {t('account.change_password')}
        </Button>
      </div>
    </DetailsForm>
  );
}

/**
 * Change password on Account details (`POST /api/user/changePassword`): the current password (a wrong
 * one comes back from the server as a field error on it), a new one of at least 8 characters with an
 * uppercase letter, a lowercase letter and a digit, and its confirmation (spec §5). Once changed, the
 * form is emptied, a status text says so and focus moves to the section's heading (the button that had
 * it is gone with the old form). This session stays; the provider logs out the user's other sessions.
 */
export function PasswordSection({ email }: { email: string }) {
  useSignals();
  const [generation, setGeneration] = useState(0);
  const [changed, setChanged] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <DetailsSection title={t('account.change_password')} intro={t('account.details_screen.password_intro')} headingRef={heading}>
      <p className="shop-account-details__status" role="status" data-empty={!changed || undefined}>
        {changed ? t('notices.password_changed') : null}
      </p>
      <PasswordForm
        key={generation}
        email={email}
        onSubmitStart={() => setChanged(false)}
        onChanged={() => {
          setChanged(true);
          setGeneration((value) => value + 1);
          heading.current?.focus();
        }}
      />
    </DetailsSection>
  );
}
