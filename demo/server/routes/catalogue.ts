import type { Hono } from 'hono';
import * as v from 'valibot';
import { ProductQuerySchema, type ProductPage, type SortOption } from '../../../src/api/contract.ts';
import { idField } from '../../../src/domain/validation.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { idParam, queryParams } from '../http/validate.ts';
import { searchText } from '../seed/catalogue.ts';
import { expireHolds } from '../services/payment-holds.ts';
import { hydrateProducts, loadProduct, PRODUCT_COLUMNS, PRODUCT_FROM, type ProductRow } from '../services/products.ts';

/**
 * Deterministic orders: every sort ends with the id, so two products with the same price or name
 * keep one order between requests and paging never repeats or skips one. Names and codes compare
 * byte-wise (`COLLATE "C"`) so PGlite and any PostgreSQL server, whatever its locale, agree.
 */
const ORDER_BY: Record<SortOption, string> = {
  price_asc: 'p.calculated_price ASC, p.id ASC',
  price_desc: 'p.calculated_price DESC, p.id DESC',
  name_asc: 'lower(p.name) COLLATE "C" ASC, p.id ASC',
  name_desc: 'lower(p.name) COLLATE "C" DESC, p.id DESC',
  code_asc: 'p.code COLLATE "C" ASC, p.id ASC',
  code_desc: 'p.code COLLATE "C" DESC, p.id DESC',
};

/** Offsets past this can hold no product; answering an empty page avoids an absurd OFFSET. */
const MAX_OFFSET = 1_000_000_000;

const ProductDetailQuerySchema = v.object({ website_id: v.pipe(v.string('validation.required'), v.toNumber(), idField) });

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

interface ProductFilter {
  where: string;
  params: unknown[];
  /** The placeholder holding the requested ids, when there are some (their order sorts the page). */
  idsParam: string | null;
}

/**
 * The WHERE clause of a catalogue query: this shop, every search word somewhere in the name or code
 * (AND), and the requested ids. Always parameterised; `$1` is the shop.
 */
function productFilter(websiteId: number, words: readonly string[], ids: readonly number[] | null): ProductFilter {
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
    await shopAccess(c, query.website_id, 'shop');
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
    const orderBy = filter.idsParam ? `array_position(${filter.idsParam}, p.id), p.id` : ORDER_BY[query.sort];
    const offset = (page - 1) * perPage;
    const next = filter.params.length + 1;

    // Two statements: the total and the page. Both use the shop-first indexes.
    const [count, rows] = await Promise.all([
      db.query<{ total: number }>(`SELECT count(*) AS total FROM products p WHERE ${filter.where}`, filter.params),
      offset > MAX_OFFSET
        ? Promise.resolve({ rows: [] as ProductRow[] })
        : db.query<ProductRow>(
            `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE ${filter.where} ORDER BY ${orderBy} LIMIT $${next} OFFSET $${next + 1}`,
            [...filter.params, perPage, offset],
          ),
    ]);
    const data = await hydrateProducts(db, rows.rows);
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
