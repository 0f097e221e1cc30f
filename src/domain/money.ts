/**
 * Money arithmetic shared by the browser and the server.
 *
 * Prices arrive as JavaScript numbers (e.g. `12.3`), and binary floating point cannot represent most
 * decimal fractions exactly: `1.005 * 100` is `100.49999999999999`. Every rounding and every sum of
 * money therefore goes through this module, so the client and the server (which is the authority on
 * prices) always agree to the cent.
 *
 * @module
 */

/**
 * Significant digits kept when snapping a value to cents before rounding.
 *
 * A double carries ~15.9 significant decimal digits; keeping 15 throws away exactly the noise that
 * multiplication and division add (`1.005 * 100 → 100.49999999999999 → 100.5`) while leaving every
 * real amount up to 10^13 cents untouched.
 */
const SNAP_DIGITS = 15;

/** `x × scale` rounded half away from zero to an integer, snapped first (see {@link SNAP_DIGITS}). */
function toUnits(x: number, scale: number): number {
  if (!Number.isFinite(x)) return x;
  const units = Math.sign(x) * Math.round(Number((Math.abs(x) * scale).toPrecision(SNAP_DIGITS)));
  // `Math.sign(-0.001) * 0` is `-0`, which would print as "-0.00" in some formatters.
  return units === 0 ? 0 : units;
}

/**
 * Converts an amount to whole cents (an integer), rounding half away from zero.
 *
 * Exposed because sums, differences and comparisons of money are only exact on integers: work in
 * cents, then divide by 100 once at the end.
 *
 * Non-finite input (`NaN`, `±Infinity`) is returned unchanged so a broken price stays visibly broken
 * instead of silently becoming `0`.
 */
export function toCents(x: number): number {
  return toUnits(x, 100);
}

/**
 * Rounds an amount to 2 decimals, half away from zero (`1.005 → 1.01`, `-1.005 → -1.01`).
 *
 * Half away from zero is the commercial rounding used on invoices; `Math.round` alone rounds
 * `-0.5` towards +∞ and `toFixed` trips over binary representation (`(1.005).toFixed(2) === "1.00"`).
 * Non-finite input is returned unchanged (see {@link toCents}).
 */
export function roundMoney(x: number): number {
  if (!Number.isFinite(x)) return x;
  return toCents(x) / 100;
}

/**
 * Sums amounts exactly, by rounding each to cents and adding integers.
 *
 * Adding floats accumulates error (`0.1 + 0.2 === 0.30000000000000004`), and the order of the sum would
 * change the result; integer cents make cart totals identical wherever they are computed.
 * An empty list sums to `0`.
 */
export function sumMoney(values: readonly number[]): number {
  let cents = 0;
  for (const value of values) cents += toCents(value);
  return cents / 100;
}

/**
 * Rounds to `decimals` places (0–6), half away from zero, with the same snapping as {@link toCents}.
 *
 * For the few amounts that are not whole cents: unit prices below 1 keep up to 4 decimals
 * (`roundUnitPrice` in `pricing.ts`). Non-finite input is returned unchanged.
 */
export function roundTo(x: number, decimals: number): number {
  return toUnits(x, 10 ** decimals) / 10 ** decimals;
}
