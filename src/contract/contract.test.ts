import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { productFixture, variantFixture, websiteFixture } from './test-fixtures.ts';
import {
  AddressListSchema,
  DeliveryMethodListSchema,
  OrderPageSchema,
  OrderSchema,
  PaymentMethodListSchema,
  ProductPageSchema,
  ProductSchema,
  UserBudgetSchema,
  UserSchema,
  WebsiteSchema,
} from './contract.ts';
import { orderFixture } from '../api/test-fixtures.ts';
import { resetWarnings } from './tolerant.ts';

/**
 * Reading provider answers tolerantly (issue 16): each fallback of the answer schemas, and lists that
 * leave out only the items they cannot use. Answers are plain JSON as a provider sends them.
 */

let warn: MockInstance<typeof console.warn>;
const warnings = (): string[] => warn.mock.calls.map((call) => String(call[0]));

beforeEach(() => {
  resetWarnings();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => warn.mockRestore());

/** A deep copy as a provider would send it, with `change` applied. */
function answer<T>(value: T, change: (copy: any) => void = () => undefined): unknown {
  const copy = JSON.parse(JSON.stringify(value));
  change(copy);
  return copy;
}

const WEBSITE = websiteFixture({
  popups: [{ id: 1, page_id: 1, popup_data: { title: 'Hi', html: '<p>Hi</p>' } }],
  settings: { accent_colour: '#123456', font: 'Lora', favicon: null, logo: null, button_style: 'square' },
});

const VARIANT = variantFixture({ id: 10, code: 'T-1', size_code: 'M', quantity_in_box: 12, stock: 5 });
const PRODUCT = productFixture({
  id: 1,
  name: 'T-shirt',
  slug: 't-shirt',
  code: 'TS',
  description: 'Cotton',
  images: ['products/t.svg'],
  variants: [VARIANT],
  thresholds: [{ min_quantity: 10, max_quantity: null, price: 9 }],
});

describe('WebsiteSchema: a whole config', () => {
  it('should read a config that keeps the contract unchanged and without a warning', () => {
    expect(v.parse(WebsiteSchema, answer(WEBSITE))).toEqual(WEBSITE);
    expect(warn).not.toHaveBeenCalled();
  });

  it('should ignore unknown extra fields anywhere', () => {
    const parsed = v.parse(
      WebsiteSchema,
      answer(WEBSITE, (w) => {
        w.theme_v2 = { dark: true };
        w.settings.corner_radius = 4;
        w.pages[0].seo = {};
        w.paymentMethods[0].fee = 0;
      }),
    );
    expect(parsed).toEqual(WEBSITE);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('WebsiteSchema: fallbacks', () => {
  it('should read an unknown lang as English (spec §1, §9), warning once however often', () => {
    for (let index = 0; index < 3; index += 1) expect(v.parse(WebsiteSchema, answer(WEBSITE, (w) => (w.lang = 'de'))).lang).toBe('en');
    expect(v.parse(WebsiteSchema, answer(WEBSITE, (w) => delete w.lang)).lang).toBe('en');
    expect(warnings()).toEqual(['Provider answer: website.lang is "de"; using "en".', 'Provider answer: website.lang is missing; using "en".']);
  });

  it('should read an unknown or missing button style as round (spec §9)', () => {
    expect(v.parse(WebsiteSchema, answer(WEBSITE, (w) => (w.settings.button_style = 'pill'))).settings.button_style).toBe('round');
    expect(v.parse(WebsiteSchema, answer(WEBSITE, (w) => delete w.settings.button_style)).settings).toEqual({ ...WEBSITE.settings, button_style: 'round' });
    expect(v.parse(WebsiteSchema, answer(WEBSITE, (w) => (w.settings = null))).settings).toEqual({
      accent_colour: null,
      font: null,
      favicon: null,
      logo: null,
      button_style: 'round',
    });
    expect(v.parse(WebsiteSchema, answer(WEBSITE, (w) => (w.settings.font = 12))).settings.font).toBeNull();
  });

  it('should leave out a page of an unknown type, and keep the others', () => {
    const parsed = v.parse(WebsiteSchema, answer(WEBSITE, (w) => (w.pages[3].type = 'landing')));
    expect(parsed.pages.map((page) => page.slug)).toEqual(WEBSITE.pages.filter((page) => page.slug !== 'about-us').map((page) => page.slug));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/left out an unusable item of website\.pages \(type: .*"landing"/);
  });

  it('should leave out a homepage block of an unknown type, and keep the others', () => {
    const blocks = [
      { type: 'rich_text', html: '<p>Hi</p>' },
      { type: 'video', src: 'x.mp4' },
      { type: 'cart_button' },
    ];
    const parsed = v.parse(WebsiteSchema, answer(WEBSITE, (w) => (w.pages[0].content = { blocks })));
    expect(parsed.pages[0]?.content.blocks).toEqual([blocks[0], blocks[2]]);
  });

  it('should fill page fields that may vary: name from the slug, routed, empty content', () => {
    const parsed = v.parse(
      WebsiteSchema,
      answer(WEBSITE, (w) => {
        delete w.pages[3].name;
        delete w.pages[3].is_deletable;
        w.pages[3].content = null;
      }),
    );
    expect(parsed.pages[3]).toEqual({ id: 4, slug: 'about-us', name: 'about-us', type: 'content', is_deletable: 1, content: {} });
  });

  it('should leave out a payment method of an unknown code and a popup without its content', () => {
    const parsed = v.parse(
      WebsiteSchema,
      answer(WEBSITE, (w) => {
        w.paymentMethods.push({ id: 2, code: 'crypto', name: 'Coins' });
        w.popups.push({ id: 2, page_id: 1 });
      }),
    );
    expect(parsed.paymentMethods).toEqual(WEBSITE.paymentMethods);
    expect(parsed.popups).toEqual(WEBSITE.popups);
    expect(v.parse(PaymentMethodListSchema, [{ id: 2, code: 'crypto', name: 'Coins' }, ...WEBSITE.paymentMethods])).toEqual(WEBSITE.paymentMethods);
  });

  it('should read a config with nothing but an id as the safe defaults', () => {
    expect(v.parse(WebsiteSchema, { id: 9 })).toEqual({
      id: 9,
      slug: '',
      name: '',
      lang: 'en',
      currency: '',
      payment_type: 'invoice',
      paymentMethods: [],
      is_gross: false,
      login_required: true,
      registration_type: '',
      shipping_only_to_specific_address: false,
      pages: [],
      popups: [],
      popup_enabled: false,
      livechat_enabled: false,
      livechat_script: null,
      mpk_required: false,
      settings: { accent_colour: null, font: null, favicon: null, logo: null, button_style: 'round' },
    });
  });

  it('should derive payment_type from a pkt currency, and currency from a budget payment type', () => {
    expect(v.parse(WebsiteSchema, answer(WEBSITE, (w) => ((w.currency = 'pkt'), (w.payment_type = 'points')))).payment_type).toBe('budget');
    expect(v.parse(WebsiteSchema, answer(WEBSITE, (w) => ((w.currency = 'PLN'), (w.payment_type = 'card')))).payment_type).toBe('invoice');
    const noCurrency = v.parse(WebsiteSchema, answer(WEBSITE, (w) => ((w.currency = null), (w.payment_type = 'budget'))));
    expect(noCurrency).toMatchObject({ currency: 'pkt', payment_type: 'budget' });
  });

  it('should still need an id', () => {
    expect(v.safeParse(WebsiteSchema, answer(WEBSITE, (w) => delete w.id)).success).toBe(false);
    expect(v.safeParse(WebsiteSchema, answer(WEBSITE, (w) => (w.id = '1'))).success).toBe(false);
  });
});

describe('ProductSchema: fallbacks', () => {
  it('should read a product that keeps the contract unchanged and without a warning', () => {
    expect(v.parse(ProductSchema, answer(PRODUCT))).toEqual(PRODUCT);
    expect(warn).not.toHaveBeenCalled();
  });

  it('should read variants without quantity_in_box, or with an unusable one, as 30 a box (spec §3)', () => {
    for (const broken of [undefined, 'ten', 0, -5, 2.5, {}]) {
      const parsed = v.parse(
        ProductSchema,
        answer(PRODUCT, (p) => {
          if (broken === undefined) delete p.variants[0].quantity_in_box;
          else p.variants[0].quantity_in_box = broken;
        }),
      );
      expect(parsed.variants[0]?.quantity_in_box).toBe(30);
    }
    // `null` is the contract's own "default": kept, read as 30 by quantityInBox, and not warned about.
    resetWarnings();
    warn.mockClear();
    expect(v.parse(ProductSchema, answer(PRODUCT, (p) => (p.variants[0].quantity_in_box = null))).variants[0]?.quantity_in_box).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('should warn about a missing quantity_in_box once for a list of 5000 products', () => {
    const data = Array.from({ length: 5000 }, (_, index) => answer(PRODUCT, (p) => ((p.id = index + 1), delete p.variants[0].quantity_in_box)));
    const page = v.parse(ProductPageSchema, { data, meta: { total: 5000, page: 1, per_page: 5000 } });
    expect(page.data).toHaveLength(5000);
    expect(page.data.every((item) => item.variants[0]?.quantity_in_box === 30)).toBe(true);
    expect(warnings()).toEqual(['Provider answer: variant.quantity_in_box is missing; using 30.']);
  });

  it('should read an unknown availability as in stock, and a product availability as the best of its variants', () => {
    const parsed = v.parse(
      ProductSchema,
      answer(PRODUCT, (p) => {
        p.variants = [
          { ...VARIANT, id: 11, availability: 'out_of_stock' },
          { ...VARIANT, id: 12, availability: 'backorder' },
        ];
        p.availability = 'sometimes';
      }),
    );
    expect(parsed.variants.map((item) => item.availability)).toEqual(['out_of_stock', 'in_stock']);
    expect(parsed.availability).toBe('in_stock');
    expect(v.parse(ProductSchema, answer(PRODUCT, (p) => ((p.variants = []), delete p.availability))).availability).toBe('out_of_stock');
  });

  it('should fill what may vary and leave out unusable variants, tiers and images', () => {
    const parsed = v.parse(
      ProductSchema,
      answer(PRODUCT, (p) => {
        delete p.slug;
        delete p.description;
        p.vat = 'high';
        p.images = ['products/t.svg', 7];
        p.variants.push({ code: 'no id' });
        p.thresholds.push({ min_quantity: 'many', price: 1 });
        p.groupbuy = { isActive: 'yes' };
        p.budget = 5;
        p.is_business_card = null;
        p.minimum_quantity = '3';
      }),
    );
    expect(parsed).toEqual({
      ...PRODUCT,
      slug: 'product',
      description: '',
      vat: null,
      images: ['products/t.svg'],
      groupbuy: null,
      budget: null,
      is_business_card: false,
      minimum_quantity: null,
    });
  });

  it('should still need id, name and price', () => {
    for (const field of ['id', 'name', 'calculated_price']) {
      expect(v.safeParse(ProductSchema, answer(PRODUCT, (p) => delete p[field])).success).toBe(false);
    }
    expect(v.safeParse(ProductSchema, answer(PRODUCT, (p) => (p.calculated_price = '10'))).success).toBe(false);
  });
});

describe('lists: only unusable items are left out', () => {
  it('should leave out products without an id or a price, keep the rest in order, and warn once per problem', () => {
    const data = [
      answer(PRODUCT, (p) => (p.id = 1)),
      answer(PRODUCT, (p) => delete p.id),
      answer(PRODUCT, (p) => ((p.id = 3), (p.calculated_price = null))),
      answer(PRODUCT, (p) => ((p.id = 4), (p.variants[0].availability = 'soon'))),
      answer(PRODUCT, (p) => ((p.id = 5), delete p.calculated_price)),
      answer(PRODUCT, (p) => (p.id = 6)),
    ];
    const page = v.parse(ProductPageSchema, { data, meta: { total: 6, page: 1, per_page: 24 } });
    expect(page.data.map((item) => item.id)).toEqual([1, 4, 6]);
    expect(page.meta).toEqual({ total: 6, page: 1, per_page: 24 });
    // id missing; price null; price missing (the same path, another value); the availability fallback.
    expect(warnings().filter((text) => text.includes('left out'))).toHaveLength(3);
  });

  it('should read a page without its meta as one page of what came', () => {
    expect(v.parse(ProductPageSchema, { data: [PRODUCT] }).meta).toEqual({ total: 1, page: 1, per_page: 1 });
  });

  it('should still need the list', () => {
    expect(v.safeParse(ProductPageSchema, { meta: { total: 0, page: 1, per_page: 24 } }).success).toBe(false);
  });

  it('should leave out unusable orders and read an unknown status as in progress', () => {
    const order = orderFixture();
    const { items: _items, ...summary } = order;
    const rows = [summary, { ...summary, id: 2, status: 'shipped' }, { ...summary, id: 3, total: undefined }, { ...summary, id: 4, date: 'yesterday' }];
    const page = v.parse(OrderPageSchema, answer({ data: rows, meta: { total: 4, page: 1, per_page: 10 } }));
    expect(page.data.map((row) => [row.id, row.status])).toEqual([
      [1, 'new'],
      [2, 'in_progress'],
    ]);
  });

  it('should read one order with unknown enum values, leaving out an unusable line', () => {
    const line = { product_id: 1, variant_id: 10, name: 'T', code: 'T', color_code: null, size_code: null, quantity: 1, unit_price: 1, vat: 23, line_net: 1, line_gross: 1.23, budget: null, card_info: null, image: null };
    const parsed = v.parse(
      OrderSchema,
      answer(orderFixture({ items: [line] }), (o) => {
        o.payment_method = 'paypal';
        o.payment_status = 'refunded';
        o.delivery_method.type = 'drone';
        o.items.push({ name: 'no money' });
      }),
    );
    expect(parsed).toMatchObject({ payment_method: 'invoice', payment_status: 'not_required', delivery_method: { type: 'courier' }, items: [line] });
  });

  it('should read other lists the storefront uses the same way', () => {
    const method = { id: 1, type: 'courier', name: 'Courier', price: 10, pickup_address: null, budgets: [] };
    expect(v.parse(DeliveryMethodListSchema, [method, { ...method, id: 2, type: 'drone' }])).toEqual([method]);
    const address = { id: 1, type: 'warehouse', name: '', surname: '', company: '', street: 'Main 1', city: 'Warsaw', zip: '00-950', country: 'PL', nip: '', phone: '' };
    expect(v.parse(AddressListSchema, [address, { id: 2 }])).toEqual([{ ...address, type: 'delivery' }]);
    const budget = { id: 1, budget_id: 1, name: 'Welcome', color: '#ff0000', points: 10, points_left: 5, start_date: '2026-01-01T00:00:00.000Z', expiry_date: '2027-01-01T00:00:00.000Z', is_active: true, status: 'frozen' };
    expect(v.parse(UserBudgetSchema, budget).status).toBe('active');
    expect(v.parse(UserBudgetSchema, { ...budget, is_active: false }).status).toBe('inactive');
    const user = { id: 7, email: 'a@b.c', name: 'A', surname: 'B', phone: '', job_title: '', buyer_id: '', cost_center: '', role: 'admin', website_id: 1, coordinator_email: null, budgets: [budget, { id: 2 }] };
    expect(v.parse(UserSchema, user)).toMatchObject({ role: 'buyer', budgets: [{ id: 1, status: 'active' }] });
  });
});
