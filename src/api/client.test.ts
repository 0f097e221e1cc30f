import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../i18n/index.ts';
import { pageSingleton } from '../page-singleton.ts';
import { API_TIMEOUT_MS, api, createApiClient } from './client.ts';
import { ProductSchema } from '../contract/contract.ts';
import { productFixture } from '../contract/test-fixtures.ts';
import { ApiClientError, errorMessage } from './errors.ts';

type FetchStub = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const Ok = v.object({ ok: v.boolean() });

/** A real JSON `Response`. */
function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** Replaces `fetch` with a stub answering `answer` (a Response, or a function of the call). */
function stubFetch(answer: Response | FetchStub): ReturnType<typeof vi.fn<FetchStub>> {
  const stub = vi.fn<FetchStub>(typeof answer === 'function' ? answer : async () => answer.clone());
  vi.stubGlobal('fetch', stub);
  return stub;
}

/** The URL, init and headers of the stub's `index`th call. */
function call(stub: ReturnType<typeof vi.fn<FetchStub>>, index = 0): { url: string; init: RequestInit; headers: Headers } {
  const args = stub.mock.calls[index];
  if (!args) throw new Error(`fetch was not called ${index + 1} time(s)`);
  const init = args[1] ?? {};
  return { url: String(args[0]), init, headers: new Headers(init.headers) };
}

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
const hangingFetch: FetchStub = (_input, init) =>
  new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<ApiClientError> {
  const outcome = await promise.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ApiClientError);
  return outcome as ApiClientError;
}

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  api.configure({ baseUrl: '', onUnauthorized: undefined });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearCookies();
});

