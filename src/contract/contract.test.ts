import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answer, catchWarnings } from './answer-test-helpers.ts';
import { AddressListSchema, DeliveryMethodListSchema, OrderPageSchema, OrderSchema, UserBudgetSchema, UserSchema } from './contract.ts';
import { orderFixture } from '../api/test-fixtures.ts';

/**
 * Reading the other provider answers tolerantly through the contract's public face: orders and the
 * lists the storefront uses leave out only the items they cannot use. The shop config and products
 * are read in `./website.test.ts` and `./catalogue.test.ts`.
 */

catchWarnings();

describe('lists: only unusable items are left out', () => {
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
