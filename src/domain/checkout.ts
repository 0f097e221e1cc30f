/**
 * The client checkout state of spec §3 and its transitions (spec §4), as pure functions: the store
 * (`src/store/checkout.ts`) keeps one {@link CheckoutState} per user in a signal and in browser storage,
 * and the screens change it only through these rules.
 *
 * - Setting a delivery address replaces the current one; one of type `specific` is also remembered as
 *   `savedSpecificAddress` (spec §4).
 * - Setting a delivery method replaces the current one; a delivery-cost budget chosen for another
 *   method is dropped with it (its price belongs to that method).
 * - Clear-checkout empties every field, sets `billingAddressSameAsDelivery` to true (false in a shop
 *   that ships only to a specific address) and `checkoutComplete` to false.
 *
 * @module
 */

import type { Address } from '../contract/contract.ts';

/** Address types of the address book (`AddressTypeSchema`): `specific` is a one-off delivery address. */
export type CheckoutAddressType = Address['type'];

/**
 * A delivery address as the checkout holds it: an entry of the address book (`id` set) or a one-off
 * address typed in at checkout (`id` null), which the server saves as the buyer's `specific` address.
 */
export type CheckoutAddress = Omit<Address, 'id'> & { id: number | null };

/** The billing address of spec §3: name, surname, nip (tax ID), company, street, city, zip, country. */
export interface BillingAddress {
  name: string;
  surname: string;
  nip: string;
  company: string;
  street: string;
  city: string;
  zip: string;
  country: string;
}

/** Contact information (spec §3 "Contact"): saved locally per user and pre-filled. */
export interface ContactInformation {
  name: string;
  surname: string;
  email: string;
  phone: string;
  fax: string;
  job_title: string;
  buyer_id: string;
}

/** The delivery method as chosen (the server's `DeliveryMethod`, only what the checkout needs later). */
export interface ChosenDeliveryMethod {
  id: number;
  type: 'courier' | 'self_pickup' | 'specific_address';
  name: string;
  /** Net price in money shops. */
  price: number;
  pickup_address: { street: string; city: string; zip: string; country: string } | null;
  /** Budgets that may pay for this delivery, with the price in points (points shops). */
  budgets: { budget_id: number; name: string; color: string; price: number }[];
}

/**
 * The delivery-cost budget (spec §3: budget_id, name, color, price) with the buyer's assignment that pays
 * it (`UserBudget.id`, which the order sends as `payment_for_delivery_budget`).
 */
export interface DeliveryCostBudgetChoice {
  budget_id: number;
  assignment_id: number;
  name: string;
  color: string;
  price: number;
}

/** Payment method codes (`PaymentMethodCodeSchema`). */
export type PaymentMethodCode = 'invoice' | 'budget' | 'online';

/** The order placed from this checkout, kept until the confirmation has shown it. */
export interface PlacedOrder {
  name: string;
  email: string;
  /** Where to pay for an `online` order; null otherwise. */
  paymentUrl: string | null;
}

/** The client checkout state, field for field as spec §3 lists it (plus the order once placed). */
export interface CheckoutState {
  contactInformation: ContactInformation;
  deliveryMethod: ChosenDeliveryMethod | null;
  deliveryAddress: CheckoutAddress | null;
  paymentMethod: PaymentMethodCode | null;
  mpkCode: string;
  paymentForDeliveryBudget: DeliveryCostBudgetChoice | null;
  billingAddress: BillingAddress;
  billingAddressSameAsDelivery: boolean;
  orderComment: string;
  checkoutComplete: boolean;
  locationInCheckout: boolean;
  savedSpecificAddress: CheckoutAddress | null;
  /**
   * The delivery step is done: the buyer pressed Continue on it with every field valid (the payment
   * step's guard needs it; the contact alone proves nothing, it is pre-filled from the profile).
   * Absent (the initial and cleared state) means not done.
   */
  deliveryDone?: boolean;
  /** The payment step is done: Continue pressed with a payable choice (the summary's guard needs it). */
  paymentDone?: boolean;
  /** Set once `POST /api/order` succeeded; the confirmation needs it besides `checkoutComplete`. */
  placedOrder: PlacedOrder | null;
}

/** What the initial and cleared states depend on: the shop's `shipping_only_to_specific_address`. */
export interface CheckoutShopRules {
  shippingOnlyToSpecificAddress: boolean;
}

/** An empty contact. */
export const EMPTY_CONTACT: Readonly<ContactInformation> = Object.freeze({ name: '', surname: '', email: '', phone: '', fax: '', job_title: '', buyer_id: '' });

/** An empty billing address. */
export const EMPTY_BILLING_ADDRESS: Readonly<BillingAddress> = Object.freeze({ name: '', surname: '', nip: '', company: '', street: '', city: '', zip: '', country: '' });

/**
 * The state at the start and after clear-checkout (spec §4): every field empty, billing same as delivery
 * (false when the shop ships only to a specific address), checkout not complete.
 */
