import { Cart, type CartProps } from '../src/screens/cart/Cart.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/** The attributes of `<shop-cart>` as props: only the common ones. */
type CartElementProps = Omit<CartProps, 'routeId' | 'params'>;

/**
 * The whole cart on any page: every line with its picture, colour and size, price per piece (by the tier of the product's total quantity), a quantity counter within the line's bounds and a Remove button; the totals net, VAT and gross (or points in a points shop) with each budget's subtotal against the points left; and why checkout cannot start yet (a product no longer available, a broken quantity rule, an inactive budget, too few points). On opening it checks the lines against the shop's current prices and stock. It shares the one cart of the page with every other shop element and follows logins, logouts and other tabs. In a shop that requires login a guest is asked to log in first.
 *
 * @tag shop-cart
 * @summary Cart with quantities, totals, budget subtotals and checkout.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{count: number}>} shop-cart-change - The cart changed (any cause: this element, another element, another tab, a login or logout); `count` is the number of pieces.
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: a link (a product, checkout, continue shopping, log in) wants to open a storefront path (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart button - The checkout and continue-shopping links, the Remove buttons and the quantity buttons.
 *
 * @cssprop --shop-accent - Colour of the checkout button and links (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the buttons (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopCartElement extends createElementClass<CartElementProps>(Cart, {}, { start: startCart }) {}

defineOnce('shop-cart', ShopCartElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-cart': ShopCartElement;
  }
}
