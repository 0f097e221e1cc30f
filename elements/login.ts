import { Login } from '../src/screens/auth/Login.tsx';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The Login screen on its own: e-mail and password, links to "Forgot password?" and to registration
 * (unless the shop registers without a form). After logging in it goes to the page's `redirect` query
 * parameter when that is a storefront path, otherwise to the homepage; outside `<shop-storefront>` that
 * is a cancelable `shop-navigate` event.
 *
 * @tag shop-login
 * @summary Login form of the shop.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{userId: number}>} shop-login - The user logged in.
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: the element wants to open a storefront path after logging in (cancelable).
 *
 * @csspart base - The themed root of the element.
 * @csspart form - The login form.
 * @csspart alert - The form's error message (wrong login details, no access, throttling).
 * @csspart button - The buttons (submit, show/hide password).
 *
 * @cssprop --shop-accent - Colour of the button and links (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the button (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 */
export class ShopLoginElement extends createElementClass<Record<string, never>>(Login, {}) {}

defineOnce('shop-login', ShopLoginElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-login': ShopLoginElement;
  }
}
