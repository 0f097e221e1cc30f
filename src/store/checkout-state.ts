import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { Order } from '../contract/contract.ts';
import { initialCheckoutState, type CheckoutShopRules, type CheckoutState, type PlacedOrder } from '../domain/checkout.ts';
import type { CheckoutGuardState } from '../domain/guards.ts';
import { pageSingleton } from '../page-singleton.ts';
import { cartLines } from './cart.ts';
import { user } from './session.ts';
import { shop } from './shop.ts';

/**
 * The checkout's page-wide state: the checkout fields, the order attempt, the order the confirmation
 * shows, and what the step guards read. Elements import the checkout from `checkout.ts`, whose
 * `startCheckout` starts following the session.
 *
 * @module
 */

/** An order sent whose outcome is not known yet: its `Idempotency-Key` and body. */
export interface OrderAttempt {
  key: string;
  body: string;
}

/** The shop rules a fresh checkout state starts from. */
export function currentRules(): CheckoutShopRules {
  return { shippingOnlyToSpecificAddress: shop.peek()?.shipping_only_to_specific_address ?? false };
}

/** The checkout state; written only by the checkout's actions and its session following. */
export const stateSignal = pageSingleton('checkout.state', () => signal<CheckoutState>(initialCheckoutState({ shippingOnlyToSpecificAddress: false })));
/** The order attempt in flight or unanswered (see `placeOrder`). */
export const internals = pageSingleton('checkout.internals', () => ({ attempt: null as OrderAttempt | null }));
/** The order the confirmation is showing after it cleared checkout (this page only, never stored). */
export const confirmedOrder = pageSingleton('checkout.confirmed', () => signal<PlacedOrder | null>(null));
/**
 * The order as the provider answered `POST /api/order` (lines, prices, totals, addresses): the
 * confirmation shows it without asking again. In this page's memory only; after a reload the
 * confirmation loads the order by its name instead.
 */
export const answeredOrder = pageSingleton('checkout.answered', () => signal<Order | null>(null));
/** The page is leaving for the provider's payment page: the step guards stand still meanwhile. */
export const leavingToPay = pageSingleton('checkout.leaving', () => signal(false));
/** An order request is on its way: "Place order" stays disabled. */
export const placing = pageSingleton('checkout.placing', () => signal(false));

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
