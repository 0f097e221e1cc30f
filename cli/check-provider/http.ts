/**
 * The provider check's one way of calling the API: plain `fetch` with no cookies kept (a server-side
 * client, as the check is), JSON bodies, an optional bearer token and a 10 s timeout, the storefront's.
 * Every outcome is an answer, including a network failure, so a check never throws.
 */

/** How long one call may take, as in the storefront's client (src/api/client.ts). */
export const CALL_TIMEOUT_MS = 10_000;

/** One call to make. */
export interface CallRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  /** Path under the API base, e.g. `/api/products`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** What came back: the status, the headers and the body read as JSON (or its text when it is not JSON). */
export interface CallAnswer {
  /** 0 when no answer came (network error or timeout; `failure` says which). */
  status: number;
  headers: Headers;
  body: unknown;
  /** The body was not JSON: its first characters. */
  text?: string;
  failure?: string;
}

/** The full URL of `request` under `base` (a base with a path keeps it: `https://x/shop` + `/api/…`). */
export function callUrl(base: string, request: Pick<CallRequest, 'path' | 'query'>): string {
  const url = new URL(base.replace(/\/+$/, '') + request.path);
  for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

/** Makes one call; never throws. */
export async function call(base: string, request: CallRequest): Promise<CallAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(callUrl(base, request), {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { status: 0, headers: new Headers(), body: undefined, failure: timedOut ? `no answer in ${CALL_TIMEOUT_MS / 1000} s` : `no answer (${String(error instanceof Error ? error.message : error)}${cause})` };
  }
  const text = await response.text();
  if (text === '') return { status: response.status, headers: response.headers, body: undefined };
  try {
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, headers: response.headers, body: undefined, text: text.slice(0, 80) };
  }
}
