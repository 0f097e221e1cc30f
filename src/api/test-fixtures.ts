import type { AddressInput, PlaceOrderRequest, RegisterRequest } from './contract.ts';

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
