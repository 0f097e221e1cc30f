import * as v from 'valibot';
import { isoDate, nullableString } from './answer-fields.ts';
import { countryField, isValidPostalCode as isPostalCodeOk, nipField, optionalPhoneField, optionalText, requiredText } from './fields.ts';
import { listOf, orDefault } from './tolerant.ts';

/**
 * The signed-in user: the account, its budget assignments and its address book, as answered and (for
 * addresses) as entered.
 *
 * @module
 */

/** What an address is for: delivery, billing, or a one-off delivery address given at the checkout. */
export const AddressTypeSchema = v.picklist(['delivery', 'billing', 'specific']);
export type AddressType = v.InferOutput<typeof AddressTypeSchema>;

/** A budget assignment; an unknown `status` reads as `active` when `is_active`, else `inactive`. */
export const UserBudgetSchema = v.pipe(
  v.object({
    /** The assignment's id (a buyer can hold several assignments of one budget over time). */
    id: v.number(),
    budget_id: v.number(),
    name: v.string(),
    color: v.string(),
    points: v.number(),
    points_left: v.number(),
    start_date: isoDate,
    expiry_date: isoDate,
    /** True when switched on and today lies between start and expiry. */
    is_active: v.boolean(),
    status: orDefault('budget.status', v.nullable(v.picklist(['active', 'expired', 'inactive', 'scheduled'])), null),
  }),
  v.transform(({ status, ...budget }) => ({ ...budget, status: status ?? (budget.is_active ? ('active' as const) : ('inactive' as const)) })),
);
export type UserBudget = v.InferOutput<typeof UserBudgetSchema>;

export const UserSchema = v.object({
  id: v.number(),
  email: v.string(),
  name: v.string(),
  surname: v.string(),
  phone: v.string(),
  job_title: v.string(),
  buyer_id: v.string(),
  cost_center: v.string(),
  /** An unknown role reads as `buyer` (the least rights; the provider checks every coordinator call). */
  role: orDefault('user.role', v.picklist(['buyer', 'coordinator']), 'buyer'),
  website_id: v.number(),
  /** Whom a buyer contacts about budgets. */
  coordinator_email: nullableString,
  /** Unusable assignments are left out. */
  budgets: listOf('user.budgets', UserBudgetSchema),
  /**
   * A new e-mail address waiting for the buyer to open the link mailed to it; until then
   * `email` stays the account's address. Missing in older providers' answers: none pending.
   */
  pending_email: v.optional(nullableString, null),
});
export type User = v.InferOutput<typeof UserSchema>;

/** A postal address as an answer gives it: an order's delivery and billing address, and the body of an address book entry. */
export const AddressSnapshotSchema = v.object({
  name: v.string(),
  surname: v.string(),
  company: v.string(),
  street: v.string(),
  city: v.string(),
  zip: v.string(),
  country: v.string(),
  nip: v.string(),
});

export const AddressSchema = v.object({
  id: v.number(),
  /** An unknown type reads as `delivery`. */
  type: orDefault('address.type', AddressTypeSchema, 'delivery'),
  ...AddressSnapshotSchema.entries,
  phone: v.string(),
});
export type Address = v.InferOutput<typeof AddressSchema>;

/**
 * Whether an address of `type` names its recipient: a delivery or a one-off (`specific`)
 * address goes to a person, so its `name` and `surname` are required; a billing address may be a
 * company's alone. The checkout, the address book and the provider check the same rule.
 */
export function needsRecipient(type: AddressType): boolean {
  return type !== 'billing';
}

/**
 * An address as entered; the postal code is checked against the country, and a delivery or
 * specific address needs its recipient's name and surname ({@link needsRecipient}).
 */
export const AddressInputSchema = v.pipe(
  v.object({
    type: v.optional(AddressTypeSchema, 'delivery'),
    name: optionalText(100),
    surname: optionalText(100),
    company: optionalText(200),
    street: requiredText(200),
    city: requiredText(100),
    zip: requiredText(12),
    country: countryField,
    nip: nipField,
    phone: optionalPhoneField,
  }),
  // Checked once the fields are valid, one at a time (the provider names the first failing rule; the
  // storefront's forms check the recipient per field, `addressIssues`).
  v.forward(
    v.check((address) => !needsRecipient(address.type) || address.name !== '', 'validation.required'),
    ['name'],
  ),
  v.forward(
    v.check((address) => !needsRecipient(address.type) || address.surname !== '', 'validation.required'),
    ['surname'],
  ),
  v.forward(
    v.check((address) => isPostalCodeOk(address.zip, address.country), 'validation.postal_code'),
    ['zip'],
  ),
);
export type AddressInput = v.InferOutput<typeof AddressInputSchema>;

/** `GET /api/user/budgets`: the buyer's budget assignments in the shop; an unusable one is left out. */
export const UserBudgetListSchema = listOf('budgets', UserBudgetSchema);
/** `GET /api/user/addresses`: the address book, newest first; an unusable entry is left out. */
export const AddressListSchema = listOf('addresses', AddressSchema);
