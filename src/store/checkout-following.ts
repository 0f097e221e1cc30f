import * as v from 'valibot';
import type { User } from '../contract/contract.ts';
import { EMPTY_CONTACT, initialCheckoutState, type CheckoutState, type ContactInformation } from '../domain/checkout.ts';
import { CHECKOUT_MARKER, CONTACT_NAME, isStoredContact, isStoredState, STORED_VERSION, StoredStateSchema } from './checkout-stored.ts';
import { currentRules, internals, stateSignal, type OrderAttempt } from './checkout-state.ts';
import { perUserState, type StateBinding } from './per-user-state.ts';
import { user } from './session.ts';
import { shop } from './shop.ts';
import { readStored, writeStored } from './storage.ts';

/**
 * Which stored checkout the page shows, and keeping it in storage: the logged-in user's checkout in
 * this shop (a fresh one for nobody), followed across tabs, saved with its contact on every change.
 *
 * @module
 */

/** The contact to start with: the stored one, else the user's profile. */
export function startingContact(savedContactKey: string, profile: User | null): ContactInformation {
  const stored = readStored(savedContactKey, isStoredContact);
  if (stored) return { ...EMPTY_CONTACT, ...stored };
  if (!profile) return { ...EMPTY_CONTACT };
  return {
    name: profile.name,
    surname: profile.surname,
    email: profile.email,
    phone: profile.phone,
    fax: '',
    job_title: profile.job_title,
    buyer_id: profile.buyer_id,
  };
}

/** The storage key of the contact `binding`'s user saved. */
export function contactKey(binding: StateBinding): string {
  return owner.keyOf(binding, CONTACT_NAME);
}

/** The stored state of `binding`, or a fresh one (bad data is discarded by `readStored`). */
function load(binding: StateBinding, profile: User | null): { state: CheckoutState; attempt: OrderAttempt | null } {
  const stored = readStored(binding.key, isStoredState);
  const base = stored ? (v.parse(StoredStateSchema, stored).state as CheckoutState) : initialCheckoutState(currentRules());
  return { state: { ...base, contactInformation: startingContact(contactKey(binding), profile) }, attempt: stored?.attempt ?? null };
}

/** Writes the state and the contact of the bound user. A full storage keeps the page's copy. */
export function save(): void {
  const binding = owner.binding;
  if (!binding) return;
  const state = stateSignal.peek();
  writeStored(binding.key, { version: STORED_VERSION, state, attempt: internals.attempt });
  // An empty contact (just cleared) does not overwrite the saved one the next checkout starts from.
  if (!isEmptyContact(state.contactInformation)) writeStored(contactKey(binding), state.contactInformation);
}

/** Sets the state and saves it. */
export function commit(next: CheckoutState): void {
  stateSignal.value = next;
  save();
}

/** Shows the checkout of the bound user, or a fresh state when nobody is logged in. */
export function show(binding: StateBinding | null): void {
  if (!binding) {
    internals.attempt = null;
    stateSignal.value = initialCheckoutState(currentRules());
    return;
  }
  const loaded = load(binding, user.peek());
  internals.attempt = loaded.attempt;
  stateSignal.value = loaded.state;
}

/**
 * The checkout shown is the logged-in user's in this shop; another tab of the same user moving on in
 * the checkout (or finishing it, or saving another contact) is followed.
 */
export const owner = perUserState({
  id: 'checkout',
  name: CHECKOUT_MARKER,
  alsoWatch: [CONTACT_NAME],
  owner: () => {
    const slug = shop.value?.slug;
    const current = user.value;
    return slug && current ? { shop: slug, userId: current.id } : null;
  },
  switched: (next) => show(next),
  changedElsewhere: show,
});

/** Whether every contact field is blank (nothing typed, nothing pre-filled). */
export function isEmptyContact(contact: ContactInformation): boolean {
  return Object.values(contact).every((value) => value.trim() === '');
}
