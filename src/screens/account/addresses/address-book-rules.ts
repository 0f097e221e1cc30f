import type { Address, AddressInput } from '../../../contract/contract.ts';
import type { AddressType } from '../../../api/addresses.ts';
import { checkoutState, chooseDeliveryAddress, startCheckout } from '../../../store/checkout.ts';
import { ADDRESS_FIELDS, toCheckoutAddress, type AddressField } from '../../checkout/delivery/delivery-rules.ts';
import { shopCountry } from '../../../domain/checkout.ts';
import { normaliseAddress } from '../../../domain/typed-address.ts';

/**
 * The account address book's rules as pure functions: the list's groups, the form's values, what is
 * sent, and keeping the checkout's chosen address in step with the book.
 * Field order and rules are the checkout's (`ADDRESS_FIELDS`, `addressIssues`).
 */

/** The groups of the list, in screen order (spec §3; docs/api.md "Address book"). */
export const ADDRESS_TYPES = ['delivery', 'billing', 'specific'] as const satisfies readonly AddressType[];

/** The form's text values, one per field of {@link ADDRESS_FIELDS}. */
export type AddressDraft = Record<AddressField, string>;

/** The form's values: an entry's fields to edit, or empty ones for a new address, in the shop's `country` when it names one. */
export function draftOf(address: Address | null, country: string | null | undefined = ''): AddressDraft {
  const draft = {} as AddressDraft;
  for (const field of ADDRESS_FIELDS) draft[field] = address ? address[field] : '';
  if (!address) draft.country = shopCountry(country);
  return draft;
}

/** The body of `POST`/`PUT /api/user/addresses`: every field cleaned as the checkout cleans a typed address (`normaliseAddress`). */
export function toAddressInput(draft: AddressDraft, type: AddressType): AddressInput {
  return { type, ...normaliseAddress(draft, ADDRESS_FIELDS) };
}

/** The entries of one type, in the book's order (newest first). */
export function entriesOfType(book: readonly Address[], type: AddressType): Address[] {
  return book.filter((address) => address.type === type);
}

/**
 * The checkout uses the same book: when the address the checkout has chosen is saved here, the
 * checkout takes the new fields; when it is deleted, the checkout has no delivery address any more
 * (the delivery step then asks for one again).
 */
export function syncCheckoutAfterSave(address: Address): void {
  // The account element does not start the checkout: the stored checkout of this user must be read.
  startCheckout();
  const chosen = checkoutState.peek().deliveryAddress;
  if (chosen && chosen.id === address.id) chooseDeliveryAddress(toCheckoutAddress(address));
}

/** See {@link syncCheckoutAfterSave}. */
export function syncCheckoutAfterDelete(id: number): void {
  // The account element does not start the checkout: the stored checkout of this user must be read.
  startCheckout();
  const chosen = checkoutState.peek().deliveryAddress;
  if (chosen && chosen.id === id) chooseDeliveryAddress(null);
}
