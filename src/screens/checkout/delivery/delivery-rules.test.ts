import { describe, expect, it } from 'vitest';
import type { Address } from '../../../contract/contract.ts';
import { initialCheckoutState, type CheckoutState, type ChosenDeliveryMethod } from '../../../domain/checkout.ts';
import {
  addressChoice,
  addressIssues,
  billingFollowsDelivery,
  deliveryBookAddresses,
  deliveryIssues,
  emptyNewAddress,
  newAddressDraft,
  nipMissingForInvoice,
  preselectedAddress,
  toCheckoutAddress,
} from './delivery-rules.ts';

const book = (id: number, type: Address['type'], overrides: Partial<Address> = {}): Address => ({
  id,
  type,
  name: 'Anna',
  surname: 'Nowak',
  company: '',
  street: 'ul. Długa 1',
  city: 'Warszawa',
  zip: '00-950',
  country: 'PL',
  nip: '',
  phone: '',
  ...overrides,
});
const method = (type: ChosenDeliveryMethod['type']): ChosenDeliveryMethod => ({ id: 1, type, name: type, price: 0, pickup_address: null, budgets: [] });
const CONTACT = { name: 'Anna', surname: 'Nowak', email: 'anna@example.com', phone: '+48 600 700 800', fax: '', job_title: '', buyer_id: '' };
const state = (overrides: Partial<CheckoutState> = {}): CheckoutState => ({
  ...initialCheckoutState({ shippingOnlyToSpecificAddress: false }),
  contactInformation: CONTACT,
  ...overrides,
});
const SHOP = { paymentMethods: [], mpk_required: false, country: null };
const INVOICE_SHOP = { paymentMethods: [{ id: 1, code: 'invoice' as const, name: 'Invoice' }], mpk_required: false, country: null };

