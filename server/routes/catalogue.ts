import type { Hono } from 'hono';
import * as v from 'valibot';
import { isPointsCurrency, ProductQuerySchema, type ProductPage, type SortOption, DEFAULT_VAT, searchText, idField } from '../shared.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { idParam, queryParams } from '../http/validate.ts';
import { expireHolds } from '../services/payment-holds.ts';
import { loadProduct, PRODUCT_COLUMNS, PRODUCT_FROM, toProducts, type ProductRow } from '../services/products.ts';

/**
 * Deterministic orders: every sort ends with the id, so two products with the same price or name
 * keep one order between requests and paging never repeats or skips one. Names and codes compare
 * byte-wise (`COLLATE "C"`) so PGlite and any PostgreSQL server, whatever its locale, agree.
 */
const ORDER_BY: Record<Exclude<SortOption, 'price_asc' | 'price_desc'>, string> = {
  name_asc: 'lower(p.name) COLLATE "C" ASC, p.id ASC',
  name_desc: 'lower(p.name) COLLATE "C" DESC, p.id DESC',
  code_asc: 'p.code COLLATE "C" ASC, p.id ASC',
  code_desc: 'p.code COLLATE "C" DESC, p.id DESC',
};

/** The lowest price of a product's tiers of one kind; NULL when it has none. */
const minTier = (kind: 'threshold' | 'groupbuy') =>
  `(SELECT min(t.price) FROM product_tiers t WHERE t.product_id = p.id AND t.kind = '${kind}')`;

/**
 * The price a product card shows, in SQL, so "lowest/highest price" sorts by what the buyer sees
 * (spec §2), not by the stored `calculated_price`. Mirrors the domain's `listUnitPrice` and
 * `displayPrice` (src/domain/pricing.ts), which the card uses:
 * - the unit price: the lowest tier of a running group buy (switched on, not past its end, with
 *   tiers), else the lowest threshold ("from …"), else `calculated_price`;
 * - shown per the shop: points carry no VAT; a gross shop adds VAT to a net price, a net shop takes it
 *   out of a `vat_included` price (default rate 23 %), rounded to cents half away from zero as
 *   `roundMoney` does (numeric `round` does the same).
 * `isGross` and `points` come from the shop's row, never from the request.
 */
export function listPriceSql(website: { is_gross: boolean; currency: string }): string {
  const unit = `COALESCE(
    CASE WHEN p.groupbuy_active AND (p.groupbuy_ends_at IS NULL OR p.groupbuy_ends_at > now()) THEN ${minTier('groupbuy')} END,
    ${minTier('threshold')},
    p.calculated_price)`;
  if (isPointsCurrency(website.currency)) return unit;
  const factor = `(1 + COALESCE(p.vat, ${DEFAULT_VAT}) / 100.0)`;
  return website.is_gross
    ? `round(CASE WHEN p.vat_included THEN ${unit} ELSE ${unit} * ${factor} END, 2)`
    : `round(CASE WHEN p.vat_included THEN ${unit} / ${factor} ELSE ${unit} END, 2)`;
}

/** The ORDER BY of a sort in this shop; every one ends with the id (see {@link ORDER_BY}). */
function sortOrder(sort: SortOption, website: { is_gross: boolean; currency: string }): string {
  if (sort === 'price_asc') return `${listPriceSql(website)} ASC, p.id ASC`;
  if (sort === 'price_desc') return `${listPriceSql(website)} DESC, p.id DESC`;
  return ORDER_BY[sort];
}

/** Offsets past this can hold no product; answering an empty page avoids an absurd OFFSET. */
const MAX_OFFSET = 1_000_000_000;

/** `GET /api/products/{id}` query (exported for the OpenAPI document, build/openapi.ts). */
export const ProductDetailQuerySchema = v.object({ website_id: v.pipe(v.string('validation.required'), v.toNumber(), idField) });

/** Escapes LIKE's wildcards (and its escape character) so a search for `%` or `_` means those characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The words of a search as stored in `products.search_text` (lower-case, no accents, no punctuation).
 * `null` when the search had text but nothing searchable is left (e.g. only `%`): such a search must
 * find nothing, not everything.
 */
export function searchWords(search: string): string[] | null {
  if (search.trim() === '') return [];
  const words = searchText(search).split(/\s+/).filter((word) => word !== '');
  return words.length === 0 ? null : words;
}

