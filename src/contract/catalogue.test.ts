import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answer, catchWarnings, warn, warnings } from './answer-test-helpers.ts';
import { ProductPageSchema, ProductSchema } from './catalogue.ts';
import { productFixture, variantFixture } from './test-fixtures.ts';
import { resetPageSingletons } from '../page-singleton.ts';

/** Reading products tolerantly: each fallback, and a page of products that leaves out only what it cannot use. */

catchWarnings();

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
    resetPageSingletons();
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
});