describe('delivery step rules', () => {
  it('should offer delivery and specific entries, only specific ones in a specific-only shop', () => {
    const entries = [book(1, 'delivery'), book(2, 'billing'), book(3, 'specific')];
    expect(deliveryBookAddresses(entries, false).map((entry) => entry.id)).toEqual([1, 3]);
    expect(deliveryBookAddresses(entries, true).map((entry) => entry.id)).toEqual([3]);
  });

  it('should tell a book entry, a new address and no choice apart', () => {
    const usable = [book(3, 'specific')];
    expect(addressChoice(toCheckoutAddress(usable[0]!), usable)).toEqual({ kind: 'book', id: 3 });
    expect(addressChoice(toCheckoutAddress(book(1, 'delivery')), usable)).toEqual({ kind: 'none' });
    expect(addressChoice(toCheckoutAddress(book(1, 'delivery')), null)).toEqual({ kind: 'book', id: 1 });
    expect(addressChoice(emptyNewAddress(), usable)).toEqual({ kind: 'new' });
    expect(addressChoice(null, [])).toEqual({ kind: 'new' });
    expect(addressChoice(null, usable)).toEqual({ kind: 'none' });
  });

  it('should pre-fill a new address with the one typed last time, never with a book entry', () => {
    const typed = { ...emptyNewAddress(), street: 'ul. Nowa 5' };
    expect(newAddressDraft({ deliveryAddress: toCheckoutAddress(book(3, 'specific')), savedSpecificAddress: typed })).toEqual(typed);
    expect(newAddressDraft({ deliveryAddress: null, savedSpecificAddress: toCheckoutAddress(book(3, 'specific')) })).toEqual(emptyNewAddress());
  });

  it("should start a new address in the shop's country, and keep the one typed last time", () => {
    expect(emptyNewAddress('PL').country).toBe('PL');
    expect(emptyNewAddress(null).country).toBe('');
    expect(newAddressDraft({ deliveryAddress: null, savedSpecificAddress: null }, 'PL')).toEqual(emptyNewAddress('PL'));
    const typed = { ...emptyNewAddress(), street: 'ul. Nowa 5', country: 'DE' };
    expect(newAddressDraft({ deliveryAddress: typed, savedSpecificAddress: null }, 'PL').country).toBe('DE');
    // The step's check sees the country the form shows.
    const issues = deliveryIssues({ state: state({ deliveryMethod: method('courier') }), website: { ...SHOP, country: 'PL' }, methods: null, usable: [] });
    expect(issues.has('address.country')).toBe(false);
    expect(issues.has('address.street')).toBe(true);
  });

  it("should ask a delivery or specific address for its recipient's name, not a billing one", () => {
    const address = { ...emptyNewAddress('PL'), street: 'ul. Nowa 5', city: 'Poznań', zip: '61-001' };
    expect([...addressIssues(address, 'specific').keys()]).toEqual(['name', 'surname']);
    expect([...addressIssues(address, 'delivery').keys()]).toEqual(['name', 'surname']);
    expect([...addressIssues({ ...address, name: ' ', surname: 'Lis' }, 'delivery').keys()]).toEqual(['name']);
    expect([...addressIssues(address, 'billing').keys()]).toEqual([]);
    expect(addressIssues(address, 'specific').get('name')?.key).toBe('validation.required');
  });

  it('should choose a saved address by itself: the one used last, else the only or the newest', () => {
    const entries = [book(4, 'delivery'), book(9, 'specific'), book(6, 'delivery')];
    expect(preselectedAddress(entries, null)?.id).toBe(9);
    expect(preselectedAddress(entries, toCheckoutAddress(book(6, 'delivery')))?.id).toBe(6);
    // The one used last is no longer in the book, or was typed in (no id): the newest.
    expect(preselectedAddress(entries, toCheckoutAddress(book(7, 'delivery')))?.id).toBe(9);
    expect(preselectedAddress(entries, emptyNewAddress())?.id).toBe(9);
    expect(preselectedAddress([book(4, 'delivery')], null)?.id).toBe(4);
    expect(preselectedAddress([], null)).toBeNull();
  });

  it('should never let billing follow a self-pickup in a shop that invoices', () => {
    expect(billingFollowsDelivery({ billingAddressSameAsDelivery: true, deliveryMethod: method('self_pickup') }, true)).toBe(false);
    expect(billingFollowsDelivery({ billingAddressSameAsDelivery: true, deliveryMethod: method('self_pickup') }, false)).toBe(true);
    expect(billingFollowsDelivery({ billingAddressSameAsDelivery: true, deliveryMethod: method('courier') }, true)).toBe(true);
  });

  it('should flag a missing tax ID only when the shop invoices and the billing address that will be used has none', () => {
    const withoutNip = state({ deliveryMethod: method('courier'), deliveryAddress: toCheckoutAddress(book(3, 'specific')) });
    const choice = { kind: 'book', id: 3 } as const;
    expect(nipMissingForInvoice(withoutNip, choice, true)).toBe(true);
    expect(nipMissingForInvoice(withoutNip, choice, false)).toBe(false);
    const withNip = { ...withoutNip, deliveryAddress: toCheckoutAddress(book(3, 'specific', { nip: '5260250274' })) };
    expect(nipMissingForInvoice(withNip, choice, true)).toBe(false);
    // No delivery address chosen yet: nothing to say.
    expect(nipMissingForInvoice(state({ deliveryMethod: method('courier') }), { kind: 'none' }, true)).toBe(false);
  });

  it('should list the issues in screen order with the contract messages', () => {
    const issues = deliveryIssues({
      state: state({ contactInformation: { ...CONTACT, phone: 'abc', email: '' }, deliveryMethod: method('courier'), billingAddressSameAsDelivery: false }),
      website: { ...SHOP, mpk_required: true },
      methods: null,
      usable: [],
    });
    expect([...issues.keys()]).toEqual([
      'contact.email',
      'contact.phone',
      'address.name',
      'address.surname',
      'address.street',
      'address.city',
      'address.zip',
      'address.country',
      'billing.name',
      'billing.surname',
      'billing.street',
      'billing.city',
      'billing.zip',
      'billing.country',
      'mpk',
    ]);
    expect(issues.get('contact.email')?.key).toBe('validation.required');
    expect(issues.get('contact.phone')?.key).toBe('validation.phone');
    expect(issues.get('address.country')?.key).toBe('validation.country');
  });

  it('should accept a complete step, and refuse a method the server no longer offers', () => {
    const complete = state({ deliveryMethod: method('self_pickup') });
    expect([...deliveryIssues({ state: complete, website: SHOP, methods: null, usable: null }).keys()]).toEqual([]);
    expect([...deliveryIssues({ state: complete, website: SHOP, methods: [], usable: null }).keys()]).toEqual(['method']);
    // A self-pickup in a shop that invoices needs the billing fields.
    expect([...deliveryIssues({ state: complete, website: INVOICE_SHOP, methods: null, usable: null }).keys()]).toContain('billing.name');
  });
});
