/**
 * The nine faults of the reliability fault matrix (docs/reliability.md "Fault matrix"), described as
 * plain data so that the jsdom suites (a fake `fetch`) and the browser suite (Playwright's
 * `route.fulfill` / `route.abort`) play exactly the same answers. No DOM or test-runner imports here.
 */

/** What the storefront's client must turn a fault into (`ApiClientError.kind`). */
export type FaultKind = 'http' | 'malformed' | 'timeout' | 'network';

/** A provider answer that arrives but is wrong: a status, a content type and a body. */
export interface AnsweredFault {
  name: string;
  kind: 'http' | 'malformed';
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

/** No answer at all: the provider never answers (`timeout`) or the connection drops (`network`). */
export interface SilentFault {
  name: string;
  kind: 'timeout' | 'network';
}

export type Fault = AnsweredFault | SilentFault;

/**
 * Each fault as a real deployment meets it: a framework's 500, a proxy's 503 page, a session the
 * provider no longer knows, a rate limiter, a cut JSON answer, an empty 200, a captive portal's HTML
 * page, a provider that never answers, a connection reset.
 */
export const FAULTS: readonly Fault[] = [
  { name: '500', kind: 'http', status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' },
  { name: '503', kind: 'http', status: 503, contentType: 'text/html', body: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>' },
  { name: '401', kind: 'http', status: 401, contentType: 'application/json', body: '{"message":"Unauthenticated."}' },
  { name: '429', kind: 'http', status: 429, contentType: 'application/json', body: '{"message":"Too Many Attempts."}', headers: { 'Retry-After': '30' } },
  { name: 'malformed JSON', kind: 'malformed', status: 200, contentType: 'application/json', body: '{"data":[{"id":1,"name":"T-sh' },
  { name: 'empty body', kind: 'malformed', status: 200, contentType: 'application/json', body: '' },
  { name: 'HTML with 200', kind: 'malformed', status: 200, contentType: 'text/html', body: '<!doctype html><html><head><title>Sign in</title></head><body>Sign in to the guest Wi-Fi</body></html>' },
  { name: 'timeout', kind: 'timeout' },
  { name: 'connection reset', kind: 'network' },
];

/** Whether the fault is an answer (as opposed to none at all). */
export function isAnswered(fault: Fault): fault is AnsweredFault {
  return fault.kind === 'http' || fault.kind === 'malformed';
}
