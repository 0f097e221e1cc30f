/**
 * The bounds of a quantity counter for one variant's pieces, one rule for the product page's counter
 * and the cart's line counters: both take the variant's maximum (`maxLineQuantity` of `quantity.ts`:
 * its stock, the shop's cap, else 10,000) and never let the counter go below 1.
 *
 * @module
 */

/** What a quantity counter allows. */
export interface CounterBounds {
  /** The least the counter allows: the line's minimum when it has one, at least 1. */
  min: number;
  /**
   * The most the counter allows: the variant's maximum less the pieces other lines of the variant
   * hold, at least 1; `null` (no bound) when the maximum is not known or is 0, the variant cannot be
   * ordered at all (the screen says so instead of offering a counter of nothing).
   */
  max: number | null;
}

/** What else bounds a counter besides the variant's maximum. */
export interface CounterLimits {
  /**
   * The per-line minimum the counter enforces (the cart's line); `null` or left out: 1. The product
   * page leaves it out: what it adds counts together with the cart, so its minimum is a rule it
   * explains under the counter, not a bound.
   */
  lineMinimum?: number | null;
  /** Pieces of the same variant on other lines, which the variant's maximum covers too; default 0. */
  otherPieces?: number;
}

/**
 * The bounds of a counter of one variant's pieces, from the variant's maximum (`maxLineQuantity`;
 * `null` when the variant is not known).
 */
export function counterBounds(variantMaximum: number | null, { lineMinimum = null, otherPieces = 0 }: CounterLimits = {}): CounterBounds {
  return {
    min: Math.max(1, lineMinimum ?? 1),
    max: variantMaximum === null || variantMaximum <= 0 ? null : Math.max(1, variantMaximum - otherPieces),
  };
}

/**
 * A quantity brought down to the counter's maximum, as the counter would show it; as it is when the
 * counter has no maximum. Not raised to the minimum: a quantity below it is a rule the screen
 * explains, not one it silently changes.
 */
export function withinCounterMax(quantity: number, bounds: CounterBounds): number {
  return bounds.max === null ? quantity : Math.min(quantity, bounds.max);
}
