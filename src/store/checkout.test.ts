import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../contract/contract.ts';
import { isApiClientError } from '../api/errors.ts';
import { orderFixture } from '../api/test-fixtures.ts';
import { GROSS_SHOP } from '../screens/catalogue/test-fixtures.ts';
import { assignment, buyer, product, variant } from '../screens/product/test-fixtures.ts';
import { resetScreenPage } from '../screens/test-page.ts';
import { addToCart, cartLines, clearCart, removeFromCart, lineKey } from './cart.ts';
import {
  checkoutGuardState,
  checkoutState,
  chooseDeliveryAddress,
  chooseDeliveryBudget,
  chooseDeliveryMethod,
  choosePaymentMethod,
  clearCheckout,
  completeCheckoutStep,
  confirmPlacedOrder,
  enterCheckoutStep,
  lastConfirmedOrder,
  orderPlacing,
  placeOrder,
  setBillingAddress,
  setBillingSameAsDelivery,
  setMpkCode,
  setOrderComment,
  startCheckout,
  updateContact,
} from './checkout.ts';
import { setLocale } from './locale.ts';
import { sessionStatus, user } from './session.ts';
import { savedShop } from './shop.ts';
import { storageKey } from './storage.ts';
import { reloadPage } from './test-reload.ts';

const SHOP = { ...GROSS_SHOP, paymentMethods: [{ id: 1, code: 'invoice' as const, name: 'Invoice' }] };
const BUYER = buyer([assignment()]);
const checkoutKey = (userId = BUYER.id) => storageKey(SHOP.slug, userId, 'checkout');
const contactKey = (userId = BUYER.id) => storageKey(SHOP.slug, userId, 'contact');

const courier = { id: 1, type: 'courier' as const, name: 'Courier', price: 19.99, pickup_address: null, budgets: [] };
const bookAddress = { id: 4, type: 'delivery' as const, name: 'Anna', surname: 'Nowak', company: 'ACME', street: 'Marszałkowska 104', city: 'Warszawa', zip: '00-017', country: 'PL', nip: '7010150006', phone: '' };

function signIn(who = BUYER): void {
  user.value = who;
  sessionStatus.value = 'user';
}

/** A page that just loaded for the signed-in buyer (stores follow storage again). */
function reloadCheckoutPage(): void {
  reloadPage();
  startCheckout();
}

function fillCheckout(): void {
  addToCart(product(), variant(), 3);
  updateContact({ name: 'Anna', surname: 'Nowak', email: 'anna@example.com', phone: '+48600700800' });
  chooseDeliveryMethod(courier);
  chooseDeliveryAddress(bookAddress);
  choosePaymentMethod('invoice');
}

function order(name: string): Order {
  return orderFixture({ name });
}

interface OrderCall {
  key: string | null;
  lang: string | null;
  body: Record<string, unknown>;
}

/** Stubs fetch for `POST /api/order`: each call recorded, answered by `answer` (the n-th call's). */
function stubOrders(answer: (call: OrderCall, index: number) => Promise<Response> | Response): OrderCall[] {
  const calls: OrderCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const call = { key: request.headers.get('Idempotency-Key'), lang: request.headers.get('Accept-Language'), body: JSON.parse(await request.text()) as Record<string, unknown> };
      calls.push(call);
      return answer(call, calls.length - 1);
    }),
  );
  return calls;
}

