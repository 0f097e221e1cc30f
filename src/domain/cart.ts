/**
 * Cart line identity and merging (spec §9: "Cart lines of the same product merge by colour and size;
 * group-buy lines merge by product only").
 *
 * All functions are pure and return new arrays, so the store can assign the result to a signal and
 * `computed` values (counts, totals) re-run. They are generic over the line type: whatever else a cart
 * item carries (product snapshot, price, business-card details) travels along untouched.
 *
 * @module
 */

/** The fields that decide whether two cart lines are the same line. */
export interface CartLineIdentity {
  product_id: number;
  color_code?: string | null;
  size_code?: string | null;
  /** `true` for a line bought through the product's Group Buy: such lines merge by product only. */
  groupbuy?: boolean;
}

/** A cart line as these rules see it: an identity, a quantity, and anything else the caller keeps. */
export interface CartLine extends CartLineIdentity {
  quantity: number;
  [k: string]: unknown;
}

/** The minimal line shape the functions below accept. */
type Line = CartLineIdentity & { quantity: number };

/** Encodes a code so that `|` inside it cannot fake a separator; missing and '' are equal. */
function part(code: string | null | undefined): string {
  return encodeURIComponent(code ?? '');
}

/**
 * A string that is equal for two lines exactly when they should merge: `"12|RED|XL"` for a regular
 * line (product, colour, size), `"12|groupbuy"` for a Group Buy line (product only).
 *
 * Codes are URI-encoded so that no colour or size code can collide with another line's key; a missing
 * code and an empty one are the same "no colour"/"no size". Stable across sessions, so it may be stored
 * and used as a list key in the UI.
 */
export function cartLineKey(line: CartLineIdentity): string {
  if (line.groupbuy === true) return `${line.product_id}|groupbuy`;
  return `${line.product_id}|${part(line.color_code)}|${part(line.size_code)}`;
}

/** Quantities in a cart are whole pieces. */
function assertQuantity(quantity: number, what: string): void {
  if (!Number.isInteger(quantity)) {
    throw new RangeError(`${what} must be an integer number of pieces, got ${quantity}`);
  }
}

/**
 * Adds `line` to the cart: when a line with the same {@link cartLineKey} exists, its quantity grows by
 * `line.quantity` and it keeps its position and its other fields; otherwise `line` is appended.
 *
 * Keeping the existing line in place stops the cart list jumping when the buyer adds more of
 * something. Returns a new array; neither the input array nor its lines are mutated.
 *
 * @throws {RangeError} when `line.quantity` is not a positive integer (adding nothing, or a negative
 *   amount, is a caller bug, not a cart operation; use {@link setLineQuantity} to lower a quantity).
 */
export function mergeLine<T extends Line>(lines: readonly T[], line: T): T[] {
  assertQuantity(line.quantity, 'quantity to add');
  if (line.quantity <= 0) {
    throw new RangeError(`quantity to add must be positive, got ${line.quantity}`);
  }
  const key = cartLineKey(line);
  const index = lines.findIndex((l) => cartLineKey(l) === key);
  if (index === -1) return [...lines, line];
  return lines.map((l, i) => (i === index ? { ...l, quantity: l.quantity + line.quantity } : l));
}

/**
 * Sets the quantity of the line with `key`; a quantity of 0 or less removes it (the numeric counter
 * counts an empty field as 0, spec §5). An unknown key leaves the cart as it is. Returns a new array.
 *
 * @throws {RangeError} when `quantity` is not an integer.
 */
export function setLineQuantity<T extends Line>(lines: readonly T[], key: string, quantity: number): T[] {
  assertQuantity(quantity, 'quantity');
  if (quantity <= 0) return removeLine(lines, key);
  return lines.map((l) => (cartLineKey(l) === key ? { ...l, quantity } : l));
}

/** The cart without the line with `key` (a new array; an unknown key changes nothing). */
export function removeLine<T extends CartLineIdentity>(lines: readonly T[], key: string): T[] {
  return lines.filter((l) => cartLineKey(l) !== key);
}

/** The number of pieces in the cart, for the cart button's badge. */
export function cartCount(lines: readonly { quantity: number }[]): number {
  let count = 0;
  for (const line of lines) count += line.quantity;
  return count;
}

/**
 * Each product's total quantity across its colours, sizes and Group Buy line.
 *
 * Price tiers and the minimum quantity across colours and sizes are judged on this total, not per line
 * (spec §5, §9), so pass `map.get(product_id)` to `unitPrice` and `checkProductQuantities`.
 */
export function totalQuantityByProduct(
  lines: readonly { product_id: number; quantity: number }[],
): Map<number, number> {
  const totals = new Map<number, number>();
  for (const line of lines) {
    totals.set(line.product_id, (totals.get(line.product_id) ?? 0) + line.quantity);
  }
  return totals;
}
