import type { PlaceOrderRequest } from '../contract/contract.ts';
import { createIdempotencyKey, placeOrder as placeOrderCall } from '../api/orders.ts';
import { needsDeliveryAddress, type CheckoutAddress, type PlacedOrder } from '../domain/checkout.ts';
import { orderMpkCode } from '../domain/mpk.ts';
import { cartLines } from './cart.ts';
import { commit, save } from './checkout-following.ts';
import { answeredOrder, internals, placing, stateSignal } from './checkout-state.ts';
import { locale } from './locale.ts';
import { shop } from './shop.ts';

/**
 * Placing the order (`POST /api/order`) from the cart and the checkout state, one attempt at a time,
 * with one `Idempotency-Key` per attempt so a retry never places a second order.
 *
 * @module
 */

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
