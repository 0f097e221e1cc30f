import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath } from '../../kit/router.tsx';
import { alerts } from '../../store/alerts.ts';
import { locale } from '../../store/locale.ts';
import { sessionStatus } from '../../store/session.ts';
import { USER, callsTo, json, renderScreen, resetPage, stubApi } from './auth-test-helpers.ts';
import { NewPassword } from './NewPassword.tsx';

const LINK = '/new-password?token=tok%2Babc&email=buyer%40acme.test';
const password = () => screen.getByLabelText(/^New password/);
const confirmation = () => screen.getByLabelText(/^Confirm new password/);
const submitButton = () => screen.getByRole('button', { name: /^Save password/ });

async function fillAndSubmit(first = 'NewPassw0rd', second = first) {
  const user = userEvent.setup();
  await user.type(password(), first);
  await user.type(confirmation(), second);
  await user.click(submitButton());
  return user;
}

beforeEach(() => resetPage(LINK));
afterEach(() => vi.unstubAllGlobals());

describe('NewPassword', () => {
  it('should set the password from the link, log in, fire shop-login, go home and confirm', async () => {
    const calls = stubApi({ 'POST /api/resetPassword': json({ access_token: 'tok-2' }), 'GET /api/user': json(USER) });
    const { host } = renderScreen(NewPassword);
    const onLogin = vi.fn();
    host.addEventListener('shop-login', (event) => onLogin((event as CustomEvent).detail));
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();

    await fillAndSubmit();

    await waitFor(() => expect(onLogin).toHaveBeenCalledWith({ userId: 42 }));
    expect(callsTo(calls, '/api/resetPassword')).toEqual([
      {
        method: 'POST',
        path: '/api/resetPassword',
        body: { website_id: 7, email: 'buyer@acme.test', token: 'tok+abc', password: 'NewPassw0rd', password_confirmation: 'NewPassw0rd' },
      },
    ]);
    expect(sessionStatus.value).toBe('user');
    expect(currentPath.value).toBe('/');
    expect(alerts.value).toEqual([expect.objectContaining({ type: 'success', content: 'Your password has been changed.' })]);
  });

  it('should ask for a strong password, with the hint of registration, and a matching confirmation', async () => {
    const calls = stubApi({});
    renderScreen(NewPassword);
    const user = userEvent.setup();
    expect(password()).toHaveAccessibleDescription('At least 8 characters, with an uppercase letter, a lowercase letter and a digit');
    await user.click(submitButton());
    expect(password()).toHaveAccessibleDescription(/^This element is required/);
    expect(confirmation()).toHaveAccessibleDescription('This element is required');
    expect(password()).toHaveFocus();
    await user.type(password(), 'short');
    await user.type(confirmation(), 'shorter');
    await user.click(submitButton());
    expect(password()).toHaveAccessibleDescription(/^The password must have at least 8 characters, one uppercase letter, one lowercase letter and one digit/);
    expect(confirmation()).toHaveAccessibleDescription('The passwords must match');
    expect(calls).toHaveLength(0);
  });

  it.each(['aaaaaaaa', 'newpass12', 'NEWPASS12', 'NewPassword'])('should refuse the weak password %s as registration does', async (weak) => {
    const calls = stubApi({});
    renderScreen(NewPassword);
    await fillAndSubmit(weak);
    expect(password()).toHaveAccessibleDescription(/^The password must have at least 8 characters, one uppercase letter, one lowercase letter and one digit/);
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('should call a link without token or e-mail expired and link to asking for a new one', () => {
    resetPage('/new-password?email=buyer%40acme.test');
    renderScreen(NewPassword);
    expect(screen.getByText('The link to change your password has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forget');
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('should show an expired link (422 errors.reset_expired) with a link to request a new one', async () => {
    stubApi({ 'POST /api/resetPassword': json({ message: 'The link to change your password has expired', code: 'errors.reset_expired' }, 422) });
    renderScreen(NewPassword);
    await fillAndSubmit();
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('The link to change your password has expired'));
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forget');
    expect(sessionStatus.value).not.toBe('user');
    expect(currentPath.value).toBe(LINK);
  });

  it('should put a server error on the password on that field', async () => {
    stubApi({
      'POST /api/resetPassword': json(
        { message: 'Invalid', code: 'validation.invalid', error_keys: { password: [{ key: 'validation.max_length', params: { bound: 200 } }] } },
        422,
      ),
    });
    renderScreen(NewPassword);
    await fillAndSubmit();
    await waitFor(() => expect(password()).toHaveAccessibleDescription(/^Enter at most 200 characters/));
    expect(password()).toHaveFocus();
  });

  it('should explain an expired link in Polish', async () => {
    resetPage('/new-password');
    renderScreen(NewPassword);
    act(() => {
      locale.value = 'pl';
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Ustaw nowe hasło' })).toBeInTheDocument();
    expect(screen.getByText('Link do zmiany hasła wygasł')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Poproś o nowy link' })).toBeInTheDocument();
  });
});
