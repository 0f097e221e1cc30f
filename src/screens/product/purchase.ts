import type { Product, UserBudget, Variant } from '../../contract/contract.ts';
import { budgetStanding, spendableIn, spendVerdict } from '../../domain/budget-spend.ts';
import { counterBounds, withinCounterMax } from '../../domain/counter-bounds.ts';
import { judgeQuantities, maxLineQuantity, variantLimit, type QuantityError } from '../../domain/quantity.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * The product page's purchase rules as pure functions (no React, no signals), so each one is tested
 * on its own: which variant is shown, how many pieces can be ordered, which quantity and budget rules
 * an order of the chosen quantity would break, and how long a group buy still runs.
 *
 * @module
 */

/** The cart lines of one product as these rules read them (the cart store's lines fit). */
export interface CartQuantityLine {
  product_id: number;
  variant_id: number;
  quantity: number;
}

/** What the cart already holds of one product: all its pieces, and the pieces of each variant. */
export interface InCart {
  product: number;
  byVariant: ReadonlyMap<number, number>;
}

/** What the cart already holds of product `productId`. */
export function inCartOf(lines: readonly CartQuantityLine[], productId: number): InCart {
  const byVariant = new Map<number, number>();
  let product = 0;
  for (const line of lines) {
    if (line.product_id !== productId) continue;
    product += line.quantity;
    byVariant.set(line.variant_id, (byVariant.get(line.variant_id) ?? 0) + line.quantity);
  }
  return { product, byVariant };
}

/** Whether any piece of the variant can be ordered (it is not out of stock, nor at a stock of 0). */
export function isOrderable(variant: Pick<Variant, 'stock' | 'availability'>): boolean {
  return variantLimit(variant) !== 0;
}

/** The variant with exactly this colour and size (codes compared as given; `null` = none). */
export function findVariant(variants: readonly Variant[], colour: string | null, size: string | null): Variant | undefined {
  return variants.find((variant) => variant.color_code === colour && variant.size_code === size);
}

/** The variant shown first: the first one that can be ordered, else the first one. */
export function initialVariant(variants: readonly Variant[]): Variant | undefined {
  return variants.find(isOrderable) ?? variants[0];
}

/**
 * The variant to show after the buyer picks `colour`: the same size in that colour when it exists,
 * else the first orderable variant of that colour, else its first variant.
 */
export function variantForColour(variants: readonly Variant[], colour: string | null, size: string | null): Variant | undefined {
  const sameSize = findVariant(variants, colour, size);
  if (sameSize) return sameSize;
  const ofColour = variants.filter((variant) => variant.color_code === colour);
  return ofColour.find(isOrderable) ?? ofColour[0];
}

