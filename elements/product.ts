import { Product, type ProductProps } from '../src/screens/product/Product.tsx';
import { startCart } from '../src/store/cart.ts';
import { createElementClass, defineOnce } from './define.ts';

/** The attributes of `<shop-product>` as props. */
type ProductElementProps = Pick<ProductProps, 'productId'>;

/**
 * One product of the shop on any page: its pictures, colours and sizes, the price per piece for the quantity being ordered (net or gross per the shop, points in points shops), boxes and the price per box, the price tiers with the current one highlighted, a running group buy with its countdown, and an add-to-cart form that checks the minimum and available quantities, the budget of a points shop and a business card's details. It adds to the one cart of the page that every shop element shares. In a shop that requires login a guest is asked to log in first. A page shows one product element at a time.
 *
 * @tag shop-product
 * @summary Product page with variants, price tiers and add to cart.
 *
 * @attr {number} product-id - Id of the product to show, e.g. `12`; an unknown id shows "Page not found".
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{path: string, href: string}>} shop-navigate - Outside a storefront: a link (log in, back to the products) wants to open a storefront path (cancelable).
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart gallery - The product's pictures.
 * @csspart button - Every button: add to cart and the gallery's controls.
 *
 * @cssprop --shop-accent - Colour of the chosen colour and size, the current price tier and the add button (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the buttons (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopProductElement extends createElementClass<ProductElementProps>(Product, { productId: 'number' }, { start: startCart }) {}

defineOnce('shop-product', ShopProductElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-product': ShopProductElement;
  }
}
