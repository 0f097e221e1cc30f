import { LoginElement } from '../src/screens/auth/LoginElement.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The Login screen on its own: e-mail and password, links to "Forgot password?" and to registration
 * (unless the shop registers without a form). After logging in it goes to the page's `redirect` query
 * parameter when that is a storefront path, otherwise to the homepage; outside `<shop-storefront>` that
 * is a cancelable `shop-navigate` event. A buyer already signed in (a reload, a sign-in elsewhere on the
 * page) sees who is signed in instead, with a link to the account and Log out.
 *
 * @tag shop-login
 * @summary Login form of the shop.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{userId: number}>} shop-login - The user logged in.
 * @fires {CustomEvent<Record<string, never>>} shop-logout - The user logged out with the element's Log out button.
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: the element wants to open a storefront path after logging in (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart form - The login form.
 * @csspart alert - The form's error message (wrong login details, no access, throttling).
 * @csspart button - The buttons (submit, show/hide password).
 *
 * @cssprop --shop-accent - Colour of the button and links (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the button (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopLoginElement extends createElementClass<Record<string, never>>(LoginElement, {}, { start: startCart }) {}

defineOnce('shop-login', ShopLoginElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-login': ShopLoginElement;
  }
}