describe('api client: headers and URLs', () => {
  it('should send Accept JSON and credentials, and no Authorization or X-XSRF-TOKEN without cookies', async () => {
    const stub = stubFetch(json({ ok: true }));
    await expect(api.get('/api/user', Ok)).resolves.toEqual({ ok: true });
    const { init, headers } = call(stub);
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('x-xsrf-token')).toBe(false);
  });

  it('should send the bearer token only while the Admin-Token cookie exists', async () => {
    const stub = stubFetch(json({ ok: true }));
    document.cookie = 'Admin-Token=secret-token; Path=/';
    await api.get('/api/user', Ok);
    expect(call(stub, 0).headers.get('authorization')).toBe('Bearer secret-token');
    document.cookie = 'Admin-Token=; Max-Age=0; Path=/';
    await api.get('/api/user', Ok);
    expect(call(stub, 1).headers.has('authorization')).toBe(false);
  });

  it('should echo the XSRF-TOKEN cookie URL-decoded as X-XSRF-TOKEN on every method', async () => {
    const stub = stubFetch(json({ ok: true }));
    document.cookie = 'XSRF-TOKEN=eyJpdiI6IjEyMyJ9%3D%3D; Path=/';
    await api.get('/a', Ok);
    await api.post('/b', Ok, { x: 1 });
    await api.put('/c', Ok, { x: 1 });
    await api.delete('/d');
    await api.postForm('/e', Ok, new FormData());
    expect(stub.mock.calls.map((_args, index) => call(stub, index).headers.get('x-xsrf-token'))).toEqual(Array(5).fill('eyJpdiI6IjEyMyJ9=='));
    expect(stub.mock.calls.map((_args, index) => call(stub, index).init.method)).toEqual(['GET', 'POST', 'PUT', 'DELETE', 'POST']);
  });

  it("should hold a write back until the first read's answer brings the XSRF cookie it must echo", async () => {
    // The provider's first answer sets the cookie; a browser attaches it to any request that leaves
    // after that, so a write whose headers were written before would carry it without its echo.
    let answerRead: ((response: Response) => void) | undefined;
    const stub = stubFetch((_input, init) => {
      if (init?.method === 'GET') return new Promise<Response>((resolve) => (answerRead = resolve));
      return Promise.resolve(json({ ok: true }));
    });
    const client = createApiClient();
    const read = client.get('/api/website', Ok);
    const write = client.post('/api/handoff', Ok, { code: 'x' });
    await vi.waitFor(() => expect(stub).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stub).toHaveBeenCalledTimes(1);
    document.cookie = 'XSRF-TOKEN=first-answer; Path=/';
    answerRead?.(json({ ok: true }));
    await expect(Promise.all([read, write])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(call(stub, 1).init.method).toBe('POST');
    expect(call(stub, 1).headers.get('x-xsrf-token')).toBe('first-answer');
  });

  it('should send a write at once when the cookie is there, when no cookieless call is on its way, or when the API is on another origin', async () => {
    const hanging = stubFetch((_input, init) => (init?.method === 'GET' ? hangingFetch(_input, init) : Promise.resolve(json({ ok: true }))));
    // Nothing on its way: the very first call of a page may be a write.
    const client = createApiClient();
    await client.post('/a', Ok, {});
    // Another origin's cookie is not the page's to read: waiting would only slow its writes down.
    const crossOrigin = createApiClient();
    crossOrigin.configure({ baseUrl: 'https://api.example.com' });
    const pendingRead = new AbortController();
    void crossOrigin.get('/r', Ok, { signal: pendingRead.signal }).catch(() => {});
    await crossOrigin.post('/b', Ok, {});
    // The cookie already held: echoed at once, whatever is on its way.
    const sameOrigin = createApiClient();
    void sameOrigin.get('/r', Ok, { signal: pendingRead.signal }).catch(() => {});
    document.cookie = 'XSRF-TOKEN=held; Path=/';
    await sameOrigin.post('/c', Ok, {});
    pendingRead.abort();
    expect(hanging.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => String(input))).toEqual(['/a', 'https://api.example.com/b', '/c']);
  });

  it('should send a designer\'s preview session on reads only, until it is cleared', async () => {
    const stub = stubFetch(json({ ok: true }));
    const client = createApiClient();
    client.configure({ previewSession: 'v1.1.2.sig' });
    await client.get('/a', Ok);
    await client.post('/b', Ok, { x: 1 });
    await client.put('/c', Ok, { x: 1 });
    await client.delete('/d');
    client.configure({ previewSession: undefined });
    await client.get('/e', Ok);
    expect(stub.mock.calls.map((_args, index) => call(stub, index).headers.get('shop-preview'))).toEqual(['v1.1.2.sig', null, null, null, null]);
  });

  it('should join the base URL and the path with exactly one slash', async () => {
    const stub = stubFetch(json({ ok: true }));
    await api.get('/api/user', Ok);
    api.configure({ baseUrl: 'https://api.example.com/' });
    await api.get('/api/user', Ok);
    api.configure({ baseUrl: 'https://provider.example/shop' });
    await api.get('api/user', Ok);
    expect(stub.mock.calls.map((args) => String(args[0]))).toEqual([
      '/api/user',
      'https://api.example.com/api/user',
      'https://provider.example/shop/api/user',
    ]);
    expect(api.baseUrl).toBe('https://provider.example/shop');
    api.configure({ baseUrl: '' });
    await api.get('/x', Ok);
    api.configure({ baseUrl: 'https://a.example//' });
    await api.get('//x', Ok);
    await api.get('https://b.example/x', Ok);
    expect(stub.mock.calls.slice(3).map((args) => String(args[0]))).toEqual(['/x', 'https://a.example/x', 'https://b.example/x']);
  });

  it('should encode the query and leave out undefined and null values', async () => {
    const stub = stubFetch(json({ ok: true }));
    await api.get('/api/products', Ok, { query: { website_id: 1, search: 'kubek żółty & co', sort: undefined, ids: null } });
    const url = new URL(call(stub).url, 'http://localhost');
    expect(url.pathname).toBe('/api/products');
    expect([...url.searchParams]).toEqual([
      ['website_id', '1'],
      ['search', 'kubek żółty & co'],
    ]);
  });

  it('should send a JSON body with its content type, and extra headers such as Idempotency-Key', async () => {
    const stub = stubFetch(json({ ok: true }, 201));
    await api.post('/api/order', Ok, { website_id: 1, items: [] }, { headers: { 'Idempotency-Key': 'attempt-12345678' } });
    const { init, headers } = call(stub);
    expect(JSON.parse(String(init.body))).toEqual({ website_id: 1, items: [] });
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('idempotency-key')).toBe('attempt-12345678');
  });

  it('should send multipart form data without setting a content type', async () => {
    const stub = stubFetch(json({ ok: true }, 201));
    const form = new FormData();
    form.append('name', 'Ann');
    await api.postForm('/api/contact-us', Ok, form);
    const { init, headers } = call(stub);
    expect(init.body).toBe(form);
    expect(headers.has('content-type')).toBe(false);
  });

  it('should be the page singleton', () => {
    expect(pageSingleton('api', () => null)).toBe(api);
  });

  it('should keep the other setting when configure names only one, and reset one set to undefined', async () => {
    const onUnauthorized = vi.fn();
    api.configure({ baseUrl: 'https://api.example.com', onUnauthorized });
    api.configure({ baseUrl: 'https://other.example' });
    const stub = stubFetch(json({ message: 'Please log in to continue.', code: 'errors.unauthenticated' }, 401));
    await failure(api.get('/api/user', Ok));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(call(stub).url).toBe('https://other.example/api/user');
    api.configure({ onUnauthorized: undefined });
    await failure(api.get('/api/user', Ok));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(api.baseUrl).toBe('https://other.example');
  });
});

