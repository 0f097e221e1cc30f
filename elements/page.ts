import { ContentPage } from '../src/screens/content/ContentPage.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/** The attributes of `<shop-page>` as props. */
interface PageElementProps {
  /** The page's slug, e.g. `about-us`, `privacy-policy`. */
  slug?: string;
}

/**
 * One of the shop's content pages on any page: its name as the heading and its HTML, sanitised (no
 * script, event handler or `javascript:` link survives). In a shop that requires login only the privacy
 * policy and the terms of use show to guests; other pages ask to log in first. Links in the content to
 * storefront paths lead to `storefront-url` or fire `shop-navigate`.
 *
 * @tag shop-page
 * @summary A content page of the shop (privacy policy, terms of use, about us…).
 *
 * @attr {string} slug - The page's slug, e.g. `about-us` or `privacy-policy`.
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - A link in the content to a storefront path wants to open (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 *
 * @cssprop --shop-accent - Colour of the links (defaults to the shop's accent colour).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopPageElement extends createElementClass<PageElementProps>(ContentPage, { slug: 'string' }, { start: startCart }) {}

defineOnce('shop-page', ShopPageElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-page': ShopPageElement;
  }
}
