import { render, type RenderResult } from '@testing-library/react';
import { createElement, type ComponentType } from 'react';
import { vi } from 'vitest';
import { clearAuthToken } from '../../api/cookies.ts';
import type { User, Website } from '../../contract/contract.ts';
import { websiteFixture } from '../../contract/test-fixtures.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { routerActive, syncLocation } from '../../kit/router.tsx';
import { clearAlerts } from '../../store/alerts.ts';
import { locale } from '../../store/locale.ts';
import { savedShop } from '../../store/shop.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

/** @internal Fixtures and a fetch stub shared by the sign-in screens' tests. */

/** A shop with a registration form (`registration_type` without `_noform`). */
export const WEBSITE: Website = websiteFixture({
  id: 7,
  name: 'Acme',
  currency: 'pkt',
  payment_type: 'budget',
  paymentMethods: [],
  is_gross: false,
  login_required: true,
  registration_type: 'budget_form',
  pages: [],
});

export const USER: User = {
  id: 42,
  email: 'buyer@acme.test',
  name: 'Anna',
  surname: 'Nowak',
  phone: '',
  job_title: 'Buyer',
  buyer_id: 'B-1',
  cost_center: 'CC-1',
  role: 'buyer',
  website_id: 7,
  coordinator_email: null,
  budgets: [],
  pending_email: null,
};

/** A real JSON `Response`. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** One call the stub received. */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = Response | (() => Response | Promise<Response>);

/**
 * Stubs `fetch` with answers by `"METHOD /path"`; an unknown call answers 404. Returns the calls it
 * received, bodies parsed from JSON.
 */
export function stubApi(answers: Record<string, Answer>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const raw = init.body;
      calls.push({ method, path: url.pathname, body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw });
      const answer = answers[`${method} ${url.pathname}`];
      if (!answer) return json({ message: 'Not found', code: 'errors.not_found' }, 404);
      return typeof answer === 'function' ? answer() : answer.clone();
    }),
  );
  return calls;
}

/** Calls other than the user load that follows a login. */
export function callsTo(calls: readonly RecordedCall[], path: string): RecordedCall[] {
  return calls.filter((call) => call.path === path);
}

/** A fresh page: no session, the shop loaded, English, the storefront router on `path`. */
export function resetPage(path = '/', website: Website = WEBSITE): void {
  resetPageSingletons();
  clearAuthToken();
  clearAlerts();
  savedShop.value = website;
  locale.value = 'en';
  routerActive.value = true;
  window.history.replaceState(null, '', path);
  syncLocation();
}

/** Renders a screen inside an element shell whose host is a real element, so `shop-*` events reach it. */
export function renderScreen(component: ComponentType): RenderResult & { host: HTMLElement } {
  const host = document.createElement('div');
  document.body.append(host);
  const result = render(createElement(ElementShell, { host, root: document }, createElement(component)), { container: host });
  return { ...result, host };
}

/** An answer the test sends later: `answer` for `stubApi`, `resolve` to let it through. */
export function deferredAnswer(): { answer: () => Promise<Response>; resolve: (response: Response) => void } {
  let release: ((response: Response) => void) | undefined;
  const pending = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer: () => pending, resolve: (response) => release?.(response) };
}