/** The WHERE clause of a catalogue query with its parameters (see {@link productFilter}). */
export interface ProductFilter {
  where: string;
  params: unknown[];
  /** The placeholder holding the requested ids, when there are some (their order sorts the page). */
  idsParam: string | null;
}

/**
 * The WHERE clause of a catalogue query: this shop, every search word somewhere in the name or code
 * (AND), and the requested ids. Always parameterised; `$1` is the shop.
 *
 * Each word is `search_text LIKE '%' || $n || '%'`: both drivers plan an unnamed statement with its
 * parameters' values, so the pattern is a constant by then and the trigram index of migration 008
 * answers it (a word of fewer than three characters gives the index no trigram to look up; the
 * planner then reads the shop's rows, which is still correct). Exported for the test that checks
 * this plan.
 */
export function productFilter(websiteId: number, words: readonly string[], ids: readonly number[] | null): ProductFilter {
  const params: unknown[] = [websiteId];
  const conditions = ['p.website_id = $1'];
  for (const word of words) {
    params.push(escapeLike(word));
    conditions.push(`p.search_text LIKE '%' || $${params.length} || '%'`);
  }
  let idsParam: string | null = null;
  if (ids) {
    params.push(ids);
    idsParam = `$${params.length}::int[]`;
    conditions.push(`p.id = ANY(${idsParam})`);
  }
  return { where: conditions.join(' AND '), params, idsParam };
}

/** `ids=3,1,2` as numbers, kept in order; ids too large for a row id cannot match and are dropped. */
function parseIds(raw: string | undefined): number[] | null {
  if (raw === undefined) return null;
  return raw
    .split(',')
    .map(Number)
    .filter((id) => id > 0 && id <= 2_147_483_647);
}

/**
 * Catalogue calls (DESIGN.md §4): a page of a shop's products with search, sort and paging, a list
 * of chosen products for homepage carousels (`ids`), and one product. Mode `shop`: guests only in
 * open shops, and a token of another shop is refused.
 */
export function registerCatalogueRoutes(app: Hono<AppEnv>): void {
  app.get('/api/products', async (c) => {
    const query = queryParams(c, ProductQuerySchema);
    const { website } = await shopAccess(c, query.website_id, 'shop');
    const db = c.get('db');
    const page = query.page;
    const perPage = query.per_page;
    const meta = { page, per_page: perPage };

    const words = searchWords(query.search);
    const ids = parseIds(query.ids);
    if (words === null || (ids !== null && ids.length === 0)) {
      return c.json({ data: [], meta: { total: 0, ...meta } } satisfies ProductPage);
    }

    const filter = productFilter(query.website_id, words, ids);
    // With ids the caller chose the order (a carousel), so the sort gives way to it.
    const orderBy = filter.idsParam ? `array_position(${filter.idsParam}, p.id), p.id` : sortOrder(query.sort, website);
    const offset = (page - 1) * perPage;
    const next = filter.params.length + 1;

    // Two statements: the total and the page (its products' variants and tiers included). Both use the
    // indexes of migrations 001 and 008: the shop's, the name and code orders', the search's trigrams.
    const [count, rows] = await Promise.all([
      db.query<{ total: number }>(`SELECT count(*) AS total FROM products p WHERE ${filter.where}`, filter.params),
      offset > MAX_OFFSET
        ? Promise.resolve({ rows: [] as ProductRow[] })
        : db.query<ProductRow>(
            `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE ${filter.where} ORDER BY ${orderBy} LIMIT $${next} OFFSET $${next + 1}`,
            [...filter.params, perPage, offset],
          ),
    ]);
    const data = toProducts(rows.rows);
    return c.json({ data, meta: { total: count.rows[0]?.total ?? 0, ...meta } } satisfies ProductPage);
  });

  app.get('/api/products/:id', async (c) => {
    const id = idParam(c, 'id');
    const query = queryParams(c, ProductDetailQuerySchema);
    await shopAccess(c, query.website_id, 'shop');
    // The page a buyer reads the stock on: stock held by unpaid payments whose hold ended is given back
    // first (one indexed read when none is due). The catalogue pages keep their fixed query count and
    // rely on the periodic sweep.
    await expireHolds(c.get('db'));
    // Filtered by shop: a product of another shop is "not found", so its existence is not revealed.
    const product = await loadProduct(c.get('db'), query.website_id, id);
    if (!product) fail(404, 'errors.not_found');
    return c.json(product);
  });
}
