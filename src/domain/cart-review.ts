import { isSpendable, planSpend, type SpendableAssignment } from './budget-spend.ts';
import { counterBounds, type CounterBounds } from './counter-bounds.ts';
import { judgeQuantities, maxLineQuantity, type Availability, type QuantityError } from './quantity.ts';

/**
 * What the cart screen tells the buyer before checkout (spec §5 quantity rules, §8 budget texts):
 * each line's bounds and broken rules against the shop's current products, each budget's subtotal
 * against the points left, and the reasons checkout cannot start yet. Pure: the store feeds it the
 * cart, the products as the API last answered and the user's budget assignments; the server checks
 * the same rules again when the order is placed (`orderQuantityErrors`, the budget spend).
 *
 * @module
 */

/** A cart line as the review reads it (the cart store's priced lines fit). */
export interface ReviewLine {
  /** The line's key in the cart (see the cart store's `lineKey`). */
  key: string;
  product_id: number;
  variant_id: number;
  quantity: number;
  budget: { id: number } | null;
}

/** A product as the review reads it: its quantity rules and its variants' stock (contract `Product`). */
export interface ReviewProduct {
  minimum_quantity: number | null;
  minimum_total_quantity: number | null;
  variants: readonly { id: number; stock: number | null; availability: Availability }[];
}

/** A budget assignment of the user as the review reads it (contract `UserBudget`; see `budget-spend.ts`). */
export type ReviewAssignment = SpendableAssignment;

/**
 * One line's problems and its counter's bounds ({@link counterBounds}: from the per-line minimum, at
 * least 1, to the variant's maximum less what other lines of the variant hold; no maximum when not
 * known).
 */
export interface LineReview extends CounterBounds {
  /** Broken per-line rules: the per-line minimum, the variant's available maximum (spec §8 texts). */
  errors: QuantityError[];
  /** The product or its variant is no longer sold here, or the variant is out of stock. */
  unavailable: boolean;
  /** Points shop: the line's budget has no active assignment for the user (or the product has none). */
  inactiveBudget: boolean;
}

/** What one budget pays for in the cart (points shops). */
export interface BudgetReview {
  budget_id: number;
  /** Points the cart takes from it. */
  needed: number;
  /** Points left on the user's active assignments of it, all together; `null` without an active one. */
  pointsLeft: number | null;
  /** Why it cannot pay: no active assignment, or too few points; `null` when it can. */
  problem: 'budgets.inactive_in_cart' | 'budgets.not_enough_points' | null;
}

/**
 * Why checkout cannot start, as i18n keys, each once, in this order: products no longer available,
 * quantities that break a rule, a line with an inactive budget (or none), a budget without enough
 * points, and the user having no active budget at all in a points shop.
 */
export type CartBlocker =
  | 'cart.blocked.unavailable'
  | 'cart.blocked.quantities'
  | 'budgets.inactive_in_cart'
  | 'budgets.not_enough_points'
  | 'cart.blocked.no_active_budget';

/** The whole review. */
export interface CartReview {
  /** Per line key. */
  lines: ReadonlyMap<string, LineReview>;
  /** Product-wide broken rules (the minimum across colours and sizes), per product id. */
  products: ReadonlyMap<number, QuantityError[]>;
  /** Per budget the cart uses, in order of first line; empty outside points shops or without a user. */
  budgets: readonly BudgetReview[];
  blockers: readonly CartBlocker[];
  /** A non-empty cart with no blocker. */
  canCheckout: boolean;
}

/** What the review knows about the buyer's budgets; `null` when budgets do not apply (money shop, guest). */
export interface BudgetContext {
  assignments: readonly ReviewAssignment[];
  /** Points the cart takes from each budget id (the cart store's `cartBudgetTotals`). */
  needed: ReadonlyMap<number, number>;
  /** When the assignments are judged (active = switched on, started, not expired); default: now. */
  now?: Date;
}

/** Keeps the first of each equal error. */
function pushOnce(errors: QuantityError[], error: QuantityError): void {
  if (!errors.some((known) => known.code === error.code && known.qty === error.qty)) errors.push({ code: error.code, qty: error.qty });
}

/**
 * Reviews the cart.
 *
 * - `products`: what the shop answered for each product id it was asked about: the product, or `null`
 *   when it is no longer sold here. A product not asked about yet (absent key: not loaded, the load
 *   failed, or added since) is not judged (the server still judges it) and does not count as unavailable.
 * - Quantity rules are judged as the server judges an order: pieces of one variant count together
 *   (two business cards of one variant are one line for the rules), per-line minimum and the
 *   variant's maximum per variant (`maxLineQuantity` with the shop's cap `shopMax`), the minimum across
 *   colours and sizes per product.
 * - `budgets`: in a points shop with a logged-in user, each budget's need against its active points.
 */
