import { Register } from '../src/screens/auth/Register.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The registration form on its own (spec §3): a request for an account that the named coordinator
 * reviews; once sent, the element says so and that the answer comes by e-mail. In a shop that
 * registers without a form it shows only a message and a link to Login.
 *
 * @tag shop-register
 * @summary Registration request form of the shop.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: a link to Login was followed (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart form - The registration form.
 * @csspart alert - The form's error message (a refusal the server gives for the whole form).
 * @csspart button - The buttons (submit, show/hide password).
 *
 * @cssprop --shop-accent - Colour of the button and links (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the button (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopRegisterElement extends createElementClass<Record<string, never>>(Register, {}, { start: startCart }) {}

defineOnce('shop-register', ShopRegisterElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-register': ShopRegisterElement;
  }
}
