import { describe, expect, it } from 'vitest';
import {
  clearCheckoutState,
  effectiveBillingAddress,
  initialCheckoutState,
  isContactComplete,
  isNipMissing,
  needsDeliveryAddress,
  setDeliveryAddress,
  setDeliveryMethod,
  type CheckoutAddress,
  type ChosenDeliveryMethod,
} from './checkout.ts';

const OPEN = { shippingOnlyToSpecificAddress: false };
const SPECIFIC_ONLY = { shippingOnlyToSpecificAddress: true };

const address = (overrides: Partial<CheckoutAddress> = {}): CheckoutAddress => ({
  id: 4,
  type: 'delivery',
  name: 'Anna',
  surname: 'Nowak',
  company: 'ACME',
  street: 'Marszałkowska 104',
  city: 'Warszawa',
  zip: '00-017',
  country: 'PL',
  nip: '',
  phone: '',
  ...overrides,
});

const courier: ChosenDeliveryMethod = {
  id: 1,
  type: 'courier',
  name: 'Courier',
  price: 19.99,
  pickup_address: null,
  budgets: [
    { budget_id: 10, name: 'Welcome pack', color: '#2563eb', price: 25 },
    { budget_id: 11, name: 'Team events', color: '#16a34a', price: 25 },
  ],
};
const specific: ChosenDeliveryMethod = { ...courier, id: 3, type: 'specific_address', budgets: [{ budget_id: 10, name: 'Welcome pack', color: '#2563eb', price: 40 }] };
const pickup: ChosenDeliveryMethod = { ...courier, id: 2, type: 'self_pickup', price: 0, budgets: [], pickup_address: { street: 'Domaniewska 39', city: 'Warszawa', zip: '02-672', country: 'PL' } };

describe('initialCheckoutState (spec §3 initial values)', () => {
  it('should start empty, billing same as delivery and not complete', () => {
    const state = initialCheckoutState(OPEN);
    expect(state).toMatchObject({
      deliveryMethod: null,
      deliveryAddress: null,
      paymentMethod: null,
      mpkCode: '',
      paymentForDeliveryBudget: null,
      billingAddressSameAsDelivery: true,
      orderComment: '',
      checkoutComplete: false,
      locationInCheckout: false,
      savedSpecificAddress: null,
      placedOrder: null,
    });
    expect(Object.values(state.contactInformation).every((value) => value === '')).toBe(true);
    expect(Object.values(state.billingAddress).every((value) => value === '')).toBe(true);
  });

  it('should start with billing NOT same as delivery when the shop ships only to a specific address', () => {
    expect(initialCheckoutState(SPECIFIC_ONLY).billingAddressSameAsDelivery).toBe(false);
  });

  it('should hand out a fresh object each time (no shared nested state)', () => {
    const first = initialCheckoutState(OPEN);
    first.contactInformation.name = 'changed';
    expect(initialCheckoutState(OPEN).contactInformation.name).toBe('');
  });
});

describe('clearCheckoutState (spec §4 clear-checkout)', () => {
  it.each([
    [OPEN, true],
    [SPECIFIC_ONLY, false],
  ])('should reset every field (shop %o → same-as-delivery %s)', (rules, same) => {
    let state = setDeliveryMethod(initialCheckoutState(rules), courier);
    state = setDeliveryAddress(state, address({ type: 'specific', id: null }));
    state = { ...state, paymentMethod: 'invoice', mpkCode: 'MPK-1', orderComment: 'x', checkoutComplete: true, billingAddressSameAsDelivery: !same };
    const cleared = clearCheckoutState(rules);
    expect(cleared).toEqual(initialCheckoutState(rules));
    expect(cleared.billingAddressSameAsDelivery).toBe(same);
    expect(cleared.checkoutComplete).toBe(false);
  });
});

