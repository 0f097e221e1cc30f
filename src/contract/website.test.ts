import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answer, catchWarnings, warn, warnings } from './answer-test-helpers.ts';
import { websiteFixture } from './test-fixtures.ts';
import { PaymentMethodListSchema, WebsiteSchema } from './website.ts';

/** Reading the shop config tolerantly: a whole config, and each fallback of its fields. */

catchWarnings();

const WEBSITE = websiteFixture({
  popups: [{ id: 1, page_id: 1, popup_data: { title: 'Hi', html: '<p>Hi</p>' } }],
  settings: { accent_colour: '#123456', font: 'Lora', favicon: null, logo: null, button_style: 'square' },
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
