import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath } from '../../kit/router.tsx';
import { locale } from '../../store/locale.ts';
import { sessionStatus, user as sessionUser } from '../../store/session.ts';
import { savedShop } from '../../store/shop.ts';
import { USER, WEBSITE, callsTo, deferredAnswer, json, renderScreen, resetPage, stubApi } from './auth-test-helpers.ts';
import { Login } from './Login.tsx';

const email = () => screen.getByLabelText(/^E-mail/);
const password = () => screen.getByLabelText(/^Password/);
const submitButton = () => screen.getByRole('button', { name: /^Log in/ });

async function fillAndSubmit(address = 'buyer@acme.test', secret = 'Passw0rd!') {
  const user = userEvent.setup();
  await user.type(email(), address);
  await user.type(password(), secret);
  await user.click(submitButton());
  return user;
}

beforeEach(() => resetPage('/login'));
afterEach(() => vi.unstubAllGlobals());

describe('Login', () => {
  it('should log in with {email, password, website_id}, fire shop-login and go to the homepage', async () => {
    const calls = stubApi({ 'POST /api/login': json({ access_token: 'tok-1' }), 'GET /api/user': json(USER) });
    const { host } = renderScreen(Login);
    const onLogin = vi.fn();
    host.addEventListener('shop-login', (event) => onLogin((event as CustomEvent).detail));
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toHaveAttribute('data-screen-heading');

    await fillAndSubmit(' buyer@acme.test ');

    await waitFor(() => expect(onLogin).toHaveBeenCalledWith({ userId: 42 }));
    expect(callsTo(calls, '/api/login')).toEqual([{ method: 'POST', path: '/api/login', body: { email: 'buyer@acme.test', password: 'Passw0rd!', website_id: 7 } }]);
    expect(sessionUser.value?.id).toBe(42);
    expect(sessionStatus.value).toBe('user');
    expect(currentPath.value).toBe('/');
  });

  it('should go to a local redirect path after logging in', async () => {
    resetPage('/login?redirect=%2Fproducts%3Fsearch%3Dmug');
    stubApi({ 'POST /api/login': json({ access_token: 'tok-1' }), 'GET /api/user': json(USER) });
    renderScreen(Login);
    await fillAndSubmit();
    await waitFor(() => expect(currentPath.value).toBe('/products?search=mug'));
  });

  it('should refuse an external redirect such as //evil.example and go home', async () => {
    resetPage('/login?redirect=//evil.example/phish');
    stubApi({ 'POST /api/login': json({ access_token: 'tok-1' }), 'GET /api/user': json(USER) });
    renderScreen(Login);
    await fillAndSubmit();
    await waitFor(() => expect(sessionStatus.value).toBe('user'));
    expect(currentPath.value).toBe('/');
    expect(window.location.href).not.toContain('evil');
  });

  it('should show "This element is required" on both fields, send nothing and focus the e-mail', async () => {
    const calls = stubApi({});
    renderScreen(Login);
    await userEvent.click(submitButton());
    expect(screen.getAllByText('This element is required')).toHaveLength(2);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('should check the e-mail on blur and clear the message once it is fixed', async () => {
    renderScreen(Login);
    const user = userEvent.setup();
    await user.type(email(), 'buyer@acme');
    await user.tab();
    expect(screen.getByText('E-mail must be valid')).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription('E-mail must be valid');
    await user.type(email(), '.test');
    expect(screen.queryByText('E-mail must be valid')).not.toBeInTheDocument();
  });

  it('should not check a field when focus leaves it for the submit button (the submit checks it)', () => {
    renderScreen(Login);
    fireEvent.change(email(), { target: { value: 'buyer@acme' } });
    fireEvent.blur(email(), { relatedTarget: submitButton() });
    expect(email()).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(email(), { relatedTarget: password() });
    expect(email()).toHaveAccessibleDescription('E-mail must be valid');
  });

  it('should show "Invalid login details" in the form alert for a 422', async () => {
    stubApi({ 'POST /api/login': json({ message: 'Invalid login details', code: 'errors.invalid_login' }, 422) });
    renderScreen(Login);
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid login details'));
    expect(sessionStatus.value).not.toBe('user');
    expect(submitButton()).not.toHaveAttribute('aria-busy');
  });

  it("should show \"This account doesn't have access to this website\" for a 403", async () => {
    stubApi({ 'POST /api/login': json({ message: 'No access', code: 'errors.no_access' }, 403) });
    renderScreen(Login);
    await fillAndSubmit('buyer@globex.test');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("This account doesn't have access to this website"));
  });

  it('should show the throttling message with the seconds to wait for a 429', async () => {
    stubApi({ 'POST /api/login': json({ message: 'Too many', code: 'errors.throttled', retry_after: 30 }, 429, { 'Retry-After': '30' }) });
    renderScreen(Login);
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many login attempts. Try again in 30 seconds.'));
  });

  it('should send one request however often the button is clicked while it is in flight', async () => {
    const later = deferredAnswer();
    const calls = stubApi({
      'POST /api/login': later.answer,
      'GET /api/user': json(USER),
    });
    renderScreen(Login);
    const user = await fillAndSubmit();
    await user.click(submitButton());
    await user.click(submitButton());
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    expect(callsTo(calls, '/api/login')).toHaveLength(1);
    await act(async () => later.resolve(json({ access_token: 'tok-1' })));
    await waitFor(() => expect(sessionStatus.value).toBe('user'));
    expect(callsTo(calls, '/api/login')).toHaveLength(1);
  });

  it('should link to /forget and to /register, but not to /register in a _noform shop', () => {
    const { unmount } = renderScreen(Login);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forget');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    unmount();
    savedShop.value = { ...WEBSITE, registration_type: 'invoice_noform' };
    renderScreen(Login);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('should speak Polish, including a message already shown, when the language switches', async () => {
    stubApi({ 'POST /api/login': json({ message: 'Invalid login details', code: 'errors.invalid_login' }, 422) });
    renderScreen(Login);
    await userEvent.click(submitButton());
    expect(screen.getAllByText('This element is required')).toHaveLength(2);
    act(() => {
      locale.value = 'pl';
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Logowanie' })).toBeInTheDocument();
    expect(screen.getAllByText('To pole jest wymagane')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Nie pamiętasz hasła?' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), 'buyer@acme.test');
    await user.type(screen.getByLabelText(/^Hasło/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Nieprawidłowe dane logowania'));
  });
});

/** An open shop (guests fill a cart) with a registration form, or without one (`_noform`). */
const openShop = (registration_type: string) => ({ ...WEBSITE, name: 'Globex', login_required: false, registration_type });
/** The note on why Login comes before the checkout. */
const notice = () => screen.queryByRole('region', { name: 'Log in to place your order' });

describe('Login on the way to the checkout (issue 27)', () => {
  it('should tell a guest of an open shop why they must log in, and offer the registration form', async () => {
    resetPage('/login?redirect=%2Fcheckout%2Fdelivery', openShop('invoice_form'));
    stubApi({ 'POST /api/login': json({ access_token: 'tok-1' }), 'GET /api/user': json(USER) });
    renderScreen(Login);
    const region = notice();
    expect(region).toHaveTextContent('Orders in Globex are placed from a buyer account');
    expect(region).toHaveTextContent('Your cart is kept');
    const link = screen.getByRole('link', { name: 'Request an account' });
    expect(link).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Contact the shop' })).not.toBeInTheDocument();
    // The notice comes before the form, which still logs in and goes on to the checkout.
    expect(region!.compareDocumentPosition(email()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await fillAndSubmit();
    await waitFor(() => expect(currentPath.value).toBe('/checkout/delivery'));
  });

  it('should tell a guest of a shop without a registration form to ask their company, with the contact page', async () => {
    resetPage('/login?redirect=%2Fcheckout%2Fdelivery', openShop('invoice_noform'));
    renderScreen(Login);
    expect(notice()).toHaveTextContent('Ask your company’s shop administrator for one, or write to the shop.');
    expect(screen.getByRole('link', { name: 'Contact the shop' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('link', { name: 'Request an account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('should say it in Polish', () => {
    resetPage('/login?redirect=%2Fcheckout%2Fdelivery', openShop('invoice_noform'));
    locale.value = 'pl';
    renderScreen(Login);
    const region = screen.getByRole('region', { name: 'Zaloguj się, aby złożyć zamówienie' });
    expect(region).toHaveTextContent('Zamówienia w sklepie Globex składa się z konta kupującego');
    expect(screen.getByRole('link', { name: 'Napisz do sklepu' })).toHaveAttribute('href', '/contact');
  });

  it('should not show it for another redirect, nor in a shop that requires login', () => {
    resetPage('/login?redirect=%2Fuser%2Forders', openShop('invoice_form'));
    const first = renderScreen(Login);
    expect(notice()).not.toBeInTheDocument();
    first.unmount();
    resetPage('/login?redirect=%2Fcheckout%2Fdelivery');
    renderScreen(Login);
    expect(notice()).not.toBeInTheDocument();
  });
});
