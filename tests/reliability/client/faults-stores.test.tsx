import { act, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS } from '../../../src/api/client.ts';
import { clearAuthToken, getAuthToken } from '../../../src/api/cookies.ts';
import { product, variant } from '../../../src/screens/product/test-fixtures.ts';
import { fetchDeliveryMethods } from '../../../src/api/delivery.ts';
import { fetchOrder, fetchOrders } from '../../../src/api/orders.ts';
import { fetchAddresses } from '../../../src/api/addresses.ts';
import { fetchRegistrations } from '../../../src/api/coordinator.ts';
import { fetchBudgets } from '../../../src/api/user.ts';
import { fetchPaymentMethods } from '../../../src/api/website.ts';
import { useRemote, type Remote } from '../../../src/screens/use-remote.ts';
import { cartCheckError, cartCheckStatus, checkCart } from '../../../src/store/cart-review.ts';
import { addToCart, cartLines } from '../../../src/store/cart.ts';
import { catalogueError, catalogueStatus, loadCatalogue } from '../../../src/store/catalogue.ts';
import { placeOrder, startCheckout } from '../../../src/store/checkout.ts';
import { reloadPage } from '../../../src/store/test-reload.ts';
import { loadProduct, productError, productStatus } from '../../../src/store/product.ts';
import { login, logout, restoreSession, sessionStatus, user } from '../../../src/store/session.ts';
import { loadShop, savedShop, shopStatus } from '../../../src/store/shop.ts';
import { tally } from '../report.ts';
import { FAULTS, type Fault } from './fault-cases.ts';
import { installFetch, messageProblem, ownText } from './fault-fetch.ts';
import { BUYER, PRODUCT, SHOP, filledPage, kept, provider, restoreFetch, signIn, type Kept } from './fault-store-page.ts';

/**
 * Fault matrix, store level: each store action (and each screen load through `useRemote`) that calls
 * the provider, under each of the nine faults on the call it makes. Every case checks: no unhandled
 * rejection; the user-facing state (a status with an error, or the error a form shows) carries a
 * message with a real text in English and Polish; the buyer's cart lines and checkout choices exactly
 * as before the fault (after a 401, which ends the session, as soon as the same buyer signs in again);
 * and the same action succeeding once the fault is gone.
 */

/** What the user is shown after the fault: an error to turn into a message, a message key, or nothing by design. */
type Shown = { error: unknown } | { key: string } | { none: string };

interface StoreCase {
  name: string;
  /** The call the fault breaks, `"METHOD /path"`. */
  route: string;
  /** Page state before the action, when not the standard filled page. */
  setup?: () => void;
  /** Starts the action; `shown` then reads what the user sees. */
  start: () => Promise<unknown>;
  shown: (outcome: unknown) => Shown;
  /** Whether the action, run again without the fault, succeeded. */
  recovered: (outcome: unknown) => boolean;
}

/** A screen's load through `useRemote`, as the screens use it. */
function remoteCase(name: string, route: string, load: (signal: AbortSignal) => Promise<unknown>): StoreCase {
  let hook: { current: Remote<unknown> } | null = null;
  return {
    name: `screen load: ${name}`,
    route,
    start: async () => {
      hook = renderHook(() => useRemote('key', load)).result;
    },
    shown: () => (hook?.current.status === 'error' ? { error: hook.current.error } : { none: `status ${hook?.current.status}` }),
    recovered: () => hook?.current.status === 'ready',
  };
}

/** Whether a call's promise rejected: its error, else undefined. */
const rejected = (outcome: unknown): unknown => (outcome instanceof Rejection ? outcome.error : undefined);

class Rejection {
  constructor(readonly error: unknown) {}
}

/** The login cases start from a guest who filled a cart of their own. */
function asGuestWithCart(): void {
  clearAuthToken();
  user.value = null;
  sessionStatus.value = 'guest';
  if (cartLines.value.length === 0) addToCart(product({ id: 3 }), variant({ id: 30 }), 2);
}

/** A reload whose shop config has not arrived yet: the buyer, their cart and their checkout as before. */
function reloadBeforeShop(): void {
  reloadPage();
  startCheckout();
  savedShop.value = null;
  shopStatus.value = 'idle';
}

