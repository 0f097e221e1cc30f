import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '../../store/locale.ts';
import { savedShop } from '../../store/shop.ts';
import { WEBSITE, callsTo, json, renderScreen, resetPage, stubApi } from './auth-test-helpers.ts';
import { Register } from './Register.tsx';
import { invalidFieldsBody } from '../../api/test-fixtures.ts';

const field = (label: RegExp) => screen.getByLabelText(label);
const submitButton = () => screen.getByRole('button', { name: /^Register/ });

const VALID = {
  name: 'Jan',
  surname: 'Kowalski',
  email: 'jan@acme.test',
  phone: '+48 600 700 800',
  password: 'Secret123',
  password_confirmation: 'Secret123',
  coordinator_email: 'coordinator@acme.test',
  cost_center: 'CC-10',
  job_title: 'Designer',
  buyer_id: 'B-77',
};

const LABELS: Record<keyof typeof VALID, RegExp> = {
  name: /^Name/,
  surname: /^Surname/,
  email: /^E-mail/,
  phone: /^Phone/,
  password: /^Password/,
  password_confirmation: /^Confirm password/,
  coordinator_email: /^Coordinator's e-mail/,
  cost_center: /^Cost centre/,
  job_title: /^Job title/,
  buyer_id: /^Buyer ID/,
};

async function fill(values: Partial<typeof VALID> = VALID) {
  const user = userEvent.setup();
  for (const [name, value] of Object.entries(values) as [keyof typeof VALID, string][]) {
    if (value !== '') await user.type(field(LABELS[name]), value);
  }
  return user;
}

beforeEach(() => resetPage('/register'));
afterEach(() => vi.unstubAllGlobals());

