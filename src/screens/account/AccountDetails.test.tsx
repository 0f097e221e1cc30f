import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/contract.ts';
import { alerts } from '../../store/alerts.ts';
import { locale } from '../../store/locale.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { USER, callsTo, deferredAnswer, json, renderScreen, resetPage, stubApi } from '../auth/auth-test-helpers.ts';
import { AccountDetails } from './AccountDetails.tsx';
import { invalidFieldsBody } from '../../api/test-fixtures.ts';

const ME: User = { ...USER, phone: '+48 600 700 800', coordinator_email: 'coordinator@acme.test' };

const profile = () => screen.getByRole('region', { name: 'Personal details' });
const passwordRegion = () => screen.getByRole('region', { name: 'Change password' });
const field = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label);
const saveButton = () => within(profile()).getByRole('button', { name: 'Save changes' });
const changeButton = () => within(passwordRegion()).getByRole('button', { name: 'Change password' });

function logIn(who: User = ME): void {
  user.value = who;
  sessionStatus.value = 'user';
}

async function fillPassword(current: string, next: string, confirmation = next) {
  const typist = userEvent.setup();
  const region = passwordRegion();
  if (current) await typist.type(field(region, /^Current password/), current);
  if (next) await typist.type(field(region, /^New password/), next);
  if (confirmation) await typist.type(field(region, /^Confirm new password/), confirmation);
  await typist.click(changeButton());
  return typist;
}