describe('setDeliveryAddress (spec §4)', () => {
  it('should replace the current address', () => {
    const first = setDeliveryAddress(initialCheckoutState(OPEN), address({ id: 1 }));
    const second = setDeliveryAddress(first, address({ id: 2, city: 'Kraków' }));
    expect(second.deliveryAddress).toMatchObject({ id: 2, city: 'Kraków' });
  });

  it('should remember a specific address as savedSpecificAddress, and keep it when another kind replaces it', () => {
    const typed = address({ id: null, type: 'specific', street: 'Piotrkowska 100' });
    const withSpecific = setDeliveryAddress(initialCheckoutState(OPEN), typed);
    expect(withSpecific.savedSpecificAddress).toEqual(typed);
    const withBook = setDeliveryAddress(withSpecific, address({ id: 7, type: 'delivery' }));
    expect(withBook.deliveryAddress?.id).toBe(7);
    expect(withBook.savedSpecificAddress).toEqual(typed);
  });

  it('should not remember a delivery-type address as the specific one', () => {
    expect(setDeliveryAddress(initialCheckoutState(OPEN), address()).savedSpecificAddress).toBeNull();
  });

  it('should copy the address so later edits of the caller do not leak in', () => {
    const typed = address({ type: 'specific' });
    const state = setDeliveryAddress(initialCheckoutState(OPEN), typed);
    typed.city = 'Elsewhere';
    expect(state.deliveryAddress?.city).toBe('Warszawa');
    expect(state.savedSpecificAddress?.city).toBe('Warszawa');
  });
});

describe('setDeliveryMethod (spec §4)', () => {
  const budget = { budget_id: 10, assignment_id: 99, name: 'Welcome pack', color: '#2563eb', price: 25 };

  it('should replace the method', () => {
    expect(setDeliveryMethod(setDeliveryMethod(initialCheckoutState(OPEN), courier), pickup).deliveryMethod?.id).toBe(2);
  });

  it('should keep a delivery budget the new method also offers, at the new price', () => {
    const state = { ...setDeliveryMethod(initialCheckoutState(OPEN), courier), paymentForDeliveryBudget: budget };
    expect(setDeliveryMethod(state, specific).paymentForDeliveryBudget).toEqual({ ...budget, price: 40 });
  });

  it('should drop a delivery budget the new method does not offer', () => {
    const state = { ...setDeliveryMethod(initialCheckoutState(OPEN), courier), paymentForDeliveryBudget: { ...budget, budget_id: 11 } };
    expect(setDeliveryMethod(state, specific).paymentForDeliveryBudget).toBeNull();
    expect(setDeliveryMethod(state, null).paymentForDeliveryBudget).toBeNull();
  });
});

describe('billing and NIP rules', () => {
  it('should need a delivery address for every method but self-pickup', () => {
    expect(needsDeliveryAddress(courier)).toBe(true);
    expect(needsDeliveryAddress(specific)).toBe(true);
    expect(needsDeliveryAddress(pickup)).toBe(false);
    expect(needsDeliveryAddress(null)).toBe(false);
  });

  it('should bill the delivery address when same-as-delivery, nothing for self-pickup, else the entered one', () => {
    const base = { ...setDeliveryAddress(setDeliveryMethod(initialCheckoutState(OPEN), courier), address({ nip: '7010150006' })) };
    expect(effectiveBillingAddress(base)).toMatchObject({ street: 'Marszałkowska 104', nip: '7010150006' });
    expect(effectiveBillingAddress({ ...base, deliveryMethod: pickup })).toBeNull();
    const entered = { ...base.billingAddress, street: 'Domaniewska 39' };
    expect(effectiveBillingAddress({ ...base, billingAddressSameAsDelivery: false, billingAddress: entered })?.street).toBe('Domaniewska 39');
  });

  it('should flag "Nip missing from address" only for an invoice whose billing address has no tax ID', () => {
    const state = { ...setDeliveryAddress(setDeliveryMethod(initialCheckoutState(OPEN), courier), address()), paymentMethod: 'invoice' as const };
    expect(isNipMissing(state)).toBe(true);
    expect(isNipMissing({ ...state, paymentMethod: 'online' })).toBe(false);
    expect(isNipMissing(state, 'budget')).toBe(false);
    expect(isNipMissing(setDeliveryAddress(state, address({ nip: ' 701 015 00 06 ' })))).toBe(false);
    expect(isNipMissing({ ...state, billingAddressSameAsDelivery: false, billingAddress: { ...state.billingAddress, nip: '   ' } })).toBe(true);
  });

  it('should want phone, name, surname and e-mail filled (spec §5)', () => {
    const contact = { name: 'Anna', surname: 'Nowak', email: 'a@b.pl', phone: '+48 600 100 200', fax: '', job_title: '', buyer_id: '' };
    expect(isContactComplete(contact)).toBe(true);
    for (const field of ['name', 'surname', 'email', 'phone'] as const) expect(isContactComplete({ ...contact, [field]: '  ' })).toBe(false);
    expect(isContactComplete({ ...contact, fax: '', job_title: '' })).toBe(true);
  });
});
