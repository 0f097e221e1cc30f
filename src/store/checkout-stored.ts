import * as v from 'valibot';
import type { ContactInformation } from '../domain/checkout.ts';

/**
 * The checkout as browser storage keeps it: a versioned shape checked on every read (corrupt, foreign or
 * older data is discarded), and the names of its entries.
 *
 * @module
 */

/** Version of the stored checkout; anything else is discarded. */
export const STORED_VERSION = 1;
const text = v.string();
const AddressStoredSchema = v.object({
  id: v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  type: v.picklist(['delivery', 'billing', 'specific']),
  name: text,
  surname: text,
  company: text,
  street: text,
  city: text,
  zip: text,
  country: text,
  nip: text,
  phone: text,
});
/** The contact as stored, apart from the rest (spec §3 "Contact: saved locally per user id"). */
export const ContactStoredSchema = v.object({ name: text, surname: text, email: text, phone: text, fax: text, job_title: text, buyer_id: text });
/** What one checkout key holds in browser storage. */
export const StoredStateSchema = v.object({
  version: v.literal(STORED_VERSION),
  state: v.object({
    contactInformation: ContactStoredSchema,
    deliveryMethod: v.nullable(
      v.object({
        id: v.number(),
        type: v.picklist(['courier', 'self_pickup', 'specific_address']),
        name: text,
        price: v.number(),
        pickup_address: v.nullable(v.object({ street: text, city: text, zip: text, country: text })),
        budgets: v.array(v.object({ budget_id: v.number(), name: text, color: text, price: v.number() })),
      }),
    ),
    deliveryAddress: v.nullable(AddressStoredSchema),
    paymentMethod: v.nullable(v.picklist(['invoice', 'budget', 'online'])),
    mpkCode: text,
    paymentForDeliveryBudget: v.nullable(v.object({ budget_id: v.number(), assignment_id: v.number(), name: text, color: text, price: v.number() })),
    billingAddress: v.object({ name: text, surname: text, nip: text, company: text, street: text, city: text, zip: text, country: text }),
    billingAddressSameAsDelivery: v.boolean(),
    orderComment: text,
    checkoutComplete: v.boolean(),
    locationInCheckout: v.boolean(),
    savedSpecificAddress: v.nullable(AddressStoredSchema),
    // Absent: not done (the initial state, and states stored before the steps were marked done).
    deliveryDone: v.optional(v.boolean()),
    paymentDone: v.optional(v.boolean()),
    placedOrder: v.nullable(v.object({ name: text, email: text, paymentUrl: v.nullable(text) })),
  }),
  /** The order attempt whose outcome is not known yet: its key and the body it was sent with. */
  attempt: v.nullable(v.object({ key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,200}$/)), body: text })),
});
/** A stored checkout. */
export type StoredState = v.InferOutput<typeof StoredStateSchema>;
/** Whether `value` is a stored checkout of this version and shape. */
export const isStoredState = (value: unknown): value is StoredState => v.is(StoredStateSchema, value);
/** Whether `value` is a stored contact. */
export const isStoredContact = (value: unknown): value is ContactInformation => v.is(ContactStoredSchema, value);

/** The part of a key that marks this user's checkout entries (spec §4 "stored-data marker"). */
export const CHECKOUT_MARKER = 'checkout';
/** The entry name of the saved contact. */
export const CONTACT_NAME = 'contact';