/** The distinct non-null values of `pick` over the variants, in their first order. */
export function distinctCodes(variants: readonly Variant[], pick: (variant: Variant) => string | null): string[] {
  const codes: string[] = [];
  for (const variant of variants) {
    const code = pick(variant);
    if (code !== null && code !== '' && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/**
 * The quantity the counter starts from (and returns to after an add): the smallest order that breaks
 * no minimum, given what the cart already holds (at least 1), but never above the variant's maximum
 * (`maxLineQuantity`: its stock, the shop's cap `shopMax`, else 10,000).
 */
export function defaultQuantity(
  product: Pick<Product, 'minimum_quantity' | 'minimum_total_quantity'>,
  variant: Variant | undefined,
  inCart: InCart,
  shopMax: number | null = null,
): number {
  const inVariant = variant ? (inCart.byVariant.get(variant.id) ?? 0) : 0;
  const wanted = Math.max(1, (product.minimum_quantity ?? 0) - inVariant, (product.minimum_total_quantity ?? 0) - inCart.product);
  return withinCounterMax(wanted, counterBounds(variant ? maxLineQuantity(variant, shopMax) : null));
}

/**
 * The quantity rules (spec §5, §8) an add of `quantity` pieces of `variant` would break, counting what
 * the cart already holds, as the server checks an order:
 * - the per-line minimum on the chosen variant's line (cart + new pieces);
 * - the minimum across colours and sizes (every line of the product + new pieces);
 * - the variant's maximum (its cart pieces + new ones against `maxLineQuantity`: its stock, the
 *   shop's cap `shopMax`, else 10,000; the server refuses an order above it the same way).
 *
 * Other lines already in the cart are not judged here (they were checked when added). Errors with
 * the same code and quantity are reported once. `[]` for a quantity of 0.
 */
export function quantityErrors(
  product: Pick<Product, 'minimum_quantity' | 'minimum_total_quantity'>,
  variant: Variant,
  quantity: number,
  inCart: InCart,
  shopMax: number | null = null,
): QuantityError[] {
  if (quantity <= 0) return [];
  const lines = new Map(inCart.byVariant);
  lines.set(variant.id, (lines.get(variant.id) ?? 0) + quantity);
  // Only the chosen variant is judged per variant: the cart's other lines were judged when added.
  const judged = judgeQuantities(product, lines, (id) => (id === variant.id ? maxLineQuantity(variant, shopMax) : null));
  const errors: QuantityError[] = [];
  for (const { code, qty, variant_id } of judged) {
    if (variant_id !== null && variant_id !== variant.id) continue;
    if (!errors.some((error) => error.code === code && error.qty === qty)) errors.push({ code, qty });
  }
  return errors;
}

/** What a points shop's budget rules say about adding the product (spec §8). */
export interface BudgetCheck {
  /** Points left on the user's active assignments of the product's budget; `null` without one. */
  pointsLeft: number | null;
  /** Why the product cannot be added now, as an i18n key; `null` when it can. */
  problem: Extract<MessageKey, 'budgets.expired_product' | 'budgets.not_enough_points' | 'budgets.error.no_budget'> | null;
}

/**
 * Whether the user's budget assignments let the cart take `needed` points from budget `budgetId`
 * (what the cart already takes from it, with this product at its new quantity), by the budget rule
 * of `src/domain/budget-spend.ts`:
 * - an active assignment is needed (switched on, started, not expired at `now`); without one the
 *   budget "has expired" when some assignment of it expired, and otherwise the user was never given
 *   it, or it has not started or was switched off (`budgets.error.no_budget`);
 * - the points left on ALL the active assignments together must cover `needed` (an order spends the
 *   one expiring first, then the next), else "not enough points".
 */
export function checkBudget(budgetId: number, assignments: readonly UserBudget[], needed: number, now: Date = new Date()): BudgetCheck {
  if (budgetStanding(budgetId, assignments, now) !== 'active') {
    const expired = assignments.some((assignment) => assignment.budget_id === budgetId && (assignment.status === 'expired' || Date.parse(assignment.expiry_date) <= now.getTime()));
    return { pointsLeft: null, problem: expired ? 'budgets.expired_product' : 'budgets.error.no_budget' };
  }
  const pointsLeft = spendableIn(budgetId, assignments, now);
  return { pointsLeft, problem: spendVerdict([{ budget_id: budgetId, points: needed }], assignments, now) === 'fine' ? null : 'budgets.not_enough_points' };
}

/** How often the group-buy countdown is refreshed: it shows minutes, so once a minute. */
export const GROUP_BUY_TICK_MS = 60_000;

/** Time left until a group buy ends, in whole days, hours and minutes. */
export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
}

/**
 * Time left from `now` until `endsAt`, rounded UP to the minute (30 s left still shows "1 min", so
 * the countdown never reads 0 while the offer runs); `null` once it has ended or for a date that
 * cannot be read.
 */
export function timeLeft(endsAt: string, now: Date): TimeLeft | null {
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return null;
  const ms = end - now.getTime();
  if (ms <= 0) return null;
  const total = Math.ceil(ms / 60_000);
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}
