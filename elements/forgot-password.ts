import { ForgotPassword } from '../src/screens/auth/ForgotPassword.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The "Forgot password?" form on its own: sends a link to set a new password to the given e-mail
 * address, and answers with the same confirmation whether or not the address has an account.
 *
 * @tag shop-forgot-password
 * @summary Request a password reset link.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: the link back to Login was followed (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart form - The e-mail form.
 * @csspart alert - The form's error message (throttling, a failed call).
 * @csspart button - The submit button.
 *
 * @cssprop --shop-accent - Colour of the button and links (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the button (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopForgotPasswordElement extends createElementClass<Record<string, never>>(ForgotPassword, {}, { start: startCart }) {}

defineOnce('shop-forgot-password', ShopForgotPasswordElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-forgot-password': ShopForgotPasswordElement;
  }
}