beforeEach(() => {
  resetPage('/user/account-details');
  logIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('AccountDetails', () => {
  it('should show the account frame with the profile filled from the session user', () => {
    stubApi({});
    renderScreen(AccountDetails);
    expect(screen.getByRole('heading', { level: 1, name: 'Account details' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account menu' })).toBeInTheDocument();
    const region = profile();
    expect(field(region, /^Name/)).toHaveValue('Anna');
    expect(field(region, /^Surname/)).toHaveValue('Nowak');
    expect(field(region, /^E-mail/)).toHaveValue('buyer@acme.test');
    expect(field(region, /^Phone/)).toHaveValue('+48 600 700 800');
    expect(field(region, /^Job title/)).toHaveValue('Buyer');
    expect(field(region, /^Name/)).toHaveAttribute('aria-required', 'true');
    expect(field(region, /^Job title/)).not.toHaveAttribute('aria-required');
    // What only the shop changes is shown, not editable.
    const info = screen.getByRole('region', { name: 'Account information' });
    expect(within(info).getByText('B-1')).toBeInTheDocument();
    expect(within(info).getByText('CC-1')).toBeInTheDocument();
    expect(within(info).getByText('coordinator@acme.test')).toBeInTheDocument();
    expect(within(info).getByText('Buyer')).toBeInTheDocument();
  });

  it('should save the profile, update the session user and confirm with a success alert', async () => {
    const saved: User = { ...ME, name: 'Joanna', job_title: 'Lead buyer' };
    const calls = stubApi({ 'PUT /api/user/update': json(saved) });
    renderScreen(AccountDetails);
    const typist = userEvent.setup();
    const name = field(profile(), /^Name/);
    await typist.clear(name);
    await typist.type(name, 'Joanna');
    const job = field(profile(), /^Job title/);
    await typist.clear(job);
    await typist.type(job, 'Lead buyer');
    await typist.click(saveButton());

    await waitFor(() => expect(user.value?.name).toBe('Joanna'));
    expect(callsTo(calls, '/api/user/update')).toEqual([
      {
        method: 'PUT',
        path: '/api/user/update',
        body: { name: 'Joanna', surname: 'Nowak', email: 'buyer@acme.test', phone: '+48 600 700 800', job_title: 'Lead buyer' },
      },
    ]);
    expect(user.value).toEqual(saved);
    expect(alerts.value).toEqual([expect.objectContaining({ type: 'success', content: 'Your details have been saved.' })]);
    expect(field(profile(), /^Name/)).toHaveValue('Joanna');
  });

  it('should check the profile with the spec rules, focus the first invalid field and send nothing', async () => {
    const calls = stubApi({});
    renderScreen(AccountDetails);
    const typist = userEvent.setup();
    const region = profile();
    await typist.clear(field(region, /^Name/));
    await typist.clear(field(region, /^E-mail/));
    await typist.type(field(region, /^E-mail/), 'not-an-address');
    await typist.clear(field(region, /^Phone/));
    await typist.type(field(region, /^Phone/), 'abc');
    await typist.click(saveButton());

    expect(field(region, /^Name/)).toHaveAccessibleDescription('This element is required');
    expect(field(region, /^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(region, /^E-mail/)).toHaveAccessibleDescription(/^E-mail must be valid/);
    expect(field(region, /^Phone/)).toHaveAccessibleDescription(/^Enter a valid phone number/);
    expect(field(region, /^Name/)).toHaveFocus();
    expect(calls).toHaveLength(0);

    // Fixing a field takes its message away as the user types.
    await typist.type(field(region, /^Name/), 'Anna');
    expect(field(region, /^Name/)).not.toHaveAttribute('aria-invalid');
  });

  it('should put "The email has already been taken" on the e-mail field and focus it', async () => {
    stubApi({
      'PUT /api/user/update': json(invalidFieldsBody({ email: 'validation.email_taken' }), 422),
    });
    renderScreen(AccountDetails);
    const typist = userEvent.setup();
    const email = field(profile(), /^E-mail/);
    await typist.clear(email);
    await typist.type(email, 'taken@acme.test');
    await typist.type(field(profile(), /^Current password/), 'Passw0rd!');
    await typist.click(saveButton());

    await waitFor(() => expect(email).toHaveAccessibleDescription(/^The email has already been taken/));
    expect(email).toHaveFocus();
    expect(user.value).toEqual(ME);
    expect(alerts.value).toEqual([]);
    // The message goes once the address is edited.
    await typist.type(email, 'x');
    expect(email).not.toHaveAccessibleDescription(/already been taken/);
  });

  it('should show a failure without field errors in the profile form alert', async () => {
    stubApi({ 'PUT /api/user/update': json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500) });
    renderScreen(AccountDetails);
    await userEvent.setup().click(saveButton());
    await waitFor(() => expect(within(profile()).getByRole('alert', { name: '' })).toHaveTextContent('Something went wrong!'));
    expect(user.value).toEqual(ME);
  });

  it('should send the profile once however often it is submitted while saving', async () => {
    const later = deferredAnswer();
    const calls = stubApi({ 'PUT /api/user/update': later.answer });
    renderScreen(AccountDetails);
    const typist = userEvent.setup();
    const button = saveButton();
    await typist.click(button);
    // While saving, the button says it is busy (its name gains "Loading…").
    expect(button).toHaveAttribute('aria-busy', 'true');
    await typist.click(button);
    expect(callsTo(calls, '/api/user/update')).toHaveLength(1);
    await act(async () => later.resolve(json(ME)));
    await waitFor(() => expect(alerts.value).toHaveLength(1));
  });

  it('should ask for the current password, a strong new one and a matching confirmation', async () => {
    const calls = stubApi({});
    renderScreen(AccountDetails);
    const region = passwordRegion();
    const typist = userEvent.setup();
    await typist.click(changeButton());
    expect(field(region, /^Current password/)).toHaveAccessibleDescription('This element is required');
    expect(field(region, /^New password/)).toHaveAccessibleDescription(/^This element is required/);
    expect(field(region, /^Confirm new password/)).toHaveAccessibleDescription('This element is required');
    expect(field(region, /^Current password/)).toHaveFocus();

    await typist.type(field(region, /^Current password/), 'Passw0rd!');
    await typist.type(field(region, /^New password/), 'alllowercase1');
    await typist.type(field(region, /^Confirm new password/), 'different');
    await typist.click(changeButton());
    expect(field(region, /^Current password/)).not.toHaveAttribute('aria-invalid');
    expect(field(region, /^New password/)).toHaveAccessibleDescription(
      /^The password must have at least 8 characters, one uppercase letter, one lowercase letter and one digit/,
    );
    expect(field(region, /^Confirm new password/)).toHaveAccessibleDescription('The passwords must match');
    expect(field(region, /^New password/)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('should change the password, say so, empty the form and move focus to its heading', async () => {
    const calls = stubApi({ 'POST /api/user/changePassword': json({ message: 'Your password has been changed.', code: 'notices.password_changed' }) });
    renderScreen(AccountDetails);
    const status = within(passwordRegion()).getByRole('status');
    expect(status).toHaveTextContent('');

    await fillPassword('Passw0rd!', 'NewPassw0rd');

    await waitFor(() => expect(status).toHaveTextContent('Your password has been changed.'));
    expect(callsTo(calls, '/api/user/changePassword')).toEqual([
      {
        method: 'POST',
        path: '/api/user/changePassword',
        body: { current_password: 'Passw0rd!', password: 'NewPassw0rd', password_confirmation: 'NewPassw0rd' },
      },
    ]);
    const region = passwordRegion();
    expect(field(region, /^Current password/)).toHaveValue('');
    expect(field(region, /^New password/)).toHaveValue('');
    expect(field(region, /^Confirm new password/)).toHaveValue('');
    expect(field(region, /^New password/)).not.toHaveAttribute('aria-invalid');
    expect(within(region).getByRole('heading', { level: 2, name: 'Change password' })).toHaveFocus();
    // The session stays.
    expect(sessionStatus.value).toBe('user');

    // The next attempt starts without the old confirmation.
    await userEvent.setup().click(changeButton());
    expect(status).toHaveTextContent('');
  });

  it('should put a wrong current password from the server on that field and keep the typed values', async () => {
    stubApi({
      'POST /api/user/changePassword': json(invalidFieldsBody({ current_password: 'errors.invalid_login' }), 422),
    });
    renderScreen(AccountDetails);
    await fillPassword('wrong-one', 'NewPassw0rd');
    const region = passwordRegion();
    const current = field(region, /^Current password/);
    await waitFor(() => expect(current).toHaveAccessibleDescription('Invalid login details'));
    expect(current).toHaveFocus();
    expect(field(region, /^New password/)).toHaveValue('NewPassw0rd');
    expect(within(region).getByRole('status')).toHaveTextContent('');
    expect(within(region).getByRole('alert', { name: '' })).toHaveTextContent('');
  });

  it('should show too many wrong attempts (429) in the password form alert', async () => {
    stubApi({
      'POST /api/user/changePassword': json(
        { message: 'Too many login attempts. Try again in 60 seconds.', code: 'errors.throttled', retry_after: 60 },
        429,
        { 'Retry-After': '60' },
      ),
    });
    renderScreen(AccountDetails);
    await fillPassword('Passw0rd!', 'NewPassw0rd');
    await waitFor(() => expect(within(passwordRegion()).getByRole('alert', { name: '' })).toHaveTextContent('Too many login attempts. Try again in 1 minute.'));
  });

  it('should speak Polish after a language switch', () => {
    stubApi({});
    renderScreen(AccountDetails);
    act(() => {
      locale.value = 'pl';
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dane konta' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Dane osobowe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zapisz zmiany' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zmień hasło' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Obecne hasło/)).toBeInTheDocument();
  });

  it('should ask a guest to log in and wait while the session is loading', () => {
    stubApi({});
    user.value = null;
    sessionStatus.value = 'guest';
    const { unmount } = renderScreen(AccountDetails);
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Personal details' })).not.toBeInTheDocument();
    unmount();
    sessionStatus.value = 'loading';
    renderScreen(AccountDetails);
    expect(screen.getByRole('heading', { level: 1, name: 'Account details' }).closest('section')).toHaveAttribute('aria-busy', 'true');
  });
});

const NEW = 'new@acme.test';
const currentPassword = () => within(profile()).queryByLabelText(/^Current password/);
const pendingAnswer = (overrides: Partial<User> = {}) => json({ ...ME, ...overrides, pending_email: NEW });

/** Replaces the profile's e-mail address with `value`. */
async function typeEmail(value: string) {
  const typist = userEvent.setup();
  const email = field(profile(), /^E-mail/);
  await typist.clear(email);
  await typist.type(email, value);
  return typist;
}

describe('AccountDetails: changing the e-mail address (issue 22)', () => {

  it('should ask for the current password only while the address differs from the account\'s', async () => {
    stubApi({});
    renderScreen(AccountDetails);
    expect(currentPassword()).not.toBeInTheDocument();

    const typist = await typeEmail(NEW);
    const password = currentPassword();
    expect(password).toBeInTheDocument();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('aria-required', 'true');
    expect(password).toHaveAccessibleDescription('Changing the address needs your password. We will send a confirmation link to the new address.');

    // Back to the account's address, in other letter case: no change, no password.
    await typist.type(password!, 'Passw0rd!');
    await typeEmail('Buyer@ACME.test');
    expect(currentPassword()).not.toBeInTheDocument();
    // And a password typed for another address is not kept.
    await typeEmail(NEW);
    expect(currentPassword()).toHaveValue('');
  });

  it('should require the current password for a new address, focus it and send nothing', async () => {
    const calls = stubApi({});
    renderScreen(AccountDetails);
    const typist = await typeEmail(NEW);
    await typist.click(saveButton());
    expect(currentPassword()).toHaveAccessibleDescription(/^This element is required/);
    expect(currentPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(currentPassword()).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('should send the password with the new address, then say where the link went, show the pending change and start the form again', async () => {
    const calls = stubApi({ 'PUT /api/user/update': pendingAnswer({ job_title: 'Lead buyer' }) });
    renderScreen(AccountDetails);
    const typist = await typeEmail(NEW);
    await typist.type(currentPassword()!, 'Passw0rd!');
    const job = field(profile(), /^Job title/);
    await typist.clear(job);
    await typist.type(job, 'Lead buyer');
    await typist.click(saveButton());

    const status = within(profile()).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent('Your details have been saved. We sent a confirmation link to new@acme.test; your account keeps buyer@acme.test until you open it.'),
    );
    expect(callsTo(calls, '/api/user/update')).toEqual([
      {
        method: 'PUT',
        path: '/api/user/update',
        body: { name: 'Anna', surname: 'Nowak', email: NEW, phone: '+48 600 700 800', job_title: 'Lead buyer', current_password: 'Passw0rd!' },
      },
    ]);
    // The session's user is the answer: the address stays until the link is opened.
    expect(user.value).toEqual({ ...ME, job_title: 'Lead buyer', pending_email: NEW });
    expect(alerts.value).toEqual([]);
    // The form starts again from the account's address, without the password; focus on the heading.
    expect(field(profile(), /^E-mail/)).toHaveValue('buyer@acme.test');
    expect(field(profile(), /^Job title/)).toHaveValue('Lead buyer');
    expect(currentPassword()).not.toBeInTheDocument();
    expect(within(profile()).getByRole('heading', { level: 2, name: 'Personal details' })).toHaveFocus();
    expect(within(profile()).getByText('Waiting for confirmation: new@acme.test. Open the link we sent to that address; until then you log in with buyer@acme.test.')).toBeInTheDocument();
    expect(within(profile()).getByRole('button', { name: 'Cancel change' })).toBeInTheDocument();

    // The next save starts without the old status.
    await userEvent.setup().click(saveButton());
    expect(status).toHaveTextContent('');
  });

  it('should put a wrong current password on its field and a taken address on the e-mail field', async () => {
    stubApi({
      'PUT /api/user/update': json(invalidFieldsBody({ current_password: 'errors.invalid_login' }), 422),
    });
    renderScreen(AccountDetails);
    const typist = await typeEmail(NEW);
    await typist.type(currentPassword()!, 'wrong-one');
    await typist.click(saveButton());
    await waitFor(() => expect(currentPassword()).toHaveAccessibleDescription(/^Invalid login details/));
    expect(currentPassword()).toHaveFocus();
    expect(field(profile(), /^E-mail/)).toHaveValue(NEW);
    expect(within(profile()).getByRole('alert', { name: '' })).toHaveTextContent('');
    expect(user.value).toEqual(ME);
  });

  it.each([
    ['errors.throttled', 300, 'Too many login attempts. Try again in 5 minutes.', 'Zbyt wiele prób logowania. Spróbuj ponownie za 5 minut.'],
    ['errors.too_many_requests', 3600, 'Too many attempts. Try again in 60 minutes.', 'Zbyt wiele prób. Spróbuj ponownie za 60 minut.'],
  ])('should show a 429 %s in the profile form alert with its wait and keep the typed values', async (code, seconds, english, polish) => {
    stubApi({ 'PUT /api/user/update': json({ message: 'Too many', code, retry_after: seconds }, 429, { 'Retry-After': String(seconds) }) });
    renderScreen(AccountDetails);
    const typist = await typeEmail(NEW);
    await typist.type(currentPassword()!, 'Passw0rd!');
    await typist.click(saveButton());
    const alert = within(profile()).getByRole('alert', { name: '' });
    await waitFor(() => expect(alert).toHaveTextContent(english));
    expect(field(profile(), /^E-mail/)).toHaveValue(NEW);
    expect(currentPassword()).toHaveValue('Passw0rd!');
    act(() => {
      locale.value = 'pl';
    });
    expect(alert).toHaveTextContent(polish);
  });

  it('should cancel a pending change once, however often it is clicked, and say so', async () => {
    logIn({ ...ME, pending_email: NEW });
    const later = deferredAnswer();
    const calls = stubApi({ 'POST /api/user/email/cancel': later.answer });
    renderScreen(AccountDetails);
    const typist = userEvent.setup();
    const cancel = within(profile()).getByRole('button', { name: 'Cancel change' });
    await typist.click(cancel);
    await typist.click(cancel);
    expect(callsTo(calls, '/api/user/email/cancel')).toEqual([{ method: 'POST', path: '/api/user/email/cancel', body: undefined }]);
    await act(async () => later.resolve(json(ME)));

    await waitFor(() => expect(within(profile()).getByRole('status')).toHaveTextContent('The change of your e-mail address was cancelled.'));
    expect(user.value?.pending_email).toBeNull();
    expect(within(profile()).queryByRole('button', { name: 'Cancel change' })).not.toBeInTheDocument();
    expect(within(profile()).queryByText(/Waiting for confirmation/)).not.toBeInTheDocument();
    expect(within(profile()).getByRole('heading', { level: 2, name: 'Personal details' })).toHaveFocus();
  });

  it('should show a failed cancel beside its button and keep the pending change', async () => {
    logIn({ ...ME, pending_email: NEW });
    stubApi({ 'POST /api/user/email/cancel': json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500) });
    renderScreen(AccountDetails);
    await userEvent.setup().click(within(profile()).getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(within(profile()).getAllByRole('alert').map((alert) => alert.textContent)).toContain('Something went wrong!'));
    expect(user.value?.pending_email).toBe(NEW);
    expect(within(profile()).getByRole('button', { name: 'Cancel change' })).toBeInTheDocument();
  });

  it('should show the pending change in Polish', () => {
    logIn({ ...ME, pending_email: NEW });
    stubApi({});
    renderScreen(AccountDetails);
    act(() => {
      locale.value = 'pl';
    });
    const region = screen.getByRole('region', { name: 'Dane osobowe' });
    expect(
      within(region).getByText('Czeka na potwierdzenie: new@acme.test. Otwórz link wysłany na ten adres; do tego czasu logujesz się adresem buyer@acme.test.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Anuluj zmianę' })).toBeInTheDocument();
  });
});
