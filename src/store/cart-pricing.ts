import { computed } from '@preact/signals-react';
import { totalQuantityByProduct } from '../domain/cart.ts';
import { pointsLineTotal, pointsTotal, roundUnitPrice, shownLine, unitPrice, vatRate, vatTotals, type VatRateTotals } from '../domain/pricing.ts';
import { pageSingleton } from '../page-singleton.ts';
import type { CartLine } from './cart-line.ts';
import { lineKey } from './cart-keys.ts';
import { lines } from './cart-state.ts';
import { isPointsShop, shop } from './shop.ts';
import { sharedByKey } from './structural-sharing.ts';

/**
 * The priced cart: unit prices, line totals and order totals by the domain's pricing rules, recomputed
 * from the lines' pricing snapshots whenever the cart or the shop changes.
 *
 * @module
 */

/** A cart line with its key and prices, as {@link cartTotals} gives it. */
export interface PricedCartLine {
  /** The line's {@link lineKey}, for `setCartQuantity` / `removeFromCart` and as a list key. */
  key: string;
  line: CartLine;
  /** The unit price by the domain's `unitPrice` for the product's TOTAL quantity in the cart, as the product stores it (gross when `vat_included`); points in a points shop. */
  unitPrice: number;
  /** The unit price to show: gross or net per the shop's `is_gross` (`displayPrice`); points in a points shop. */
  displayUnitPrice: number;
  /** The line's total as the shop shows it (gross or net, or points): `displayUnitPrice × quantity`, rounded to cents (`shownLine`). */
  total: number;
}

/** The priced cart: its lines and the order totals of a money shop or of a points shop. */
export type CartTotalsSummary =
  | {
      kind: 'money';
      lines: readonly PricedCartLine[];
      net: number;
      vat: number;
      gross: number;
      /** `gross` in a gross shop (`is_gross`), `net` otherwise: the sum of the lines' `total`. */
      total: number;
      /** The VAT summary per rate, highest rate first. */
      rates: VatRateTotals[];
    }
  | {
      kind: 'points';
      lines: readonly PricedCartLine[];
      /** Points to pay (points carry no VAT). */
      total: number;
    };

/**
 * The priced cart. Each line's unit price comes from the domain's `unitPrice` for the product's TOTAL
 * quantity across all its lines (tiers count colours and sizes together, spec §9), so 60 + 50 pieces
 * of a 1–99 / 100+ product both get the 100+ price. Each line is its shown unit price × quantity
 * (`shownLine`), and net, VAT and gross come from the VAT summary per rate (`vatTotals`, with `total`
 * gross or net per `is_gross`: the sum of the shown lines); points by `pointsTotal` in a pkt shop.
 * Group Buy end times are checked when the cart or the shop changes.
 */
export const cartTotals = pageSingleton('cart.totals', () => {
  // A line whose data and prices did not change keeps its object, so list rows can skip re-rendering.
  const shared = sharedByKey<PricedCartLine>();
  return computed<CartTotalsSummary>(() => {
    const cart = lines.value;
    const points = isPointsShop.value;
    const isGross = shop.value?.is_gross ?? false;
    const byProduct = totalQuantityByProduct(cart);
    const now = new Date();
    const priced = cart.map((line): PricedCartLine => {
      const unit = unitPrice(line.pricing, byProduct.get(line.product_id) ?? line.quantity, now);
      const totalsLine = { unit_price: unit, quantity: line.quantity, vat: line.pricing.vat, vat_included: line.pricing.vat_included };
      const key = lineKey(line);
      if (points) return shared.keep(key, { key, line, unitPrice: unit, displayUnitPrice: roundUnitPrice(unit), total: pointsLineTotal(totalsLine) });
      const shown = shownLine(totalsLine, isGross);
      return shared.keep(key, { key, line, unitPrice: unit, displayUnitPrice: shown.unit, total: shown.total });
    });
    shared.done();
    if (points) {
      return { kind: 'points', lines: priced, total: pointsTotal(priced.map((p) => ({ unit_price: p.unitPrice, quantity: p.line.quantity }))) };
    }
    // The VAT summary per rate of the shown line totals (docs/api.md "Prices and rounding").
    const summary = vatTotals(
      priced.map((p) => ({ total: p.total, rate: vatRate(p.line.pricing) })),
      isGross,
    );
    return { kind: 'money', lines: priced, net: summary.net, vat: summary.vat, gross: summary.gross, total: isGross ? summary.gross : summary.net, rates: summary.rates };
  });
});

/**
 * Points the cart takes from each budget (budget id → points) in a points shop, for the budget
 * checks and "In your cart" texts; empty in a money shop and for lines without a budget.
 */
export const cartBudgetTotals = pageSingleton('cart.budgetTotals', () =>
  computed<ReadonlyMap<number, number>>(() => {
    const summary = cartTotals.value;
    const byBudget = new Map<number, number>();
    if (summary.kind !== 'points') return byBudget;
    const grouped = new Map<number, { unit_price: number; quantity: number }[]>();
    for (const priced of summary.lines) {
      const budget = priced.line.budget;
      if (!budget) continue;
      const group = grouped.get(budget.id) ?? [];
      group.push({ unit_price: priced.unitPrice, quantity: priced.line.quantity });
      grouped.set(budget.id, group);
    }
    for (const [id, group] of grouped) byBudget.set(id, pointsTotal(group));
    return byBudget;
  }),
);
