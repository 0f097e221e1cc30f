import { prepareStorefrontHydration } from '../src/app/prepare-hydration.ts';
import { Storefront } from '../src/app/Storefront.tsx';
import { startCheckout } from '../src/store/checkout.ts';
import { createElementClass, defineOnce } from './define.ts';

/**
 * The full routed storefront: header, navigation, every screen of the shop with History-API URLs,
 * guards, sign-in and the account area. The shop comes from the host name (under the provider's domain
 * its first label, otherwise the second-last) unless the `shop` attribute names it.
 *
 * @tag shop-storefront
 * @summary The whole shop on one element.
 *
 * @attr {string} shop - The shop's slug; overrides the host-name rule.
 * @attr {string} api-base - Base URL of the provider's API (default: this page's origin); files are served from its /storage/.
 * @attr {string} base-path - Path the storefront is mounted under, e.g. `/shop` (default: the site root).
 * @attr {string} provider-domain - The provider's own domain for the host-name rule (default `localhost`).
 * @attr {string} storefront-url - Where other shop elements on the page link to; not needed on the storefront's own page.
 * @attr {string} designer-origins - Store designers allowed to preview the shop in an iframe: exact origins (`https://designer.example`) separated by spaces; no wildcard.
 * @attr {string} lang - Interface language to start in (`en` or `pl`); by default the shop's language.
 *
 * @fires {CustomEvent<{userId: number}>} shop-login - A user logged in.
 * @fires {CustomEvent<Record<string, never>>} shop-logout - The user logged out.
 * @fires {CustomEvent<{locale: 'en' | 'pl'}>} shop-locale-change - The user picked another language.
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the storefront.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart header - The shop header with logo, navigation, search, cart and account menu.
 * @csspart body - The main area holding the current screen.
 * @csspart footer - The footer with the content-page links.
 * @csspart button - Buttons.
 *
 * @cssprop --shop-accent - Accent colour (defaults to the shop's accent colour, else rgb(236 72 153)).
 * @cssprop --shop-accent-strong - A shade of the accent with 4.5:1 contrast against white, for filled buttons and accent text.
 * @cssprop --shop-button-radius - Corner radius of buttons (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, else Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopStorefrontElement extends createElementClass<Record<string, never>>(Storefront, {}, { start: startCheckout, prepareHydration: prepareStorefrontHydration }) {}

defineOnce('shop-storefront', ShopStorefrontElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-storefront': ShopStorefrontElement;
  }
}
