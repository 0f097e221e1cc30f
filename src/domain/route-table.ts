/**
 * The storefront's route table (spec §2 "Screens and routes") as plain data: every screen's id, path
 * pattern and who may see it, with the types of a route's parameters and of a matched path.
 *
 * @module
 */
import type { Page } from '../contract/contract.ts';

/** Every screen the storefront routes to. */
export type RouteId =
  | 'home'
  | 'privacy-policy'
  | 'terms-of-use'
  // An extra content page, `/{slug}`.
  | 'page'
  | 'login'
  | 'register'
  | 'forget'
  | 'new-password'
  // `/confirm-email?token=…`: the link mailed to a new e-mail address; guests and users alike.
  | 'confirm-email'
  // `/confirm-registration?token=…`: the link mailed to a registration's address; confirms on a button press.
  | 'confirm-registration'
  | 'products'
  | 'product'
  | 'cart'
  // The bare `/checkout`, which only redirects to the delivery step.
  | 'checkout'
  | 'checkout-delivery'
  | 'checkout-payment'
  | 'checkout-summary'
  | 'payment-processing'
  | 'order-confirmation'
  | 'user'
  | 'user-orders'
  | 'user-order'
  | 'user-budgets'
  | 'user-account-details'
  | 'user-addresses'
  // `/user/coordinator`: coordinators only (beyond the spec).
  | 'coordinator'
  // `/contact`: the contact form (spec §7 contact-us; reached from the footer).
  | 'contact'
  | 'not-found'
  | 'store-not-found';

/**
 * Who may see a route (spec §2 "Access" column, §6):
 * - `guest-only`: login, register, forget, new-password; a logged-in user is sent to `/`.
 * - `guest`: guest-flagged content pages (privacy policy, terms of use), visible to everyone even when
 *   the shop requires login.
 * - `shop`: "per shop rules": open to guests in an open shop, login otherwise.
 * - `open-shop`: "auth required unless the shop is open" (product, cart); the same rule as `shop`.
 * - `auth`: always needs a logged-in user (checkout steps, order confirmation, `/user…`).
 * - `any`: no visitor check at all (`/404`, `/store-not-found`, the bare `/checkout` redirect,
 *   `/payment-processing`, whose own `status=success` rule is applied separately, and `/confirm-email`
 *   and `/confirm-registration`, which a guest and a logged-in user may both open, even in a shop that
 *   requires login).
 */
export type RouteAccess = 'guest-only' | 'guest' | 'shop' | 'open-shop' | 'auth' | 'any';

/** One row of the route table. `pattern` uses `:name` for a path parameter. */
export interface RouteDef {
  readonly id: RouteId;
  readonly pattern: string;
  readonly access: RouteAccess;
}

/** The parameters each parameterised route takes; routes not listed take none. */
export interface RouteParamMap {
  page: { slug: string };
  product: { slug: string; id: string | number };
  'user-order': { name: string };
}

/** The parameters of route `Id` (an empty object type for a route without parameters). */
export type RouteParams<Id extends RouteId> = Id extends keyof RouteParamMap ? RouteParamMap[Id] : Record<string, never>;

/** A matched path: its route and its decoded path parameters (all strings). */
export interface RouteMatch {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
}

/** The shop-page fields the matcher needs (a `Website.pages` entry fits). */
export type RoutablePage = Pick<Page, 'slug' | 'type' | 'is_deletable'>;

/**
 * The route table, in matching order: fixed routes first, the `/{slug}` content route last, so a content
 * page can never shadow a fixed route (a page with slug `products` does not replace the catalogue).
 */
export const ROUTES: readonly RouteDef[] = [
  { id: 'home', pattern: '/', access: 'shop' },
  { id: 'privacy-policy', pattern: '/privacy-policy', access: 'guest' },
  { id: 'terms-of-use', pattern: '/terms-of-use', access: 'guest' },
  { id: 'login', pattern: '/login', access: 'guest-only' },
  { id: 'register', pattern: '/register', access: 'guest-only' },
  { id: 'forget', pattern: '/forget', access: 'guest-only' },
  { id: 'new-password', pattern: '/new-password', access: 'guest-only' },
  { id: 'confirm-email', pattern: '/confirm-email', access: 'any' },
  { id: 'confirm-registration', pattern: '/confirm-registration', access: 'any' },
  { id: 'products', pattern: '/products', access: 'shop' },
  { id: 'product', pattern: '/products/:slug/:id', access: 'open-shop' },
  { id: 'cart', pattern: '/cart', access: 'open-shop' },
  { id: 'checkout', pattern: '/checkout', access: 'any' },
  { id: 'checkout-delivery', pattern: '/checkout/delivery', access: 'auth' },
  { id: 'checkout-payment', pattern: '/checkout/payment', access: 'auth' },
  { id: 'checkout-summary', pattern: '/checkout/summary', access: 'auth' },
  { id: 'payment-processing', pattern: '/payment-processing', access: 'any' },
  { id: 'order-confirmation', pattern: '/order-confirmation', access: 'auth' },
  { id: 'user', pattern: '/user', access: 'auth' },
  { id: 'user-orders', pattern: '/user/orders', access: 'auth' },
  { id: 'user-order', pattern: '/user/orders/:name', access: 'auth' },
  { id: 'user-budgets', pattern: '/user/budgets', access: 'auth' },
  { id: 'user-account-details', pattern: '/user/account-details', access: 'auth' },
  { id: 'user-addresses', pattern: '/user/addresses', access: 'auth' },
  { id: 'coordinator', pattern: '/user/coordinator', access: 'auth' },
  { id: 'contact', pattern: '/contact', access: 'shop' },
  { id: 'not-found', pattern: '/404', access: 'any' },
  { id: 'store-not-found', pattern: '/store-not-found', access: 'any' },
  { id: 'page', pattern: '/:slug', access: 'shop' },
];

/** The table by id. */
const BY_ID = new Map<RouteId, RouteDef>(ROUTES.map((route) => [route.id, route]));

/** The route table row of `id`. */
export function getRoute(id: RouteId): RouteDef {
  const route = BY_ID.get(id);
  // Unreachable: every RouteId has a row (the route tests check it).
  if (!route) throw new RangeError(`Unknown route id: ${id}`);
  return route;
}
