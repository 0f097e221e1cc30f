import type * as v from 'valibot';
import {
  AddressInputSchema,
  BillingAddressInputSchema,
  ContactSchema,
  needsRecipient,
  type Address,
  type AddressType,
  type DeliveryMethod,
  type Website,
} from '../../../contract/contract.ts';
import {
  effectiveBillingAddress,
  isFilled,
  needsDeliveryAddress,
  shopCountry,
  type BillingAddress,
  type CheckoutAddress,
  type CheckoutState,
  type ContactInformation,
} from '../../../domain/checkout.ts';
import { isMpkRequired, mpkCodeRule } from '../../../domain/mpk.ts';
import { firstFieldIssue, postalCodeField, type FieldIssue } from '../../../widgets/field/validate-field.ts';

/**
 * The delivery step's rules as pure functions (spec §3, §5, docs/api.md "POST /api/order"): which
 * address-book entries may be chosen, what the address choice currently is, the one-off address being
 * typed, whether billing follows the delivery address, and every field's first failing rule in the
 * order the fields appear on screen (so the first one is the one to focus).
 *
 * Field rules are the contract's (`ContactSchema`, `AddressInputSchema`, `BillingAddressInputSchema`),
 * so the step refuses exactly what the server would refuse, with the same message keys.
 */

/**
 * Contact fields, in screen order. No fax: the spec keeps `fax` in the contact's data (and the API
 * still takes and stores it, an order page shows one that came in), but no screen of it asks for one,
 * and a buyer today has none to give.
 */
export const CONTACT_FIELDS = ['name', 'surname', 'email', 'phone', 'job_title', 'buyer_id'] as const satisfies readonly (keyof ContactInformation)[];
/** Fields of a one-off delivery address, in screen order. */
export const ADDRESS_FIELDS = ['name', 'surname', 'company', 'nip', 'street', 'city', 'zip', 'country', 'phone'] as const satisfies readonly (keyof CheckoutAddress)[];
/** Billing address fields (spec §3), in screen order. */
export const BILLING_FIELDS = ['name', 'surname', 'company', 'nip', 'street', 'city', 'zip', 'country'] as const satisfies readonly (keyof BillingAddress)[];

/** The fields every address must have (`AddressInputSchema`): shown as required wherever an address is typed. */
export const ADDRESS_REQUIRED: ReadonlySet<AddressField> = new Set<AddressField>(['street', 'city', 'zip', 'country']);

/** The fields a delivery or specific address must have: its recipient's name and surname too (`needsRecipient`). */
export const RECIPIENT_ADDRESS_REQUIRED: ReadonlySet<AddressField> = new Set<AddressField>(['name', 'surname', ...ADDRESS_REQUIRED]);

/** The required fields of an address of `type`. */
export function addressRequired(type: AddressType): ReadonlySet<AddressField> {
  return needsRecipient(type) ? RECIPIENT_ADDRESS_REQUIRED : ADDRESS_REQUIRED;
}

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type BillingField = (typeof BILLING_FIELDS)[number];

/** Every place the step can show an error, named by section: `contact.email`, `address.zip`, `billing.nip`, … */
export type DeliveryFieldId = `contact.${ContactField}` | 'method' | 'address' | `address.${AddressField}` | `billing.${BillingField}` | 'mpk';


const CONTACT_RULES = ContactSchema.entries;
const ADDRESS_RULES = AddressInputSchema.pipe[0].entries;
const BILLING_RULES = BillingAddressInputSchema.pipe[0].entries;

/**
 * An empty one-off delivery address (the server saves it as the buyer's `specific` address), in the
 * shop's country when the shop names one (`Website.country`).
 */
export function emptyNewAddress(country: string | null | undefined = ''): CheckoutAddress {
  return { id: null, type: 'specific', name: '', surname: '', company: '', street: '', city: '', zip: '', country: shopCountry(country), nip: '', phone: '' };
}

/** Whether the shop lets the buyer pay by invoice (an invoice needs a tax ID on the billing address). */
export function shopInvoices(website: Pick<Website, 'paymentMethods'>): boolean {
  return website.paymentMethods.some((method) => method.code === 'invoice');
}

