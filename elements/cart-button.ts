import { CartButton, type CartButtonProps } from '../src/screens/cart-button/CartButton.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The cart button for any page: it shows how many pieces are in the cart and opens a drawer with the
 * cart's lines (name, colour and size, quantity, price), the total and links to the cart and to
 * checkout. It shares the one cart of the page with every other shop element; the cart is kept in the
 * browser per shop and per user (or for the guest), follows logins and logouts, and changes made in
 * another tab. Outside `<shop-storefront>` its links lead to `storefront-url` or fire `shop-navigate`.
 *
 * @tag shop-cart-button
 * @summary Cart button with the item count and a cart drawer.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{count: number}>} shop-cart-change - The cart changed (any cause: this page, another element, another tab, a login or logout); `count` is the number of pieces. Fired by each cart element on the page from its own host.
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: a link in the drawer (cart, checkout, products) wants to open a storefront path (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart button - The cart button.
 * @csspart badge - The count on the cart button.
 * @csspart drawer - The content of the cart drawer (the lines or the empty-cart text).
 *
 * @cssprop --shop-accent - Colour of the count badge and the drawer's links (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the drawer's links (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopCartButtonElement extends createElementClass<CartButtonProps>(CartButton, {}, { messages: ['core'], start: startCart }) {}

defineOnce('shop-cart-button', ShopCartButtonElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-cart-button': ShopCartButtonElement;
  }
}
