import { AccountElement } from '../src/screens/account/AccountElement.tsx';
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
 *
 * @csspart base - The themed root of the element.
 *
 * @cssprop --shop-accent - Colour of links, buttons and the current menu entry (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the buttons (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 */
export class ShopAccountElement extends createElementClass<Record<string, never>>(AccountElement, {}) {}

defineOnce('shop-account', ShopAccountElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-account': ShopAccountElement;
  }
}
