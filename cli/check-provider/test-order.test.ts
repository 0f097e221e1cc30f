import { describe, expect, it } from 'vitest';
import type { Address, DeliveryMethod, PaymentMethod } from '../../src/contract/contract.ts';
import { GROSS_SHOP, POINTS_SHOP, productFixture, userFixture, variantFixture, websiteFixture } from '../../src/contract/test-fixtures.ts';
import { planItems, planOrder, TEST_ORDER_COMMENT, type PlannedItems } from './test-order.ts';

function address(overrides: Partial<Address>): Address {
  return { id: 1, type: 'delivery', name: 'Jan', surname: 'Kowalski', company: '', street: 'Main 1', city: 'Warsaw', zip: '00-950', country: 'PL', nip: '', phone: '', ...overrides };
}

function method(overrides: Partial<DeliveryMethod>): DeliveryMethod {
  return { id: 5, type: 'courier', name: 'Courier', price: 10, pickup_address: null, budgets: [], ...overrides };
}

const payments = (...codes: PaymentMethod['code'][]): PaymentMethod[] => codes.map((code, index) => ({ id: index + 1, code, name: code }));
const user = userFixture();
const planned = (overrides: Partial<PlannedItems> = {}): PlannedItems => ({ item: { product_id: 1, variant_id: 10, quantity: 1 }, address: null, ...overrides });

describe('planItems', () => {
  it('should take the first variant that can be ordered, at the product minimum', () => {
    const product = productFixture({ variants: [variantFixture({ id: 10, availability: 'out_of_stock' }), variantFixture({ id: 11, stock: 0 }), variantFixture({ id: 12, stock: 50 })], minimum_quantity: 5, minimum_total_quantity: 20 });
    expect(planItems(GROSS_SHOP, product, user, [])).toEqual({ item: { product_id: 1, variant_id: 12, quantity: 20 }, address: null });
  });

  it('should say why when nothing can be ordered', () => {
    expect(planItems(GROSS_SHOP, productFixture({ variants: [variantFixture({ availability: 'out_of_stock' })] }), user, [])).toBe('product 1 has no variant that can be ordered');
    expect(planItems(GROSS_SHOP, productFixture({ variants: [variantFixture({ stock: 3 })], minimum_quantity: 10 }), user, [])).toBe('product 1 has 3 in stock, fewer than its minimum 10');
  });

  it("should fill in a business card from the buyer's account", () => {
    const plan = planItems(GROSS_SHOP, productFixture({ is_business_card: true }), user, []);
    expect(typeof plan !== 'string' && plan.item.card_info).toMatchObject({ name: 'Jan', surname: 'Kowalski', email: user.email });
  });

  it('should pick a specific address in a shop that delivers only there', () => {
    const addresses = [address({ id: 1 }), address({ id: 2, type: 'specific' })];
    expect(planItems(websiteFixture({ shipping_only_to_specific_address: true }), productFixture(), user, addresses)).toMatchObject({ address: { id: 2 } });
    expect(planItems(GROSS_SHOP, productFixture(), user, addresses)).toMatchObject({ address: { id: 1 } });
  });
});

describe('planOrder', () => {
  it('should pay with points in a points shop, and the delivery from a budget the buyer holds', () => {
    const buyer = userFixture({ budgets: [{ id: 31, budget_id: 3, name: 'B', color: '#000', points: 100, points_left: 100, start_date: '2026-01-01', expiry_date: '2027-01-01', is_active: true, status: 'active' }] });
    const courier = method({ budgets: [{ budget_id: 3, name: 'B', color: '#000', price: 25 }] });
    const plan = planOrder({ ...POINTS_SHOP, mpk_required: true }, buyer, [address({})], planned({ address: address({}) }), [courier], payments('budget'));
    expect(plan).toMatchObject({ payment_method: 'budget', delivery_method_id: 5, delivery_address_id: 1, payment_for_delivery_budget: 31, billing_same_as_delivery: true, mpk_code: 'CC-1', cost_centre_statement: true, comment: TEST_ORDER_COMMENT });
  });

  it('should invoice to a saved billing address with a tax ID, else pay online', () => {
    const billing = address({ id: 9, type: 'billing', name: '', surname: '', company: 'Acme', nip: '7010150006' });
    expect(planOrder(GROSS_SHOP, user, [billing], planned(), [method({ type: 'self_pickup' })], payments('invoice', 'online'))).toMatchObject({
      payment_method: 'invoice',
      delivery_address_id: null,
      billing_same_as_delivery: false,
      billing_address: { name: 'Jan', surname: 'Kowalski', company: 'Acme', nip: '7010150006' },
    });
    expect(planOrder(GROSS_SHOP, user, [], planned(), [method({ type: 'self_pickup' })], payments('invoice', 'online'))).toMatchObject({ payment_method: 'online', billing_address: null });
  });

  it('should name what is missing instead of sending an order that cannot pass', () => {
    expect(planOrder(GROSS_SHOP, user, [], planned(), [method({})], payments('online'))).toBe(
      'every delivery method needs an address and the buyer has none saved: save one or set order.delivery_address',
    );
    expect(planOrder(GROSS_SHOP, user, [], planned(), [], payments('online'))).toBe('the provider offered no delivery method for the product');
    expect(planOrder(GROSS_SHOP, user, [], planned(), [method({ type: 'self_pickup' })], payments('invoice'))).toBe(
      'an invoice needs a billing address with a tax ID: save one for the buyer or set order.billing_address',
    );
    expect(planOrder(GROSS_SHOP, userFixture({ phone: '' }), [], planned(), [method({ type: 'self_pickup' })], payments('online'))).toBe(
      "the buyer's account has no phone number: set order.contact",
    );
    expect(planOrder(POINTS_SHOP, user, [], planned(), [method({ type: 'self_pickup' })], payments('invoice'))).toBe('the shop offers no payment method: set order.payment_method');
  });

  it("should let the config's order fields win", () => {
    const plan = planOrder(GROSS_SHOP, user, [address({ id: 4 })], planned({ address: address({ id: 4 }) }), [method({ id: 5 }), method({ id: 6, type: 'self_pickup' })], payments('online'), {
      delivery_method_id: 6,
      comment: 'sandbox',
    });
    expect(plan).toMatchObject({ delivery_method_id: 6, comment: 'sandbox' });
    expect(planOrder(GROSS_SHOP, user, [], planned(), [method({})], payments('online'), { delivery_method_id: 99 })).toBe('order.delivery_method_id 99 is not one of the methods offered');
  });
});
