import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../i18n/index.ts';
import { setLocale } from '../store/locale.ts';
import { ApiClientError, errorMessage, GENERIC_ERROR_CODE, httpError, isApiClientError } from './errors.ts';

afterEach(() => setLocale('en'));

describe('ApiClientError', () => {
  it('should give each kind without a server code its own i18n key', () => {
    expect(new ApiClientError({ kind: 'network' }).code).toBe('errors.network');
    expect(new ApiClientError({ kind: 'timeout' }).code).toBe('errors.timeout');
    expect(new ApiClientError({ kind: 'malformed', status: 200 }).code).toBe('errors.malformed_response');
    expect(new ApiClientError({ kind: 'http', status: 500 }).code).toBe(GENERIC_ERROR_CODE);
    expect(new ApiClientError({ kind: 'aborted' }).code).toBe(GENERIC_ERROR_CODE);
  });

  it('should be an Error with a name, a null status when there was no answer, and empty params', () => {
    const error = new ApiClientError({ kind: 'network', cause: new TypeError('Failed to fetch') });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiClientError');
    expect(error.status).toBeNull();
    expect(error.params).toEqual({});
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('should tell ApiClientErrors (of a kind) from other values', () => {
    const error = new ApiClientError({ kind: 'timeout' });
    expect(isApiClientError(error)).toBe(true);
    expect(isApiClientError(error, 'timeout')).toBe(true);
    expect(isApiClientError(error, 'http')).toBe(false);
    expect(isApiClientError(new Error('x'))).toBe(false);
    expect(isApiClientError({ kind: 'http' })).toBe(false);
  });
});

describe('httpError', () => {
  it('should keep the code, text, qty and field errors of an ApiErrorSchema body', () => {
    const error = httpError(422, {
      message: 'Minimum product order quantity: 50',
      code: 'sale.qty.minimum',
      qty: 50,
      errors: { 'items.0.quantity': ['Enter at least 1'] },
      error_keys: { 'items.0.quantity': [{ key: 'validation.min_value', params: { bound: 1 } }] },
    });
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.code).toBe('sale.qty.minimum');
    expect(error.serverMessage).toBe('Minimum product order quantity: 50');
    expect(error.message).toBe('Minimum product order quantity: 50');
    expect(error.qty).toBe(50);
    expect(error.params).toEqual({ qty: 50 });
    expect(error.fieldErrors).toEqual({ 'items.0.quantity': ['Enter at least 1'] });
    expect(error.fieldKeys).toEqual({ 'items.0.quantity': [{ key: 'validation.min_value', params: { bound: 1 } }] });
  });

  it('should turn retry_after, else remainingTime, else the Retry-After header into the seconds param', () => {
    const order = httpError(429, { message: 'wait', code: 'errors.order_wait', remainingTime: 7, retry_after: 7 });
    expect(order.remainingTime).toBe(7);
    expect(order.retryAfter).toBe(7);
    expect(order.params).toEqual({ seconds: 7 });
    expect(httpError(429, { message: 'wait', code: 'errors.order_wait', remainingTime: 3.2 }).params).toEqual({ seconds: 4 });
    const throttled = httpError(429, { message: 'Too many', code: 'errors.throttled' }, '120');
    expect(throttled.retryAfter).toBe(120);
    expect(throttled.params).toEqual({ seconds: 120 });
  });

  it('should give the generic code to a body that is not an ApiErrorSchema', () => {
    for (const body of ['<html>Bad gateway</html>', undefined, null, 42, { error: 'nope' }, { message: 5 }]) {
      const error = httpError(502, body);
      expect(error.code).toBe(GENERIC_ERROR_CODE);
      expect(error.status).toBe(502);
      expect(error.serverMessage).toBeUndefined();
    }
    expect(httpError(503, '', '30').retryAfter).toBe(30);
    expect(httpError(503, '', 'Wed, 21 Oct 2015 07:28:00 GMT').retryAfter).toBeUndefined();
  });

  it('should fall back to the generic code when the body has an empty code', () => {
    expect(httpError(500, { message: 'Boom', code: '' }).code).toBe(GENERIC_ERROR_CODE);
  });
});

describe('errorMessage', () => {
  const minimum = httpError(422, { message: 'Minimum product order quantity: 50', code: 'sale.qty.minimum', qty: 50 });

  it('should show sale.qty.minimum with its qty in English', () => {
    expect(errorMessage(minimum, t)).toBe('Minimum product order quantity: 50');
  });

  it('should show sale.qty.minimum with its qty in Polish', () => {
    setLocale('pl');
    expect(errorMessage(minimum, t)).toBe('Minimalna ilość zamówienia produktu: 50');
    expect(errorMessage(minimum)).toBe('Minimalna ilość zamówienia produktu: 50');
  });

  it('should show sale.hold.exceeded with the pieces that may still be held, in English and Polish', () => {
    const hold = httpError(422, { message: 'Unpaid online orders can reserve at most 3 more of this product for you.', code: 'sale.hold.exceeded', qty: 3, product_id: 7 });
    expect(errorMessage(hold, t)).toBe('Unpaid online orders can reserve at most 3 more of this product for you. Complete your pending payment first, or order fewer.');
    setLocale('pl');
    expect(errorMessage(hold, t)).toBe(
      'Nieopłacone zamówienia online mogą zarezerwować dla Ciebie jeszcze najwyżej 3 szt. tego produktu. Najpierw dokończ oczekującą płatność albo zamów mniej.',
    );
  });

  it('should show the wait of errors.order_wait in seconds', () => {
    const wait = httpError(429, { message: 'x', code: 'errors.order_wait', remainingTime: 12, retry_after: 12 });
    expect(errorMessage(wait, t)).toBe('You can place your next order in 12 seconds.');
  });

  it('should use the server message for a code this client does not know', () => {
    const error = httpError(422, { message: 'A brand new rule failed', code: 'errors.brand_new_rule' });
    expect(errorMessage(error, t)).toBe('A brand new rule failed');
  });

  it('should use the generic text when there is neither a known code nor a message', () => {
    expect(errorMessage(httpError(500, '<html>'), t)).toBe('Something went wrong!');
    expect(errorMessage(new ApiClientError({ kind: 'http', status: 418, code: 'teapot.unknown' }), t)).toBe('Something went wrong!');
    expect(errorMessage(new Error('bug'), t)).toBe('Something went wrong!');
    expect(errorMessage('not even an error', t)).toBe('Something went wrong!');
  });

  it('should explain network, timeout and malformed failures in English and Polish', () => {
    const kinds = [new ApiClientError({ kind: 'network' }), new ApiClientError({ kind: 'timeout' }), new ApiClientError({ kind: 'malformed', status: 200 })];
    expect(kinds.map((error) => errorMessage(error, t))).toEqual([
      'Cannot reach the shop. Check your connection and try again.',
      'The shop is taking too long to answer. Try again.',
      'The shop sent an answer we could not read. Try again later.',
    ]);
    setLocale('pl');
    expect(kinds.map((error) => errorMessage(error, t))).toEqual([
      'Nie można połączyć się ze sklepem. Sprawdź połączenie i spróbuj ponownie.',
      'Sklep zbyt długo nie odpowiada. Spróbuj ponownie.',
      'Sklep przysłał odpowiedź, której nie udało się odczytać. Spróbuj ponownie później.',
    ]);
  });

  it('should prefer this client text over the English server message', () => {
    setLocale('pl');
    const error = httpError(422, { message: 'Invalid login details', code: 'errors.invalid_login' });
    expect(errorMessage(error, t)).toBe('Nieprawidłowe dane logowania');
  });
});
