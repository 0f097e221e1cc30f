import { vi } from 'vitest';
import type { Order, Website } from '../../../src/contract/contract.ts';
import { setAuthToken } from '../../../src/api/cookies.ts';
import { orderFixture } from '../../../src/api/test-fixtures.ts';
import { GROSS_SHOP, pageOf } from '../../../src/screens/catalogue/test-fixtures.ts';
import { assignment, buyer, product, variant } from '../../../src/screens/product/test-fixtures.ts';
import { resetScreenPage } from '../../../src/screens/test-page.ts';
import { addToCart, cartLines } from '../../../src/store/cart.ts';
import { checkoutState, chooseDeliveryAddress, chooseDeliveryMethod, choosePaymentMethod, setOrderComment, startCheckout, updateContact } from '../../../src/store/checkout.ts';
import { sessionStatus, user } from '../../../src/store/session.ts';
import { storageKey } from '../../../src/store/storage.ts';
import { playFault, json, type FetchHandler } from './fault-fetch.ts';
import type { Fault } from './fault-cases.ts';

/**
 * The page the store-level fault matrix starts every case from: a shop, a signed-in buyer with a
 * filled cart and a checkout ready for the summary, and a provider that answers every call the stores
 * make correctly, except the one call a case breaks.
 */

export const SHOP: Website = { ...GROSS_SHOP, paymentMethods: [{ id: 1, code: 'invoice', name: 'Invoice' }] };
export const BUYER = buyer([assignment()]);
export const PRODUCT = product({ id: 1 });
export const TOKEN = 't'.repeat(43);

const courier = { id: 1, type: 'courier' as const, name: 'Courier', price: 19.99, pickup_address: null, budgets: [] };
const bookAddress = { id: 4, type: 'delivery' as const, name: 'Anna', surname: 'Nowak', company: 'ACME', street: 'Marszałkowska 104', city: 'Warszawa', zip: '00-017', country: 'PL', nip: '7010150006', phone: '' };

const ORDER: Order = orderFixture();

/** The provider's correct answer to every call the stores and screens under test make. */
const HEALTHY: Record<string, () => Response> = {
  'GET /api/slug/website': () => json(SHOP),
  'GET /api/products': () => pageOf([PRODUCT]),
  [`GET /api/products/${PRODUCT.id}`]: () => json(PRODUCT),
  'GET /api/user': () => json(BUYER),
  'POST /api/login': () => json({ access_token: TOKEN }),
  'POST /api/logout': () => json({ message: 'Logged out.' }),
  'POST /api/order': () => json({ order: ORDER, payment_url: null }, 201),
  'GET /api/user/orders': () => json({ data: [], meta: { total: 0, page: 1, per_page: 10 } }),
  [`GET /api/user/order/${ORDER.name}`]: () => json(ORDER),
  'GET /api/user/addresses': () => json([bookAddress]),
  'POST /api/delivery-methods': () => json([courier]),
  'POST /api/payment': () => json(SHOP.paymentMethods),
  'GET /api/user/budgets': () => json([assignment()]),
  'GET /api/coordinator/registrations': () => json([]),
};

/** A provider that answers `broken` (`"METHOD /path"`) with `fault` while `fault` is set, and everything else correctly. */
export function provider(broken: string, state: { fault: Fault | null }): FetchHandler {
  return (url, init) => {
    const route = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    if (route === broken && state.fault) return playFault(state.fault, init);
    const answer = HEALTHY[route];
    return Promise.resolve(answer ? answer() : json({ message: 'Not found', code: 'errors.not_found' }, 404));
  };
}

/** Signs `who` in as a restored session would (token cookie, user, status). */
export function signIn(who = BUYER): void {
  setAuthToken(TOKEN);
  user.value = who;
  sessionStatus.value = 'user';
}

/** A fresh page: shop loaded, buyer signed in, cart with two lines, checkout chosen up to the summary. */
export function filledPage(): void {
  resetScreenPage('/checkout/summary', SHOP);
  signIn();
  startCheckout();
  addToCart(PRODUCT, variant({ id: 10 }), 3);
  addToCart(product({ id: 2 }), variant({ id: 20, color_code: 'red' }), 1);
  updateContact({ name: 'Anna', surname: 'Nowak', email: 'anna@example.com', phone: '+48600700800' });
  chooseDeliveryMethod(courier);
  chooseDeliveryAddress(bookAddress);
  choosePaymentMethod('invoice');
  setOrderComment('Leave at the reception');
}

/** What must survive any fault: the shown cart and checkout, and the buyer's stored cart. */
export interface Kept {
  lines: string;
  checkout: string;
  storedCart: string | null;
}

/** JSON with every object's keys sorted: the same state read back from storage may list them in another order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

/** The buyer's cart and checkout as they stand. */
export function kept(): Kept {
  return {
    lines: JSON.stringify(cartLines.value),
    checkout: canonical(checkoutState.value),
    storedCart: localStorage.getItem(storageKey(SHOP.slug, BUYER.id, 'cart')),
  };
}

/** Restores fetch after a case. */
export function restoreFetch(): void {
  vi.unstubAllGlobals();
}
