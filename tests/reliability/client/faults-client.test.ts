import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import * as addresses from '../../../src/api/addresses.ts';
import * as auth from '../../../src/api/auth.ts';
import * as catalogue from '../../../src/api/catalogue.ts';
import { API_TIMEOUT_MS, api } from '../../../src/api/client.ts';
import * as contact from '../../../src/api/contact.ts';
import * as coordinator from '../../../src/api/coordinator.ts';
import * as delivery from '../../../src/api/delivery.ts';
import { isApiClientError } from '../../../src/api/errors.ts';
import { addressInput, orderRequest, registration } from '../../../src/api/test-fixtures.ts';
import * as orders from '../../../src/api/orders.ts';
import * as userApi from '../../../src/api/user.ts';
import * as website from '../../../src/api/website.ts';
import { tally } from '../report.ts';
import { FAULTS, type Fault } from './fault-cases.ts';
import { installFetch, messageProblem, playFault } from './fault-fetch.ts';

/**
 * Fault matrix, client level: every exported call of the API modules (`src/api/*.ts`) × the nine
 * faults of `fault-cases.ts`, played by a fake `fetch`. Each call must reject with an `ApiClientError`
 * of the fault's kind (never resolve, never throw anything else) whose message is a real text in
 * English and Polish. A call exported later but missing from {@link CALLS} fails the first test.
 */

const API_DIR = path.resolve(import.meta.dirname, '../../../src/api');
/** Modules of `src/api` that are the client's machinery (or test data), not provider calls. */
const MACHINERY = new Set(['client.ts', 'contract.ts', 'cookies.ts', 'errors.ts', 'test-fixtures.ts', 'tolerant.ts']);
/** Exported functions of the call modules that make no provider call. */
const NOT_CALLS = new Set(['orders.createIdempotencyKey']);

/** Every provider call, named `module.export`, with arguments that make it send its request. */
const CALLS: Record<string, () => Promise<unknown>> = {
  'addresses.fetchAddresses': () => addresses.fetchAddresses('delivery'),
  'addresses.createAddress': () => addresses.createAddress(addressInput),
  'addresses.updateAddress': () => addresses.updateAddress(5, addressInput),
  'addresses.deleteAddress': () => addresses.deleteAddress(5),
  'auth.login': () => auth.login({ email: 'ann@acme.example', password: 'Secret123', website_id: 1 }),
  'auth.logout': () => auth.logout(),
  'auth.register': () => auth.register(registration),
  'auth.confirmRegistration': () => auth.confirmRegistration({ website_id: 1, token: 'a'.repeat(43) }),
  'auth.forgotPassword': () => auth.forgotPassword({ email: 'ann@acme.example', website_id: 1 }),
  'auth.resetPassword': () => auth.resetPassword({ website_id: 1, token: 'a'.repeat(40), email: 'ann@acme.example', password: 'Secret123', password_confirmation: 'Secret123' }),
  'auth.requestSignInHandoff': () => auth.requestSignInHandoff(1),
  'auth.exchangeSignInHandoff': () => auth.exchangeSignInHandoff('c'.repeat(43), 1),
  'auth.previewSignInHandoff': () => auth.previewSignInHandoff('c'.repeat(43), 1),
  'catalogue.fetchProducts': () => catalogue.fetchProducts({ website_id: 1, search: 'shirt', page: 1 }),
  'catalogue.fetchProduct': () => catalogue.fetchProduct(7, 1),
  'catalogue.fetchProductsByIds': () => catalogue.fetchProductsByIds(1, [7, 8]),
  'contact.sendContact': () => contact.sendContact({ website_id: 1, name: 'Ann', email: 'ann@acme.example', message: 'Hello' }),
  'coordinator.fetchRegistrations': () => coordinator.fetchRegistrations(),
  'coordinator.approveRegistration': () => coordinator.approveRegistration(3),
  'coordinator.rejectRegistration': () => coordinator.rejectRegistration(3, 'Not an employee'),
  'coordinator.fetchBuyers': () => coordinator.fetchBuyers(),
  'coordinator.fetchShopBudgets': () => coordinator.fetchShopBudgets(),
  'coordinator.assignBudget': () => coordinator.assignBudget(3, { budget_id: 2, points: 100, start_date: '2026-01-01', expiry_date: '2027-01-01' }),
  'coordinator.deactivateAssignment': () => coordinator.deactivateAssignment(4),
  'delivery.fetchDeliveryMethods': () => delivery.fetchDeliveryMethods({ website_id: 1, items: [{ product_id: 7, variant_id: 70, quantity: 1 }] }),
  'orders.placeOrder': () => orders.placeOrder(orderRequest, 'abcdef0123456789'),
  'orders.fetchOrderWait': () => orders.fetchOrderWait(1),
  'orders.fetchOrders': () => orders.fetchOrders(1, 2),
  'orders.fetchOrder': () => orders.fetchOrder('ACME-000001', 1),
  'user.fetchUser': () => userApi.fetchUser(),
  'user.updateUser': () => userApi.updateUser({ name: 'Ann', surname: 'Smith', email: 'ann@acme.example', phone: '', job_title: '' }),
  'user.changePassword': () => userApi.changePassword({ current_password: 'Secret123', password: 'Secret456', password_confirmation: 'Secret456' }),
  'user.fetchBudgets': () => userApi.fetchBudgets(1),
  'user.confirmEmailChange': () => userApi.confirmEmailChange({ website_id: 1, token: 'a'.repeat(43) }),
  'user.cancelEmailChange': () => userApi.cancelEmailChange(),
  'website.fetchWebsite': () => website.fetchWebsite('acme'),
  'website.fetchPaymentMethods': () => website.fetchPaymentMethods(1),
};

