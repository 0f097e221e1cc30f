import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAddress, deleteAddress, fetchAddresses, updateAddress } from './addresses.ts';
import { exchangeSignInHandoff, forgotPassword, login, logout, previewSignInHandoff, register, requestSignInHandoff, resetPassword } from './auth.ts';
import { fetchProduct, fetchProducts } from './catalogue.ts';
import { api } from './client.ts';
import { sendContact } from './contact.ts';
import { fetchDeliveryMethods } from './delivery.ts';
import { ApiClientError } from './errors.ts';
import { addressInput, orderFixture, orderRequest, registration } from './test-fixtures.ts';
import { productFixture, variantFixture, websiteFixture } from '../contract/test-fixtures.ts';
import { createIdempotencyKey, fetchOrder, fetchOrders, fetchOrderWait, placeOrder } from './orders.ts';
import { cancelEmailChange, changePassword, confirmEmailChange, fetchBudgets, fetchUser, updateUser } from './user.ts';
import { fetchPaymentMethods, fetchWebsite } from './website.ts';
import { resetPageSingletons } from '../page-singleton.ts';

type FetchStub = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(answer: () => Response): ReturnType<typeof vi.fn<FetchStub>> {
  const stub = vi.fn<FetchStub>(async () => answer());
  vi.stubGlobal('fetch', stub);
  return stub;
}

/** What one recorded fetch call sent: method, path, query, JSON body (or the FormData) and headers. */
function sent(stub: ReturnType<typeof vi.fn<FetchStub>>) {
  expect(stub).toHaveBeenCalledTimes(1);
  const [input, init = {}] = stub.mock.calls[0] ?? [];
  const url = new URL(String(input), 'http://localhost');
  const body = init.body;
  return {
    method: init.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: typeof body === 'string' ? (JSON.parse(body) as unknown) : body,
    headers: new Headers(init.headers),
  };
}

// ---------------------------------------------------------------------------------------------------
// Answers that satisfy the contract

const iso = '2025-01-01T00:00:00.000Z';
const website = websiteFixture({ name: 'Acme', pages: [] });
const product = productFixture({
  id: 7,
  name: 'T-shirt',
  slug: 't-shirt',
  code: 'TS',
  description: '',
  images: [],
  variants: [variantFixture({ id: 70, code: 'TS-B-M', size_code: 'M' })],
});
const budget = {
  id: 4,
  budget_id: 2,
  name: 'Marketing',
  color: '#ec4899',
  points: 100,
  points_left: 60,
  start_date: iso,
  expiry_date: '2030-01-01T00:00:00.000Z',
  is_active: true,
  status: 'active',
};
const user = {
  id: 3,
  email: 'ann@acme.example',
  name: 'Ann',
  surname: 'Smith',
  phone: '',
  job_title: '',
  buyer_id: 'B-1',
  cost_center: 'CC',
  role: 'buyer',
  website_id: 1,
  coordinator_email: null,
  budgets: [budget],
  pending_email: null,
};
const address = { id: 5, type: 'delivery', name: '', surname: '', company: '', street: 'Main 1', city: 'Warsaw', zip: '00-950', country: 'PL', nip: '', phone: '' };
const deliveryMethod = { id: 1, type: 'courier', name: 'Courier', price: 15, pickup_address: null, budgets: [] };
const summary = { id: 1, name: 'ACME-000001', date: iso, status: 'new' as const, currency: 'PLN', total: 100, items_count: 1 };
const order = orderFixture({ ...summary, total_net: 81.3, delivery_price: 0, delivery_method: { id: 1, type: 'courier', name: 'Courier', price: 0 } });
const page = (data: unknown[]) => ({ data, meta: { total: data.length, page: 1, per_page: 24 } });
const message = { message: 'Done.', code: 'notices.contact_sent' };

// ---------------------------------------------------------------------------------------------------
// Requests

interface Case {
  name: string;
  run: () => Promise<unknown>;
  answer: Response;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  returns: unknown;
}

