import type { Page, User, Website } from '../../api/contract.ts';

/**
 * @internal Test data for the shell and system screens: a shop config and users that satisfy the
 * contract, with overrides per test.
 */

/** A content page. */
export function page(overrides: Partial<Page> & Pick<Page, 'id' | 'slug' | 'name'>): Page {
  return { type: 'content', is_deletable: 1, content: { html: '<p>Text</p>' }, ...overrides };
}

/** A money shop (PLN), open to guests, with a homepage, the legal pages, two extra pages and a pseudo-page. */
export function websiteFixture(overrides: Partial<Website> = {}): Website {
  return {
    id: 1,
    slug: 'acme',
    name: 'Acme Merch',
    lang: 'en',
    currency: 'PLN',
    payment_type: 'invoice',
    paymentMethods: [{ id: 1, code: 'invoice', name: 'Invoice' }],
    is_gross: true,
    login_required: false,
    registration_type: 'form',
    shipping_only_to_specific_address: false,
    pages: [
      page({ id: 1, slug: 'home', name: 'Homepage', type: 'homepage', is_deletable: 0, content: { blocks: [] } }),
      page({ id: 2, slug: 'privacy-policy', name: 'Privacy at Acme', is_deletable: 0 }),
      page({ id: 3, slug: 'terms-of-use', name: 'Acme terms', is_deletable: 0 }),
      page({ id: 4, slug: 'about-us', name: 'About us' }),
      page({ id: 5, slug: 'faq', name: 'FAQ', is_deletable: 2 }),
      page({ id: 6, slug: 'shipping', name: 'Shipping (fixed)', is_deletable: 0 }),
      page({ id: 7, slug: 'cart', name: 'Cart popup target', type: 'pseudo', is_deletable: 1 }),
    ],
    popups: [],
    popup_enabled: false,
    livechat_enabled: false,
    livechat_script: null,
    mpk_required: false,
    settings: { accent_colour: null, font: null, favicon: null, logo: null, button_style: 'round' },
    ...overrides,
  };
}

/** A logged-in buyer. */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'jan.kowalski@acme.test',
    name: 'Jan',
    surname: 'Kowalski',
    phone: '+48 600 000 000',
    job_title: 'Designer',
    buyer_id: 'B-7',
    cost_center: 'CC-1',
    role: 'buyer',
    website_id: 1,
    coordinator_email: 'boss@acme.test',
    budgets: [],
    pending_email: null,
    ...overrides,
  };
}
