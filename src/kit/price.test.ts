import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROSS_SHOP, NET_SHOP, POINTS_SHOP, product } from '../screens/catalogue/test-fixtures.ts';
import { locale } from '../store/locale.ts';
import { savedShop } from '../store/shop.ts';
import { formatProductPrice, productDisplayPrice } from './price.ts';
import { resetPageSingletons } from '../page-singleton.ts';

/** Intl separates amount and unit with a no-break space; tests compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const NOW = new Date('2026-05-01T12:00:00Z');
const tiers = [
  { min_quantity: 1, max_quantity: 49, price: 10 },
  { min_quantity: 50, max_quantity: 99, price: 9 },
  { min_quantity: 100, max_quantity: null, price: 8 },
];

beforeEach(() => {
  resetPageSingletons();
  locale.value = 'en';
});
afterEach(() => {
  resetPageSingletons();
  locale.value = 'en';
});

describe('productDisplayPrice', () => {
  it('should add the VAT to a net price in a gross shop: 10.00 at 23 % is PLN 12.30 (en) and 12,30 zł (pl)', () => {
    savedShop.value = GROSS_SHOP;
    const price = productDisplayPrice(product({ calculated_price: 10, vat: 23 }));
    expect(price).toMatchObject({ amount: 12.3, from: false, basis: 'gross', hint: 'gross' });
    expect(plain(price.text)).toBe('PLN 12.30');
    locale.value = 'pl';
    const polish = productDisplayPrice(product({ calculated_price: 10, vat: 23 }));
    expect(plain(polish.text)).toBe('12,30 zł');
    expect(polish.hint).toBe('brutto');
  });

  it('should show a net price as it is in a net shop, with the net hint', () => {
    savedShop.value = NET_SHOP;
    const price = productDisplayPrice(product({ calculated_price: 10, vat: 23 }));
    expect(price).toMatchObject({ amount: 10, basis: 'net', hint: 'net' });
    expect(plain(price.text)).toBe('PLN 10.00');
    locale.value = 'pl';
    expect(productDisplayPrice(product()).hint).toBe('netto');
  });

  it('should not tax a vat_included price twice, and take the VAT out of it in a net shop', () => {
    savedShop.value = GROSS_SHOP;
    const included = product({ calculated_price: 12.3, vat: 23, vat_included: true });
    expect(plain(productDisplayPrice(included).text)).toBe('PLN 12.30');
    savedShop.value = NET_SHOP;
    expect(plain(productDisplayPrice(included).text)).toBe('PLN 10.00');
  });

  it('should use the default 23 % when a product has no VAT rate, and a product’s own rate otherwise (0 included)', () => {
    savedShop.value = GROSS_SHOP;
    expect(productDisplayPrice(product({ calculated_price: 100, vat: null })).amount).toBe(123);
    expect(productDisplayPrice(product({ calculated_price: 100, vat: 8 })).amount).toBe(108);
    expect(productDisplayPrice(product({ calculated_price: 100, vat: 0 })).amount).toBe(100);
  });

  it('should show points in a points shop: "pts" in English, "pkt" in Polish, no VAT and no net/gross hint', () => {
    savedShop.value = POINTS_SHOP;
    const price = productDisplayPrice(product({ calculated_price: 250, vat: 23 }));
    expect(price).toMatchObject({ amount: 250, basis: null, hint: '' });
    expect(plain(price.text)).toBe('250 pts');
    locale.value = 'pl';
    expect(plain(productDisplayPrice(product({ calculated_price: 1250.5 })).text)).toBe('1250,5 pkt');
  });

  it('should show the lowest tier as "from …" when tiers make more pieces cheaper', () => {
    savedShop.value = NET_SHOP;
    const tiered = product({ calculated_price: 12, thresholds: tiers });
    const price = productDisplayPrice(tiered);
    expect(price).toMatchObject({ amount: 8, from: true });
    expect(plain(price.text)).toBe('from PLN 8.00');
    expect(plain(price.formatted)).toBe('PLN 8.00');
    savedShop.value = GROSS_SHOP;
    locale.value = 'pl';
    expect(plain(productDisplayPrice(tiered).text)).toBe('od 9,84 zł');
  });

  it('should show one price, not "from", when every tier costs the same', () => {
    savedShop.value = NET_SHOP;
    const flat = product({ thresholds: [{ min_quantity: 1, max_quantity: null, price: 7 }] });
    expect(productDisplayPrice(flat)).toMatchObject({ amount: 7, from: false });
  });

  it('should price a running group buy by its tiers and an ended one by the thresholds', () => {
    savedShop.value = NET_SHOP;
    const groupbuy = {
      isActive: true,
      total_quantity: 40,
      ends_at: '2026-06-01T00:00:00Z',
      tiers: [
        { min_quantity: 1, max_quantity: null, price: 6 },
        { min_quantity: 50, max_quantity: null, price: 5 },
      ],
    };
    const running = product({ thresholds: tiers, groupbuy });
    expect(productDisplayPrice(running, NET_SHOP, 'en', NOW)).toMatchObject({ amount: 5, from: true });
    const ended = product({ thresholds: tiers, groupbuy: { ...groupbuy, ends_at: '2026-04-01T00:00:00Z' } });
    expect(productDisplayPrice(ended, NET_SHOP, 'en', NOW)).toMatchObject({ amount: 8, from: true });
  });

  it('should format a plain amount when no shop is loaded yet', () => {
    expect(productDisplayPrice(product({ calculated_price: 10 }), null)).toMatchObject({ text: '10.00', basis: 'net' });
  });
});

describe('formatProductPrice', () => {
  it('should give the list price without a quantity, and the tier price of a quantity with one', () => {
    savedShop.value = GROSS_SHOP;
    const tiered = product({ thresholds: tiers });
    expect(plain(formatProductPrice(tiered))).toBe('from PLN 9.84');
    expect(plain(formatProductPrice(tiered, 1))).toBe('PLN 12.30');
    expect(plain(formatProductPrice(tiered, 60))).toBe('PLN 11.07');
    expect(plain(formatProductPrice(tiered, 500))).toBe('PLN 9.84');
  });

  it('should format points with a quantity too', () => {
    savedShop.value = POINTS_SHOP;
    expect(plain(formatProductPrice(product({ calculated_price: 30 }), 3))).toBe('30 pts');
  });
});
