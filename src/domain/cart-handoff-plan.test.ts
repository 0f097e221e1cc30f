import * as fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import type { CardInfo } from '../contract/contract.ts';
import { productFixture, variantFixture } from '../contract/test-fixtures.ts';
import type { CartHandoffLine } from './cart-handoff-format.ts';
import { planCartHandoff } from './cart-handoff-plan.ts';

const anna: CardInfo = { name: 'Anna', surname: 'Żółkiewska', email: 'anna@acme.test', phone: '+48 600 700 800', job: 'Projektantka', cost: 'MPK-7', address: 'ul. Prosta 1, 00-001 Warszawa' };

const line = (product_id: number, variant_id: number, quantity: number, card_info: CardInfo | null = null): CartHandoffLine => ({ product_id, variant_id, quantity, card_info });

describe('cart handoff: which lines the storefront takes', () => {
  const mug = productFixture({ id: 1, name: 'Mug', variants: [variantFixture({ id: 11 }), variantFixture({ id: 12, color_code: 'red' })] });

  it('should take lines whose product and variant the shop sells', () => {
    const plan = planCartHandoff([line(1, 11, 3), line(1, 12, 2)], [mug], []);
    expect(plan.add.map((planned) => [planned.product.id, planned.variant.id, planned.line.quantity, planned.cardInfo])).toEqual([
      [1, 11, 3, null],
      [1, 12, 2, null],
    ]);
    expect(plan.refused).toEqual([]);
  });

  it('should refuse an unknown product without a name and an unknown variant with the product name', () => {
    const plan = planCartHandoff([line(9, 91, 1), line(1, 99, 1)], [mug], []);
    expect(plan.add).toEqual([]);
    expect(plan.refused).toEqual([
      { line: line(9, 91, 1), reason: 'unknown' },
      { line: line(1, 99, 1), name: 'Mug', reason: 'unknown' },
    ]);
  });

  it('should refuse a sold-out variant (out of stock, or a stock of 0) and one above its stock with the stock', () => {
    const product = productFixture({
      id: 2,
      name: 'Cap',
      variants: [variantFixture({ id: 21, availability: 'out_of_stock' }), variantFixture({ id: 22, stock: 0 }), variantFixture({ id: 23, stock: 4 })],
    });
    const plan = planCartHandoff([line(2, 21, 1), line(2, 22, 1), line(2, 23, 5)], [product], []);
    expect(plan.add).toEqual([]);
    expect(plan.refused.map(({ reason, count, name }) => [reason, count, name])).toEqual([
      ['sold-out', undefined, 'Cap'],
      ['sold-out', undefined, 'Cap'],
      ['stock', 4, 'Cap'],
    ]);
  });

  it('should count what the cart holds against the stock and the shop cap', () => {
    const product = productFixture({ id: 2, name: 'Cap', variants: [variantFixture({ id: 21, stock: 10 }), variantFixture({ id: 22 })] });
    const plan = planCartHandoff([line(2, 21, 5), line(2, 22, 30)], [product], [{ product_id: 2, variant_id: 21, quantity: 6 }], 25);
    expect(plan.add).toEqual([]);
    expect(plan.refused.map(({ reason, count }) => [reason, count])).toEqual([
      ['stock', 10],
      ['stock', 25],
    ]);
  });

  it('should take lines of one variant in order while they fit its stock', () => {
    const product = productFixture({ id: 5, name: 'Cards', is_business_card: true, variants: [variantFixture({ id: 51, stock: 100 })] });
    const ewa = { ...anna, name: 'Ewa' };
    const plan = planCartHandoff([line(5, 51, 60, anna), line(5, 51, 60, ewa), line(5, 51, 40, ewa)], [product], []);
    expect(plan.add.map((planned) => [planned.line.quantity, planned.cardInfo?.name])).toEqual([
      [60, 'Anna'],
      [40, 'Ewa'],
    ]);
    expect(plan.refused).toEqual([{ line: line(5, 51, 60, ewa), name: 'Cards', reason: 'stock', count: 100 }]);
  });

  it('should refuse a line below the per-line minimum, counting the cart, with the minimum', () => {
    const product = productFixture({ id: 3, name: 'Pen', minimum_quantity: 50, variants: [variantFixture({ id: 31 }), variantFixture({ id: 32 })] });
    const plan = planCartHandoff([line(3, 31, 20), line(3, 32, 20)], [product], [{ product_id: 3, variant_id: 31, quantity: 40 }]);
    expect(plan.add.map((planned) => planned.variant.id)).toEqual([31]);
    expect(plan.refused).toEqual([{ line: line(3, 32, 20), name: 'Pen', reason: 'minimum', count: 50 }]);
  });

  it('should judge the minimum across colours and sizes over all the handed lines together', () => {
    const product = productFixture({ id: 4, name: 'Shirt', minimum_total_quantity: 50, variants: [variantFixture({ id: 41 }), variantFixture({ id: 42, stock: 5 })] });
    expect(planCartHandoff([line(4, 41, 30), line(4, 42, 5), line(4, 41, 15)], [product], []).add).toHaveLength(3);
    // A line refused for its stock no longer counts: the rest then falls below the minimum too.
    const plan = planCartHandoff([line(4, 41, 30), line(4, 42, 20)], [product], []);
    expect(plan.add).toEqual([]);
    expect(plan.refused.map(({ reason, count }) => [reason, count])).toEqual([
      ['minimum', 50],
      ['stock', 5],
    ]);
  });

  it('should refuse a business card without card details and drop card details of other products', () => {
    const cards = productFixture({ id: 5, name: 'Cards', is_business_card: true, variants: [variantFixture({ id: 51 })] });
    const plan = planCartHandoff([line(5, 51, 100), line(5, 51, 100, anna), line(1, 11, 1, anna)], [cards, mug], []);
    expect(plan.refused).toEqual([{ line: line(5, 51, 100), name: 'Cards', reason: 'card-details' }]);
    expect(plan.add.map((planned) => [planned.product.id, planned.cardInfo])).toEqual([
      [5, anna],
      [1, null],
    ]);
  });

  it('should keep the handoff order over added and refused lines, whatever the inputs', () => {
    const product = productFixture({ id: 6, name: 'Bag', minimum_quantity: 3, variants: [variantFixture({ id: 61, stock: 20 }), variantFixture({ id: 62, availability: 'out_of_stock' })] });
    fc.assert(
      fc.property(
        fc.array(fc.record({ product_id: fc.constantFrom(6, 7), variant_id: fc.constantFrom(61, 62, 63), quantity: fc.integer({ min: 1, max: 30 }), card_info: fc.constant(null) }), { maxLength: 10 }),
        fc.array(fc.record({ product_id: fc.constant(6), variant_id: fc.constantFrom(61, 62), quantity: fc.integer({ min: 1, max: 30 }) }), { maxLength: 3 }),
        (generated, inCart) => {
          const lines: CartHandoffLine[] = generated;
          const plan = planCartHandoff(lines, [product], inCart);
          expect(plan.add.length + plan.refused.length).toBe(lines.length);
          const taken = new Set(plan.add.map((planned) => planned.line));
          expect([...plan.add.map((planned) => planned.line), ...plan.refused.map((refused) => refused.line)].sort((a, b) => lines.indexOf(a) - lines.indexOf(b))).toEqual(lines);
          const onVariant61 = inCart.filter((held) => held.variant_id === 61).reduce((sum, held) => sum + held.quantity, 0);
          const added61 = lines.filter((handed) => taken.has(handed) && handed.variant_id === 61).reduce((sum, handed) => sum + handed.quantity, 0);
          expect(plan.add.every((planned) => planned.variant.id === 61)).toBe(true);
          // What is taken of it stays within its stock and reaches its minimum.
          expect(added61 === 0 || (onVariant61 + added61 >= 3 && onVariant61 + added61 <= 20)).toBe(true);
        },
      ),
    );
  });
});
