import { AccountElement } from '../src/app/AccountElement.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The account area on any page: the overview, order history and each order (with "Order again"),
 * account details and password, the address book, budgets in a points shop, and for coordinators the
 * coordinator area, with the storefront's guards. Without a `<shop-storefront>` on the page it routes
 * the `/user…` paths in the page's URL under `base-path` (back and forward work; a section can be
 * linked); links elsewhere lead to `storefront-url` or fire `shop-navigate`. A guest is asked to log in.
 *
 * @tag shop-account
 * @summary The account area: orders, details, addresses, budgets, coordinator tools.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 * @attr {string} base-path - The page's path the account area lives under, e.g. `/intranet/account` (its sections are `…/user/orders` and so on).
 *
 * @fires {CustomEvent<{count: number}>} shop-cart-change - "Order again" (or any other cause) changed the cart.
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - A link outside the account area (a product, the cart, log in) wants to open a storefront path (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 *
 * @cssprop --shop-accent - Colour of links, buttons and the current menu entry (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the buttons (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopAccountElement extends createElementClass<Record<string, never>>(AccountElement, {}, { start: startCart }) {}

defineOnce('shop-account', ShopAccountElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-account': ShopAccountElement;
  }
}