/**
 * Calls that need no body back (a DELETE's 204): an empty 200 is the provider's success there, so
 * that one fault is expected to resolve. Any other body fault must still fail.
 */
const NO_BODY_NEEDED = new Set(['addresses.deleteAddress']);

/** The exported functions of every call module, named `module.export`. */
async function exportedCalls(): Promise<string[]> {
  const files = readdirSync(API_DIR).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !MACHINERY.has(file));
  const names: string[] = [];
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ path.join(API_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (typeof value === 'function') names.push(`${file.replace(/\.ts$/, '')}.${name}`);
  }
  return names.sort();
}

/** How a call ended: its value, or what it threw. */
type Outcome = { resolved: true; value: unknown } | { resolved: false; error: unknown };

/** Runs `run` under `fault`; a timeout is driven by fake timers to the client's limit. */
async function under(fault: Fault, run: () => Promise<unknown>): Promise<Outcome> {
  const requests: string[] = [];
  installFetch((url, init) => {
    requests.push(url.pathname);
    return playFault(fault, init);
  });
  if (fault.kind === 'timeout') vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const settled = run().then(
      (value): Outcome => ({ resolved: true, value }),
      (error: unknown): Outcome => ({ resolved: false, error }),
    );
    if (fault.kind === 'timeout') await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 1);
    const outcome = await settled;
    expect(requests.length, 'the call reached fetch').toBeGreaterThan(0);
    return outcome;
  } finally {
    vi.useRealTimers();
  }
}

/** Why `outcome` is not what `fault` must give for call `name`, or null when it is. */
function problem(name: string, fault: Fault, outcome: Outcome): string | null {
  if (fault.name === 'empty body' && NO_BODY_NEEDED.has(name)) return outcome.resolved ? null : `rejected: ${String(outcome.error)}`;
  if (outcome.resolved) return `resolved with ${JSON.stringify(outcome.value)}`;
  const { error } = outcome;
  if (!isApiClientError(error)) return `threw ${String(error)}`;
  if (error.kind !== fault.kind) return `kind ${error.kind}, expected ${fault.kind}`;
  if ('status' in fault && error.status !== fault.status) return `status ${String(error.status)}, expected ${fault.status}`;
  return messageProblem(error);
}

const failures: string[] = [];
let tried = 0;

afterEach(() => {
  vi.unstubAllGlobals();
  api.configure({ onUnauthorized: undefined });
});

afterAll(() => {
  tally({
    suite: 'fault matrix',
    check: `client: ${Object.keys(CALLS).length} API calls × ${FAULTS.length} faults (fake fetch)`,
    tried,
    gotThrough: failures.length,
    note: 'got through = a call that resolved, threw something other than an ApiClientError of the right kind, or whose message lacks an en or pl text',
  });
});

describe('fault matrix: API client calls', () => {
  it('covers every exported call of src/api (a new call must join the matrix)', async () => {
    expect(await exportedCalls()).toEqual([...Object.keys(CALLS), ...NOT_CALLS].sort());
  });

  describe.each(FAULTS.map((fault) => [fault.name, fault] as const))('under %s', (_name, fault) => {
    it.each(Object.keys(CALLS))('%s rejects with a recoverable ApiClientError', async (name) => {
      const run = CALLS[name];
      if (!run) throw new Error(`no call ${name}`);
      tried += 1;
      const found = problem(name, fault, await under(fault, run));
      if (found) failures.push(`${name} × ${fault.name}: ${found}`);
      expect(found).toBeNull();
    });
  });
});
