import { describe, expect, it } from 'vitest';
import { product, variant } from '../screens/product/test-fixtures.ts';
import { buildCartLine } from './cart-line.ts';

describe('buildCartLine', () => {
  it("should snapshot the product's name, picture, pricing and the variant's codes", () => {
    const item = product({ id: 7, name: 'Mug', code: 'MUG', images: ['a.svg', 'b.svg'], calculated_price: 12 });
    const line = buildCartLine(item, variant({ id: 70, code: '', color_code: 'red', quantity_in_box: null }), 3);
    expect(line).toMatchObject({ product_id: 7, variant_id: 70, name: 'Mug', code: 'MUG', image: 'a.svg', color_code: 'red', quantity: 3, groupbuy: false, card_info: null });
    // The documented default of 30 pieces per box.
    expect(line.quantity_in_box).toBe(30);
    expect(line.pricing.calculated_price).toBe(12);
  });

  it("should copy a business card's details rather than share them", () => {
    const card = { name: 'Ann', surname: 'Lee', email: 'ann@example.test', phone: '+48 600 000 000', job: 'Buyer', cost: 'MPK-1', address: 'Prosta 20, Warszawa' };
    const line = buildCartLine(product(), variant(), 1, card);
    expect(line.card_info).toEqual(card);
    expect(line.card_info).not.toBe(card);
  });
});