const cases: Case[] = [
  { name: 'fetchWebsite', run: () => fetchWebsite('acme'), answer: json(website), method: 'GET', path: '/api/slug/website', query: { slug: 'acme' }, returns: website },
  {
    name: 'fetchPaymentMethods',
    run: () => fetchPaymentMethods(1),
    answer: json(website.paymentMethods),
    method: 'POST',
    path: '/api/payment',
    body: { website_id: 1 },
    returns: website.paymentMethods,
  },
  {
    name: 'login',
    run: () => login({ email: 'ann@acme.example', password: 'Secret123', website_id: 1 }),
    answer: json({ access_token: 'tok' }),
    method: 'POST',
    path: '/api/login',
    body: { email: 'ann@acme.example', password: 'Secret123', website_id: 1 },
    returns: { access_token: 'tok' },
  },
  { name: 'logout', run: () => logout(), answer: json(message), method: 'POST', path: '/api/logout', returns: message },
  {
    name: 'register',
    run: () => register(registration),
    answer: json({ status: 'pending', message: 'We received your request.' }, 201),
    method: 'POST',
    path: '/api/register',
    body: registration,
    returns: { status: 'pending', message: 'We received your request.' },
  },
  {
    name: 'forgotPassword',
    run: () => forgotPassword({ email: 'ann@acme.example', website_id: 1 }),
    answer: json(message),
    method: 'POST',
    path: '/api/forgotPassword',
    body: { email: 'ann@acme.example', website_id: 1 },
    returns: message,
  },
  {
    name: 'resetPassword',
    run: () => resetPassword({ website_id: 1, email: 'ann@acme.example', token: 'reset', password: 'newpass12', password_confirmation: 'newpass12' }),
    answer: json({ access_token: 'tok2' }),
    method: 'POST',
    path: '/api/resetPassword',
    body: { website_id: 1, email: 'ann@acme.example', token: 'reset', password: 'newpass12', password_confirmation: 'newpass12' },
    returns: { access_token: 'tok2' },
  },
  {
    name: 'requestSignInHandoff',
    run: () => requestSignInHandoff(1),
    answer: json({ code: 'one-time-code', expires_in: 60 }),
    method: 'POST',
    path: '/api/session/handoff',
    body: { website_id: 1 },
    returns: { code: 'one-time-code', expires_in: 60 },
  },
  {
    name: 'exchangeSignInHandoff',
    run: () => exchangeSignInHandoff('one-time-code', 1),
    answer: json({ access_token: 'tok3' }),
    method: 'POST',
    path: '/api/session/exchange',
    body: { code: 'one-time-code', website_id: 1 },
    returns: { access_token: 'tok3' },
  },
  {
    name: 'previewSignInHandoff',
    run: () => previewSignInHandoff('one-time-code', 1),
    answer: json({ name: 'Ann', surname: 'Smith', email: 'ann@acme.example' }),
    method: 'POST',
    path: '/api/session/handoff/preview',
    body: { code: 'one-time-code', website_id: 1 },
    returns: { name: 'Ann', surname: 'Smith', email: 'ann@acme.example' },
  },
  { name: 'fetchUser', run: () => fetchUser(), answer: json(user), method: 'GET', path: '/api/user', returns: user },
  {
    name: 'updateUser',
    run: () => updateUser({ name: 'Ann', surname: 'Smith', email: 'ann@acme.example' }),
    answer: json(user),
    method: 'PUT',
    path: '/api/user/update',
    body: { name: 'Ann', surname: 'Smith', email: 'ann@acme.example' },
    returns: user,
  },
  {
    name: 'updateUser with a new e-mail',
    run: () => updateUser({ name: 'Ann', surname: 'Smith', email: 'new@acme.example', current_password: 'Secret123' }),
    answer: json({ ...user, pending_email: 'new@acme.example' }),
    method: 'PUT',
    path: '/api/user/update',
    body: { name: 'Ann', surname: 'Smith', email: 'new@acme.example', current_password: 'Secret123' },
    returns: { ...user, pending_email: 'new@acme.example' },
  },
  {
    name: 'confirmEmailChange',
    run: () => confirmEmailChange({ website_id: 1, token: 'tok-1' }),
    answer: json({ message: 'Changed.', code: 'notices.email_changed', email: 'new@acme.example' }),
    method: 'POST',
    path: '/api/user/email/confirm',
    body: { website_id: 1, token: 'tok-1' },
    returns: { message: 'Changed.', code: 'notices.email_changed', email: 'new@acme.example' },
  },
  { name: 'cancelEmailChange', run: () => cancelEmailChange(), answer: json(user), method: 'POST', path: '/api/user/email/cancel', returns: user },
  {
    name: 'changePassword',
    run: () => changePassword({ current_password: 'Old12345', password: 'New12345', password_confirmation: 'New12345' }),
    answer: json(message),
    method: 'POST',
    path: '/api/user/changePassword',
    body: { current_password: 'Old12345', password: 'New12345', password_confirmation: 'New12345' },
    returns: message,
  },
  {
    name: 'fetchBudgets',
    run: () => fetchBudgets(1),
    answer: json([budget]),
    method: 'GET',
    path: '/api/user/budgets',
    query: { website_id: '1' },
    returns: [budget],
  },
  {
    name: 'fetchProducts',
    run: () => fetchProducts({ website_id: 1, search: 'kubek', sort: 'price_desc', page: 2, per_page: 12, ids: [3, 1, 2] }),
    answer: json(page([product])),
    method: 'GET',
    path: '/api/products',
    query: { website_id: '1', search: 'kubek', sort: 'price_desc', page: '2', per_page: '12', ids: '3,1,2' },
    returns: page([product]),
  },
  {
    name: 'fetchProducts (defaults: blank search and no ids left out)',
    run: () => fetchProducts({ website_id: 1, search: '   ', ids: [] }),
    answer: json(page([])),
    method: 'GET',
    path: '/api/products',
    query: { website_id: '1' },
    returns: page([]),
  },
  {
    name: 'fetchProduct',
    run: () => fetchProduct(7, 1),
    answer: json(product),
    method: 'GET',
    path: '/api/products/7',
    query: { website_id: '1' },
    returns: product,
  },
  { name: 'fetchAddresses', run: () => fetchAddresses(), answer: json([address]), method: 'GET', path: '/api/user/addresses', returns: [address] },
  {
    name: 'fetchAddresses by type',
    run: () => fetchAddresses('specific'),
    answer: json([]),
    method: 'GET',
    path: '/api/user/addresses',
    query: { type: 'specific' },
    returns: [],
  },
  {
    name: 'createAddress',
    run: () => createAddress(addressInput),
    answer: json(address, 201),
    method: 'POST',
    path: '/api/user/addresses',
    body: addressInput,
    returns: address,
  },
  {
    name: 'updateAddress',
    run: () => updateAddress(5, addressInput),
    answer: json(address),
    method: 'PUT',
    path: '/api/user/addresses/5',
    body: addressInput,
    returns: address,
  },
  {
    name: 'deleteAddress',
    run: () => deleteAddress(5),
    answer: new Response(null, { status: 204 }),
    method: 'DELETE',
    path: '/api/user/addresses/5',
    returns: undefined,
  },
  {
    name: 'fetchDeliveryMethods',
    run: () => fetchDeliveryMethods({ website_id: 1, address_id: 5, items: [{ product_id: 7, variant_id: 70, quantity: 2 }] }),
    answer: json([deliveryMethod]),
    method: 'POST',
    path: '/api/delivery-methods',
    body: { website_id: 1, address_id: 5, items: [{ product_id: 7, variant_id: 70, quantity: 2 }] },
    returns: [deliveryMethod],
  },
  {
    name: 'placeOrder',
    run: () => placeOrder(orderRequest, 'attempt-0123456789'),
    answer: json({ order, payment_url: null }, 201),
    method: 'POST',
    path: '/api/order',
    body: orderRequest,
    returns: { order, payment_url: null },
  },
  {
    name: 'fetchOrderWait',
    run: () => fetchOrderWait(1),
    answer: json({ remainingTime: 4 }),
    method: 'GET',
    path: '/api/order/wait',
    query: { website_id: '1' },
    returns: { remainingTime: 4 },
  },
  {
    name: 'fetchOrders',
    run: () => fetchOrders(1, 3),
    answer: json(page([summary])),
    method: 'GET',
    path: '/api/user/orders',
    query: { website_id: '1', page: '3' },
    returns: page([summary]),
  },
  {
    name: 'fetchOrders with per_page',
    run: () => fetchOrders(1, 1, { perPage: 50 }),
    answer: json(page([])),
    method: 'GET',
    path: '/api/user/orders',
    query: { website_id: '1', page: '1', per_page: '50' },
    returns: page([]),
  },
  {
    name: 'fetchOrder',
    run: () => fetchOrder('ACME-000001', 1),
    answer: json(order),
    method: 'GET',
    path: '/api/user/order/ACME-000001',
    query: { website_id: '1' },
    returns: order,
  },
  {
    name: 'fetchOrder of the token shop',
    run: () => fetchOrder('ACME-000001'),
    answer: json(order),
    method: 'GET',
    path: '/api/user/order/ACME-000001',
    returns: order,
  },
];

