import type { Product, PriceTier, Variant } from '../shared.ts';
import type { Queryable } from '../db/index.ts';

/**
 * Products in the contract's `ProductSchema` shape, loaded in one query: the product rows with their
 * budget joined and their variants and tiers aggregated as JSON (one value per product, already in
 * order). The catalogue pages and the order engine both go through here, so a product is described
 * (and priced) the same way everywhere.
 *
 * Why JSON: the embedded database (PGlite) runs one statement at a time and its driver decodes every
 * field of every row in JavaScript. A page of 24 products has a few hundred variant rows; as two
 * arrays per product they are two fields per row, parsed natively, and one round trip fewer, which
 * the catalogue under load needs. PostgreSQL evaluates the two sub-selects only for the rows a page
 * returns (after its LIMIT), each through the product_id indexes.
 *
 * @module
 */

type Availability = Variant['availability'];

/** A variant as aggregated by {@link PRODUCT_COLUMNS} (JSON: numbers and strings as stored). */
interface VariantJson {
  id: number;
  code: string;
  color_code: string | null;
  size_code: string | null;
  quantity_in_box: number | null;
  stock: number | null;
  availability: Availability;
  image: string | null;
}

/** A tier as aggregated by {@link PRODUCT_COLUMNS}; `price` is numeric(12,2), a JSON number. */
interface TierJson {
  kind: 'threshold' | 'groupbuy';
  min_quantity: number;
  max_quantity: number | null;
  price: number;
}

/** A `products` row with its budget, variants and tiers, as selected by {@link PRODUCT_COLUMNS}. */
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
  /** Ordered by position, then id; null when the product has none. */
  variants: VariantJson[] | null;
  /** Ordered by kind, minimum quantity, then id; null when the product has none. */
  tiers: TierJson[] | null;
}

/**
 * The select list for {@link ProductRow}, to be used with `FROM products p LEFT JOIN budgets b …`
 * (see {@link PRODUCT_FROM}). Shared so a caller that filters or orders differently (the catalogue
 * page) still hands {@link toProducts} the same columns. The variants and tiers are sub-selects:
 * with a LIMIT, PostgreSQL evaluates such costly output columns after sorting and limiting, so a page
 * pays for its own products only.
 */
export const PRODUCT_COLUMNS = `p.id, p.name, p.slug, p.code, p.description, p.calculated_price, p.vat, p.vat_included,
  p.images, p.minimum_quantity, p.minimum_total_quantity, p.is_business_card, p.groupbuy_active,
  p.groupbuy_ends_at, p.groupbuy_total, b.id AS budget_id, b.name AS budget_name, b.color AS budget_color,
  (SELECT json_agg(json_build_object('id', v.id, 'code', v.code, 'color_code', v.color_code, 'size_code', v.size_code,
            'quantity_in_box', v.quantity_in_box, 'stock', v.stock, 'availability', v.availability, 'image', v.image) ORDER BY v.position, v.id)
     FROM product_variants v WHERE v.product_id = p.id) AS variants,
  (SELECT json_agg(json_build_object('kind', t.kind, 'min_quantity', t.min_quantity, 'max_quantity', t.max_quantity,
            'price', t.price) ORDER BY t.kind, t.min_quantity, t.id)
     FROM product_tiers t WHERE t.product_id = p.id) AS tiers`;

/**
 * Products with their budget. The budget is joined on the product's shop too: a budget of another
 * shop can never show up on a product, even if a row were wired wrongly.
 */
export const PRODUCT_FROM = 'products p LEFT JOIN budgets b ON b.id = p.budget_id AND b.website_id = p.website_id';

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
 * Turns product rows (selected with {@link PRODUCT_COLUMNS}) into contract products, keeping the
 * rows' order. No query: the rows carry their variants and tiers. `now` decides whether a group buy
 * is still running; a parameter so tests control the clock.
 */
export function toProducts(rows: readonly ProductRow[], now: Date = new Date()): Product[] {
  return rows.map((row) => toProduct(row, now));
}

/**
 * The products of shop `websiteId` among `ids`, by id, in one query. Ids of another shop or of
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
  return new Map(toProducts(rows, now).map((product) => [product.id, product]));
}

/** One product of shop `websiteId`, or null when there is none with that id in this shop. */
export async function loadProduct(db: Queryable, websiteId: number, id: number, now: Date = new Date()): Promise<Product | null> {
  return (await loadProductsByIds(db, websiteId, [id], now)).get(id) ?? null;
}

function toProduct(row: ProductRow, now: Date): Product {
  const tierRows = row.tiers ?? [];
  // Field by field, so the answer holds exactly the contract's fields whatever the JSON carries.
  const variants: Variant[] = (row.variants ?? []).map((variant) => ({
    id: variant.id,
    code: variant.code,
    color_code: variant.color_code,
    size_code: variant.size_code,
    quantity_in_box: variant.quantity_in_box,
    stock: variant.stock,
    availability: variant.availability,
    image: variant.image ?? null,
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

function toTier(row: TierJson): PriceTier {
  return { min_quantity: row.min_quantity, max_quantity: row.max_quantity, price: row.price };
}

/** timestamptz arrives as a Date on both drivers; a string is tolerated for safety. */
function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