describe('Register', () => {
  it('should send the registration form and move to the request-sent state with focus on its heading', async () => {
    const calls = stubApi({ 'POST /api/register': json({ status: 'pending', message: 'We received your request.', code: 'notices.registration_pending' }, 201) });
    renderScreen(Register);
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    const user = await fill({ ...VALID, name: '  Jan ' });
    await user.click(submitButton());

    const heading = await screen.findByRole('heading', { level: 1, name: 'Request sent' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(callsTo(calls, '/api/register')).toEqual([{ method: 'POST', path: '/api/register', body: { ...VALID, website_id: 7 } }]);
    expect(screen.getByRole('status')).toHaveTextContent('Your registration request has been sent.');
    // Issue 26: the request reaches the coordinator only once the address is confirmed.
    expect(screen.getByRole('status')).toHaveTextContent('Check your mailbox to confirm your e-mail address: we sent you a link.');
    expect(screen.getByRole('status')).toHaveTextContent('Once you have confirmed it, your coordinator will review the request.');
    expect(screen.getByRole('status')).toHaveTextContent('You will receive the answer by e-mail.');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /^Register/ })).not.toBeInTheDocument();
  });

  it('should mark every empty required field, leave the optional phone alone and focus the first', async () => {
    const calls = stubApi({});
    renderScreen(Register);
    await userEvent.click(submitButton());
    expect(screen.getAllByText('This element is required')).toHaveLength(9);
    expect(field(LABELS.phone)).not.toHaveAttribute('aria-invalid');
    expect(field(LABELS.phone)).toHaveAccessibleDescription('e.g. +48 600 700 800');
    expect(field(LABELS.name)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('should show the e-mail, password strength, mismatch and phone messages', async () => {
    const calls = stubApi({});
    renderScreen(Register);
    const user = await fill({
      ...VALID,
      email: 'jan@acme',
      phone: '12ab',
      password: 'secret12',
      password_confirmation: 'secret13',
      coordinator_email: 'boss',
    });
    await user.click(submitButton());
    expect(field(LABELS.email)).toHaveAccessibleDescription('E-mail must be valid');
    expect(field(LABELS.coordinator_email)).toHaveAccessibleDescription('E-mail must be valid');
    expect(field(LABELS.phone)).toHaveAccessibleDescription(/^Enter a valid phone number/);
    expect(field(LABELS.password)).toHaveAccessibleDescription(
      /^The password must have at least 8 characters, one uppercase letter, one lowercase letter and one digit/,
    );
    expect(field(LABELS.password_confirmation)).toHaveAccessibleDescription('The passwords must match');
    expect(field(LABELS.email)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('should check the confirmation again when the password changes after it', async () => {
    renderScreen(Register);
    const user = userEvent.setup();
    await user.type(field(LABELS.password), 'Secret123');
    await user.type(field(LABELS.password_confirmation), 'Secret123');
    await user.tab();
    expect(field(LABELS.password_confirmation)).not.toHaveAttribute('aria-invalid');
    await user.type(field(LABELS.password), '4');
    await user.tab();
    expect(field(LABELS.password_confirmation)).toHaveAccessibleDescription('The passwords must match');
  });

  it('should put the server errors on their fields: e-mail taken and unknown coordinator', async () => {
    stubApi({
      'POST /api/register': json(invalidFieldsBody({ email: 'validation.email_taken', coordinator_email: 'validation.coordinator' }), 422),
    });
    renderScreen(Register);
    const user = await fill();
    await user.click(submitButton());
    await waitFor(() => expect(field(LABELS.email)).toHaveAccessibleDescription('The email has already been taken'));
    expect(field(LABELS.coordinator_email)).toHaveAccessibleDescription('Enter the e-mail address of an existing coordinator');
    expect(field(LABELS.email)).toHaveFocus();
    expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('');
    // The error summary names both fields by their labels.
    const summary = screen.getByRole('alert', { name: /^There is a problem/ });
    const items = within(summary).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/^E-mail\b.*: The email has already been taken$/), expect.stringMatching(/^Coordinator's e-mail.*: Enter the e-mail address of an existing coordinator$/)]);
    // Editing the e-mail clears its server error; the coordinator's stays until that field is edited.
    await user.type(field(LABELS.email), 'x');
    expect(field(LABELS.email)).not.toHaveAttribute('aria-invalid');
    expect(field(LABELS.coordinator_email)).toHaveAttribute('aria-invalid', 'true');
  });

  it('should show a refusal without field errors in the form alert', async () => {
    stubApi({ 'POST /api/register': json({ message: 'Registration is not available in this shop.', code: 'errors.registration_closed' }, 403) });
    renderScreen(Register);
    const user = await fill();
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('Registration is not available in this shop.'));
  });

  it('should show too many registrations (429) in the form alert with the wait in minutes and keep what was typed', async () => {
    const calls = stubApi({
      'POST /api/register': json({ message: 'Too many requests. Try again in 3600 seconds.', code: 'errors.too_many_requests', retry_after: 3600 }, 429, {
        'Retry-After': '3600',
      }),
    });
    renderScreen(Register);
    const user = await fill();
    await user.click(submitButton());
    const alert = screen.getByRole('alert', { name: '' });
    await waitFor(() => expect(alert).toHaveTextContent('Too many attempts. Try again in 60 minutes.'));
    expect(callsTo(calls, '/api/register')).toHaveLength(1);
    for (const [name, value] of Object.entries(VALID) as [keyof typeof VALID, string][]) expect(field(LABELS[name])).toHaveValue(value);
    expect(screen.getByRole('button', { name: /^Register/ })).toBeEnabled();
    // The same wait in Polish, with the plural form that follows "za".
    act(() => {
      locale.value = 'pl';
    });
    expect(alert).toHaveTextContent('Zbyt wiele prób. Spróbuj ponownie za 60 minut.');
  });

  it('should give a wait under a minute in seconds and take the Retry-After header alone', async () => {
    stubApi({ 'POST /api/register': json({ message: 'Too many requests.', code: 'errors.too_many_requests' }, 429, { 'Retry-After': '42' }) });
    renderScreen(Register);
    const user = await fill();
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('Too many attempts. Try again in 42 seconds.'));
    act(() => {
      locale.value = 'pl';
    });
    expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('Zbyt wiele prób. Spróbuj ponownie za 42 sekundy.');
  });

  it('should show only a message and a link to login in a _noform shop', () => {
    savedShop.value = { ...WEBSITE, registration_type: 'budget_noform' };
    renderScreen(Register);
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(screen.getByText('Registration is not available in this shop.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('should show its labels and messages in Polish', async () => {
    renderScreen(Register);
    act(() => {
      locale.value = 'pl';
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Rejestracja' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Telefon/), 'abc');
    await user.tab();
    expect(screen.getByLabelText(/^Telefon/)).toHaveAccessibleDescription(/^Podaj prawidłowy numer telefonu/);
    await user.click(screen.getByRole('button', { name: /^Zarejestruj się/ }));
    expect(screen.getAllByText('To pole jest wymagane')).toHaveLength(9);
  });
});
