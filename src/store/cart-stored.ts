import * as v from 'valibot';
import { BudgetSchema, GroupBuySchema, PriceTierSchema } from '../contract/contract.ts';
import type { CartLine } from './cart-line.ts';
import { mergeCartLine } from './cart-keys.ts';

/**
 * The cart as browser storage keeps it: a versioned shape checked on every read, so data that is
 * corrupt, of another shape or of another version is discarded rather than shown.
 *
 * @module
 */

/** Version of the stored cart; anything else is discarded. */
export const STORED_VERSION = 1;

const positiveInteger = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** Card details as stored: plain strings (they were checked with the contract when entered). */
const StoredCardInfoSchema = v.object({
  name: v.string(),
  surname: v.string(),
  email: v.string(),
  phone: v.string(),
  job: v.string(),
  cost: v.string(),
  address: v.string(),
});

const StoredLineSchema = v.object({
  product_id: positiveInteger,
  variant_id: positiveInteger,
  name: v.string(),
  slug: v.string(),
  code: v.string(),
  image: v.nullable(v.string()),
  color_code: v.nullable(v.string()),
  size_code: v.nullable(v.string()),
  quantity: positiveInteger,
  groupbuy: v.boolean(),
  quantity_in_box: v.nullable(v.number()),
  budget: v.nullable(BudgetSchema),
  pricing: v.object({
    calculated_price: v.number(),
    vat: v.nullable(v.number()),
    vat_included: v.boolean(),
    thresholds: v.array(PriceTierSchema),
    groupbuy: v.nullable(GroupBuySchema),
  }),
  card_info: v.nullable(StoredCardInfoSchema),
});

/** What one cart key holds in browser storage. */
export const StoredCartSchema = v.object({ version: v.literal(STORED_VERSION), lines: v.array(StoredLineSchema) });
export type StoredCart = v.InferOutput<typeof StoredCartSchema>;

export const isStoredCart = (value: unknown): value is StoredCart => v.is(StoredCartSchema, value);

/** Stored lines as a valid cart: copies with only the known fields, duplicates merged. */
export function normalise(stored: StoredCart): CartLine[] {
  return v.parse(StoredCartSchema, stored).lines.reduce<CartLine[]>((cart, line) => mergeCartLine(cart, line), []);
}
