import { CheckoutElement } from '../src/screens/checkout/CheckoutElement.tsx';
import { startCheckout } from '../src/store/checkout.ts';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The whole checkout on any page: contact information, delivery method and address, billing address
 * and cost centre; the payment method (and in a points shop the budgets that pay each line and the
 * delivery); the summary with the order comment, the cost-centre statement and the wait before an order
 * may be placed; then the order confirmation. The same steps and guards as the storefront's
 * `/checkout/…` screens, with the step kept by the element. A guest is asked to log in first; an empty
 * cart leads to the cart. An online payment leaves for the provider's payment page and returns to the
 * storefront's `/payment-processing`.
 *
 * @tag shop-checkout
 * @summary Checkout: delivery, payment, summary and order confirmation.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{name: string}>} shop-order-placed - An order was placed; `name` is the order's number (e.g. `ACME-000123`).
 * @fires {CustomEvent<{count: number}>} shop-cart-change - The cart changed (emptied once the order is confirmed, or by any other cause).
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - A link to another storefront screen (the cart, the order, the catalogue, log in) wants to open (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 *
 * @cssprop --shop-accent - Colour of the buttons, links and step numbers (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the buttons (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopCheckoutElement extends createElementClass<Record<string, never>>(CheckoutElement, {}, { start: startCheckout }) {}

defineOnce('shop-checkout', ShopCheckoutElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-checkout': ShopCheckoutElement;
  }
}
