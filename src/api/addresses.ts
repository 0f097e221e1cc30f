import type * as v from 'valibot';
import { api, type CallOptions } from './client.ts';
import { AddressListSchema, AddressSchema, type Address, type AddressInput, type AddressTypeSchema } from '../contract/contract.ts';

/** The buyer's address book (DESIGN.md §4, `/api/user/addresses`); the shop is the token's shop. */

/** `delivery`, `billing` or `specific` (a one-off delivery address). */
export type AddressType = v.InferOutput<typeof AddressTypeSchema>;

/** The buyer's addresses, newest first (`GET /api/user/addresses[?type=]`). */
export function fetchAddresses(type?: AddressType, options: CallOptions = {}): Promise<Address[]> {
  return api.get('/api/user/addresses', AddressListSchema, { query: { type }, signal: options.signal });
}

/** Saves a new address (`POST /api/user/addresses`, 201) and answers it with its id. */
export function createAddress(address: AddressInput): Promise<Address> {
  return api.post('/api/user/addresses', AddressSchema, address);
}

/** Replaces every field of address `id` (`PUT /api/user/addresses/{id}`). */
export function updateAddress(id: number, address: AddressInput): Promise<Address> {
  return api.put(`/api/user/addresses/${encodeURIComponent(id)}`, AddressSchema, address);
}

/** Deletes address `id` (`DELETE /api/user/addresses/{id}`, 204); orders keep their own copies. */
export function deleteAddress(id: number): Promise<void> {
  return api.delete(`/api/user/addresses/${encodeURIComponent(id)}`);
}
