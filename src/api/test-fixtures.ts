import { t, type MessageKey } from '../i18n/index.ts';
import type { AddressInput, Order, PlaceOrderRequest } from '../contract/contract.ts';
import type { RegisterRequest } from '../contract/password.ts';

/** Requests the API tests send (the call modules' tests and the reliability fault matrix): valid by the contract. */

export const addressInput: AddressInput = { type: 'delivery', name: '', surname: '', company: '', street: 'Main 1', city: 'Warsaw', zip: '00-950', country: 'PL', nip: '', phone: '' };
export const registration: RegisterRequest = {
  website_id: 1,
  name: 'Ann',
  surname: 'Smith',
  email: 'ann@acme.example',
  phone: '',
  password: 'Secret123',
  password_confirmation: 'Secret123',
  coordinator_email: 'boss@acme.example',
  cost_center: 'CC',
  job_title: 'Buyer',
  buyer_id: 'B-1',
};
export const orderRequest: PlaceOrderRequest = {
  website_id: 1,
  items: [{ product_id: 7, variant_id: 70, quantity: 2 }],
  delivery_method_id: 1,
  delivery_address_id: 5,
  billing_same_as_delivery: true,
  payment_method: 'invoice',
  contact: { name: 'Ann', surname: 'Smith', email: 'ann@acme.example', phone: '+48 600 000 000', fax: '', job_title: '', buyer_id: '' },
  comment: '',
  cost_centre_statement: false,
};

/** An order as the provider answers it (an invoice order by courier, no lines), with `overrides`. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    name: 'GLOBEX-000001',
    date: '2026-11-23T10:00:00.000Z',
    status: 'new',
    currency: 'PLN',
    total: 100,
    items_count: 1,
    is_gross: true,
    total_net: 80,
    total_gross: 100,
    total_points: 0,
    delivery_price: 19.99,
    payment_method: 'invoice',
    payment_status: 'not_required',
    delivery_method: { id: 1, type: 'courier', name: 'Courier', price: 19.99 },
    delivery_address: null,
    billing_address: null,
    contact: {},
    mpk_code: null,
    comment: '',
    items: [],
    ...overrides,
  };
}

/**
 * The body of a provider's 422 with one error per field, as the reference server's `invalidFields`
 * writes it: the English texts in `errors` and their i18n keys in `error_keys`.
 */
export function invalidFieldsBody(fields: Readonly<Record<string, MessageKey>>) {
  const entries = Object.entries(fields);
  return {
    message: 'The given data was invalid.',
    code: 'validation.invalid',
    errors: Object.fromEntries(entries.map(([field, key]) => [field, [t(key, {}, 'en')]])),
    error_keys: Object.fromEntries(entries.map(([field, key]) => [field, [{ key, params: {} }]])),
  };
}