/**
 * The address-book entries a delivery may go to: delivery and specific addresses, only `specific` ones
 * in a shop that ships only to a specific address (the server refuses any other type there).
 */
export function deliveryBookAddresses(book: readonly Address[], specificOnly: boolean): Address[] {
  return book.filter((address) => (specificOnly ? address.type === 'specific' : address.type !== 'billing'));
}

/** The address-book entries billing can be filled from. */
export function billingBookAddresses(book: readonly Address[]): Address[] {
  return book.filter((address) => address.type === 'billing');
}

/** An address-book entry as the checkout holds it. */
export function toCheckoutAddress(address: Address): CheckoutAddress {
  const { id, type, name, surname, company, street, city, zip, country, nip, phone } = address;
  return { id, type, name, surname, company, street, city, zip, country, nip, phone };
}

/** An address-book entry's billing fields. */
export function toBillingAddress(address: Pick<Address, BillingField>): BillingAddress {
  const { name, surname, company, nip, street, city, zip, country } = address;
  return { name, surname, company, nip, street, city, zip, country };
}

/**
 * The book entry the delivery step chooses by itself when none is chosen yet, so the form
 * fills what it can: the one used last (`savedSpecificAddress`, when the book still offers it), else the
 * only one, else the most recently added (the highest id; the contract has no "default" flag). Null
 * for an empty book.
 */
export function preselectedAddress(usable: readonly Address[], lastUsed: CheckoutAddress | null): Address | null {
  const last = lastUsed?.id == null ? undefined : usable.find((entry) => entry.id === lastUsed.id);
  if (last) return last;
  return usable.reduce<Address | null>((newest, entry) => (newest === null || entry.id > newest.id ? entry : newest), null);
}

/** What the delivery address currently is: an entry of the book, a new one being typed, or nothing yet. */
export type AddressChoice = { kind: 'book'; id: number } | { kind: 'new' } | { kind: 'none' };

/**
 * The current choice. `usable` is the book's usable entries, or null while the book is loading or
 * failed (a stored entry then still counts). A stored entry the book no longer offers counts as no
 * choice; with an empty book the only way is a new address.
 */
export function addressChoice(address: CheckoutAddress | null, usable: readonly Address[] | null): AddressChoice {
  if (address && address.id === null) return { kind: 'new' };
  if (address && address.id !== null && (usable === null || usable.some((entry) => entry.id === address.id))) return { kind: 'book', id: address.id };
  if (usable !== null && usable.length === 0) return { kind: 'new' };
  return { kind: 'none' };
}

/**
 * The one-off address the "new address" form shows: the one being typed, else the remembered
 * `savedSpecificAddress` when it was typed in (spec §4: it is offered again), else an empty one in
 * the shop's `country`.
 */
export function newAddressDraft(state: Pick<CheckoutState, 'deliveryAddress' | 'savedSpecificAddress'>, country: string | null | undefined = ''): CheckoutAddress {
  if (state.deliveryAddress && state.deliveryAddress.id === null) return state.deliveryAddress;
  if (state.savedSpecificAddress && state.savedSpecificAddress.id === null) return { ...state.savedSpecificAddress, type: 'specific' };
  return emptyNewAddress(country);
}

/**
 * Whether billing really is "same as delivery": never for a self-pickup in a shop that invoices, since
 * self-pickup has no delivery address and an invoice needs a billing address (docs/api.md "POST /api/order").
 */
export function billingFollowsDelivery(state: Pick<CheckoutState, 'billingAddressSameAsDelivery' | 'deliveryMethod'>, invoicing: boolean): boolean {
  return state.billingAddressSameAsDelivery && !(invoicing && state.deliveryMethod?.type === 'self_pickup');
}

/** The delivery address the order will carry: the chosen entry, or the typed one when "new" shows. */
export function effectiveDeliveryAddress(state: CheckoutState, choice: AddressChoice): CheckoutAddress | null {
  if (!needsDeliveryAddress(state.deliveryMethod)) return null;
  if (choice.kind === 'new') return newAddressDraft(state);
  return choice.kind === 'book' ? state.deliveryAddress : null;
}

/**
 * "Nip missing from address" (spec §5): the shop invoices and the billing address the order would use
 * has no tax ID. Shown as a notice only: the payment step refuses an invoice without one.
 */
