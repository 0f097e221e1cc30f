import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-react';
import * as v from 'valibot';
import type { Order, PlaceOrderRequest, User } from '../contract/contract.ts';
import { createIdempotencyKey, placeOrder as placeOrderCall } from '../api/orders.ts';
import {
  billingInShopCountry,
  clearCheckoutState,
  EMPTY_CONTACT,
  initialCheckoutState,
  needsDeliveryAddress,
  setDeliveryAddress,
  setDeliveryMethod,
  type BillingAddress,
  type CheckoutAddress,
  type CheckoutShopRules,
  type CheckoutState,
  type ChosenDeliveryMethod,
  type ContactInformation,
  type DeliveryCostBudgetChoice,
  type PaymentMethodCode,
  type PlacedOrder,
} from '../domain/checkout.ts';
import type { CheckoutGuardState } from '../domain/guards.ts';
import { orderMpkCode, startingMpkCode } from '../domain/mpk.ts';
import { cartLines, clearCart, onCartEmptied } from './cart.ts';
import { locale } from './locale.ts';
import { perUserState, type StateBinding } from './per-user-state.ts';
import { pageSingleton } from '../page-singleton.ts';
import { user } from './session.ts';
import { shop } from './shop.ts';
import { readStored, removeStored, removeStoredMatching, writeStored } from './storage.ts';

/**
 * The client checkout state (spec §3 "Client checkout state", §4), one per page, shared by every
 * element, kept in browser storage per shop and per user so that a reload mid-checkout loses nothing.
 *
 * - Checkout needs a logged-in user (the steps are `auth` routes), so there is no guest checkout state;
 *   the state follows the session as the cart does: a login loads that user's stored state, a logout
 *   or a switch of user shows a fresh one.
 * - Contact information is stored apart from the rest (spec §3 "Contact: saved locally per user id") and
 *   pre-filled from the user's profile when nothing is stored.
 * - Clear-checkout (spec §4) resets the fields and removes every stored entry whose key carries this
 *   user's checkout marker; it runs whenever the cart becomes empty.
 * - Continue on the delivery and on the payment step marks that step done; the next step's guard needs it.
 * - Entering the summary marks checkout complete (spec §2); the order confirmation then clears
 *   checkout, cart and contact information.
 * - Placing an order uses one `Idempotency-Key` per attempt: a retry of the same order (after a timeout,
 *   a lost answer or a reload) sends the same key, so the provider answers the first order instead of
 *   placing a second one; a changed order gets a new key.
 *
 * @module
 */

// ---------------------------------------------------------------------------------------------------
// Stored shape

