import { ForgotPassword } from '../src/screens/auth/ForgotPassword.tsx';
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
 *
 * @csspart base - The themed root of the element.
 * @csspart form - The e-mail form.
 * @csspart alert - The form's error message (throttling, a failed call).
 * @csspart button - The submit button.
 *
 * @cssprop --shop-accent - Colour of the button and links (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the button (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 */
export class ShopForgotPasswordElement extends createElementClass<Record<string, never>>(ForgotPassword, {}) {}

defineOnce('shop-forgot-password', ShopForgotPasswordElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-forgot-password': ShopForgotPasswordElement;
  }
}
