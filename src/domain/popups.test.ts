import { describe, expect, it } from 'vitest';
import type { Page, Popup } from '../contract/contract.ts';
import { HOMEPAGE_SLUG, popupPageSlug, popupsToShow, type PopupVisibility } from './popups.ts';
import type { RouteId } from './routes.ts';

const page = (id: number, slug: string, type: Page['type']): Page => ({ id, name: slug, slug, type, is_deletable: type === 'content' ? 1 : 0, content: {} });

/** The demo shops' pages (docs/demo-data.md "Pages"). */
const PAGES: Page[] = [
  page(1, 'homepage', 'homepage'),
  page(2, 'privacy-policy', 'content'),
  page(3, 'terms-of-use', 'content'),
  page(4, 'about-us', 'content'),
  page(5, 'cart', 'pseudo'),
  page(6, 'delivery-addresses', 'pseudo'),
  page(7, 'payment-methods', 'pseudo'),
  page(8, 'summary', 'pseudo'),
  page(9, 'order-confirmation', 'pseudo'),
  page(10, 'zażółć gęślą', 'content'),
];

const popup = (id: number, pageId: number, title = `Popup ${id}`): Popup => ({ id, page_id: pageId, popup_data: { title, html: `<p>${title}</p>` } });

const POPUPS: Popup[] = [popup(11, 1, 'Welcome'), popup(12, 5, 'Cost centre'), popup(13, 1, 'Second welcome'), popup(14, 99, 'Orphan')];

const website = { pages: PAGES, popups: POPUPS, popup_enabled: true, login_required: false };

const visitor = (overrides: Partial<PopupVisibility> = {}): PopupVisibility => ({ loggedIn: false, designerMode: false, closed: new Set(), ...overrides });

const ids = (popups: Popup[]) => popups.map((item) => item.id);

describe('popupPageSlug', () => {
  it.each<[RouteId, string, string]>([
    ['home', '/', HOMEPAGE_SLUG],
    ['home', '/?utm=mail', HOMEPAGE_SLUG],
    ['privacy-policy', '/privacy-policy', 'privacy-policy'],
    ['terms-of-use', '/terms-of-use/', 'terms-of-use'],
    ['page', '/about-us', 'about-us'],
    ['page', '/about-us?ref=1#team', 'about-us'],
    ['page', '/za%C5%BC%C3%B3%C5%82%C4%87%20g%C4%99%C5%9Bl%C4%85', 'zażółć gęślą'],
    ['cart', '/cart', 'cart'],
    ['checkout-delivery', '/checkout/delivery', 'delivery-addresses'],
    ['checkout-payment', '/checkout/payment', 'payment-methods'],
    ['checkout-summary', '/checkout/summary', 'summary'],
    ['order-confirmation', '/order-confirmation', 'order-confirmation'],
  ])('should give route %s at %s the page slug %s', (routeId, path, slug) => {
    expect(popupPageSlug(routeId, path, PAGES)).toBe(slug);
  });

  it.each<[RouteId, string]>([
    ['products', '/products'],
    ['product', '/products/mug/7'],
    ['login', '/login'],
    ['user', '/user'],
    ['user-orders', '/user/orders'],
    ['checkout', '/checkout'],
    ['payment-processing', '/payment-processing?status=success'],
    ['contact', '/contact'],
    ['not-found', '/404'],
    ['store-not-found', '/store-not-found'],
  ])('should give no page slug to route %s (%s)', (routeId, path) => {
    expect(popupPageSlug(routeId, path, PAGES)).toBeNull();
  });

  it('should give no slug for a content route whose page is unknown, not a content page, or malformed', () => {
    expect(popupPageSlug('page', '/nope', PAGES)).toBeNull();
    // A pseudo-page is targeted through its screen, never through a path of its own.
    expect(popupPageSlug('page', '/summary', PAGES)).toBeNull();
    expect(popupPageSlug('page', '/%E0%A4%A', PAGES)).toBeNull();
    expect(popupPageSlug('privacy-policy', '/privacy-policy', [])).toBeNull();
  });
});

describe('popupsToShow', () => {
  it("should show the popups of the screen's page in the shop's order, and skip closed ones", () => {
    expect(ids(popupsToShow(website, 'homepage', visitor()))).toEqual([11, 13]);
    expect(ids(popupsToShow(website, 'cart', visitor()))).toEqual([12]);
    expect(ids(popupsToShow(website, 'homepage', visitor({ closed: new Set([11]) })))).toEqual([13]);
    expect(popupsToShow(website, 'homepage', visitor({ closed: new Set([11, 13]) }))).toEqual([]);
  });

  it('should show none for a screen without a page, a page without popups, or a popup of an unknown page', () => {
    expect(popupsToShow(website, null, visitor())).toEqual([]);
    expect(popupsToShow(website, 'about-us', visitor())).toEqual([]);
    expect(popupsToShow(website, 'unknown', visitor())).toEqual([]);
  });

  it('should show none when the shop has popups off, even with popups on the page', () => {
    expect(popupsToShow({ ...website, popup_enabled: false }, 'homepage', visitor({ loggedIn: true }))).toEqual([]);
  });

  it('should show them in a login-required shop only to a logged-in user', () => {
    const closedShop = { ...website, login_required: true };
    expect(popupsToShow(closedShop, 'homepage', visitor())).toEqual([]);
    expect(ids(popupsToShow(closedShop, 'homepage', visitor({ loggedIn: true })))).toEqual([11, 13]);
  });

  it('should show none in the store designer, which they would block', () => {
    expect(popupsToShow(website, 'homepage', visitor({ designerMode: true, loggedIn: true }))).toEqual([]);
  });
});
