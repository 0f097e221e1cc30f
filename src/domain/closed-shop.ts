/**
 * What a guest may see of a login-required shop (spec §2 and §6): the login screen and the
 * guest-only screens need the shop's name, look, languages and sign-in settings, and a guest may read
 * the guest-flagged content pages (privacy policy, terms of use). The homepage, the other pages and the
 * popups are for the shop's members. The provider answers a guest with {@link guestView} of the shop
 * (`GET /api/slug/website` and the storefront page's inlined config), and the storefront falls back to
 * the same view when its member signs out, so the two never disagree.
 *
 * Pure: no I/O.
 *
 * @module
 */
import type { Page, Website } from '../contract/contract.ts';

/**
 * The slugs of the shop pages a guest may read even where the shop requires login: the routes spec §2
 * calls "guest-accessible" (`/privacy-policy`, `/terms-of-use`, route access `guest` in `routes.ts`).
 */
export const GUEST_PAGE_SLUGS: readonly string[] = ['privacy-policy', 'terms-of-use'];

/** Whether a guest may read this page of a login-required shop. */
export function isGuestPage(page: Pick<Page, 'slug' | 'type'>): boolean {
  return page.type === 'content' && GUEST_PAGE_SLUGS.includes(page.slug);
}

/**
 * The shop as a guest may see it: an open shop (`login_required` false) whole, a login-required one
 * reduced to what its login, register, forgotten-password and guest pages need, marked `guest_view`.
 * Kept: id, slug, name, language, currency and payment type (which kind of shop it is), the sign-in
 * and registration settings, the look (`settings`), the live chat (help for someone who cannot sign
 * in) and the guest pages. Withheld, as neutral values the contract accepts: payment methods, the
 * homepage and every other page, popups, and the ordering rules (gross prices, delivery, MPK, line cap).
 * A view already reduced comes back unchanged.
 */
export function guestView(website: Website): Website {
  if (!website.login_required) return website;
  return {
    id: website.id,
    slug: website.slug,
    name: website.name,
    lang: website.lang,
    currency: website.currency,
    payment_type: website.payment_type,
    paymentMethods: [],
    is_gross: false,
    login_required: true,
    registration_type: website.registration_type,
    shipping_only_to_specific_address: false,
    pages: website.pages.filter(isGuestPage),
    popups: [],
    popup_enabled: false,
    livechat_enabled: website.livechat_enabled,
    livechat_script: website.livechat_script,
    mpk_required: false,
    settings: website.settings,
    max_line_quantity: null,
    guest_view: true,
  };
}
