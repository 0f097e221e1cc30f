import { ofetch, type FetchResponse } from 'ofetch';
import * as v from 'valibot';
import { pageSingleton } from '../page-singleton.ts';
import { getAuthToken, readCookie, XSRF_COOKIE } from './cookies.ts';
import { ApiClientError, httpError } from './errors.ts';

/**
 * The one HTTP client of the storefront (spec §7, DESIGN.md §3: components never call `fetch`).
 * Every call goes to the provider's API base with a 10 000 ms timeout, credentials, the bearer token
 * from the `Admin-Token` cookie and the `XSRF-TOKEN` echo; only the body is returned, and only after
 * it passed the contract schema, so a store never holds data of the wrong shape. Every failure is an
 * {@link ApiClientError}. Calls are never retried here: whether a call may be repeated is the
 * caller's decision (an order is repeated only with the same `Idempotency-Key`).
 */

/** Timeout of every call (spec §9; the HTTP layer's own default is none). */
export const API_TIMEOUT_MS = 10_000;

/** A valibot schema of an answer. */
export type ResponseSchema = v.GenericSchema;

/** Query parameters; `undefined` and `null` values are left out. */
export type ApiQuery = Record<string, string | number | boolean | null | undefined>;

/** Options every domain call takes: a signal to cancel it (e.g. a search replaced by the next keystroke). */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Options of a GET. */
export interface GetOptions {
  query?: ApiQuery;
  signal?: AbortSignal;
}