const CASES: StoreCase[] = [
  {
    name: 'shop config (loadShop)',
    route: 'GET /api/slug/website',
    setup: () => {
      reloadBeforeShop();
      window.history.replaceState(null, '', '/');
      document.body.innerHTML = `<shop-catalogue shop="${SHOP.slug}"></shop-catalogue>`;
    },
    start: () => {
      reloadBeforeShop();
      return loadShop();
    },
    // Spec §8: a presets failure shows the Store not found screen, whose text must exist in both languages.
    shown: () => (shopStatus.value === 'error' ? { key: 'app.store_not_found_text' } : { none: `status ${shopStatus.value}` }),
    recovered: () => shopStatus.value === 'ready',
  },
  {
    name: 'catalogue list (loadCatalogue)',
    route: 'GET /api/products',
    start: () => loadCatalogue(),
    shown: () => (catalogueStatus.value === 'error' ? { error: catalogueError.value } : { none: `status ${catalogueStatus.value}` }),
    recovered: () => catalogueStatus.value === 'ready',
  },
  {
    name: 'product page (loadProduct)',
    route: `GET /api/products/${PRODUCT.id}`,
    start: () => loadProduct(PRODUCT.id),
    shown: () => (productStatus.value === 'error' ? { error: productError.value } : { none: `status ${productStatus.value}` }),
    recovered: () => productStatus.value === 'ready',
  },
  {
    name: 'cart check (checkCart)',
    route: 'GET /api/products',
    start: () => checkCart(cartLines.value.map((line) => line.product_id)),
    shown: () => (cartCheckStatus.value === 'error' ? { error: cartCheckError.value } : { none: `status ${cartCheckStatus.value}` }),
    recovered: () => cartCheckStatus.value === 'ready',
  },
  {
    name: 'place order (checkout placeOrder)',
    route: 'POST /api/order',
    start: () => placeOrder({ costCentreStatement: false }),
    shown: (outcome) => ({ error: rejected(outcome) ?? 'resolved' }),
    recovered: (outcome) => !(outcome instanceof Rejection) && outcome !== null,
  },
  {
    name: 'login (session login)',
    route: 'POST /api/login',
    setup: asGuestWithCart,
    start: () => login('anna@example.com', 'Passw0rd!'),
    shown: (outcome) => ({ error: rejected(outcome) ?? 'resolved' }),
    recovered: () => user.value?.id === BUYER.id,
  },
  {
    name: 'login, loading the user (session login)',
    route: 'GET /api/user',
    setup: asGuestWithCart,
    start: () => login('anna@example.com', 'Passw0rd!'),
    shown: (outcome) => ({ error: rejected(outcome) ?? 'resolved' }),
    recovered: () => user.value?.id === BUYER.id,
  },
  {
    name: 'session restore on page load (restoreSession)',
    route: 'GET /api/user',
    start: () => {
      // A reload: the session is checked again.
      reloadPage('unknown');
      startCheckout();
      return restoreSession();
    },
    // Spec §8 "Token fetch failure: fall back to guest": no message; the guards send the buyer to Login.
    shown: () => (sessionStatus.value === 'guest' ? { none: 'guest by design' } : { none: `status ${sessionStatus.value}` }),
    recovered: () => sessionStatus.value === 'user' && user.value?.id === BUYER.id,
  },
  {
    name: 'logout',
    route: 'POST /api/logout',
    start: () => logout(),
    // The local session ends whatever the provider answers: nothing to show.
    shown: () => (user.value === null && getAuthToken() === null ? { none: 'logged out locally by design' } : { none: 'still logged in' }),
    recovered: () => user.value === null,
  },
  remoteCase('order history', 'GET /api/user/orders', (signal) => fetchOrders(SHOP.id, 1, { signal })),
  remoteCase('order detail', 'GET /api/user/order/GLOBEX-000001', (signal) => fetchOrder('GLOBEX-000001', SHOP.id, { signal })),
  remoteCase('address book', 'GET /api/user/addresses', (signal) => fetchAddresses(undefined, { signal })),
  remoteCase('delivery methods', 'POST /api/delivery-methods', (signal) => fetchDeliveryMethods({ website_id: SHOP.id, items: [] }, { signal })),
  remoteCase('payment methods', 'POST /api/payment', (signal) => fetchPaymentMethods(SHOP.id, { signal })),
  remoteCase('budgets', 'GET /api/user/budgets', (signal) => fetchBudgets(SHOP.id, { signal })),
  remoteCase('coordinator: registrations', 'GET /api/coordinator/registrations', (signal) => fetchRegistrations({ signal })),
];

