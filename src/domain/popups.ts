/**
 * Which shop popups a screen shows (spec §2 "Other UI"): popups target a shop page by `page_id`; the
 * screen's page is the content page of its path, `homepage` for `/`, or one of the fixed pseudo-pages
 * for the cart and the checkout screens. Whether any shows depends on the shop (`popup_enabled`,
 * `login_required`), the visitor, the store designer and the popups closed this session.
 *
 * Pure: no React, no storage. The storefront's popup host reads the signals and passes them in.
 *
 * @module
 */
import type { Page, PSEUDO_PAGE_SLUGS, Popup, Website } from '../contract/contract.ts';
import type { RouteId } from './routes.ts';

/** A fixed pseudo-page slug (`PSEUDO_PAGE_SLUGS` of the contract). */
export type PseudoPageSlug = (typeof PSEUDO_PAGE_SLUGS)[number];

/** The page slug popups use for the homepage, `/` (spec §2: "homepage for /"). */
export const HOMEPAGE_SLUG = 'homepage';

/**
 * The screens that stand for a pseudo-page. Typed from the contract's list so a renamed slug
 * fails to compile here instead of silently never matching.
 */
const PSEUDO_PAGE_OF_ROUTE: Partial<Record<RouteId, PseudoPageSlug>> = {
  cart: 'cart',
  'checkout-delivery': 'delivery-addresses',
  'checkout-payment': 'payment-methods',
  'checkout-summary': 'summary',
  'order-confirmation': 'order-confirmation',
};

/** The content-page slug a path names: `/about-us?x=1` gives `about-us`; `null` for a malformed escape. */
function slugOfPath(path: string): string | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  try {
    return decodeURIComponent(pathname.replace(/^\/+|\/+$/g, ''));
  } catch {
    return null;
  }
}

/**
 * The page slug the current screen stands for in popup targeting, or `null` when no popup can target it
 * (the catalogue, a product, the account, the sign-in screens, …).
 *
 * - `home` (`/`): {@link HOMEPAGE_SLUG};
 * - `privacy-policy`, `terms-of-use` and `page` (`/{slug}`): the slug of the shop's content page at `path`
 *   (the router matched it already; an unknown one gives `null`);
 * - `cart`, `checkout-delivery`, `checkout-payment`, `checkout-summary`, `order-confirmation`: the
 *   pseudo-page `cart`, `delivery-addresses`, `payment-methods`, `summary`, `order-confirmation`.
 *
 * `path` is the storefront path (base path stripped), a query string or hash allowed.
 */
export function popupPageSlug(routeId: RouteId, path: string, pages: readonly Pick<Page, 'slug' | 'type'>[]): string | null {
  if (routeId === 'home') return HOMEPAGE_SLUG;
  const pseudo = PSEUDO_PAGE_OF_ROUTE[routeId];
  if (pseudo) return pseudo;
  if (routeId !== 'privacy-policy' && routeId !== 'terms-of-use' && routeId !== 'page') return null;
  const slug = slugOfPath(path);
  return pages.some((page) => page.type === 'content' && page.slug === slug) ? slug : null;
}

/** What besides the shop decides whether popups show. */
export interface PopupVisibility {
  /** A user is logged in (a login-required shop shows popups only then). */
  loggedIn: boolean;
  /** Store-designer preview: no popup, it would block the view being designed. */
  designerMode: boolean;
  /** Ids of the popups the visitor closed this session. */
  closed: ReadonlySet<number>;
}

/**
 * The popups to show, in the shop's order, on the screen whose page slug is `slug` (see
 * {@link popupPageSlug}): those whose `page_id` is a shop page with that slug and that were not closed.
 * None when `slug` is `null`, when the shop has popups off (`popup_enabled`), in a login-required shop
 * for a guest, or in designer mode.
 */
export function popupsToShow(
  website: Pick<Website, 'pages' | 'popups' | 'popup_enabled' | 'login_required'>,
  slug: string | null,
  visibility: PopupVisibility,
): Popup[] {
  if (slug === null || !website.popup_enabled || visibility.designerMode) return [];
  if (website.login_required && !visibility.loggedIn) return [];
  const pageIds = new Set(website.pages.filter((page) => page.slug === slug).map((page) => page.id));
  return website.popups.filter((popup) => pageIds.has(popup.page_id) && !visibility.closed.has(popup.id));
}
