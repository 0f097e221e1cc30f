import type { Product, PriceTier, Variant } from '../../../src/contract/contract.ts';
import type { Queryable } from '../db/index.ts';

/**
 * Products in the contract's `ProductSchema` shape, loaded in a constant number of queries: the
 * product rows (with their budget joined), then every variant and every tier of those products in
 * one query each. The catalogue pages and the order engine both go through here, so a product is
 * described (and priced) the same way everywhere.
 *
 * @module
 */

type Availability = Variant['availability'];

/** A `products` row with its budget, as selected by {@link PRODUCT_COLUMNS}. */
export interface ProductRow {
  id: number;
  name: string;
  slug: string;
  code: string;
  description: string;
  calculated_price: number;
  vat: number | null;
  vat_included: boolean;
  images: unknown;
  minimum_quantity: number | null;
  minimum_total_quantity: number | null;
  is_business_card: boolean;
  groupbuy_active: boolean;
  groupbuy_ends_at: Date | string | null;
  groupbuy_total: number;
  budget_id: number | null;
  budget_name: string | null;
  budget_color: string | null;
}

/**
 * The select list for {@link ProductRow}, to be used with `FROM products p LEFT JOIN budgets b …`
 * (see {@link PRODUCT_FROM}). Shared so a caller that filters or orders differently (the catalogue
 * page) still hands {@link hydrateProducts} the same columns.
 */
export const PRODUCT_COLUMNS = `p.id, p.name, p.slug, p.code, p.description, p.calculated_price, p.vat, p.vat_included,
  p.images, p.minimum_quantity, p.minimum_total_quantity, p.is_business_card, p.groupbuy_active,
  p.groupbuy_ends_at, p.groupbuy_total, b.id AS budget_id, b.name AS budget_name, b.color AS budget_color`;

/**
 * Products with their budget. The budget is joined on the product's shop too: a budget of another
 * shop can never show up on a product, even if a row were wired wrongly.
 */
export const PRODUCT_FROM = 'products p LEFT JOIN budgets b ON b.id = p.budget_id AND b.website_id = p.website_id';

interface VariantRow {
  id: number;
  product_id: number;
  code: string;
  color_code: string | null;
  size_code: string | null;
  quantity_in_box: number | null;
  stock: number | null;
  availability: Availability;
}

interface TierRow {
  product_id: number;
  kind: 'threshold' | 'groupbuy';
  min_quantity: number;
  max_quantity: number | null;
  price: number;
}

/** Best first: a product is as available as its most available variant. */
const AVAILABILITY_RANK: Record<Availability, number> = { in_stock: 0, in_delivery: 1, out_of_stock: 2 };

/**
 * The availability shown for a product: the best over its variants (in_stock > in_delivery >
 * out_of_stock). A product without variants cannot be put in a cart, so it is out of stock.
 */
export function bestAvailability(variants: readonly Pick<Variant, 'availability'>[]): Availability {
  let best: Availability = 'out_of_stock';
  for (const variant of variants) {
    if (AVAILABILITY_RANK[variant.availability] < AVAILABILITY_RANK[best]) best = variant.availability;
  }
  return best;
}

/**
 * Turns product rows into contract products, keeping the rows' order. Two queries whatever the
 * number of rows (variants, then tiers), so a catalogue page never costs one query per product.
 * `now` decides whether a group buy is still running; a parameter so tests control the clock.
 */
export async function hydrateProducts(db: Queryable, rows: readonly ProductRow[], now: Date = new Date()): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const variants = await db.query<VariantRow>(
    `SELECT id, product_id, code, color_code, size_code, quantity_in_box, stock, availability
       FROM product_variants WHERE product_id = ANY($1::int[])
      ORDER BY product_id, position, id`,
    [ids],
  );
  const tiers = await db.query<TierRow>(
    `SELECT product_id, kind, min_quantity, max_quantity, price
       FROM product_tiers WHERE product_id = ANY($1::int[])
      ORDER BY product_id, kind, min_quantity, id`,
    [ids],
  );
  const variantsOf = groupBy(variants.rows, (row) => row.product_id);
  const tiersOf = groupBy(tiers.rows, (row) => row.product_id);
  return rows.map((row) => toProduct(row, variantsOf.get(row.id) ?? [], tiersOf.get(row.id) ?? [], now));
}

/**
 * The products of shop `websiteId` among `ids`, by id, in three queries. Ids of another shop or of
 * no product are simply absent from the map: a caller pricing an order treats a missing id as
 * "not available in this shop" (never trust ids from the client).
 */
export async function loadProductsByIds(
  db: Queryable,
  websiteId: number,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, Product>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE p.website_id = $1 AND p.id = ANY($2::int[])`,
    [websiteId, unique],
  );
  const products = await hydrateProducts(db, rows, now);
  return new Map(products.map((product) => [product.id, product]));
}

/** One product of shop `websiteId`, or null when there is none with that id in this shop. */
export async function loadProduct(db: Queryable, websiteId: number, id: number, now: Date = new Date()): Promise<Product | null> {
  return (await loadProductsByIds(db, websiteId, [id], now)).get(id) ?? null;
}

function toProduct(row: ProductRow, variantRows: readonly VariantRow[], tierRows: readonly TierRow[], now: Date): Product {
  const variants: Variant[] = variantRows.map((variant) => ({
    id: variant.id,
    code: variant.code,
    color_code: variant.color_code,
    size_code: variant.size_code,
    quantity_in_box: variant.quantity_in_box,
    stock: variant.stock,
    availability: variant.availability,
  }));
  const thresholds = tierRows.filter((tier) => tier.kind === 'threshold').map(toTier);
  const groupTiers = tierRows.filter((tier) => tier.kind === 'groupbuy').map(toTier);
  const endsAt = toDate(row.groupbuy_ends_at);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    code: row.code,
    description: row.description,
    calculated_price: row.calculated_price,
    vat: row.vat,
    vat_included: row.vat_included,
    images: Array.isArray(row.images) ? row.images.filter((image): image is string => typeof image === 'string') : [],
    variants,
    thresholds,
    // Only a product with group-buy tiers is a group buy; the flag alone says nothing to a buyer.
    groupbuy:
      groupTiers.length === 0
        ? null
        : {
            isActive: row.groupbuy_active && (endsAt === null || endsAt.getTime() > now.getTime()),
            total_quantity: row.groupbuy_total,
            ends_at: endsAt === null ? null : endsAt.toISOString(),
            tiers: groupTiers,
          },
    budget: row.budget_id !== null && row.budget_name !== null ? { id: row.budget_id, name: row.budget_name, color: row.budget_color ?? '' } : null,
    minimum_quantity: row.minimum_quantity,
    minimum_total_quantity: row.minimum_total_quantity,
    is_business_card: row.is_business_card,
    availability: bestAvailability(variants),
  };
}

function toTier(row: TierRow): PriceTier {
  return { min_quantity: row.min_quantity, max_quantity: row.max_quantity, price: row.price };
}

/** timestamptz arrives as a Date on both drivers; a string is tolerated for safety. */
function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