export function nipMissingForInvoice(state: CheckoutState, choice: AddressChoice, invoicing: boolean): boolean {
  if (!invoicing) return false;
  const billing = effectiveBillingAddress({
    billingAddressSameAsDelivery: billingFollowsDelivery(state, invoicing),
    billingAddress: state.billingAddress,
    deliveryAddress: effectiveDeliveryAddress(state, choice),
    deliveryMethod: state.deliveryMethod,
  });
  return billing !== null && !isFilled(billing.nip);
}

/** One address field's rule; the postal code is checked against the chosen country. */
function addressRule(rules: Record<string, v.GenericSchema>, field: string, country: string): v.GenericSchema {
  return field === 'zip' ? postalCodeField(country) : (rules[field] as v.GenericSchema);
}

/**
 * Every field's first failing rule of an address of `type` as typed (`AddressInputSchema`: the
 * postal code against the chosen country, the recipient's name and surname on a delivery or specific
 * address), in screen order ({@link ADDRESS_FIELDS}): the checkout's one-off delivery address and the
 * account's address book check the same rules. Empty when it may be saved.
 */
export function addressIssues(address: Readonly<Record<AddressField, string>>, type: AddressType = 'specific'): Map<AddressField, FieldIssue> {
  const issues = new Map<AddressField, FieldIssue>();
  const recipient = needsRecipient(type);
  for (const field of ADDRESS_FIELDS) {
    // The contract's field rules leave the name optional; the recipient rule is the address's own.
    const missing = recipient && (field === 'name' || field === 'surname') && address[field].trim() === '';
    const issue: FieldIssue | null = missing ? { key: 'validation.required', params: {} } : firstFieldIssue(addressRule(ADDRESS_RULES, field, address.country), address[field]);
    if (issue) issues.set(field, issue);
  }
  return issues;
}

/** What {@link deliveryIssues} checks. */
export interface DeliveryCheck {
  state: CheckoutState;
  website: Pick<Website, 'paymentMethods' | 'mpk_required' | 'country'>;
  /** The methods offered, or null while they are not loaded. */
  methods: readonly DeliveryMethod[] | null;
  /** The book's usable entries, or null while it is not loaded. */
  usable: readonly Address[] | null;
}

/**
 * Every field's first failing rule (spec §5), in screen order: contact (phone, name, surname and
 * e-mail must be filled and valid), the delivery method, the delivery address when the method needs
 * one (a choice, or every rule of a typed address), billing when it does not follow delivery, and the
 * MPK code in `mpk_required` shops. Empty when the buyer may go on.
 */
export function deliveryIssues({ state, website, methods, usable }: DeliveryCheck): Map<DeliveryFieldId, FieldIssue> {
  const issues = new Map<DeliveryFieldId, FieldIssue>();
  const add = (id: DeliveryFieldId, schema: v.GenericSchema, value: unknown) => {
    const issue = firstFieldIssue(schema, value);
    if (issue) issues.set(id, issue);
  };

  for (const field of CONTACT_FIELDS) add(`contact.${field}`, CONTACT_RULES[field], state.contactInformation[field]);

  const method = state.deliveryMethod;
  const offered = method !== null && (methods === null || methods.some((candidate) => candidate.id === method.id));
  if (!offered) issues.set('method', { key: 'checkout.delivery_step.choose_method', params: {} });

  if (offered && needsDeliveryAddress(method)) {
    const choice = addressChoice(state.deliveryAddress, usable);
    if (choice.kind === 'none') issues.set('address', { key: 'checkout.choose_address', params: {} });
    if (choice.kind === 'new') {
      for (const [field, issue] of addressIssues(newAddressDraft(state, website.country))) issues.set(`address.${field}`, issue);
    }
  }

  if (!billingFollowsDelivery(state, shopInvoices(website))) {
    const billing = state.billingAddress;
    for (const field of BILLING_FIELDS) add(`billing.${field}`, addressRule(BILLING_RULES, field, billing.country), billing[field]);
  }

  // The field shows only where the code is required (src/domain/mpk.ts owns the rule).
  if (isMpkRequired(website)) add('mpk', mpkCodeRule(website), state.mpkCode);
  return issues;
}
