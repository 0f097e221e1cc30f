import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ElementShell } from '../../app/ElementShell.tsx';
import { currentPath } from '../../kit/router.tsx';
import { locale } from '../../store/locale.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { USER, callsTo, deferredAnswer, json, renderScreen, resetPage, stubApi } from './auth-test-helpers.ts';
import { ConfirmEmail } from './ConfirmEmail.tsx';
import { invalidFieldsBody } from '../../api/test-fixtures.ts';

const NEW = 'new@acme.test';
const LINK = '/confirm-email?token=tok%2B1';
const confirmed = () => json({ message: 'Your e-mail address has been changed.', code: 'notices.email_changed', email: NEW });
const expired = () => json({ message: 'The link has expired.', code: 'errors.email_link_expired' }, 422);
const formAlert = () => screen.getByRole('alert');

beforeEach(() => resetPage(LINK));
afterEach(() => vi.unstubAllGlobals());

describe('ConfirmEmail', () => {
  it('should send the token of the link once, say so while it waits, then confirm the new address to a guest', async () => {
    const later = deferredAnswer();
    const calls = stubApi({ 'POST /api/user/email/confirm': later.answer });
    renderScreen(ConfirmEmail);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm e-mail address' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Confirming your new e-mail address…');
    // The one-time token leaves the address bar (and the history) at once.
    expect(window.location.pathname).toBe('/confirm-email');
    expect(window.location.search).toBe('');
    expect(currentPath.value).toBe('/confirm-email');

    await act(async () => later.resolve(confirmed()));
    await waitFor(() => expect(status).toHaveTextContent('Your e-mail address is now new@acme.test. Other devices were signed out.'));
    expect(callsTo(calls, '/api/user/email/confirm')).toEqual([{ method: 'POST', path: '/api/user/email/confirm', body: { website_id: 7, token: 'tok+1' } }]);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(formAlert()).toHaveTextContent('');
    // A guest has no session user to refresh.
    expect(callsTo(calls, '/api/user')).toEqual([]);
  });

  it('should send it once under React StrictMode, whose effects run twice', async () => {
    const calls = stubApi({ 'POST /api/user/email/confirm': confirmed() });
    const host = document.createElement('div');
    document.body.append(host);
    render(createElement(StrictMode, null, createElement(ElementShell, { host, root: document }, createElement(ConfirmEmail))), { container: host });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is now new@acme.test.'));
    expect(callsTo(calls, '/api/user/email/confirm')).toHaveLength(1);
  });

  it('should give the logged-in user of that account the new address and lead to account details', async () => {
    user.value = { ...USER, pending_email: NEW };
    sessionStatus.value = 'user';
    const calls = stubApi({ 'POST /api/user/email/confirm': confirmed(), 'GET /api/user': json({ ...USER, email: NEW, pending_email: null }) });
    renderScreen(ConfirmEmail);
    await waitFor(() => expect(user.value?.email).toBe(NEW));
    expect(user.value?.pending_email).toBeNull();
    expect(callsTo(calls, '/api/user')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is now new@acme.test. Other devices were signed out.');
    expect(screen.getByRole('link', { name: 'Account details' })).toHaveAttribute('href', '/user/account-details');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('should call a used or expired link so and lead to account details for a new one', async () => {
    const calls = stubApi({ 'POST /api/user/email/confirm': expired() });
    renderScreen(ConfirmEmail);
    await waitFor(() => expect(formAlert()).toHaveTextContent('The link to confirm your new e-mail address has expired or was already used.'));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('link', { name: 'Request a new link in your account details' })).toHaveAttribute('href', '/user/account-details');
    // Sending the same link again cannot help.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/user/email/confirm')).toHaveLength(1);
  });

  it('should say when the address was taken meanwhile', async () => {
    stubApi({
      'POST /api/user/email/confirm': json(invalidFieldsBody({ email: 'validation.email_taken' }), 422),
    });
    renderScreen(ConfirmEmail);
    await waitFor(() => expect(formAlert()).toHaveTextContent('The email has already been taken'));
    expect(screen.getByRole('link', { name: 'Request a new link in your account details' })).toBeInTheDocument();
  });

  it.each([
    ['without a token', '/confirm-email'],
    ['with an empty token', '/confirm-email?token='],
  ])('should show the dead-link state for a link %s and send nothing', (_name, path) => {
    resetPage(path);
    const calls = stubApi({});
    renderScreen(ConfirmEmail);
    expect(formAlert()).toHaveTextContent('The link to confirm your new e-mail address has expired or was already used.');
    expect(screen.getByRole('link', { name: 'Request a new link in your account details' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('should offer to try again after a failed call, sending once however often it is clicked', async () => {
    let attempts = 0;
    const later = deferredAnswer();
    const calls = stubApi({
      'POST /api/user/email/confirm': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return later.answer();
      },
    });
    renderScreen(ConfirmEmail);
    await waitFor(() => expect(formAlert()).toHaveTextContent('Cannot reach the shop. Check your connection and try again.'));
    const retry = screen.getByRole('button', { name: 'Try again' });
    const typist = userEvent.setup();
    await typist.dblClick(retry);
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your new e-mail address…');
    expect(formAlert()).toHaveTextContent('');
    await act(async () => later.resolve(confirmed()));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is now new@acme.test.'));
    expect(callsTo(calls, '/api/user/email/confirm')).toHaveLength(2);
    expect(callsTo(calls, '/api/user/email/confirm').map((call) => call.body)).toEqual([
      { website_id: 7, token: 'tok+1' },
      { website_id: 7, token: 'tok+1' },
    ]);
  });

  it('should speak Polish', async () => {
    stubApi({ 'POST /api/user/email/confirm': expired() });
    renderScreen(ConfirmEmail);
    act(() => {
      locale.value = 'pl';
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Potwierdzenie adresu e-mail' })).toBeInTheDocument();
    await waitFor(() => expect(formAlert()).toHaveTextContent('Link potwierdzający nowy adres e-mail wygasł lub został już użyty.'));
    expect(screen.getByRole('link', { name: 'Poproś o nowy link w danych konta' })).toBeInTheDocument();
  });
});
