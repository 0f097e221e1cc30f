/**
 * Boxes (spec §3, §9): pieces in a variant's box, boxes needed for a quantity, the price of a box.
 *
 * @module
 */
import { DEFAULT_QUANTITY_IN_BOX } from '../contract/contract.ts';
import { roundMoney } from './money.ts';

/**
 * Pieces per box of a variant, {@link DEFAULT_QUANTITY_IN_BOX} when missing, not a positive integer,
 * or zero: a box of 0 or 2.5 pieces would make box counts divide by zero or be meaningless.
 */
export function quantityInBox(variant: { quantity_in_box?: number | null }): number {
  const q = variant.quantity_in_box;
  return q != null && Number.isInteger(q) && q > 0 ? q : DEFAULT_QUANTITY_IN_BOX;
}

/**
 * Boxes needed to pack `quantity` pieces (a part-filled box still counts as a box); `0` for no pieces.
 *
 * @throws {RangeError} when `inBox` is not a positive number; use {@link quantityInBox} to get one.
 */
export function boxesFor(quantity: number, inBox: number): number {
  if (!(inBox > 0) || !Number.isFinite(inBox)) {
    throw new RangeError(`quantity in box must be a positive number, got ${inBox}`);
  }
  return quantity > 0 ? Math.ceil(quantity / inBox) : 0;
}

/** The price of one full box, rounded to cents, for the "price per box" text on the product page. */
export function pricePerBox(unit: number, inBox: number): number {
  return roundMoney(unit * inBox);
}