const created = (name: string, paymentUrl: string | null = null) => new Response(JSON.stringify({ order: order(name), payment_url: paymentUrl }), { status: 201, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, body: Record<string, unknown>) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  resetScreenPage('/checkout/delivery', SHOP);
  signIn();
  reloadCheckoutPage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('checkout state per user', () => {
  it('should pre-fill the contact from the profile when nothing is stored', () => {
    expect(checkoutState.value.contactInformation).toMatchObject({ name: 'Anna', surname: 'Nowak', email: 'anna@example.com', phone: '+48600700800', job_title: 'Designer', buyer_id: 'B-1', fax: '' });
  });

  it('should keep everything across a reload (spec: a reload mid-checkout loses nothing)', () => {
    fillCheckout();
    updateContact({ fax: '22 123 45 67' });
    setOrderComment('Leave at reception');
    enterCheckoutStep('summary');
    const before = checkoutState.value;
    reloadCheckoutPage();
    expect(checkoutState.value).toEqual(before);
  });

  it('should keep one user apart from another and show a fresh state after logout', () => {
    fillCheckout();
    signIn({ ...BUYER, id: 7, email: 'other@example.com', name: 'Olek' });
    expect(checkoutState.value.deliveryMethod).toBeNull();
    expect(checkoutState.value.contactInformation.email).toBe('other@example.com');
    signIn();
    expect(checkoutState.value.deliveryMethod?.id).toBe(1);
    user.value = null;
    sessionStatus.value = 'guest';
    expect(checkoutState.value.deliveryMethod).toBeNull();
    expect(checkoutGuardState.value).toBeNull();
  });

  it.each([
    ['corrupt JSON', '{not json'],
    ['an old shape', JSON.stringify({ version: 0, deliveryMethod: 1 })],
    ['a prototype key', '{"__proto__":{"polluted":true},"version":1}'],
  ])('should discard %s without breaking the page', (_label, raw) => {
    localStorage.setItem(checkoutKey(), raw);
    reloadCheckoutPage();
    expect(checkoutState.value.deliveryMethod).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(localStorage.getItem(checkoutKey())).toBeNull();
  });
});

describe('clear-checkout (spec §4)', () => {
  it('should reset the fields and remove the user\'s stored checkout entries, keeping other users\' and the cart', () => {
    fillCheckout();
    localStorage.setItem(storageKey(SHOP.slug, 7, 'checkout'), '{"other":"user"}');
    clearCheckout();
    expect(checkoutState.value).toMatchObject({ deliveryMethod: null, deliveryAddress: null, paymentMethod: null, checkoutComplete: false, billingAddressSameAsDelivery: true });
    expect(localStorage.getItem(checkoutKey())).toBeNull();
    expect(localStorage.getItem(storageKey(SHOP.slug, 7, 'checkout'))).not.toBeNull();
    expect(cartLines.value).toHaveLength(1);
  });

  it('should reset every field the spec lists to its initial value, the contact information included', () => {
    fillCheckout();
    updateContact({ fax: '22 123 45 67', buyer_id: 'B-9' });
    chooseDeliveryAddress({ ...bookAddress, id: 5, type: 'specific' });
    chooseDeliveryBudget({ budget_id: 9, assignment_id: 3, name: 'Welcome pack', color: '#2563eb', price: 10 });
    setMpkCode('MPK-1');
    setBillingSameAsDelivery(false);
    setBillingAddress({ name: 'Anna', surname: 'Nowak', nip: '7010150006', company: 'ACME', street: 'Marszałkowska 104', city: 'Warszawa', zip: '00-017', country: 'PL' });
    setOrderComment('Leave at reception');
    completeCheckoutStep('delivery');
    completeCheckoutStep('payment');
    enterCheckoutStep('summary');
    expect(checkoutState.value.savedSpecificAddress).not.toBeNull();
    clearCheckout();
    expect(checkoutState.value).toEqual({
      contactInformation: { name: '', surname: '', email: '', phone: '', fax: '', job_title: '', buyer_id: '' },
      deliveryMethod: null,
      deliveryAddress: null,
      paymentMethod: null,
      mpkCode: '',
      paymentForDeliveryBudget: null,
      billingAddress: { name: '', surname: '', nip: '', company: '', street: '', city: '', zip: '', country: '' },
      billingAddressSameAsDelivery: true,
      orderComment: '',
      checkoutComplete: false,
      locationInCheckout: false,
      savedSpecificAddress: null,
      placedOrder: null,
    });
  });

  it('should start the next checkout from the contact the buyer saved, not an empty form', () => {
    fillCheckout();
    updateContact({ fax: '22 123 45 67' });
    clearCart();
    expect(checkoutState.value.contactInformation.email).toBe('');
    // The saved contact is not a checkout entry: it stays for the next checkout.
    expect(localStorage.getItem(contactKey())).not.toBeNull();
    addToCart(product(), variant(), 1);
    enterCheckoutStep('delivery');
    expect(checkoutState.value.contactInformation).toMatchObject({ name: 'Anna', email: 'anna@example.com', fax: '22 123 45 67' });
  });

  it('should start from the profile when no contact was saved', () => {
    fillCheckout();
    localStorage.removeItem(contactKey());
    clearCheckout();
    enterCheckoutStep('delivery');
    expect(checkoutState.value.contactInformation).toMatchObject({ name: 'Anna', surname: 'Nowak', email: 'anna@example.com', buyer_id: 'B-1' });
  });

  it('should start billing NOT same as delivery in a shop that ships only to a specific address', () => {
    savedShop.value = { ...SHOP, shipping_only_to_specific_address: true };
    fillCheckout();
    clearCheckout();
    expect(checkoutState.value.billingAddressSameAsDelivery).toBe(false);
  });

  it('should clear whenever the cart becomes empty: its last line removed or the cart emptied', () => {
    fillCheckout();
    removeFromCart(lineKey(cartLines.value[0]!));
    expect(checkoutState.value.deliveryMethod).toBeNull();
    fillCheckout();
    clearCart();
    expect(checkoutState.value.paymentMethod).toBeNull();
  });
});

describe('checkoutGuardState (spec §2 guards)', () => {
  it('should report the cart, the budgets, the contact, the payment method and completion', () => {
    expect(checkoutGuardState.value).toMatchObject({ cartCount: 0, paymentType: 'invoice', hasActiveBudget: true, paymentMethod: null, checkoutComplete: false });
    fillCheckout();
    expect(checkoutGuardState.value).toMatchObject({ cartCount: 1, contactEmail: 'anna@example.com', contactName: 'Anna', paymentMethod: 'invoice' });
    enterCheckoutStep('payment');
    expect(checkoutGuardState.value?.checkoutComplete).toBe(false);
    enterCheckoutStep('summary');
    expect(checkoutGuardState.value?.checkoutComplete).toBe(true);
  });

  it('should not count a pre-filled contact as the delivery step: each step is done by its Continue', () => {
    // The profile pre-fills the contact: e-mail and name are there before the buyer saw the step.
    addToCart(product(), variant(), 1);
    enterCheckoutStep('delivery');
    expect(checkoutGuardState.value).toMatchObject({ contactEmail: BUYER.email, deliveryDone: false, paymentDone: false });
    // Continue without a method (not possible on the screen) does not open the payment step.
    completeCheckoutStep('delivery');
    expect(checkoutGuardState.value).toMatchObject({ deliveryDone: false });
    chooseDeliveryMethod(courier);
    completeCheckoutStep('delivery');
    expect(checkoutGuardState.value).toMatchObject({ deliveryDone: true, paymentDone: false });
    choosePaymentMethod('invoice');
    completeCheckoutStep('payment');
    expect(checkoutGuardState.value).toMatchObject({ deliveryDone: true, paymentDone: true });
  });

  it('should keep the done steps across a reload, and forget them on clear-checkout', () => {
    fillCheckout();
    completeCheckoutStep('delivery');
    completeCheckoutStep('payment');
    reloadCheckoutPage();
    expect(checkoutState.value).toMatchObject({ deliveryDone: true, paymentDone: true });
    clearCart();
    expect(checkoutState.value.deliveryDone).toBeFalsy();
    expect(checkoutState.value.paymentDone).toBeFalsy();
  });

  it('should undo both steps when another delivery method is chosen, not when the same one is refreshed', () => {
    fillCheckout();
    completeCheckoutStep('delivery');
    completeCheckoutStep('payment');
    chooseDeliveryMethod({ ...courier, price: 21 });
    expect(checkoutState.value).toMatchObject({ deliveryDone: true, paymentDone: true });
    chooseDeliveryMethod({ ...courier, id: 2, name: 'Express' });
    expect(checkoutState.value).toMatchObject({ deliveryDone: false, paymentDone: false });
  });

  it('should read a state stored before the steps were marked done as not done', () => {
    fillCheckout();
    const stored = JSON.parse(localStorage.getItem(checkoutKey())!) as { state: Record<string, unknown> };
    delete stored.state['deliveryDone'];
    delete stored.state['paymentDone'];
    localStorage.setItem(checkoutKey(), JSON.stringify(stored));
    reloadCheckoutPage();
    expect(checkoutState.value.deliveryMethod).not.toBeNull();
    expect(checkoutGuardState.value).toMatchObject({ deliveryDone: false, paymentDone: false });
  });

  it('should see no active budget when every assignment expired', () => {
    signIn({ ...BUYER, budgets: [assignment({ is_active: false, status: 'expired' })] });
    expect(checkoutGuardState.value?.hasActiveBudget).toBe(false);
  });
});

describe('placing the order', () => {
  it('should send the cart and the choices without any price, and record the order', async () => {
    fillCheckout();
    const calls = stubOrders(() => created('GLX-000123'));
    const placed = await placeOrder({ costCentreStatement: false });
    expect(placed).toEqual({ name: 'GLX-000123', email: 'anna@example.com', paymentUrl: null });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.key).toMatch(/^[A-Za-z0-9_-]{8,200}$/);
    expect(calls[0]?.body).toMatchObject({
      website_id: SHOP.id,
      items: [{ product_id: 1, variant_id: cartLines.value[0]?.variant_id, quantity: 3, card_info: null }],
      delivery_method_id: 1,
      delivery_address_id: 4,
      delivery_address: null,
      billing_same_as_delivery: true,
      billing_address: null,
      payment_method: 'invoice',
    });
    expect(JSON.stringify(calls[0]?.body)).not.toMatch(/price|total/);
    expect(checkoutState.value.placedOrder?.name).toBe('GLX-000123');
    expect(checkoutState.value.checkoutComplete).toBe(true);
  });

  it('should send a typed-in address as a new specific address', async () => {
    fillCheckout();
    const { id: _id, ...fields } = bookAddress;
    chooseDeliveryAddress({ ...fields, id: null, type: 'specific' });
    const calls = stubOrders(() => created('GLX-000124'));
    await placeOrder({ costCentreStatement: false });
    expect(calls[0]?.body).toMatchObject({ delivery_address_id: null, delivery_address: { street: 'Marszałkowska 104', type: 'specific' } });
  });

  it('should send the cost-centre code as the order carries it (orderMpkCode): trimmed', async () => {
    fillCheckout();
    setMpkCode('  MPK-7 ');
    const calls = stubOrders(() => created('GLX-000125'));
    await placeOrder({ costCentreStatement: false });
    expect(calls[0]?.body).toMatchObject({ mpk_code: 'MPK-7' });
  });

  it('should send a blank cost-centre code as none', async () => {
    fillCheckout();
    setMpkCode('   ');
    const calls = stubOrders(() => created('GLX-000126'));
    await placeOrder({ costCentreStatement: false });
    expect(calls[0]?.body).toMatchObject({ mpk_code: null });
  });

  it('should place one order for a double click', async () => {
    fillCheckout();
    const pending: { release?: (response: Response) => void } = {};
    const calls = stubOrders(() => new Promise<Response>((resolve) => (pending.release = resolve)));
    const first = placeOrder({ costCentreStatement: false });
    expect(orderPlacing.value).toBe(true);
    expect(await placeOrder({ costCentreStatement: false })).toBeNull();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    pending.release?.(created('GLX-000125'));
    await first;
    expect(calls).toHaveLength(1);
    expect(orderPlacing.value).toBe(false);
  });

  it('should retry a timed-out attempt with the same key, also after a reload, and a changed order with a new one', async () => {
    fillCheckout();
    const calls = stubOrders((_call, index) => (index === 0 ? Promise.reject(new TypeError('Failed to fetch')) : created('GLX-000126')));
    await expect(placeOrder({ costCentreStatement: false })).rejects.toSatisfy((error: unknown) => isApiClientError(error, 'network'));
    reloadCheckoutPage();
    await placeOrder({ costCentreStatement: false });
    expect(calls[1]?.key).toBe(calls[0]?.key);

    fillCheckout();
    const more = stubOrders((_call, index) => (index === 0 ? Promise.reject(new TypeError('Failed to fetch')) : created('GLX-000127')));
    await expect(placeOrder({ costCentreStatement: false })).rejects.toBeTruthy();
    setOrderComment('changed my mind');
    await placeOrder({ costCentreStatement: false });
    expect(more[1]?.key).not.toBe(more[0]?.key);
  });

  it("should name the buyer's language for the order e-mail outside the body: a retry after a language switch keeps its key", async () => {
    fillCheckout();
    setLocale('pl');
    const calls = stubOrders((_call, index) => (index === 0 ? Promise.reject(new TypeError('Failed to fetch')) : created('GLX-000129')));
    await expect(placeOrder({ costCentreStatement: false })).rejects.toBeTruthy();
    setLocale('en');
    await placeOrder({ costCentreStatement: false });
    expect(calls.map((call) => call.lang)).toEqual(['pl', 'en']);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[0]?.body).not.toHaveProperty('lang');
  });

  it('should use a new key after the server refused the attempt (an answered error)', async () => {
    fillCheckout();
    const calls = stubOrders((_call, index) => (index === 0 ? failure(422, { message: 'Insufficient budget left - refresh page and try again', code: 'budgets.error.insufficient' }) : created('GLX-000128')));
    await expect(placeOrder({ costCentreStatement: false })).rejects.toMatchObject({ code: 'budgets.error.insufficient' });
    await placeOrder({ costCentreStatement: false });
    expect(calls[1]?.key).not.toBe(calls[0]?.key);
  });
});