beforeEach(() => {
  api.configure({ baseUrl: '', onUnauthorized: undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('domain modules', () => {
  it.each(cases)('should send $method $path for $name', async (testCase) => {
    const stub = stubFetch(() => testCase.answer);
    await expect(testCase.run()).resolves.toEqual(testCase.returns);
    const request = sent(stub);
    expect(request.method).toBe(testCase.method);
    expect(request.path).toBe(testCase.path);
    expect(request.query).toEqual(testCase.query ?? {});
    expect(request.body).toEqual(testCase.body);
  });

  it('should read a user from an older provider, without pending_email, as one with no change pending', async () => {
    const { pending_email: _pending, ...older } = user;
    stubFetch(() => json(older));
    await expect(fetchUser()).resolves.toEqual(user);
  });

  it('should reject an answer without what must be there (e.g. a user without id)', async () => {
    const { id: _id, ...noId } = user;
    stubFetch(() => json(noId));
    await expect(fetchUser()).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('should leave out a list item it cannot use and keep the rest (a delivery method of an unknown type)', async () => {
    resetPageSingletons();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(() => json([{ ...deliveryMethod, id: 8, type: 'drone' }, deliveryMethod]));
    await expect(fetchDeliveryMethods({ website_id: 1 })).resolves.toEqual([deliveryMethod]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('fetchWebsite', () => {
  it('should answer null for a 404 errors.store_not_found', async () => {
    stubFetch(() => json({ message: 'Store not found', code: 'errors.store_not_found' }, 404));
    await expect(fetchWebsite('nope')).resolves.toBeNull();
  });

  it('should answer null for a body without id (the spec unknown-shop answer)', async () => {
    stubFetch(() => json({ message: 'Store not found' }));
    await expect(fetchWebsite('nope')).resolves.toBeNull();
    stubFetch(() => json({}));
    await expect(fetchWebsite('nope')).resolves.toBeNull();
  });

  it('should throw for other failures, so an outage is not taken for an unknown shop', async () => {
    stubFetch(() => json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500));
    await expect(fetchWebsite('acme')).rejects.toMatchObject({ kind: 'http', status: 500 });
    stubFetch(() => json({ message: 'Page not found', code: 'errors.not_found' }, 404));
    await expect(fetchWebsite('acme')).rejects.toMatchObject({ kind: 'http', status: 404 });
    stubFetch(() => new Response('<html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(fetchWebsite('acme')).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('should read a config that has an id but is incomplete with the defaults (issue 16)', async () => {
    resetPageSingletons();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { settings: _settings, slug: _slug, name: _name, ...partial } = website;
    stubFetch(() => json(partial));
    await expect(fetchWebsite('acme')).resolves.toEqual({
      ...website,
      slug: 'acme',
      name: 'acme',
      settings: { accent_colour: null, font: null, favicon: null, logo: null, button_style: 'round' },
    });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('should throw malformed for a config whose id is not a number', async () => {
    stubFetch(() => json({ ...website, id: 'acme' }));
    const error = await fetchWebsite('acme').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ kind: 'malformed' });
  });
});

describe('sign-in handoff', () => {
  it('should reject a code that does not work with the one http error, without ending the session', async () => {
    const onUnauthorized = vi.fn();
    api.configure({ onUnauthorized });
    stubFetch(() => json({ message: 'This sign-in link has expired or was already used. Please log in.', code: 'errors.handoff_invalid' }, 400));
    const error = await exchangeSignInHandoff('used-code', 1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 'errors.handoff_invalid' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('should throw malformed for a handoff answer without a code', async () => {
    stubFetch(() => json({ expires_in: 60 }));
    await expect(requestSignInHandoff(1)).rejects.toMatchObject({ kind: 'malformed' });
  });
});

describe('placeOrder', () => {
  it('should send the Idempotency-Key header', async () => {
    const stub = stubFetch(() => json({ order, payment_url: null }, 201));
    await placeOrder(orderRequest, 'attempt-0123456789');
    expect(sent(stub).headers.get('idempotency-key')).toBe('attempt-0123456789');
  });

  it('should make fresh keys that fit the provider pattern', () => {
    const keys = new Set(Array.from({ length: 20 }, () => createIdempotencyKey()));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8,200}$/);
  });
});

describe('sendContact', () => {
  it('should send multipart form data with website_id, the fields and the file', async () => {
    const stub = stubFetch(() => json(message, 201));
    const file = new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' });
    await expect(sendContact({ website_id: 1, name: 'Ann', email: 'ann@acme.example', subject: 'Hi', message: 'Hello' }, file)).resolves.toEqual(message);
    const request = sent(stub);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/contact-us');
    expect(request.headers.has('content-type')).toBe(false);
    const form = request.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      website_id: '1',
      name: 'Ann',
      email: 'ann@acme.example',
      subject: 'Hi',
      message: 'Hello',
    });
    const sentFile = form.get('file');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('brief.pdf');
  });

  it('should leave the file part out when there is no file, and skip undefined fields', async () => {
    const stub = stubFetch(() => json(message, 201));
    await sendContact({ website_id: 2, name: 'Ann', email: 'ann@acme.example', phone: undefined, message: 'Hello' });
    const form = sent(stub).body as FormData;
    expect(form.has('file')).toBe(false);
    expect(form.has('phone')).toBe(false);
    expect(form.get('website_id')).toBe('2');
  });
});
