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

interface RequestSpec {
  method: Method;
  path: string;
  schema: ResponseSchema | undefined;
  body?: unknown;
  query?: ApiQuery | undefined;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
}

/** Marks a body that was empty, and one that was not JSON (HTML error pages, truncated answers). */
const EMPTY_BODY = Symbol('empty body');
const NOT_JSON = Symbol('not JSON');

/** Parses a body as JSON without ever throwing: the status decides later what a bad body means. */
function parseBody(text: string): unknown {
  if (text.trim() === '') return EMPTY_BODY;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** `base` + `path` with exactly one slash between them; an empty base keeps the path relative to the page. */
export function joinUrl(base: string, path: string): string {
  if (base === '' || /^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** `url` with `query` appended (`undefined` and `null` values left out), form-encoded as `URLSearchParams` writes it. */
export function withQuery(url: string, query: ApiQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.append(key, String(value));
  const search = params.toString();
  return search === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** Whether a body is sent as JSON: anything but what `fetch` sends as it is (text, a form, a file, bytes, a stream). */
function isJsonBody(body: unknown): boolean {
  if (body === undefined || typeof body === 'string') return false;
  return !(body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof ReadableStream);
}

/** Headers every call carries: JSON answers, the session's bearer token, the XSRF echo. */
function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  return headers;
}

/** A short description of why a body failed its schema, for the error's message (never shown to users). */
function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? '(body)'}: ${issue.message}`)
    .join('; ');
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

  async function request(spec: RequestSpec): Promise<unknown> {
    // One timer for the whole call, the body's download included, beside the caller's own signal.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The provider did not answer in time', 'TimeoutError'));
    }, timeoutMs);
    const callerSignal = spec.signal;
    const forwardAbort = (): void => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forwardAbort();
    else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    let response: Response;
    let data: unknown;
    try {
      const json = isJsonBody(spec.body);
      response = await fetch(withQuery(joinUrl(baseUrl, spec.path), spec.query), {
        method: spec.method,
        credentials: 'include',
        headers: {
          ...baseHeaders(),
          ...(previewSession && spec.method === 'GET' ? { [PREVIEW_HEADER]: previewSession } : {}),
          ...(json ? { 'Content-Type': 'application/json' } : {}),
          ...spec.headers,
        },
        body: json ? JSON.stringify(spec.body) : (spec.body as BodyInit | undefined),
        signal: controller.signal,
      });
      // Read inside the timer: an answer whose body stalls or breaks off is a timeout or a network failure.
      data = parseBody(await response.text());
    } catch (cause) {
      if (timedOut) throw new ApiClientError({ kind: 'timeout', cause });
      if (callerSignal?.aborted) throw new ApiClientError({ kind: 'aborted', cause });
      throw new ApiClientError({ kind: 'network', cause });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }

    const { ok, status, headers } = response;
    if (!ok) {
      const error = httpError(status, data, headers.get('retry-after'));
      if (status === 401 && onUnauthorized) {
        try {
          onUnauthorized();
        } catch (callbackError) {
          // A faulty callback must not hide the 401 from the caller.
          console.error(callbackError);
        }
      }
      throw error;
    }
    // A call that needs no body (a DELETE's 204) still needs the provider's answer: a body that is not
    // JSON at all (a proxy's or captive portal's HTML page, a cut answer) means the call never got there.
    if (data === NOT_JSON) throw new ApiClientError({ kind: 'malformed', status, cause: 'the body is not JSON' });
    if (!spec.schema) return undefined;
    if (data === EMPTY_BODY || data === undefined) {
      throw new ApiClientError({ kind: 'malformed', status, cause: 'empty body' });
    }
    if (data === NOT_JSON || data === null || typeof data !== 'object') {
      throw new ApiClientError({ kind: 'malformed', status, cause: 'the body is not a JSON object or array' });
    }
    const result = v.safeParse(spec.schema, data);
    if (!result.success) {
      throw new ApiClientError({ kind: 'malformed', status, cause: describeIssues(result.issues) });
    }
    return result.output;
  }

  const client: ApiClient = {
    configure(config) {
      if ('baseUrl' in config) baseUrl = (config.baseUrl ?? '').trim();
      if ('onUnauthorized' in config) onUnauthorized = config.onUnauthorized;
      if ('previewSession' in config) previewSession = config.previewSession;
    },
    get baseUrl() {
      return baseUrl;
    },
    get<S extends ResponseSchema>(path: string, schema: S, options: GetOptions = {}) {
      return request({ method: 'GET', path, schema, query: options.query, signal: options.signal }) as Promise<v.InferOutput<S>>;
    },
    post<S extends ResponseSchema>(path: string, schema: S, body?: unknown, options: SendOptions = {}) {
      return request({ method: 'POST', path, schema, body, ...options }) as Promise<v.InferOutput<S>>;
    },
    put<S extends ResponseSchema>(path: string, schema: S, body?: unknown, options: SendOptions = {}) {
      return request({ method: 'PUT', path, schema, body, ...options }) as Promise<v.InferOutput<S>>;
    },
    delete(path: string, schema?: ResponseSchema, options: SendOptions = {}) {
      return request({ method: 'DELETE', path, schema, ...options }) as Promise<never>;
    },
    postForm<S extends ResponseSchema>(path: string, schema: S, formData: FormData, options: SendOptions = {}) {
      return request({ method: 'POST', path, schema, body: formData, ...options }) as Promise<v.InferOutput<S>>;
    },
  };
  return client;
}

/** The page's one client, shared by every element and bundle copy on the page. */
export const api: ApiClient = pageSingleton('api', () => createApiClient());