describe('order confirmation (spec §2)', () => {
  it('should clear checkout, cart and contact once it took the placed order, and keep counting as complete', async () => {
    fillCheckout();
    stubOrders(() => created('GLX-000130'));
    await placeOrder({ costCentreStatement: false });
    expect(confirmPlacedOrder()).toMatchObject({ name: 'GLX-000130' });
    expect(cartLines.value).toHaveLength(0);
    expect(checkoutState.value.paymentMethod).toBeNull();
    expect(checkoutState.value.contactInformation.email).toBe('');
    expect(localStorage.getItem(contactKey())).toBeNull();
    expect(localStorage.getItem(checkoutKey())).toBeNull();
    expect(lastConfirmedOrder.value?.name).toBe('GLX-000130');
    expect(checkoutGuardState.value?.checkoutComplete).toBe(true);
    // The same screen mounting again (or a second element) still sees the order.
    expect(confirmPlacedOrder()?.name).toBe('GLX-000130');
    // A new checkout forgets it.
    enterCheckoutStep('delivery');
    expect(checkoutGuardState.value?.checkoutComplete).toBe(false);
  });

  it('should clear nothing when the flag is set but no order was placed', () => {
    fillCheckout();
    enterCheckoutStep('summary');
    expect(confirmPlacedOrder()).toBeNull();
    expect(cartLines.value).toHaveLength(1);
    expect(checkoutState.value.paymentMethod).toBe('invoice');
  });
});