/** Cases whose action by design shows no message (see their `shown`). */
const SILENT_BY_DESIGN = new Set(['session restore on page load (restoreSession)', 'logout']);

/** Lets answers, signal effects and React updates run (real timers). */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Runs `start`; a timeout is driven with fake timers to the client's limit. Answers the value or a {@link Rejection}. */
async function run(fault: Fault | null, start: () => Promise<unknown>): Promise<unknown> {
  if (fault?.kind === 'timeout') vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let outcome: unknown;
  try {
    const settled = start().then(
      (value: unknown) => (outcome = value),
      (error: unknown) => (outcome = new Rejection(error)),
    );
    if (fault?.kind === 'timeout') await act(() => vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 1));
    vi.useRealTimers();
    await settled;
    await settle();
  } finally {
    vi.useRealTimers();
  }
  return outcome;
}

/** Why what the user is shown is not a recoverable message in en and pl, or null when it is. */
function shownProblem(name: string, shown: Shown): string | null {
  if ('error' in shown) return messageProblem(shown.error);
  if ('key' in shown) return ownText('en', shown.key) && ownText('pl', shown.key) ? null : `no en/pl text for ${shown.key}`;
  return SILENT_BY_DESIGN.has(name) ? null : `nothing shown (${shown.none})`;
}

/**
 * Why the cart or checkout is not as it was, or null. A guest (the login cases) must keep the guest's
 * cart. For the buyer, a session the fault ended (a 401, a logout) must show the guest's cart, never the
 * buyer's; the same buyer signing in again must then find cart and checkout as they were.
 */
function keptProblem(before: Kept, wasGuest: boolean): string | null {
  let after = kept();
  if (!wasGuest && user.value === null) {
    if (cartLines.value.length > 0 && after.lines === before.lines) return "the buyer's cart still shown after the session ended";
    // Look as the same buyer, then put the cookie back as the fault left it (the retry depends on it).
    const token = getAuthToken();
    signIn();
    after = kept();
    if (token === null) clearAuthToken();
    user.value = null;
    sessionStatus.value = 'guest';
  }
  if (after.lines !== before.lines) return 'cart lines changed';
  if (after.storedCart !== before.storedCart) return 'stored cart changed';
  if (after.checkout !== before.checkout) return 'checkout choices changed';
  return null;
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const failures: string[] = [];
let tried = 0;

beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});

afterEach(() => {
  restoreFetch();
  document.body.innerHTML = '';
});

afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  tally({
    suite: 'fault matrix',
    check: `stores and screen loads: ${CASES.length} actions × ${FAULTS.length} faults (fake fetch)`,
    tried,
    gotThrough: failures.length + unhandled.length,
    note: 'got through = an unhandled rejection, no en/pl message, the cart or checkout changed, or no recovery once the fault was gone',
  });
});

describe.each(CASES.map((entry) => [entry.name, entry] as const))('fault matrix: %s', (_name, entry) => {
  it.each(FAULTS.map((fault) => [fault.name, fault] as const))('under %s: a message, state intact, a retry recovers', async (_fault, fault) => {
    tried += 1;
    filledPage();
    entry.setup?.();
    // Guests (the login cases) keep what they had; everybody else keeps the filled cart and checkout.
    const wasGuest = user.value === null;
    const before = kept();
    const state = { fault: fault as Fault | null };
    installFetch(provider(entry.route, state));
    const unhandledBefore = unhandled.length;

    const outcome = await run(fault, entry.start);
    const problems = [
      shownProblem(entry.name, entry.shown(outcome)),
      keptProblem(before, wasGuest),
      unhandled.length > unhandledBefore ? `unhandled rejection: ${String(unhandled.at(-1))}` : null,
    ].filter((found): found is string => found !== null);

    state.fault = null;
    // A 401 ended the session: the way back is to log in again (the guards send the buyer to Login).
    if (!wasGuest && fault.name === '401' && user.value === null) signIn();
    entry.setup?.();
    const again = await run(null, entry.start);
    if (!entry.recovered(again)) problems.push(`no recovery: ${String(again instanceof Rejection ? again.error : again)}`);

    if (problems.length > 0) failures.push(`${entry.name} × ${fault.name}: ${problems.join('; ')}`);
    expect(problems).toEqual([]);
  });
});
