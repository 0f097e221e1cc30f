import type { APIRequestContext } from '@playwright/test';

/**
 * POSTs JSON the way the storefront's HTTP client does: echoing the XSRF-TOKEN cookie as the
 * X-XSRF-TOKEN header (the server refuses a state-changing call that carries the cookie without it).
 * With an absolute URL the cookie of that host is echoed (a context that visited several shop hosts
 * holds one XSRF-TOKEN per host). `headers` adds more, e.g. `Authorization` or `Idempotency-Key`.
 */
export async function postJson(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}) {
  const state = await request.storageState();
  const host = /^https?:\/\//i.test(path) ? new URL(path).hostname : null;
  const candidates = state.cookies.filter((cookie) => cookie.name === 'XSRF-TOKEN');
  const xsrf = (candidates.find((cookie) => host !== null && cookie.domain.replace(/^\./, '') === host) ?? candidates[0])?.value;
  return request.post(path, { data, headers: { ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}), ...headers } });
}

/** The id of a demo shop by slug. */
export async function shopId(request: APIRequestContext, slug: string): Promise<number> {
  const response = await request.get(`/api/slug/website?slug=${slug}`);
  return ((await response.json()) as { id: number }).id;
}