export function reviewCart(
  lines: readonly ReviewLine[],
  products: ReadonlyMap<number, ReviewProduct | null>,
  budgets: BudgetContext | null,
  shopMax: number | null = null,
): CartReview {
  const lineReviews = new Map<string, LineReview>();
  const productErrors = new Map<number, QuantityError[]>();
  const blockers = new Set<CartBlocker>();

  // Pieces per product and variant, as the order rules count them.
  const byVariant = new Map<number, Map<number, number>>();
  for (const line of lines) {
    const variants = byVariant.get(line.product_id) ?? new Map<number, number>();
    variants.set(line.variant_id, (variants.get(line.variant_id) ?? 0) + line.quantity);
    byVariant.set(line.product_id, variants);
  }

  // Product-wide and per-variant errors.
  const variantErrors = new Map<string, QuantityError[]>();
  for (const [productId, variants] of byVariant) {
    const product = products.get(productId);
    if (!product) continue;
    // A variant that cannot be ordered at all (maximum 0) is flagged unavailable, not "too many".
    const maximumOf = (variantId: number) => {
      const variant = product.variants.find((candidate) => candidate.id === variantId);
      const maximum = variant ? maxLineQuantity(variant, shopMax) : 0;
      return maximum === 0 ? null : maximum;
    };
    for (const { code, qty, variant_id } of judgeQuantities(product, variants, maximumOf)) {
      const error = { code, qty };
      if (variant_id === null) {
        const list = productErrors.get(productId) ?? [];
        pushOnce(list, error);
        productErrors.set(productId, list);
      } else {
        const key = `${productId}:${variant_id}`;
        const list = variantErrors.get(key) ?? [];
        pushOnce(list, error);
        variantErrors.set(key, list);
      }
    }
  }
  if (productErrors.size > 0) blockers.add('cart.blocked.quantities');

  // Budgets: what each one must pay against the points left on ALL its active assignments together
  // (the budget rule of budget-spend.ts: an order spends the one expiring first, then the next).
  const budgetReviews: BudgetReview[] = [];
  const activeBudgets = new Set<number>();
  if (budgets) {
    const now = budgets.now ?? new Date();
    const ids: number[] = [];
    for (const line of lines) {
      const id = line.budget?.id;
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
    const plan = planSpend(
      ids.map((id) => ({ budget_id: id, points: budgets.needed.get(id) ?? 0 })),
      budgets.assignments,
      now,
    );
    for (const assignment of budgets.assignments) if (isSpendable(assignment, now)) activeBudgets.add(assignment.budget_id);
    for (const spend of plan.budgets) {
      const pointsLeft = spend.standing === 'active' ? spend.spendable : null;
      const problem = pointsLeft === null ? 'budgets.inactive_in_cart' : spend.shortfall > 0 ? 'budgets.not_enough_points' : null;
      budgetReviews.push({ budget_id: spend.budget_id, needed: spend.needed, pointsLeft, problem });
    }
  }

  for (const line of lines) {
    const product = products.get(line.product_id);
    const variant = product?.variants.find((candidate) => candidate.id === line.variant_id);
    const maximum = variant ? maxLineQuantity(variant, shopMax) : null;
    const unavailable = products.has(line.product_id) && (!product || !variant || maximum === 0);
    const otherPieces = (byVariant.get(line.product_id)?.get(line.variant_id) ?? line.quantity) - line.quantity;
    const errors = unavailable ? [] : (variantErrors.get(`${line.product_id}:${line.variant_id}`) ?? []);
    const inactiveBudget = budgets !== null && (line.budget === null || !activeBudgets.has(line.budget.id));
    // An unavailable line's maximum is null or 0, which leaves the counter without a maximum.
    lineReviews.set(line.key, {
      ...counterBounds(maximum, { lineMinimum: product?.minimum_quantity, otherPieces }),
      errors,
      unavailable,
      inactiveBudget,
    });
    if (unavailable) blockers.add('cart.blocked.unavailable');
    if (errors.length > 0) blockers.add('cart.blocked.quantities');
  }

  const ordered: CartBlocker[] = ['cart.blocked.unavailable', 'cart.blocked.quantities'];
  if ([...lineReviews.values()].some((review) => review.inactiveBudget)) blockers.add('budgets.inactive_in_cart');
  if (budgetReviews.some((review) => review.problem === 'budgets.not_enough_points')) blockers.add('budgets.not_enough_points');
  if (budgets !== null && activeBudgets.size === 0 && lines.length > 0) blockers.add('cart.blocked.no_active_budget');
  ordered.push('budgets.inactive_in_cart', 'budgets.not_enough_points', 'cart.blocked.no_active_budget');
  const blockerList = ordered.filter((blocker) => blockers.has(blocker));

  return {
    lines: lineReviews,
    products: productErrors,
    budgets: budgetReviews,
    blockers: blockerList,
    canCheckout: lines.length > 0 && blockerList.length === 0,
  };
}
