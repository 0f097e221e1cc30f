import { Contact } from '../src/screens/contact/Contact.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The shop's contact form on any page: name, e-mail, phone, subject and message with an optional attachment (JPG, PNG or PDF up to 10 MB, dropped or picked), sent to the shop. A logged-in user's name, e-mail and phone are filled in. Sending shows a toast and an empty form for the next message; the provider's refusals show on their fields or in the form's alert (too many messages, with the wait). In a shop that requires login a guest is asked to log in first; the login link is a cancelable `shop-navigate` event outside `<shop-storefront>`.
 *
 * @tag shop-contact
 * @summary Contact form of the shop.
 *
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: the log-in link wants to open a storefront path (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart form - The contact form.
 * @csspart alert - The form's error message (a refusal not tied to one field, too many messages).
 * @csspart button - The Send button.
 * @csspart toast - The "sent" message after a message went out.
 *
 * @cssprop --shop-accent - Colour of the button, links and the focused drop zone (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the buttons (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopContactElement extends createElementClass<Record<string, never>>(Contact, {}, { start: startCart }) {}

defineOnce('shop-contact', ShopContactElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-contact': ShopContactElement;
  }
}
