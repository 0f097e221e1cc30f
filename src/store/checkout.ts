import { batch } from '@preact/signals-react';
import {
  billingInShopCountry,
  clearCheckoutState,
  EMPTY_CONTACT,
  setDeliveryAddress,
  setDeliveryMethod,
  type BillingAddress,
  type CheckoutAddress,
  type ChosenDeliveryMethod,
  type ContactInformation,
  type DeliveryCostBudgetChoice,
  type PaymentMethodCode,
  type PlacedOrder,
} from '../domain/checkout.ts';
import { startingMpkCode } from '../domain/mpk.ts';
import { pageSingleton } from '../page-singleton.ts';
import { clearCart, onCartEmptied, startCart } from './cart.ts';
import { commit, contactKey, isEmptyContact, owner, startingContact } from './checkout-following.ts';
import { CHECKOUT_MARKER } from './checkout-stored.ts';
import { confirmedOrder, currentRules, internals, leavingToPay, stateSignal } from './checkout-state.ts';
import { user } from './session.ts';
import { shop } from './shop.ts';
import { removeStored, removeStoredMatching } from './storage.ts';

export { checkoutGuardState, checkoutState, lastConfirmedOrder, orderPlacing, placedOrderAnswer } from './checkout-state.ts';
export { buildOrderRequest, placeOrder, type PlaceOrderInput } from './checkout-order.ts';

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
 * Elements import the checkout from this module. Importing it starts nothing: {@link startCheckout}
 * starts following the shop, the session and other tabs (`checkout-following.ts`) and clearing on an
 * emptied cart, run by the elements that show the checkout when they connect (and by the account's
 * address book before it updates the chosen address). Its parts: `checkout-stored.ts` (the stored shape),
 * `checkout-state.ts` (the signals and the guards' view), `checkout-order.ts` (placing the order).
 *
 * @module
 */

/**
 * Starts the checkout (and the cart it reads) following the shop, the session and other tabs, and
 * clearing itself whenever the cart becomes empty (spec §4), once per page whatever number of elements
 * or bundles call it. Run by an element that shows the checkout when it connects.
 */
export function startCheckout(): void {
  startCart();
  owner.start();
  // The confirmation empties the cart itself, after it took the order it shows.
  pageSingleton('checkout.cartEmptied', () => onCartEmptied(() => clearCheckout()));
}

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

