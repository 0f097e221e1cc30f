import * as v from 'valibot';
import { ProductSchema, type Page, type Product, type User, type Variant, type Website } from './contract.ts';

/**
 * @internal The one set of contract-shaped test data every test builds on: a shop config
 * (`websiteFixture` and the named shops derived from it), pages, a user, and a product/variant
 * factory. Each takes overrides, so a test states only the values it depends on.
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

/** A money shop showing gross prices (like the demo's globex): no pages, no payment methods, no registration form. */
export const GROSS_SHOP: Website = websiteFixture({ id: 3, slug: 'globex', name: 'Globex', paymentMethods: [], registration_type: 'invoice_noform', pages: [] });
/** A money shop showing net prices. */
export const NET_SHOP: Website = { ...GROSS_SHOP, id: 4, slug: 'initech', name: 'Initech', is_gross: false };
/** A points (budget) shop: currency `pkt` (like the demo's acme), gross on purpose: points carry no VAT. */
export const POINTS_SHOP: Website = { ...GROSS_SHOP, id: 5, slug: 'acme', name: 'Acme', currency: 'pkt', payment_type: 'budget', is_gross: true };
/** A money shop that requires login. */
export const CLOSED_SHOP: Website = { ...GROSS_SHOP, id: 6, slug: 'umbrella', name: 'Umbrella', login_required: true };

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

/** A variant: in stock without a limit, black, no size, default box, unless overridden. */
export function variantFixture(overrides: Partial<Variant> = {}): Variant {
  const id = overrides.id ?? 10;
  return { id, code: `V-${id}`, color_code: 'black', size_code: null, quantity_in_box: null, stock: null, availability: 'in_stock', image: null, ...overrides };
}

/**
 * A product shaped like `ProductSchema` (checked against it): net 10.00 at 23 % VAT, one variant
 * (`variantFixture` with id `id * 10`), unless overridden.
 */
export function productFixture(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  return v.parse(ProductSchema, {
    id,
    name: `Product ${id}`,
    slug: `product-${id}`,
    code: `P-${id}`,
    description: 'A fine product.',
    calculated_price: 10,
    vat: 23,
    vat_included: false,
    images: [`products/p${id}.svg`],
    variants: [variantFixture({ id: id * 10 })],
    thresholds: [],
    groupbuy: null,
    budget: null,
    minimum_quantity: null,
    minimum_total_quantity: null,
    is_business_card: false,
    availability: 'in_stock',
    ...overrides,
  });
}