/** Options of a call with a body. */
export interface SendOptions {
  /** Extra headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** What a page configures once (the shop store, the session store). */
export interface ApiConfig {
  /** The provider's API base, e.g. `https://api.example.com`; `''` (default) is the page origin. */
  baseUrl?: string;
  /** Run when any call answers 401: the session ends cleanly (token and user forgotten). */
  onUnauthorized?: (() => void) | undefined;
  /**
   * A store designer's preview session (docs/designer.md): sent in `Shop-Preview` on reads only, so the
   * provider shows a login-required shop's products and pages to the designer's preview.
   */
  previewSession?: string | undefined;
  /**
   * The session's token when there is no cookie to read it from: the server's renderer of the first
   * screen (elements/storefront-server.tsx) asks with the token of the request it renders.
   */
  authToken?: string | undefined;
}

/** The header a store designer's preview session travels in. */
export const PREVIEW_HEADER = 'Shop-Preview';

/** The client's calls; see the module comment for what every call does. */
export interface ApiClient {
  /** Sets the base and/or the 401 callback; a key left out keeps its value, `undefined` resets it. */
  configure(config: ApiConfig): void;
  /** The configured API base (`''` = the page origin). */
  readonly baseUrl: string;
  get<S extends ResponseSchema>(path: string, schema: S, options?: GetOptions): Promise<v.InferOutput<S>>;
  post<S extends ResponseSchema>(path: string, schema: S, body?: unknown, options?: SendOptions): Promise<v.InferOutput<S>>;
  put<S extends ResponseSchema>(path: string, schema: S, body?: unknown, options?: SendOptions): Promise<v.InferOutput<S>>;
  /** DELETE; without a schema the answer's body (a 204 has none) is ignored. */
  delete(path: string, schema?: undefined, options?: SendOptions): Promise<void>;
  delete<S extends ResponseSchema>(path: string, schema: S, options?: SendOptions): Promise<v.InferOutput<S>>;
  /** Multipart POST; the browser writes the `Content-Type` with its boundary. */
  postForm<S extends ResponseSchema>(path: string, schema: S, formData: FormData, options?: SendOptions): Promise<v.InferOutput<S>>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What one call passes on: a GET's query, or a body with extra headers; the caller's signal. */
interface RequestOptions extends GetOptions, SendOptions {
  body?: unknown;
}

/** Marks a body that was empty, and one that was not JSON (HTML error pages, truncated answers). */
const EMPTY_BODY = Symbol('empty body');
const NOT_JSON = Symbol('not JSON');

/**
 * Parses a body as JSON without ever throwing (ofetch's `parseResponse`, for every content type): the
 * status decides later what a bad body means. ofetch's own parser would hand back a broken body as a string.
 */
function parseBody(text: string): unknown {
  if (text.trim() === '') return EMPTY_BODY;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** The query without its `undefined` and `null` values (ofetch would send a `null` as a bare `key`). */
function presentQuery(query: ApiQuery | undefined): Record<string, string | number | boolean> | undefined {
  return query && Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null)) as Record<string, string | number | boolean>;
}

/** The body ofetch parsed with {@link parseBody}; ofetch keeps it on the response as `_data`. */
function parsedBody(response: FetchResponse<unknown>): unknown {
  // oxlint-disable-next-line no-underscore-dangle -- ofetch's own name for the parsed body
  return response._data;
}

/** A short description of why a body failed its schema, for the error's message (never shown to users). */
function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? '(body)'}: ${issue.message}`)
    .join('; ');
}

/** The body checked against the call's schema; every way it can miss the contract is a `malformed` error. */
function checkedBody(schema: ResponseSchema | undefined, data: unknown, status: number): unknown {
  // A call that needs no body (a DELETE's 204) still needs the provider's answer: a body that is not
  // JSON at all (a proxy's or captive portal's HTML page, a cut answer) means the call never got there.
  if (data === NOT_JSON) throw new ApiClientError({ kind: 'malformed', status, cause: 'the body is not JSON' });
  if (!schema) return undefined;
  if (data === EMPTY_BODY || data === undefined) throw new ApiClientError({ kind: 'malformed', status, cause: 'empty body' });
  if (data === null || typeof data !== 'object') throw new ApiClientError({ kind: 'malformed', status, cause: 'the body is not a JSON object or array' });
  const result = v.safeParse(schema, data);
  if (!result.success) throw new ApiClientError({ kind: 'malformed', status, cause: describeIssues(result.issues) });
  return result.output;
}

/**
 * Builds a client. The page uses the singleton {@link api}; tests may build their own.
 * @internal `timeoutMs` exists for tests only; the storefront always uses {@link API_TIMEOUT_MS}.
 */
export function createApiClient(settings: { timeoutMs?: number } = {}): ApiClient {
  const timeoutMs = settings.timeoutMs ?? API_TIMEOUT_MS;
  let baseUrl = '';
  let onUnauthorized: (() => void) | undefined;
  let previewSession: string | undefined;
  let authToken: string | undefined;
  /**
   * Calls sent while the page held no `XSRF-TOKEN` to echo. The provider sets the cookie on its first
   * answer, and the browser attaches cookies when a request leaves, not when its headers were written:
   * a write sent beside a page's first read could carry the cookie that read just received without
   * its echo, and be refused as a cross-site forgery (403 `errors.csrf`), about one first visit in 60
   * when measured (a sign-in handoff's exchange, a cart link's add). Such a write waits for them.
   */
  const callsWithoutXsrf = new Set<Promise<unknown>>();

  /** Whether the API shares the page's cookies, so its `XSRF-TOKEN` is the page's to read and echo. */
  function apiOnPageOrigin(): boolean {
    try {
      return !baseUrl || new URL(baseUrl, location.href).origin === location.origin;
    } catch {
      return false;
    }
  }

  const http = ofetch.create({
    credentials: 'include',
    // The client's policy: never repeat a call (ofetch repeats GETs on some statuses by default);
    // whether a call may be repeated is the caller's decision, an order only with its Idempotency-Key.
    retry: 0,
    parseResponse: parseBody,
    onResponseError({ response }) {
      const { status } = response;
      const error = httpError(status, parsedBody(response), response.headers.get('retry-after'));
      if (status === 401 && onUnauthorized) {
        try {
          onUnauthorized();
        } catch (callbackError) {
          // A faulty callback must not hide the 401 from the caller.
          console.error(callbackError);
        }
      }
      throw error;
    },
  });

  /**
   * Headers every call carries: JSON answers, the session's bearer token, the XSRF echo, and on reads a
   * designer's preview session. Passed as the call's headers rather than from ofetch's `onRequest`:
   * ofetch awaits that hook before it sends, and callers count on the request being sent (its answer
   * awaited) by the time the call returns, e.g. a search that a newer keystroke replaces.
   */
  function sessionHeaders(method: Method): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = authToken ?? getAuthToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    if (previewSession && method === 'GET') headers[PREVIEW_HEADER] = previewSession;
    return headers;
  }

  async function request(method: Method, path: string, schema: ResponseSchema | undefined, options: RequestOptions): Promise<unknown> {
    // A write with no cookie to echo waits for the calls that may bring it (only same-origin ones are kept).
    if (method !== 'GET' && callsWithoutXsrf.size > 0 && !readCookie(XSRF_COOKIE)) await Promise.allSettled(callsWithoutXsrf);
    // One timer for the whole call, the body's download included, beside the caller's own signal: ofetch's
    // `timeout` stops at the answer's headers and is dropped when a caller passes a signal.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The provider did not answer in time', 'TimeoutError'));
    }, timeoutMs);
    const callerSignal = options.signal;
    const forwardAbort = (): void => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forwardAbort();
    else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    try {
      const headers = { ...sessionHeaders(method), ...options.headers };
      // One slash between base and path: ofetch keeps a path's doubled slash, `//x` would be another host.
      const sent = http.raw(path.replace(/^\/+/, '/'), {
        method,
        baseURL: baseUrl,
        query: presentQuery(options.query),
        body: options.body as BodyInit | Record<string, unknown> | undefined,
        headers,
        signal: controller.signal,
      });
      if (!headers['X-XSRF-TOKEN'] && apiOnPageOrigin()) {
        callsWithoutXsrf.add(sent);
        const answered = (): void => void callsWithoutXsrf.delete(sent);
        sent.then(answered, answered);
      }
      const response = await sent;
      return checkedBody(schema, parsedBody(response), response.status);
    } catch (cause) {
      if (cause instanceof ApiClientError) throw cause;
      if (timedOut) throw new ApiClientError({ kind: 'timeout', cause });
      if (callerSignal?.aborted) throw new ApiClientError({ kind: 'aborted', cause });
      throw new ApiClientError({ kind: 'network', cause });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
  }

  const client: ApiClient = {
    configure(config) {
      if ('baseUrl' in config) baseUrl = (config.baseUrl ?? '').trim().replace(/\/+$/, '');
      if ('onUnauthorized' in config) onUnauthorized = config.onUnauthorized;
      if ('previewSession' in config) previewSession = config.previewSession;
      if ('authToken' in config) authToken = config.authToken;
    },
    get baseUrl() {
      return baseUrl;
    },
    get<S extends ResponseSchema>(path: string, schema: S, options: GetOptions = {}) {
      return request('GET', path, schema, options) as Promise<v.InferOutput<S>>;
    },
    post<S extends ResponseSchema>(path: string, schema: S, body?: unknown, options: SendOptions = {}) {
      return request('POST', path, schema, { ...options, body }) as Promise<v.InferOutput<S>>;
    },
    put<S extends ResponseSchema>(path: string, schema: S, body?: unknown, options: SendOptions = {}) {
      return request('PUT', path, schema, { ...options, body }) as Promise<v.InferOutput<S>>;
    },
    delete(path: string, schema?: ResponseSchema, options: SendOptions = {}) {
      return request('DELETE', path, schema, options) as Promise<never>;
    },
    postForm<S extends ResponseSchema>(path: string, schema: S, formData: FormData, options: SendOptions = {}) {
      return request('POST', path, schema, { ...options, body: formData }) as Promise<v.InferOutput<S>>;
    },
  };
  return client;
}

/** The page's one client, shared by every element and bundle copy on the page. */
export const api: ApiClient = pageSingleton('api', () => createApiClient(), 'keep');
