import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '../../store/locale.ts';
import { callsTo, deferredAnswer, json, renderScreen, resetPage, stubApi } from './auth-test-helpers.ts';
import { ForgotPassword } from './ForgotPassword.tsx';

const SENT = 'If this address has an account in this shop, we have sent it a link to change the password.';
const email = () => screen.getByLabelText(/^E-mail/);
const submitButton = () => screen.getByRole('button', { name: /^Send link/ });

beforeEach(() => resetPage('/forget'));
afterEach(() => vi.unstubAllGlobals());

describe('ForgotPassword', () => {
  it('should send {email, website_id} and confirm with focus on the confirmation', async () => {
    const calls = stubApi({ 'POST /api/forgotPassword': json({ message: 'Sent.', code: 'notices.reset_link_sent' }) });
    renderScreen(ForgotPassword);
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(email(), 'buyer@acme.test ');
    await user.click(submitButton());

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(SENT);
    await waitFor(() => expect(status).toHaveFocus());
    expect(callsTo(calls, '/api/forgotPassword')).toEqual([{ method: 'POST', path: '/api/forgotPassword', body: { email: 'buyer@acme.test', website_id: 7 } }]);
    expect(screen.queryByLabelText(/^E-mail/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('should give the same confirmation for an address without an account, whatever the server says', async () => {
    stubApi({ 'POST /api/forgotPassword': json({ message: 'Something else entirely.' }) });
    renderScreen(ForgotPassword);
    const user = userEvent.setup();
    await user.type(email(), 'nobody@nowhere.test');
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.queryByText('Something else entirely.')).not.toBeInTheDocument();
  });

  it('should require a valid e-mail before sending anything', async () => {
    const calls = stubApi({});
    renderScreen(ForgotPassword);
    const user = userEvent.setup();
    await user.click(submitButton());
    expect(email()).toHaveAccessibleDescription('This element is required');
    expect(email()).toHaveFocus();
    await user.type(email(), 'buyer');
    await user.click(submitButton());
    expect(email()).toHaveAccessibleDescription('E-mail must be valid');
    expect(calls).toHaveLength(0);
  });

  it('should show the throttling message with the seconds to wait for a 429', async () => {
    stubApi({ 'POST /api/forgotPassword': json({ message: 'Too many', code: 'errors.throttled', retry_after: 45 }, 429) });
    renderScreen(ForgotPassword);
    const user = userEvent.setup();
    await user.type(email(), 'buyer@acme.test');
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many login attempts. Try again in 45 seconds.'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('should send one request for two quick clicks', async () => {
    const later = deferredAnswer();
    const calls = stubApi({ 'POST /api/forgotPassword': later.answer });
    renderScreen(ForgotPassword);
    const user = userEvent.setup();
    await user.type(email(), 'buyer@acme.test');
    await user.click(submitButton());
    await user.click(submitButton());
    expect(callsTo(calls, '/api/forgotPassword')).toHaveLength(1);
    await act(async () => later.resolve(json({ message: 'Sent.' })));
    expect(await screen.findByRole('status')).toBeInTheDocument();
  });

  it('should confirm in Polish', async () => {
    stubApi({ 'POST /api/forgotPassword': json({ message: 'Sent.', code: 'notices.reset_link_sent' }) });
    locale.value = 'pl';
    renderScreen(ForgotPassword);
    expect(screen.getByRole('heading', { level: 1, name: 'Nie pamiętasz hasła?' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), 'buyer@acme.test');
    await user.click(screen.getByRole('button', { name: /^Wyślij link/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Jeśli ten adres ma konto w tym sklepie, wysłaliśmy na niego link do zmiany hasła.');
  });
});
