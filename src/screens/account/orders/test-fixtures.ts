import * as v from 'valibot';
import { OrderSchema, type Order, type OrderItem, type OrderSummary } from '../../../contract/contract.ts';

/** @internal Orders shaped like the provider's answers (checked against the contract), for the order screens' tests. */

/** A summary row of the history. */
export function summary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return { id: 1, name: 'ACME-000001', date: '2026-03-10T09:30:00.000Z', status: 'complete', currency: 'pkt', total: 100, items_count: 2, ...overrides };
}

/** An order line: 1 piece at 40 points unless overridden. */
export function item(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    product_id: 1,
    variant_id: 10,
    name: 'Classic T-shirt',
    code: 'ACME-TEE-NAVY-L',
    color_code: 'navy',
    size_code: 'L',
    quantity: 1,
    unit_price: 40,
    vat: 23,
    line_net: 40,
    line_gross: 40,
    budget: { id: 9, name: 'Welcome pack', color: '#2563eb' },
    card_info: null,
    image: null,
    ...overrides,
  };
}

const ACME_BILLING = { name: 'Anna', surname: 'Nowak', company: 'ACME Polska Sp. z o.o.', street: 'ul. Domaniewska 39', city: 'Warszawa', zip: '02-672', country: 'PL', nip: '7010150006' };

/** Like the seeded ACME-000001: points, self-pickup, two lines, 100 points. */
export function pointsOrder(overrides: Partial<Order> = {}): Order {
  return v.parse(OrderSchema, {
    ...summary(),
    is_gross: true,
    total_net: 100,
    total_gross: 100,
    total_points: 100,
    delivery_price: 0,
    payment_method: 'budget',
    payment_status: 'not_required',
    delivery_method: { id: 2, type: 'self_pickup', name: 'Self-pickup', price: 0 },
    delivery_address: null,
    billing_address: ACME_BILLING,
    contact: { name: 'Anna', surname: 'Nowak', email: 'buyer@acme.test', phone: '+48 600 100 200', job_title: 'Office manager', buyer_id: 'ACME-B-001' },
    mpk_code: 'MPK-100',
    comment: 'For the new starters in the Warsaw office.',
    items: [item(), item({ product_id: 2, variant_id: 20, name: 'Ceramic mug', code: 'ACME-MUG-WHITE', color_code: 'white', size_code: null, quantity: 6, unit_price: 10, line_net: 60, line_gross: 60 })],
    ...overrides,
  });
}

/**
 * Like GLOBEX-000001 as it was seeded before the rounding rule (docs/api.md "Prices and rounding"): PLN,
 * gross shop, net unit prices, gross lines rounded from the net lines, courier 19.99 net, 819.69 net,
 * 948.25 gross: an order of the earlier rule, which the order page must still show as it was charged.
 */
export function moneyOrder(overrides: Partial<Order> = {}): Order {
  const office = { name: 'John', surname: 'Smith', company: 'Globex Sp. z o.o.', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL', nip: '6772480003' };
  return v.parse(OrderSchema, {
    id: 4,
    name: 'GLOBEX-000001',
    date: '2026-02-01T12:00:00.000Z',
    status: 'in_progress',
    currency: 'PLN',
    total: 948.25,
    items_count: 2,
    is_gross: true,
    total_net: 819.69,
    total_gross: 948.25,
    total_points: 0,
    delivery_price: 19.99,
    payment_method: 'invoice',
    payment_status: 'not_required',
    delivery_method: { id: 4, type: 'courier', name: 'Courier', price: 19.99 },
    delivery_address: office,
    billing_address: office,
    contact: { name: 'John', surname: 'Smith', email: 'buyer@globex.test', phone: '+48 601 200 300' },
    mpk_code: null,
    comment: '',
    items: [
      item({ product_id: 1, variant_id: 10, name: 'Classic T-shirt', code: 'GLX-TEE-BLACK-M', color_code: 'black', size_code: 'M', quantity: 10, unit_price: 39.99, line_net: 399.9, line_gross: 491.88, budget: null }),
      item({ product_id: 2, variant_id: 20, name: 'Cotton tote bag', code: 'GLX-BAG-WHITE', color_code: 'white', size_code: null, quantity: 20, unit_price: 19.99, vat: 8, line_net: 399.8, line_gross: 431.78, budget: null }),
    ],
    ...overrides,
  });
}
