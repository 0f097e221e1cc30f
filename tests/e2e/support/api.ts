import type { APIRequestContext } from '@playwright/test';
import { E2E_ORIGIN } from '../playwright.config.ts';

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

/**
 * Confirms the newest registration request of `email` in shop `slug` with the token of the link mailed
 * to it (issue 26), read from the demo outbox as the applicant would; the request then reaches the coordinator.
 */
export async function confirmRegistration(request: APIRequestContext, slug: string, email: string): Promise<void> {
  const mails = (await (await request.get(`${E2E_ORIGIN}/demo/outbox.json`)).json()) as { to: string; subject: string; body: string }[];
  const mail = mails.find((item) => item.to.toLowerCase() === email.toLowerCase() && item.subject.endsWith(': confirm your e-mail address'));
  const token = /[?&]token=([^&\s]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  const confirmed = await postJson(request, `${E2E_ORIGIN}/api/register/confirm`, { website_id: await shopId(request, slug), token: decodeURIComponent(token) });
  if (!confirmed.ok()) throw new Error(`confirmation refused: ${await confirmed.text()}`);
}

/** The id of a demo shop by slug. */
export async function shopId(request: APIRequestContext, slug: string): Promise<number> {
  const response = await request.get(`/api/slug/website?slug=${slug}`);
  return ((await response.json()) as { id: number }).id;
}

/** A token of `email` in shop `slug` straight from the API (no browser), or null when refused. */
export async function apiLogin(request: APIRequestContext, slug: string, email: string, password = 'Passw0rd!'): Promise<string | null> {
  const response = await postJson(request, '/api/login', { email, password, website_id: await shopId(request, slug) });
  return response.ok() ? ((await response.json()) as { access_token: string }).access_token : null;
}

/**
 * A buyer of its own for a test that changes an account (its password, say), so that no other spec's
 * demo account is touched: registered through `POST /api/register` naming the shop's coordinator,
 * confirmed with the link mailed to it, then approved through the coordinator API. Answers the new account's e-mail and password.
 */
export async function createBuyer(request: APIRequestContext, slug: string, coordinatorEmail: string, tag: string): Promise<{ email: string; password: string }> {
  const stamp = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `e2e-${stamp}@${slug}.test`;
  const password = 'Start-Hasla-1';
  const registered = await postJson(request, '/api/register', {
    website_id: await shopId(request, slug),
    name: 'E2e',
    surname: `Buyer ${stamp}`,
    email,
    password,
    password_confirmation: password,
    coordinator_email: coordinatorEmail,
    cost_center: 'MPK-E2E',
    job_title: 'Tester',
    buyer_id: `E2E-${stamp}`.slice(0, 50),
  });
  if (registered.status() !== 201) throw new Error(`registration refused: ${await registered.text()}`);
  await confirmRegistration(request, slug, email);
  const token = await apiLogin(request, slug, coordinatorEmail);
  if (!token) throw new Error(`${coordinatorEmail} cannot log in`);
  const headers = { authorization: `Bearer ${token}` };
  const requests = (await (await request.get('/api/coordinator/registrations', { headers })).json()) as { id: number; email: string }[];
  const mine = requests.find((entry) => entry.email === email);
  if (!mine) throw new Error(`no registration request of ${email}`);
  const approved = await postJson(request, `/api/coordinator/registrations/${mine.id}/approve`, {}, headers);
  if (!approved.ok()) throw new Error(`approval refused: ${await approved.text()}`);
  return { email, password };
}
