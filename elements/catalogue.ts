import { Catalogue, type CatalogueProps } from '../src/screens/catalogue/Catalogue.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/** The attributes of `<shop-catalogue>` as props. */
type CatalogueElementProps = Pick<CatalogueProps, 'search' | 'sort' | 'perPage'>;

/**
 * The shop's product catalogue on any page: search as you type (ignoring case and accents; a late answer never replaces a newer one), six sort orders, page navigation and product cards with the price (net or gross per the shop, points in points shops), availability, budget and group-buy badges. Only one page of products is rendered, however large the catalogue. Outside `<shop-storefront>` it keeps its search, order and page to itself, and a product link is a cancelable `shop-navigate` event.
 *
 * @tag shop-catalogue
 * @summary Product catalogue with search, sorting and pages.
 *
 * @attr {string} search - Search to start with, e.g. `mug`; empty shows every product.
 * @attr {string} sort - Order to start with: `price_asc`, `price_desc`, `name_asc` (default), `name_desc`, `code_asc` or `code_desc`.
 * @attr {number} per-page - Products per page, 1 to 100 (default 24).
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: the user opened a product; `path` is `/products/{slug}/{id}` (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart card - Each product card.
 * @csspart pagination - The page navigation.
 *
 * @cssprop --shop-accent - Colour of the current page, links and group-buy badges (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the buttons and page links (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopCatalogueElement extends createElementClass<CatalogueElementProps>(Catalogue, { search: 'string', sort: 'string', perPage: 'number' }, { start: startCart }) {}

defineOnce('shop-catalogue', ShopCatalogueElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-catalogue': ShopCatalogueElement;
  }
}
