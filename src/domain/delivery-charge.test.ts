import { describe, it, expect } from 'vitest';
import { deliveryCharge, moneyDeliveryCharge, pointsDeliveryCharge, shownDelivery } from './delivery-charge.ts';

const method = { price: 20, budgets: [{ budget_id: 9, name: 'Marketing', color: '#2563eb', price: 15 }] };

describe('delivery charge', () => {
  it('should add 23 % VAT to the net price of a money shop, rounded to cents', () => {
    expect(moneyDeliveryCharge(20, true)).toEqual({ net: 20, gross: 24.6 });
    expect(moneyDeliveryCharge(9.99, false)).toEqual({ net: 9.99, gross: 12.29 });
    expect(moneyDeliveryCharge(0, true)).toEqual({ net: 0, gross: 0 });
  });

  it("should show globex's courier (19.99 net) as 24.59 gross in a gross shop and 19.99 net in a net shop", () => {
    expect(shownDelivery(moneyDeliveryCharge(19.99, true), true)).toBe(24.59);
    expect(shownDelivery(moneyDeliveryCharge(19.99, false), false)).toBe(19.99);
  });

  it('should charge the chosen budget price in points, nothing for a method without budgets, and be unknown until chosen', () => {
    expect(pointsDeliveryCharge(method, { budget_id: 9 })).toBe(15);
    expect(pointsDeliveryCharge({ budgets: [] }, null)).toBe(0);
    expect(pointsDeliveryCharge(method, null)).toBeNull();
    expect(pointsDeliveryCharge(method, { budget_id: 4 })).toBeNull();
  });

  it('should use the money rule or the points rule by shop', () => {
    const money = { points: false, isGross: true };
    const points = { points: true, isGross: false };
    expect(deliveryCharge(method, null, money)).toEqual({ net: 20, gross: 24.6 });
    expect(deliveryCharge(method, { budget_id: 9 }, points)).toEqual({ net: 15, gross: 15 });
    expect(deliveryCharge(method, null, points)).toBeNull();
    expect(deliveryCharge(null, null, money)).toBeNull();
  });
});
