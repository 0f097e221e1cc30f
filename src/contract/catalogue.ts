import * as v from 'valibot';
import { flagOr, isoDate, money, nullableNumberOr, nullableTextOr, paged, textOr } from './answer-fields.ts';
import { idField } from './fields.ts';
import { listOf, orDefault } from './tolerant.ts';

/**
 * The catalogue (DESIGN.md §4): products with their variants, price tiers, group buys and budgets,
 * the page of a product list and the query that asks for it.
 *
 * @module
 */

/** Pieces in one box when a variant does not say (spec §9: "Default quantity in a box: 30"). */
export const DEFAULT_QUANTITY_IN_BOX = 30;

/** The four sort orders of spec §2. */
export const SORT_OPTIONS = ['price_asc', 'price_desc', 'name_asc', 'name_desc', 'code_asc', 'code_desc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** How many of a variant can be had: now, once a delivery comes, or none. */
export const AvailabilitySchema = v.picklist(['in_stock', 'in_delivery', 'out_of_stock']);

export const BudgetSchema = v.object({ id: v.number(), name: v.string(), color: v.string() });
export type Budget = v.InferOutput<typeof BudgetSchema>;

export const PriceTierSchema = v.object({ min_quantity: v.number(), max_quantity: v.nullable(v.number()), price: money });
export type PriceTier = v.InferOutput<typeof PriceTierSchema>;

export const GroupBuySchema = v.object({
  isActive: v.boolean(),
  total_quantity: v.number(),
  ends_at: v.nullable(isoDate),
  tiers: v.array(PriceTierSchema),
});
export type GroupBuy = v.InferOutput<typeof GroupBuySchema>;

/** A variant: must have an id; the rest falls back (`availability` in stock, `quantity_in_box` 30). */
export const VariantSchema = v.object({
  id: v.number(),
  code: textOr('variant.code'),
  color_code: nullableTextOr('variant.color_code'),
  size_code: nullableTextOr('variant.size_code'),
  /** Pieces in a box; null means the default of 30 (spec §3); missing or not a whole number > 0: 30. */
  quantity_in_box: orDefault('variant.quantity_in_box', v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), DEFAULT_QUANTITY_IN_BOX),
  /** How many can be ordered now; null means no limit (the provider still checks the order). */
  stock: nullableNumberOr('variant.stock'),
  availability: orDefault('variant.availability', AvailabilitySchema, 'in_stock'),
  /**
   * The variant's own picture (a storage path or URL), usually its colour's: shown on the product page
   * and as the cart and order line's thumbnail when this variant is chosen. Missing or null: the
   * product's `images` show (`src/domain/variant-pictures.ts`).
   */
  image: nullableTextOr('variant.image'),
});
export type Variant = v.InferOutput<typeof VariantSchema>;

/** Best first: the product's availability is the best over its variants. */
const AVAILABILITY_ORDER = ['in_stock', 'in_delivery', 'out_of_stock'] as const;

/**
 * A product. Must have: `id`, `name`, `calculated_price` (a product without them is left out of a
 * list). The rest falls back: texts empty (`slug` "product"), `vat` null (the default 23 %), lists
 * empty with unusable items left out, `groupbuy`/`budget`/minimums null, flags off, `availability`
 * the best over the variants.
 */
export const ProductSchema = v.pipe(
  v.object({
    id: v.number(),
    name: v.string(),
    slug: textOr('product.slug', 'product'),
    code: textOr('product.code'),
    description: textOr('product.description'),
    /** Base unit price, net unless `vat_included`; points in a pkt shop. */
    calculated_price: money,
    vat: nullableNumberOr('product.vat'),
    vat_included: flagOr('product.vat_included', false),
    images: orDefault('product.images', listOf('product.images', v.string()), []),
    variants: orDefault('product.variants', listOf('product.variants', VariantSchema), []),
    thresholds: orDefault('product.thresholds', listOf('product.thresholds', PriceTierSchema), []),
    groupbuy: orDefault('product.groupbuy', v.nullable(GroupBuySchema), null),
    budget: orDefault('product.budget', v.nullable(BudgetSchema), null),
    /** Minimum per colour and size line. */
    minimum_quantity: nullableNumberOr('product.minimum_quantity'),
    /** Minimum across all colours and sizes of the product. */
    minimum_total_quantity: nullableNumberOr('product.minimum_total_quantity'),
    is_business_card: flagOr('product.is_business_card', false),
    /** Best availability over the variants. */
    availability: orDefault('product.availability', v.nullable(AvailabilitySchema), null),
  }),
  v.transform(({ availability, ...product }) => ({
    ...product,
    availability: availability ?? AVAILABILITY_ORDER.find((value) => product.variants.some((item) => item.availability === value)) ?? 'out_of_stock',
  })),
);
export type Product = v.InferOutput<typeof ProductSchema>;

export const ProductPageSchema = paged('products', ProductSchema);
export type ProductPage = v.InferOutput<typeof ProductPageSchema>;

export const ProductQuerySchema = v.object({
  website_id: v.pipe(v.string(), v.toNumber(), idField),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'validation.max_length')), ''),
  sort: v.optional(v.picklist(SORT_OPTIONS, 'validation.choice'), 'name_asc'),
  page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer('validation.integer'), v.minValue(1, 'validation.min_value')), '1'),
  per_page: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer('validation.integer'), v.minValue(1, 'validation.min_value'), v.maxValue(100, 'validation.max_value')),
    '24',
  ),
  ids: v.optional(v.pipe(v.string(), v.regex(/^\d+(,\d+){0,99}$/, 'validation.invalid'))),
});