export function initialCheckoutState(rules: CheckoutShopRules): CheckoutState {
  return {
    contactInformation: { ...EMPTY_CONTACT },
    deliveryMethod: null,
    deliveryAddress: null,
    paymentMethod: null,
    mpkCode: '',
    paymentForDeliveryBudget: null,
    billingAddress: { ...EMPTY_BILLING_ADDRESS },
    billingAddressSameAsDelivery: !rules.shippingOnlyToSpecificAddress,
    orderComment: '',
    checkoutComplete: false,
    locationInCheckout: false,
    savedSpecificAddress: null,
    placedOrder: null,
  };
}

/** The shop's country as address forms take it: an ISO alpha-2 code in capitals, else '' (none, or not a code). */
export function shopCountry(country: string | null | undefined): string {
  const code = (country ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : '';
}

/**
 * The billing address the delivery step starts from, so the form fills what it can: one whose
 * country is still empty takes the shop's country (`Website.country`), when the shop names one. The
 * initial and cleared states stay empty (spec §4); this fills the form as the buyer opens it.
 */
export function billingInShopCountry(billing: BillingAddress, country: string | null | undefined): BillingAddress {
  const code = shopCountry(country);
  return billing.country === '' && code ? { ...billing, country: code } : billing;
}

/** Clear-checkout (spec §4): the initial state. Storage is the store's part. */
export function clearCheckoutState(rules: CheckoutShopRules): CheckoutState {
  return initialCheckoutState(rules);
}

/** Replaces the delivery address; a `specific` one is also remembered as `savedSpecificAddress` (spec §4). */
export function setDeliveryAddress(state: CheckoutState, address: CheckoutAddress | null): CheckoutState {
  return {
    ...state,
    deliveryAddress: address ? { ...address } : null,
    savedSpecificAddress: address?.type === 'specific' ? { ...address } : state.savedSpecificAddress,
  };
}

/**
 * Replaces the delivery method (spec §4). A delivery-cost budget stays only when the new method offers
 * the same budget, at the new method's price; otherwise it is dropped and must be chosen again. Another
 * method (or none) undoes the delivery and payment steps: the payment choices depend on the method.
 */
export function setDeliveryMethod(state: CheckoutState, method: ChosenDeliveryMethod | null): CheckoutState {
  const previous = state.paymentForDeliveryBudget;
  const offered = previous && method?.budgets.find((budget) => budget.budget_id === previous.budget_id);
  // Still no method keeps the flags: the guards need a method anyway.
  const same = state.deliveryMethod?.id === method?.id;
  return {
    ...state,
    deliveryDone: same && state.deliveryDone,
    paymentDone: same && state.paymentDone,
    deliveryMethod: method ? { ...method, budgets: method.budgets.map((budget) => ({ ...budget })) } : null,
    paymentForDeliveryBudget: previous && offered ? { ...previous, price: offered.price } : null,
  };
}

/** Whether the delivery method needs a delivery address (self-pickup does not). */
export function needsDeliveryAddress(method: Pick<ChosenDeliveryMethod, 'type'> | null): boolean {
  return method !== null && method.type !== 'self_pickup';
}

/** The billing address a "same as delivery" order uses: the delivery address's billing fields. */
export function billingFromDelivery(address: CheckoutAddress): BillingAddress {
  return {
    name: address.name,
    surname: address.surname,
    nip: address.nip,
    company: address.company,
    street: address.street,
    city: address.city,
    zip: address.zip,
    country: address.country,
  };
}

/** A field counts as given when it has more than white space. */
export function isFilled(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The billing address the order will carry: the delivery address when "same as delivery" (none for
 * self-pickup, which has no delivery address), else the one entered.
 */
export function effectiveBillingAddress(state: Pick<CheckoutState, 'billingAddressSameAsDelivery' | 'billingAddress' | 'deliveryAddress' | 'deliveryMethod'>): BillingAddress | null {
  if (!state.billingAddressSameAsDelivery) return state.billingAddress;
  if (!state.deliveryAddress || !needsDeliveryAddress(state.deliveryMethod)) return null;
  return billingFromDelivery(state.deliveryAddress);
}

/**
 * "Nip missing from address" (spec §5): an invoice needs a tax ID on the billing address. True when the
 * payment is by invoice and the billing address that will be used has none.
 */
export function isNipMissing(state: Pick<CheckoutState, 'billingAddressSameAsDelivery' | 'billingAddress' | 'deliveryAddress' | 'deliveryMethod' | 'paymentMethod'>, paymentMethod: PaymentMethodCode | null = state.paymentMethod): boolean {
  if (paymentMethod !== 'invoice') return false;
  const billing = effectiveBillingAddress(state);
  return billing !== null && !isFilled(billing.nip);
}

/** The contact is complete enough to go on (spec §5: phone, name, surname and e-mail filled). */
export function isContactComplete(contact: ContactInformation): boolean {
  return isFilled(contact.name) && isFilled(contact.surname) && isFilled(contact.email) && isFilled(contact.phone);
}
