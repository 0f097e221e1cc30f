import { NewPassword } from '../src/screens/auth/NewPassword.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The "Set a new password" form on its own, for the page the e-mailed reset link opens
 * (`…/new-password?token=…&email=…`). After saving, the user is logged in and taken to the homepage
 * (outside `<shop-storefront>` through a cancelable `shop-navigate` event). An expired or incomplete
 * link says so and links to asking for a new one.
 *
 * @tag shop-new-password
 * @summary Set a new password from a reset link.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{userId: number}>} shop-login - The password was changed and the user is logged in.
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: the element wants to open the homepage after saving (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart form - The new password form.
 * @csspart alert - The form's error message (an expired link, a failed call).
 * @csspart button - The buttons (submit, show/hide password).
 *
 * @cssprop --shop-accent - Colour of the button and links (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the button (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopNewPasswordElement extends createElementClass<Record<string, never>>(NewPassword, {}, { start: startCart }) {}

defineOnce('shop-new-password', ShopNewPasswordElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-new-password': ShopNewPasswordElement;
  }
}
