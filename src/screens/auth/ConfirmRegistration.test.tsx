import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath } from '../../kit/router.tsx';
import { locale } from '../../store/locale.ts';
import { callsTo, deferredAnswer, json, renderScreen, resetPage, stubApi } from './auth-test-helpers.ts';
import { ConfirmRegistration } from './ConfirmRegistration.tsx';

const LINK = '/confirm-registration?token=tok%2B1';
const confirmed = () => json({ status: 'pending', message: 'Your e-mail address is confirmed.', code: 'notices.registration_confirmed' });
const expired = () => json({ message: 'expired', code: 'errors.registration_link_expired' }, 422);
const already = () => json({ message: 'already', code: 'errors.registration_already_confirmed' }, 409);
const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });

beforeEach(() => resetPage(LINK));
afterEach(() => {
  vi.unstubAllGlobals();
  locale.value = 'en';
});

describe('ConfirmRegistration (issue 26)', () => {
  it('should send nothing until the button is pressed, then confirm once and move focus to the answer', async () => {
    const later = deferredAnswer();
    const calls = stubApi({ 'POST /api/register/confirm': later.answer });
    renderScreen(ConfirmRegistration);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm registration' })).toBeInTheDocument();
    // The token leaves the address bar at once; opening the link (a mail scanner) confirms nothing.
    expect(window.location.search).toBe('');
    expect(currentPath.value).toBe('/confirm-registration');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(callsTo(calls, '/api/register/confirm')).toEqual([]);

    const button = confirmButton();
    await userEvent.click(button);
    // A second press while the first is on its way sends nothing more.
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await act(async () => later.resolve(confirmed()));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Your e-mail address is confirmed. Your coordinator will review your request'));
    await waitFor(() => expect(status).toHaveFocus());
    expect(callsTo(calls, '/api/register/confirm')).toEqual([{ method: 'POST', path: '/api/register/confirm', body: { website_id: 7, token: 'tok+1' } }]);
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('should call an expired or void link so, offer no retry and lead back to registration', async () => {
    stubApi({ 'POST /api/register/confirm': expired() });
    renderScreen(ConfirmRegistration);
    await userEvent.click(confirmButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This confirmation link has expired or is no longer valid.'));
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to registration' })).toHaveAttribute('href', '/register');
  });

  it('should say a request confirmed before was confirmed, in Polish too', async () => {
    locale.value = 'pl';
    stubApi({ 'POST /api/register/confirm': already() });
    renderScreen(ConfirmRegistration);
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('To zgłoszenie rejestracyjne zostało już potwierdzone.'));
    expect(screen.queryByRole('link', { name: 'Wróć do rejestracji' })).not.toBeInTheDocument();
  });

  it('should keep the button for a failure worth trying again', async () => {
    const calls = stubApi({ 'POST /api/register/confirm': json({ message: 'boom', code: 'errors.something_went_wrong' }, 500) });
    renderScreen(ConfirmRegistration);
    await userEvent.click(confirmButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The confirmation could not be sent. Try again.'));
    await userEvent.click(confirmButton());
    await waitFor(() => expect(callsTo(calls, '/api/register/confirm')).toHaveLength(2));
  });

  it('should call a link without a token dead at once, sending nothing', async () => {
    resetPage('/confirm-registration');
    const calls = stubApi({});
    renderScreen(ConfirmRegistration);
    expect(screen.getByRole('alert')).toHaveTextContent('This confirmation link has expired or is no longer valid.');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/register/confirm')).toEqual([]);
  });
});
