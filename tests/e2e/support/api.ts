import type { APIRequestContext } from '@playwright/test';

/**
 * POSTs JSON the way the storefront's HTTP client does: echoing the XSRF-TOKEN cookie as the
 * X-XSRF-TOKEN header (the server refuses a state-changing call that carries the cookie without it).
 */
export async function postJson(request: APIRequestContext, path: string, data: unknown) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  return request.post(path, { data, headers: xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {} });
}

/** The id of a demo shop by slug. */
export async function shopId(request: APIRequestContext, slug: string): Promise<number> {
  const response = await request.get(`/api/slug/website?slug=${slug}`);
  return ((await response.json()) as { id: number }).id;
}