describe('api client: answers', () => {
  it('should return only the body, validated and stripped of unknown keys', async () => {
    stubFetch(json({ ok: true, extra: 'ignored' }));
    await expect(api.get('/x', Ok)).resolves.toEqual({ ok: true });
  });

  it('should resolve a DELETE without schema to undefined on 204', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/api/user/addresses/1')).resolves.toBeUndefined();
  });

  it('should refuse a DELETE without schema answered 200 with an HTML page (not the provider)', async () => {
    stubFetch(new Response('<!doctype html><title>Sign in to the Wi-Fi</title>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await failure(api.delete('/api/user/addresses/1'));
    expect(error.kind).toBe('malformed');
    expect(error.status).toBe(200);
  });

  it('should accept a DELETE without schema answered 200 with an empty or JSON body', async () => {
    stubFetch(new Response('', { status: 200 }));
    await expect(api.delete('/api/user/addresses/1')).resolves.toBeUndefined();
    stubFetch(json({ message: 'Deleted.' }));
    await expect(api.delete('/api/user/addresses/1')).resolves.toBeUndefined();
  });

  it('should validate a DELETE answer when given a schema', async () => {
    stubFetch(json({ ok: 'yes' }));
    expect((await failure(api.delete('/x', Ok))).kind).toBe('malformed');
  });

  it('should turn HTML answered with 200 into a malformed error', async () => {
    stubFetch(new Response('<!doctype html><title>Shop</title>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await failure(api.get('/api/slug/website', Ok));
    expect(error.kind).toBe('malformed');
    expect(error.status).toBe(200);
    expect(error.code).toBe('errors.malformed_response');
    expect(errorMessage(error, t)).toBe('The shop sent an answer we could not read. Try again later.');
  });

  it('should turn an empty body where JSON is expected into a malformed error', async () => {
    stubFetch(new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect((await failure(api.get('/x', Ok))).kind).toBe('malformed');
    stubFetch(new Response(null, { status: 204 }));
    expect((await failure(api.post('/x', Ok))).kind).toBe('malformed');
  });

  it('should turn JSON that is not an object into a malformed error', async () => {
    for (const body of ['"ok"', '42', 'null', 'true']) {
      stubFetch(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
      const error = await failure(api.get('/x', Ok));
      expect(error.kind).toBe('malformed');
    }
  });

  it('should turn a body of the wrong shape (a product without id) into a malformed error', async () => {
    const { id: _id, ...product } = productFixture({ id: 7, name: 'T-shirt', images: [], variants: [] });
    stubFetch(json(product));
    const error = await failure(api.get('/api/products/7', ProductSchema));
    expect(error.kind).toBe('malformed');
    expect(String(error.cause)).toContain('id');
    stubFetch(json({ ...product, id: 7 }));
    await expect(api.get('/api/products/7', ProductSchema)).resolves.toMatchObject({ id: 7, name: 'T-shirt' });
  });
});

describe('api client: failures', () => {
  it('should time out after 10000 ms with kind timeout', async () => {
    vi.useFakeTimers();
    stubFetch(hangingFetch);
    const outcome = api.get('/slow', Ok).catch((error: unknown) => error);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await outcome) as ApiClientError;
    expect(API_TIMEOUT_MS).toBe(10_000);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error.kind).toBe('timeout');
    expect(error.status).toBeNull();
    expect(error.code).toBe('errors.timeout');
  });

  it('should still time out when the caller passes its own signal', async () => {
    vi.useFakeTimers();
    stubFetch(hangingFetch);
    const outcome = api.get('/slow', Ok, { signal: new AbortController().signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    expect(((await outcome) as ApiClientError).kind).toBe('timeout');
  });

  it('should honour a shorter timeout of a client built for a test', async () => {
    stubFetch(hangingFetch);
    const error = await failure(createApiClient({ timeoutMs: 5 }).get('/slow', Ok));
    expect(error.kind).toBe('timeout');
  });

  it('should report a caller abort as kind aborted, also when aborted before the call', async () => {
    stubFetch(hangingFetch);
    const controller = new AbortController();
    const pending = failure(api.get('/x', Ok, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect((await failure(api.post('/x', Ok, {}, { signal: controller.signal }))).kind).toBe('aborted');
  });

  it('should report a rejected fetch (connection reset, DNS) as kind network', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(api.get('/x', Ok));
    expect(error.kind).toBe('network');
    expect(error.status).toBeNull();
    expect(error.code).toBe('errors.network');
    expect(errorMessage(error, t)).toBe('Cannot reach the shop. Check your connection and try again.');
  });

  it('should call onUnauthorized once per call that answers 401, then throw', async () => {
    const onUnauthorized = vi.fn();
    api.configure({ onUnauthorized });
    stubFetch(json({ message: 'Please log in to continue.', code: 'errors.unauthenticated' }, 401));
    const error = await failure(api.get('/api/user', Ok));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(401);
    expect(error.code).toBe('errors.unauthenticated');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await failure(api.post('/api/logout', Ok));
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('should not call onUnauthorized for other statuses, and not hide the 401 when the callback throws', async () => {
    const onUnauthorized = vi.fn(() => {
      throw new Error('store bug');
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.configure({ onUnauthorized });
    stubFetch(json({ message: 'no', code: 'errors.no_access' }, 403));
    expect((await failure(api.get('/x', Ok))).status).toBe(403);
    expect(onUnauthorized).not.toHaveBeenCalled();
    stubFetch(json({ message: 'Please log in to continue.', code: 'errors.unauthenticated' }, 401));
    expect((await failure(api.get('/x', Ok))).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('should keep the field errors of a 422', async () => {
    stubFetch(
      json(
        {
          message: 'The given data was invalid.',
          code: 'validation.invalid',
          errors: { email: ['The email has already been taken'] },
          error_keys: { email: [{ key: 'validation.email_taken', params: {} }] },
        },
        422,
      ),
    );
    const error = await failure(api.post('/api/register', Ok, {}));
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation.invalid');
    expect(error.fieldErrors).toEqual({ email: ['The email has already been taken'] });
    expect(error.fieldKeys).toEqual({ email: [{ key: 'validation.email_taken', params: {} }] });
  });

  it('should keep retryAfter and remainingTime of a 429', async () => {
    stubFetch(
      json(
        { message: 'You can place your next order in 8 seconds.', code: 'errors.order_wait', remainingTime: 8, retry_after: 8 },
        429,
        { 'Retry-After': '8' },
      ),
    );
    const error = await failure(api.post('/api/order', Ok, {}));
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(8);
    expect(error.remainingTime).toBe(8);
    expect(errorMessage(error, t)).toBe('You can place your next order in 8 seconds.');
    stubFetch(json({ message: 'Too many login attempts.', code: 'errors.throttled' }, 429, { 'Retry-After': '60' }));
    expect((await failure(api.post('/api/login', Ok, {}))).retryAfter).toBe(60);
  });

  it('should give an error page of a proxy (HTML with 502) the generic code', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    const error = await failure(api.get('/x', Ok));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.code).toBe('errors.something_went_wrong');
  });

  it.each(['get', 'post', 'put', 'delete', 'postForm'] as const)('should call fetch exactly once for a %s answered 500 (no retries)', async (method) => {
    const stub = stubFetch(json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500));
    const request = {
      get: () => api.get('/x', Ok),
      post: () => api.post('/x', Ok, { a: 1 }),
      put: () => api.put('/x', Ok, { a: 1 }),
      delete: () => api.delete('/x'),
      postForm: () => api.postForm('/x', Ok, new FormData()),
    }[method];
    const error = await failure(request());
    expect(error.status).toBe(500);
    expect(stub).toHaveBeenCalledTimes(1);
  });

  it('should not retry a network failure of any method, or a 503', async () => {
    const stub = stubFetch(async () => {
      throw new TypeError('connection reset');
    });
    await failure(api.post('/api/order', Ok, {}));
    await failure(api.get('/api/user', Ok));
    await failure(api.put('/api/user/update', Ok, {}));
    await failure(api.delete('/api/user/addresses/1'));
    expect(stub).toHaveBeenCalledTimes(4);
    const busy = stubFetch(new Response('busy', { status: 503 }));
    await failure(api.get('/x', Ok));
    expect(busy).toHaveBeenCalledTimes(1);
  });
});
