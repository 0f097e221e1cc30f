import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { UserUpdateRequestSchema, type User } from '../../../contract/contract.ts';
import { cancelEmailChange, updateUser, type UserUpdateRequest } from '../../../api/user.ts';
import { t } from '../../../i18n/index.ts';
import { showAlert } from '../../../store/alerts.ts';
import { updateSessionUser } from '../../../store/session.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { TextField } from '../../../widgets/text-field/TextField.tsx';
import { FormAlert } from '../../auth/AuthLayout.tsx';
import { useFormState, type FieldRules } from '../../use-form-state.ts';
import { DetailsForm } from './DetailsForm.tsx';
import { DetailsSection } from './DetailsSection.tsx';

type ProfileField = 'name' | 'surname' | 'email' | 'phone' | 'current_password' | 'job_title';

/** The contract's rules of each field (spec §5), the same the provider checks. */
const FIELDS = UserUpdateRequestSchema.entries;

/** The current password, needed when the e-mail address changes. */
const PASSWORD_NEEDED = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(200, 'validation.max_length'));

/** Whether `typed` is another address than the account's `current` one (the provider ignores letter case). */
function changesEmail(typed: string, current: string): boolean {
  return typed.trim().toLowerCase() !== current.trim().toLowerCase();
}

/** The rules, in the order of the fields on screen; the password is required only for a new address. */
function profileRules(currentEmail: string): FieldRules<ProfileField> {
  return {
    name: () => FIELDS.name,
    surname: () => FIELDS.surname,
    email: () => FIELDS.email,
    phone: () => FIELDS.phone,
    current_password: (values) => (changesEmail(values.email, currentEmail) ? PASSWORD_NEEDED : FIELDS.current_password),
    job_title: () => FIELDS.job_title,
  };
}

/** The form's starting values: the logged-in user's profile (and no password). */
export function profileValues(me: User): Record<ProfileField, string> {
  return { name: me.name, surname: me.surname, email: me.email, phone: me.phone, current_password: '', job_title: me.job_title };
}

/** What the section's status line says (kept as data, so a language switch re-renders it). */
type Status = { kind: 'link-sent'; email: string; current: string } | { kind: 'cancelled' } | null;

function statusText(status: Status): string | null {
  if (status === null) return null;
  if (status.kind === 'cancelled') return t('account.details_screen.email_change_cancelled');
  return t('account.details_screen.email_change_sent', { email: status.email, current: status.current });
}

interface ProfileFieldsProps {
  me: User;
  /** A submit started (the last status text goes). */
  onSubmitStart: () => void;
  /** The provider saved the profile and asked for the new address to be confirmed (`pending_email`). */
  onEmailChangeRequested: (updated: User) => void;
}

/** The profile fields; a new instance (`key`) starts again from the session's user. */
function ProfileFields({ me, onSubmitStart, onEmailChangeRequested }: ProfileFieldsProps) {
  useSignals();
  const form = useFormState(profileValues(me), profileRules(me.email));
  const changing = changesEmail(form.values.email, me.email);
  const password = form.field('current_password');

  // Back to the account's address: the password typed for another one is not kept (nor sent).
  useEffect(() => {
    if (!changing && form.values.current_password !== '') password.onValueChange('');
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only when the address goes back, not on every keystroke in the password.
  }, [changing]);

  const submit = form.handleSubmit(async (values) => {
    const asked = changesEmail(values.email, me.email);
    const { current_password: currentPassword, ...profile } = v.parse(UserUpdateRequestSchema, values);
    const body: UserUpdateRequest = asked ? { ...profile, current_password: currentPassword } : profile;
    const updated = await updateUser(body);
    updateSessionUser(updated);
    if (asked && updated.pending_email) onEmailChangeRequested(updated);
    else showAlert({ type: 'success', content: t('account.saved') });
  });

  return (
    <DetailsForm error={form.formError} summary={form.summary} submit={submit} onSubmitStart={onSubmitStart}>
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
      {changing && (
        <>
          {/* Lets password managers offer the password of this account, not of the new address. */}
          <input type="hidden" name="username" autoComplete="username" value={me.email} />
          <TextField
            {...password}
            label={t('account.current_password')}
            type="password"
            autoComplete="current-password"
            hint={t('account.details_screen.current_password_hint')}
            required
          />
        </>
      )}
      <TextField {...form.field('job_title')} label={t('auth.job_title')} autoComplete="organization-title" />
      <div className="shop-account-details__actions">
        <Button type="submit" loading={form.pending}>
          {t('account.save')}
        </Button>
      </div>
    </DetailsForm>
  );
}

/**
 * A change of address waiting for its link (`pending_email`), with "Cancel change"
 * (`POST /api/user/email/cancel`; a second click while it runs sends nothing).
 */
function PendingEmail({ me, pendingEmail, onCancelled }: { me: User; pendingEmail: string; onCancelled: () => void }) {
  useSignals();
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const busy = useRef(false);

  const cancel = () => {
    if (busy.current) return;
    busy.current = true;
    setCancelling(true);
    setError(null);
    cancelEmailChange()
      .then(
        (updated) => {
          updateSessionUser(updated);
          onCancelled();
        },
        (failure: unknown) => setError(failure),
      )
      .finally(() => {
        busy.current = false;
        setCancelling(false);
      });
  };

  return (
    <div className="shop-account-details__pending">
      <p className="shop-account-details__pending-text">{t('account.details_screen.email_pending', { email: pendingEmail, current: me.email })}</p>
      <FormAlert error={error} />
      <div className="shop-account-details__actions">
        <Button variant="secondary" size="small" loading={cancelling} onClick={cancel}>
          {t('account.details_screen.cancel_email_change')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The profile form of Account details (`PUT /api/user/update`): name, surname, e-mail, phone and job
 * title, filled from the session's user. Client rules are the contract's (`UserUpdateRequestSchema`);
 * the server's field errors ("The email has already been taken", a wrong current password) land on
 * their fields, a 429 in the form's alert with its wait. Once saved, the session's user is the
 * server's answer (so the header and every element follow) and a success alert says so.
 *
 * A new e-mail address needs the current password: the field appears while the address
 * differs from the account's (in any letter case) and goes when it is back. The provider saves the
 * other fields at once but keeps the address until the link it mailed to the new one is opened
 * (`/confirm-email`): the status line says so, the form starts again from the account's address and
 * focus moves to the section's heading. While a change waits (`pending_email`) the section shows it
 * with "Cancel change". Mount it with `key={user.id}` so another user gets a fresh form.
 */
export function ProfileForm({ me }: { me: User }) {
  useSignals();
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState<Status>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const text = statusText(status);

  return (
    <DetailsSection title={t('account.details_screen.profile_title')} intro={t('account.details_screen.profile_intro')} headingRef={heading}>
      <p className="shop-account-details__status" role="status" data-empty={text === null || undefined}>
        {text}
      </p>
      {me.pending_email && (
        <PendingEmail
          me={me}
          pendingEmail={me.pending_email}
          onCancelled={() => {
            setStatus({ kind: 'cancelled' });
            heading.current?.focus();
          }}
        />
      )}
      <ProfileFields
        key={generation}
        me={me}
        onSubmitStart={() => setStatus(null)}
        onEmailChangeRequested={(updated) => {
          setStatus({ kind: 'link-sent', email: updated.pending_email ?? '', current: updated.email });
          setGeneration((value) => value + 1);
          heading.current?.focus();
        }}
      />
    </DetailsSection>
  );
}
