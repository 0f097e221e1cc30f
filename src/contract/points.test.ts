import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { productDisplayPrice } from '../kit/price.ts';
import { formatMoney } from '../i18n/format.ts';
import { isPointsOrder } from '../screens/account/orders/order-view.ts';
import { WebsiteSchema } from './contract.ts';
import { isPointsCurrency } from './points.ts';
import { GROSS_SHOP, POINTS_SHOP, productFixture } from './test-fixtures.ts';

describe('isPointsCurrency', () => {
  it.each(['pkt', 'PKT', 'Pkt', ' pkt '])('should take %j for points', (currency) => {
    expect(isPointsCurrency(currency)).toBe(true);
  });

  it.each(['PLN', 'EUR', '', 'pkts', 'p kt', null, undefined])('should take %j for money', (currency) => {
    expect(isPointsCurrency(currency)).toBe(false);
  });
});

/**
 * Issue 28: "is this a points shop?" had nine owners, some of them case-blind. A provider answer with
 * `PKT` must behave exactly as one with `pkt` wherever the storefront asks.
 */
/** The shop's answer with `currency` and no `payment_type`, as the contract parses it. */
function answer(currency: string) {
  const { payment_type: _ignored, ...rest } = POINTS_SHOP;
  return v.parse(WebsiteSchema, { ...rest, currency });
}

describe('a provider that sends PKT', () => {

  it('should be a budget shop when the answer names no payment type', () => {
    expect(answer('PKT').payment_type).toBe('budget');
    expect(answer('pkt').payment_type).toBe('budget');
    expect(answer('PLN').payment_type).toBe('invoice');
  });

  it('should show catalogue prices in points, without VAT or a net/gross hint, as pkt does', () => {
    const product = productFixture({ calculated_price: 40, vat: 23, vat_included: false });
    const lower = productDisplayPrice(product, { ...POINTS_SHOP, currency: 'pkt' }, 'en');
    const upper = productDisplayPrice(product, { ...POINTS_SHOP, currency: 'PKT' }, 'en');
    expect(upper).toEqual(lower);
    expect(upper).toMatchObject({ amount: 40, basis: null, hint: '' });
    expect(productDisplayPrice(product, GROSS_SHOP, 'en').amount).toBe(49.2);
  });

  it('should format amounts and read orders as points', () => {
    expect(formatMoney(1250, 'PKT', 'en')).toBe(formatMoney(1250, 'pkt', 'en'));
    expect(isPointsOrder({ currency: 'PKT' })).toBe(true);
  });
});