const STORED_VERSION = 1;
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
const ContactStoredSchema = v.object({ name: text, surname: text, email: text, phone: text, fax: text, job_title: text, buyer_id: text });
const StoredStateSchema = v.object({
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
type StoredState = v.InferOutput<typeof StoredStateSchema>;
const isStoredState = (value: unknown): value is StoredState => v.is(StoredStateSchema, value);
const isStoredContact = (value: unknown): value is ContactInformation => v.is(ContactStoredSchema, value);

/** The part of a key that marks this user's checkout entries (spec §4 "stored-data marker"). */
const CHECKOUT_MARKER = 'checkout';
const CONTACT_NAME = 'contact';

// ---------------------------------------------------------------------------------------------------
// State

interface OrderAttempt {
  key: string;
  body: string;
}

function currentRules(): CheckoutShopRules {
  return { shippingOnlyToSpecificAddress: shop.peek()?.shipping_only_to_specific_address ?? false };
}

const stateSignal = pageSingleton('checkout.state', () => signal<CheckoutState>(initialCheckoutState({ shippingOnlyToSpecificAddress: false })));
const internals = pageSingleton('checkout.internals', () => ({ attempt: null as OrderAttempt | null }));
/** The order the confirmation is showing after it cleared checkout (this page only, never stored). */
const confirmedOrder = pageSingleton('checkout.confirmed', () => signal<PlacedOrder | null>(null));
/**
 * The order as the provider answered `POST /api/order` (lines, prices, totals, addresses): the
 * confirmation shows it without asking again. In this page's memory only; after a reload the
 * confirmation loads the order by its name instead.
 */
const answeredOrder = pageSingleton('checkout.answered', () => signal<Order | null>(null));
/** The page is leaving for the provider's payment page: the step guards stand still meanwhile. */
const leavingToPay = pageSingleton('checkout.leaving', () => signal(false));
/** An order request is on its way: "Place order" stays disabled. */
const placing = pageSingleton('checkout.placing', () => signal(false));

/** The checkout state. Change it only through the actions below. */
export const checkoutState: ReadonlySignal<CheckoutState> = stateSignal;
/** True while an order is being placed. */
export const orderPlacing: ReadonlySignal<boolean> = placing;
/** The order the confirmation screen shows (set when it cleared the checkout for it). */
export const lastConfirmedOrder: ReadonlySignal<PlacedOrder | null> = confirmedOrder;
/** The provider's answer for the order placed on this page, in full (see {@link placeOrder}). */
export const placedOrderAnswer: ReadonlySignal<Order | null> = answeredOrder;

/**
 * What the step guards read (spec §2 "Guards"), or null when no user is logged in (the steps are
 * `auth` routes and send a guest to Login first). While the confirmation shows the order it just
 * cleared, checkout still counts as complete, so the page is not sent back to the summary.
 */
export const checkoutGuardState = pageSingleton('checkout.guard', () =>
  computed<CheckoutGuardState | null>(() => {
    const website = shop.value;
    const current = user.value;
    // Leaving to pay, the checkout was just cleared: no guard may send the page elsewhere meanwhile.
    if (!website || !current || leavingToPay.value) return null;
    const state = stateSignal.value;
    return {
      cartCount: cartLines.value.length,
      paymentType: website.payment_type,
      hasActiveBudget: current.budgets.some((budget) => budget.is_active),
      contactEmail: state.contactInformation.email,
      contactName: state.contactInformation.name,
      deliveryDone: state.deliveryDone === true && state.deliveryMethod !== null,
      paymentDone: state.paymentDone === true,
      paymentMethod: state.paymentMethod,
      checkoutComplete: state.checkoutComplete || confirmedOrder.value !== null,
    };
  }),
);

// ---------------------------------------------------------------------------------------------------
// Persistence

/** The contact to start with: the stored one, else the user's profile. */
function startingContact(savedContactKey: string, profile: User | null): ContactInformation {
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
function contactKey(binding: StateBinding): string {
  return owner.keyOf(binding, CONTACT_NAME);
}

/** The stored state of `binding`, or a fresh one (bad data is discarded by `readStored`). */
function load(binding: StateBinding, profile: User | null): { state: CheckoutState; attempt: OrderAttempt | null } {
  const stored = readStored(binding.key, isStoredState);
  const base = stored ? (v.parse(StoredStateSchema, stored).state as CheckoutState) : initialCheckoutState(currentRules());
  return { state: { ...base, contactInformation: startingContact(contactKey(binding), profile) }, attempt: stored?.attempt ?? null };
}

/** Writes the state and the contact of the bound user. A full storage keeps the page's copy. */
function save(): void {
  const binding = owner.binding;
  if (!binding) return;
  const state = stateSignal.peek();
  writeStored(binding.key, { version: STORED_VERSION, state, attempt: internals.attempt });
  // An empty contact (just cleared) does not overwrite the saved one the next checkout starts from.
  if (!isEmptyContact(state.contactInformation)) writeStored(contactKey(binding), state.contactInformation);
}

/** Sets the state and saves it. */
function commit(next: CheckoutState): void {
  stateSignal.value = next;
  save();
}

/** Shows the checkout of the bound user, or a fresh state when nobody is logged in. */
function show(binding: StateBinding | null): void {
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
const owner = perUserState({
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
owner.start();

// Spec §4: whenever the cart becomes empty, checkout state is cleared. The confirmation empties the
// cart itself, after it took the order it shows.
const cartWatch = pageSingleton('checkout.cartEmptied', () => ({ stop: onCartEmptied(() => clearCheckout()) }));

// ---------------------------------------------------------------------------------------------------
// Actions

/** Updates contact fields (saved per user, pre-filled next time). */
export function updateContact(patch: Partial<ContactInformation>): void {
  const state = stateSignal.peek();
  commit({ ...state, contactInformation: { ...state.contactInformation, ...patch } });
}

/** Replaces the delivery method (spec §4); a delivery-cost budget of another method is dropped. */
export function chooseDeliveryMethod(method: ChosenDeliveryMethod | null): void {
  commit(setDeliveryMethod(stateSignal.peek(), method));
}

/** Replaces the delivery address; a `specific` one is also remembered as savedSpecificAddress (spec §4). */
export function chooseDeliveryAddress(address: CheckoutAddress | null): void {
  commit(setDeliveryAddress(stateSignal.peek(), address));
}

/** "Same as the delivery address" for billing. */
export function setBillingSameAsDelivery(same: boolean): void {
  commit({ ...stateSignal.peek(), billingAddressSameAsDelivery: same });
}

/** The billing address entered (or taken from the address book). */
export function setBillingAddress(address: BillingAddress): void {
  commit({ ...stateSignal.peek(), billingAddress: { ...address } });
}

/** The payment method chosen on the payment step. */
export function choosePaymentMethod(method: PaymentMethodCode | null): void {
  commit({ ...stateSignal.peek(), paymentMethod: method });
}

/** The delivery-cost budget (points shops), or null. */
export function chooseDeliveryBudget(budget: DeliveryCostBudgetChoice | null): void {
  commit({ ...stateSignal.peek(), paymentForDeliveryBudget: budget ? { ...budget } : null });
}

/** The cost-centre (MPK) code. */
export function setMpkCode(code: string): void {
  commit({ ...stateSignal.peek(), mpkCode: code });
}

/** The order comment. */
export function setOrderComment(comment: string): void {
  commit({ ...stateSignal.peek(), orderComment: comment });
}

/**
 * A step is done (the buyer pressed Continue on it with a valid step): the next step's guard needs it
 * (spec §2; the contact is pre-filled, so it alone does not open the payment step). Saved with the
 * state; clear-checkout resets it, and choosing another delivery method undoes both steps.
 */
export function completeCheckoutStep(step: 'delivery' | 'payment'): void {
  commit({ ...stateSignal.peek(), [`${step}Done`]: true });
}

/**
 * The buyer is in the checkout (`locationInCheckout`); entering the summary also marks checkout
 * complete (spec §2). A new checkout (the delivery step) forgets the order a confirmation showed.
 */
export function enterCheckoutStep(step: 'delivery' | 'payment' | 'summary'): void {
  const state = stateSignal.peek();
  if (step === 'delivery') confirmedOrder.value = null;
  // After clear-checkout the contact is empty: a new checkout starts from the saved contact or the profile.
  const binding = owner.binding;
  const prefill = step === 'delivery' && binding !== null && isEmptyContact(state.contactInformation);
  const contactInformation = prefill ? startingContact(contactKey(binding), user.peek()) : state.contactInformation;
  // The cost centre comes from the profile where the shop asks for one and none is filled in yet.
  const mpkCode = step === 'delivery' ? startingMpkCode(shop.peek(), state.mpkCode, user.peek()?.cost_center) : state.mpkCode;
  // An empty billing country starts as the shop's.
  const billingAddress = step === 'delivery' ? billingInShopCountry(state.billingAddress, shop.peek()?.country) : state.billingAddress;
  const next = { ...state, contactInformation, mpkCode, billingAddress, locationInCheckout: true, checkoutComplete: state.checkoutComplete || step === 'summary' };
  if (
    next.locationInCheckout !== state.locationInCheckout ||
    next.checkoutComplete !== state.checkoutComplete ||
    contactInformation !== state.contactInformation ||
    mpkCode !== state.mpkCode ||
    billingAddress !== state.billingAddress
  ) {
    commit(next);
  }
}

/** Whether every contact field is blank (nothing typed, nothing pre-filled). */
function isEmptyContact(contact: ContactInformation): boolean {
  return Object.values(contact).every((value) => value.trim() === '');
}

/**
 * Clear-checkout (spec §4): every field of the checkout state reset to empty, the contact information,
 * saved specific address and placed order included (billing same as delivery unless the shop ships only
 * to a specific address), checkout not complete, and every stored entry of this user's checkout removed.
 *
 * The contact the buyer saved (spec §3 "Contact … saved locally per user id") is a separate entry and
 * stays: the next checkout starts by pre-filling from it, or from the profile
 * ({@link enterCheckoutStep}), so a buyer whose cart emptied does not retype it. The order confirmation
 * removes that saved contact too.
 */
export function clearCheckout(): void {
  const binding = owner.binding;
  internals.attempt = null;
  stateSignal.value = clearCheckoutState(currentRules());
  if (binding) removeStoredMatching(`${binding.shop}:u${binding.userId}:${CHECKOUT_MARKER}`);
}

/**
 * The order confirmation (spec §2): takes the placed order to show, then clears checkout, cart and the
 * stored contact information. Answers null (and clears nothing) when no order was placed from this
 * checkout: the flag alone (set by entering the summary) must not empty a cart that was never ordered.
 */
export function confirmPlacedOrder(): PlacedOrder | null {
  const state = stateSignal.peek();
  const order = state.placedOrder ?? confirmedOrder.peek();
  if (!order) return null;
  if (!state.placedOrder) return order;
  const binding = owner.binding;
  batch(() => {
    confirmedOrder.value = order;
    clearCheckout();
    stateSignal.value = { ...stateSignal.peek(), contactInformation: { ...EMPTY_CONTACT } };
    clearCart();
  });
  if (binding) removeStored(contactKey(binding));
  return order;
}

/**
 * Leaves for the provider's payment page of an online order (`url`): the order exists, so checkout and
 * cart are cleared first (as the confirmation would), and the step guards stand still while the browser
 * leaves, so the emptied checkout does not send the page to the cart meanwhile.
 */
export function leaveForPayment(url: string): void {
  leavingToPay.value = true;
  confirmPlacedOrder();
  window.location.assign(url);
}

// ---------------------------------------------------------------------------------------------------
// Placing the order

/** What the summary adds to the state when the buyer presses "Place order". */
export interface PlaceOrderInput {
  /** The cost-centre statement was accepted (required in `mpk_required` shops). */
  costCentreStatement: boolean;
}

/** The request for the current cart and checkout state. Prices are never sent (the server computes them). */
export function buildOrderRequest(input: PlaceOrderInput): PlaceOrderRequest {
  const website = shop.peek();
  const state = stateSignal.peek();
  if (!website || !state.deliveryMethod || !state.paymentMethod) throw new Error('buildOrderRequest needs a shop, a delivery method and a payment method');
  const address = needsDeliveryAddress(state.deliveryMethod) ? state.deliveryAddress : null;
  const { id: addressId, ...addressFields } = address ?? { id: null };
  const contact = state.contactInformation;
  return {
    website_id: website.id,
    items: cartLines.peek().map((line) => ({ product_id: line.product_id, variant_id: line.variant_id, quantity: line.quantity, card_info: line.card_info })),
    delivery_method_id: state.deliveryMethod.id,
    delivery_address_id: addressId,
    delivery_address: address && addressId === null ? { ...(addressFields as Omit<CheckoutAddress, 'id'>), type: 'specific' } : null,
    billing_same_as_delivery: state.billingAddressSameAsDelivery,
    billing_address: state.billingAddressSameAsDelivery ? null : state.billingAddress,
    payment_method: state.paymentMethod,
    payment_for_delivery_budget: state.paymentForDeliveryBudget?.assignment_id ?? null,
    mpk_code: orderMpkCode(state.mpkCode),
    contact,
    comment: state.orderComment,
    cost_centre_statement: input.costCentreStatement,
  };
}

/**
 * Places the order for the current cart and checkout (`POST /api/order`). One call at a time: a second
 * press while one is on its way answers null. The attempt's `Idempotency-Key` is kept until the
 * outcome is known: a timeout, a lost connection or a reload retries with the same key (the provider
 * then answers the first order, never a second one); a different order (the cart or a choice changed)
 * gets a new key. On success the order is recorded for the confirmation. Throws `ApiClientError`s.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlacedOrder | null> {
  if (placing.peek()) return null;
  const request = buildOrderRequest(input);
  const body = JSON.stringify(request);
  const attempt = internals.attempt?.body === body ? internals.attempt : { key: createIdempotencyKey(), body };
  internals.attempt = attempt;
  save();
  placing.value = true;
  try {
    const answer = await placeOrderCall(request, attempt.key, locale.peek());
    const order: PlacedOrder = { name: answer.order.name, email: request.contact.email, paymentUrl: answer.payment_url };
    internals.attempt = null;
    answeredOrder.value = answer.order;
    commit({ ...stateSignal.peek(), placedOrder: order, checkoutComplete: true });
    return order;
  } catch (error) {
    // An answer from the provider is an outcome: the same body would be refused again, and a changed
    // one needs a new key anyway. Without an answer (timeout, network) the order may exist: keep the key.
    const answered = error instanceof Error && 'kind' in error && (error as { kind: string }).kind === 'http';
    if (answered && internals.attempt === attempt) {
      internals.attempt = null;
      save();
    }
    throw error;
  } finally {
    placing.value = false;
  }
}

/** @internal Tests start from a fresh page. */
export function resetCheckout(): void {
  internals.attempt = null;
  placing.value = false;
  leavingToPay.value = false;
  confirmedOrder.value = null;
  answeredOrder.value = null;
  stateSignal.value = initialCheckoutState(currentRules());
  // A test's fresh cart store forgot its listeners: listen again (once).
  cartWatch.stop();
  cartWatch.stop = onCartEmptied(() => clearCheckout());
  owner.rebind();
}
