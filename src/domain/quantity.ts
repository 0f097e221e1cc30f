/**
 * Order quantity rules of one product (spec §5: "Minimum quantity per product and a minimum quantity
 * across colours and sizes are enforced"; §8: `sale.qty.minimum`, `sale.qty.exceeded`).
 *
 * The product page checks them before adding to the cart and the server checks them again when an
 * order is placed; both answer with the same error codes, so one message table serves both.
 *
 * @module
 */

/** The quantity limits of a product; missing or `null` means "no such limit". */
export interface QuantityRules {
  /** Minimum pieces on each line, i.e. for each colour + size. */
  minimum_quantity?: number | null;
  /** Minimum pieces across all colours and sizes of the product. */
  minimum_total_quantity?: number | null;
  /** The most that can be ordered now (stock); `null` or missing means unlimited. */
  available_quantity?: number | null;
}

/**
 * A broken quantity rule, with the catalogue code of its message (spec §8) and the `{qty}` it shows:
 * "Minimum product order quantity: {qty}" or "Currently available maximum order quantity: {qty}".
 * `line` is the index of the offending line for a per-line minimum, absent for product-wide errors.
 */
export type QuantityError = {
  code: 'sale.qty.minimum' | 'sale.qty.exceeded';
  qty: number;
  line?: number;
};

/**
 * Every rule the given lines of one product break, in a stable order: per-line minimums (by line
 * index), then the minimum across colours and sizes, then the available maximum.
 *
 * `lineQuantities` are the quantities of the product's lines (one per colour + size). A line of 0
 * means "not ordering this one" (e.g. an empty cell in a size grid): it is not held to the per-line
 * minimum. With nothing ordered at all there is nothing to check, so the answer is `[]`.
 * `available_quantity` of 0 means sold out: any order exceeds it.
 *
 * @throws {RangeError} when a quantity is not a non-negative integer (NaN, Infinity, 2.5, -1): that
 *   is a bug in the caller's parsing, not something a buyer can be told to fix.
 */
export function checkProductQuantities(
  rules: QuantityRules,
  lineQuantities: readonly number[],
): QuantityError[] {
  for (const q of lineQuantities) {
    if (!Number.isInteger(q) || q < 0) {
      throw new RangeError(`line quantities must be non-negative integers, got ${q}`);
    }
  }
  const total = lineQuantities.reduce((sum, q) => sum + q, 0);
  if (total === 0) return [];

  const errors: QuantityError[] = [];
  // A minimum of 0 or less can never be broken by a positive quantity, so it needs no special case.
  const perLine = rules.minimum_quantity;
  if (perLine != null) {
    lineQuantities.forEach((q, line) => {
      if (q > 0 && q < perLine) errors.push({ code: 'sale.qty.minimum', qty: perLine, line });
    });
  }
  const perProduct = rules.minimum_total_quantity;
  if (perProduct != null && total < perProduct) {
    errors.push({ code: 'sale.qty.minimum', qty: perProduct });
  }
  const available = rules.available_quantity;
  if (available != null && total > available) {
    errors.push({ code: 'sale.qty.exceeded', qty: Math.max(0, available) });
  }
  return errors;
}

/** Availability of a variant as the catalogue reports it (contract `AvailabilitySchema`). */
export type Availability = 'in_stock' | 'in_delivery' | 'out_of_stock';

/**
 * How many pieces of a variant can be ordered now, `null` for no limit; the one reading shared by the
 * product page, the cart and the server's order check. A variant "in delivery" may be ordered whatever
 * its stock says (it is on its way); an "out of stock" one cannot be ordered at all, even when its
 * stock column was left empty or positive (refusing is the safe reading of contradictory data).
 * Otherwise the stock decides (`null` = unlimited); a negative stock counts as 0.
 */
export function variantLimit(variant: { stock: number | null; availability: Availability }): number | null {
  if (variant.availability === 'in_delivery') return null;
  if (variant.availability === 'out_of_stock') return 0;
  return variant.stock === null ? null : Math.max(0, variant.stock);
}

/**
 * The most pieces of one variant a single order takes when neither the shop nor the stock sets a
 * limit. Lines accept up to 1,000,000 pieces, and an unlimited variant would otherwise let one order
 * of an unpaid online payment claim absurd quantities.
 */
export const DEFAULT_MAX_LINE_QUANTITY = 10_000;

/**
 * The most pieces of one variant (colour + size; lines of one variant count together) a single order
 * may take: the shop's cap (`max_line_quantity`, when it sets a positive whole number), never above
 * what the variant has ({@link variantLimit}); without a shop cap the variant's stock when it is
 * limited, else {@link DEFAULT_MAX_LINE_QUANTITY}. 0 for a variant that cannot be ordered. The one
 * maximum shared by the product page's counter, the cart's counters and the server's order check,
 * which all answer a quantity above it with `sale.qty.exceeded` and this number.
 */
export function maxLineQuantity(variant: { stock: number | null; availability: Availability }, shopMax?: number | null): number {
  const limit = variantLimit(variant);
  const cap = shopMax != null && Number.isInteger(shopMax) && shopMax > 0 ? shopMax : null;
  if (cap === null) return limit ?? DEFAULT_MAX_LINE_QUANTITY;
  return limit === null ? cap : Math.min(limit, cap);
}

/** A broken rule of {@link judgeQuantities}, with the variant it concerns (`null`: product-wide). */
export interface JudgedQuantityError {
  code: QuantityError['code'];
  qty: number;
  variant_id: number | null;
}

/**
 * The one verdict on how much of one product is ordered, shared by the product page (the cart's
 * pieces plus the ones being added), the cart review and the server's order check. `quantities` are
 * the pieces per variant (lines of one variant count together); `maximumOf` gives a variant's maximum
 * ({@link maxLineQuantity}: its stock, the shop's cap, else {@link DEFAULT_MAX_LINE_QUANTITY}), or
 * `null` to leave that variant's maximum unjudged (a caller that does not know the variant).
 *
 * The rules, in the order reported (the server answers with the first): each variant's per-line
 * minimum (variants in the order given), the minimum across colours and sizes, then each variant's
 * maximum. A variant of 0 pieces is not ordered: no minimum applies to it. There are no box-multiple
 * rules: boxes only price (spec §9, `quantityInBox` in pricing.ts), any whole quantity may be ordered.
 */
export function judgeQuantities(
  rules: Pick<QuantityRules, 'minimum_quantity' | 'minimum_total_quantity'>,
  quantities: ReadonlyMap<number, number>,
  maximumOf: (variantId: number) => number | null,
): JudgedQuantityError[] {
  const ids = [...quantities.keys()];
  const errors: JudgedQuantityError[] = checkProductQuantities(
    { minimum_quantity: rules.minimum_quantity, minimum_total_quantity: rules.minimum_total_quantity },
    ids.map((id) => quantities.get(id) ?? 0),
  ).map(({ code, qty, line }) => ({ code, qty, variant_id: line === undefined ? null : (ids[line] ?? null) }));
  for (const [variantId, quantity] of quantities) {
    const maximum = maximumOf(variantId);
    if (maximum === null) continue;
    for (const { code, qty } of checkProductQuantities({ available_quantity: maximum }, [quantity])) errors.push({ code, qty, variant_id: variantId });
  }
  return errors;
}
