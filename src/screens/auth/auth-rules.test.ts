import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientError, httpError } from '../../api/errors.ts';
import { locale } from '../../store/locale.ts';
import { accountRoute, formErrorText, isCheckoutPath, registrationClosed, safeRedirect } from './auth-rules.ts';

describe('safeRedirect', () => {
  it('should keep a path of this storefront, with its query', () => {
    expect(safeRedirect('/cart')).toBe('/cart');
    expect(safeRedirect('/products?search=mug&sort=name_asc')).toBe('/products?search=mug&sort=name_asc');
  });

  it('should send anything that could leave the site to the homepage', () => {
    for (const value of [null, undefined, '', 'cart', '//evil.example', '//evil.example/login', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/\t/evil.example', '/\n/evil.example']) {
      expect(safeRedirect(value)).toBe('/');
    }
  });
});

describe('registrationClosed', () => {
  it('should be true only for a registration type ending with _noform', () => {
    expect(registrationClosed('invoice_noform')).toBe(true);
    expect(registrationClosed('budget_form')).toBe(false);
    expect(registrationClosed('noform_budget')).toBe(false);
    expect(registrationClosed(undefined)).toBe(false);
  });
});

/** The form text of a 429 `errors.too_many_requests` asking to wait `seconds`. */
const waitText = (seconds: number) => formErrorText(httpError(429, { message: 'Too many', code: 'errors.too_many_requests', retry_after: seconds }));

describe('formErrorText', () => {
  afterEach(() => {
    locale.value = 'en';
  });

  it('should give a 429 wait in seconds under a minute and in minutes from a minute on', () => {
    expect(formErrorText(httpError(429, { message: 'Too many', code: 'errors.throttled', retry_after: 30 }))).toBe('Too many login attempts. Try again in 30 seconds.');
    expect(formErrorText(httpError(429, { message: 'Too many', code: 'errors.too_many_requests', retry_after: 3600 }, '3600'))).toBe(
      'Too many attempts. Try again in 60 minutes.',
    );
    // The Retry-After header alone is enough.
    expect(formErrorText(httpError(429, { message: 'Too many', code: 'errors.too_many_requests' }, '61'))).toBe('Too many attempts. Try again in 2 minutes.');
  });

  it('should use the Polish plural forms', () => {
    locale.value = 'pl';
    expect(waitText(60)).toBe('Zbyt wiele prób. Spróbuj ponownie za 1 minutę.');
    expect(waitText(180)).toBe('Zbyt wiele prób. Spróbuj ponownie za 3 minuty.');
    expect(waitText(3600)).toBe('Zbyt wiele prób. Spróbuj ponownie za 60 minut.');
    expect(waitText(22)).toBe('Zbyt wiele prób. Spróbuj ponownie za 22 sekundy.');
  });

  it('should leave every other error to errorMessage', () => {
    expect(formErrorText(httpError(422, { message: 'Invalid login details', code: 'errors.invalid_login' }))).toBe('Invalid login details');
    expect(formErrorText(new ApiClientError({ kind: 'network' }))).toBe('Cannot reach the shop. Check your connection and try again.');
    expect(formErrorText(new Error('bug'))).toBe('Something went wrong!');
  });
});

describe('isCheckoutPath and accountRoute (issue 27: Login on the way to the checkout)', () => {
  it('should know the checkout steps from other paths', () => {
    expect(isCheckoutPath('/checkout')).toBe(true);
    expect(isCheckoutPath('/checkout/delivery')).toBe(true);
    expect(isCheckoutPath('/checkout/summary?x=1')).toBe(true);
    expect(isCheckoutPath('/checkouts')).toBe(false);
    expect(isCheckoutPath('/cart')).toBe(false);
    expect(isCheckoutPath('/')).toBe(false);
  });

  it('should send a guest to the registration form, or to ask, when the shop has no form', () => {
    expect(accountRoute('budget_form')).toBe('register');
    expect(accountRoute('')).toBe('register');
    expect(accountRoute('invoice_noform')).toBe('ask');
  });
});
