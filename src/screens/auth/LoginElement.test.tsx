import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../api/cookies.ts';
import { routerActive } from '../../kit/router.tsx';
import { locale } from '../../store/locale.ts';
import { sessionStatus, user as sessionUser } from '../../store/session.ts';
import { shopStatus } from '../../store/shop.ts';
import { USER, callsTo, deferredAnswer, json, renderScreen, resetPage, stubApi } from './auth-test-helpers.ts';
import { LoginElement } from './LoginElement.tsx';

/** `<shop-login>` on an intranet page: no storefront routes the page. */
function resetIntranetPage(): void {
  resetPage('/');
  routerActive.value = false;
  shopStatus.value = 'ready';
}

beforeEach(resetIntranetPage);
afterEach(() => vi.unstubAllGlobals());

describe('LoginElement (<shop-login> on a page of its own)', () => {
  it('should show the login form to a guest once it knows there is no session', async () => {
    const calls = stubApi({});
    renderScreen(LoginElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Log in/ })).toBeInTheDocument();
    expect(sessionStatus.value).toBe('guest');
    // Without a token there is nobody to restore: no call was needed.
    expect(callsTo(calls, '/api/user')).toEqual([]);
  });

  it('should show who is signed in instead of the form when a session is restored, in both languages', async () => {
    setAuthToken('tok-1');
    stubApi({ 'GET /api/user': json(USER) });
    renderScreen(LoginElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'You are logged in' })).toBeInTheDocument();
    expect(screen.getByText('Logged in as Anna Nowak (buyer@acme.test).')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/user');

    locale.value = 'pl';
    expect(await screen.findByRole('heading', { level: 1, name: 'Zalogowano' })).toBeInTheDocument();
    expect(screen.getByText('Zalogowane konto: Anna Nowak (buyer@acme.test).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wyloguj się' })).toBeInTheDocument();
  });

  it('should show a loading card, not a form, while the session is being restored', async () => {
    setAuthToken('tok-1');
    const userAnswer = deferredAnswer();
    stubApi({ 'GET /api/user': userAnswer.answer });
    renderScreen(LoginElement);
    await waitFor(() => expect(sessionStatus.value).toBe('loading'));
    expect(screen.queryByRole('button', { name: /^Log in/ })).not.toBeInTheDocument();
    userAnswer.resolve(json(USER));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are logged in' })).toBeInTheDocument();
  });

  it('should log out: end the session, fire shop-logout, announce it and show the form again', async () => {
    setAuthToken('tok-1');
    const calls = stubApi({ 'GET /api/user': json(USER), 'POST /api/logout': json({}) });
    const { host } = renderScreen(LoginElement);
    const onLogout = vi.fn();
    host.addEventListener('shop-logout', onLogout);
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/api/logout')).toHaveLength(1);
    expect(sessionUser.value).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/logged out/i);
  });

  it('should switch to the signed-in card once the buyer logs in with the form', async () => {
    stubApi({ 'POST /api/login': json({ access_token: 'tok-2' }), 'GET /api/user': json(USER) });
    const { host } = renderScreen(LoginElement);
    const onLogin = vi.fn();
    host.addEventListener('shop-login', onLogin);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^E-mail/), 'buyer@acme.test');
    await user.type(screen.getByLabelText(/^Password/), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: /^Log in/ }));
    await waitFor(() => expect(onLogin).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are logged in' })).toBeInTheDocument();
  });
});
