import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, POINTS_CURRENCY, ProductPageSchema, ProductSchema, SORT_OPTIONS, type Product, type SortOption } from '../../src/contract/contract.ts';
import { displayPrice, listUnitPrice } from '../../src/domain/pricing.ts';
import { escapeLike, productFilter, searchWords } from '../../server/routes/catalogue.ts';
import { searchText } from '../../src/domain/search-text.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let acmeBuyer: string;
let globexBuyer: string;
let initechBuyer: string;

beforeAll(async () => {
  server = await startTestServer();
  [acmeBuyer, globexBuyer, initechBuyer] = await Promise.all([
    server.login('buyer@acme.test', 'acme'),
    server.login('buyer@globex.test', 'globex'),
    server.login('buyer@initech.test', 'initech'),
  ]);
});

afterAll(async () => {
  await server?.close();
});

async function productId(code: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM products WHERE code = $1', [code]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`No product ${code}`);
  return id;
}

/** A catalogue page of `shop`; the body is checked against the contract. */
async function page(shop: string, query: Record<string, string | number>, token?: string) {
  const params = new URLSearchParams({ website_id: String(server.shops[shop]) });
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  const response = await server.json(`/api/products?${params}`, { token });
  expect(response.status).toBe(200);
  return v.parse(ProductPageSchema, response.body);
}

async function detail(shop: string, id: number, token?: string) {
  return server.json(`/api/products/${id}?website_id=${server.shops[shop]}`, { token });
}

const codes = (products: readonly Product[]) => products.map((product) => product.code);

/** Code-unit order, which is byte order for these names: what `COLLATE "C"` gives on every server. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** How a shop shows prices: what the displayed price (and so the price sort) depends on. */
interface ShopPricing {
  is_gross: boolean;
  currency: string;
}

async function shopPricing(shop: string): Promise<ShopPricing> {
  const { rows } = await server.db.query<ShopPricing>('SELECT is_gross, currency FROM websites WHERE id = $1', [server.shops[shop]]);
  return rows[0]!;
}

/** The price the product card shows (src/kit/price.ts), computed by the domain: the price sorts' key. */
function shownPrice(product: Product, shop: ShopPricing): number {
  const { price } = listUnitPrice(product);
  return shop.currency.toLowerCase() === POINTS_CURRENCY ? price : displayPrice(price, product, shop.is_gross);
}

/** The expected order of a sort in a shop; price sorts follow the displayed price. */
function expectedOrder(sort: SortOption, shop: ShopPricing): (a: Product, b: Product) => number {
  if (sort === 'price_asc') return (a, b) => shownPrice(a, shop) - shownPrice(b, shop) || a.id - b.id;
  if (sort === 'price_desc') return (a, b) => shownPrice(b, shop) - shownPrice(a, shop) || b.id - a.id;
  return EXPECTED_ORDER[sort];
}

const EXPECTED_ORDER: Record<Exclude<SortOption, 'price_asc' | 'price_desc'>, (a: Product, b: Product) => number> = {
  name_asc: (a, b) => compareText(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id,
  name_desc: (a, b) => compareText(b.name.toLowerCase(), a.name.toLowerCase()) || b.id - a.id,
  code_asc: (a, b) => compareText(a.code, b.code) || a.id - b.id,
  code_desc: (a, b) => compareText(b.code, a.code) || b.id - a.id,
};

describe('GET /api/products access', () => {
  it('should send a page gzip-compressed to a client that accepts it, and plain to one that does not', async () => {
    const path = `/api/products?website_id=${server.shops.globex}&per_page=24`;
    const compressed = await server.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
    const plain = await server.request(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decodes the compressed body: both are the same page.
    expect(v.parse(ProductPageSchema, await compressed.json())).toEqual(v.parse(ProductPageSchema, await plain.json()));
  });

  it('should refuse a guest in a shop that requires login', async () => {
    const { status, body } = await server.json(`/api/products?website_id=${server.shops.acme}`);
    expect(status).toBe(401);
    expect(v.parse(ApiErrorSchema, body).code).toBe('errors.unauthenticated');
  });

  it('should let a guest browse an open shop and count every product of that shop only', async () => {
    const result = await page('globex', { per_page: 5 });
    const { rows } = await server.db.query<{ total: number }>('SELECT count(*) AS total FROM products WHERE website_id = $1', [
      server.shops.globex,
    ]);
    expect(result.meta).toEqual({ total: rows[0]?.total, page: 1, per_page: 5 });
    expect(result.data).toHaveLength(5);
    expect(result.data.every((product) => product.code.startsWith('GLX-'))).toBe(true);
  });

  it('should refuse a token of another shop with 403', async () => {
    const { status, body } = await server.json(`/api/products?website_id=${server.shops.acme}`, { token: globexBuyer });
    expect(status).toBe(403);
    expect(v.parse(ApiErrorSchema, body).code).toBe('errors.no_access');
  });

  it('should answer 404 for an unknown shop', async () => {
    const { status, body } = await server.json('/api/products?website_id=999999');
    expect(status).toBe(404);
    expect(body.code).toBe('errors.store_not_found');
  });

  it('should refuse more than 100 products per page, page 0 and an unknown sort with 422', async () => {
    const base = `/api/products?website_id=${server.shops.globex}`;
    const tooMany = await server.json(`${base}&per_page=101`);
    expect(tooMany.status).toBe(422);
    expect(v.parse(ApiErrorSchema, tooMany.body).errors?.per_page).toEqual(['Enter at most 100']);
    const pageZero = await server.json(`${base}&page=0`);
    expect(pageZero.status).toBe(422);
    expect(pageZero.body.errors.page).toEqual(['Enter at least 1']);
    const sort = await server.json(`${base}&sort=random`);
    expect(sort.status).toBe(422);
    expect(sort.body.errors.sort).toEqual(['Choose one of the options']);
  });

  it('should answer an empty page past the last one, with the total', async () => {
    const result = await page('globex', { page: 1000, per_page: 100 });
    expect(result.data).toEqual([]);
    expect(result.meta.total).toBeGreaterThan(30);
    const huge = await page('globex', { page: 99_999_999_999, per_page: 100 });
    expect(huge.data).toEqual([]);
  });
});

describe('GET /api/products search', () => {
  it('should find accented names without accents, and accented queries too', async () => {
    const cafe = await productId('INI-MUG-CAFE');
    const kubek = await page('initech', { search: 'kubek', per_page: 100 }, initechBuyer);
    expect(kubek.data.map((product) => product.id)).toContain(cafe);
    expect(kubek.data.every((product) => product.name.toLowerCase().startsWith('kubek'))).toBe(true);
    const plain = await page('initech', { search: 'zolty' }, initechBuyer);
    expect(codes(plain.data)).toEqual(['INI-MUG-CAFE']);
    const accented = await page('initech', { search: 'żółty' }, initechBuyer);
    expect(codes(accented.data)).toEqual(['INI-MUG-CAFE']);
    const quotes = await page('initech', { search: 'notes „krakow”' }, initechBuyer);
    expect(codes(quotes.data)).toEqual(['INI-NOTE-KRK']);
  });

  it('should be case-insensitive', async () => {
    const upper = await page('initech', { search: 'KUBEK ŻÓŁTY' }, initechBuyer);
    expect(codes(upper.data)).toEqual(['INI-MUG-CAFE']);
    const lower = await page('globex', { search: 'ceramic MUG' });
    expect(codes(lower.data)).toEqual(['GLX-MUG']);
  });

  it('should require every word of the query', async () => {
    const both = await page('initech', { search: 'kubek termiczny' }, initechBuyer);
    expect(codes(both.data)).toEqual(['INI-MUG-TRAVEL']);
    const none = await page('initech', { search: 'kubek parasol' }, initechBuyer);
    expect(none.data).toEqual([]);
    expect(none.meta.total).toBe(0);
  });

  it('should match product codes, whatever their punctuation', async () => {
    const exact = await page('globex', { search: 'GLX-MUG-CAFE' });
    expect(codes(exact.data)).toEqual(['GLX-MUG-CAFE']);
    const spaced = await page('globex', { search: 'mug cafe' });
    expect(codes(spaced.data)).toEqual(['GLX-MUG-CAFE']);
    const prefix = await page('globex', { search: 'glx-mug', sort: 'code_asc' });
    expect(codes(prefix.data)).toEqual(['GLX-MUG', 'GLX-MUG-CAFE', 'GLX-MUG-TRAVEL']);
  });

  it('should find nothing for LIKE wildcards instead of everything', async () => {
    for (const search of ['%', '_', '%%', '\\', '%_%']) {
      const result = await page('globex', { search });
      expect({ search, data: result.data, total: result.meta.total }).toEqual({ search, data: [], total: 0 });
    }
  });

  it('should escape LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(escapeLike('plain words')).toBe('plain words');
  });

  it('should treat an empty or blank search as no search', async () => {
    const all = await page('globex', { per_page: 1 });
    const blank = await page('globex', { search: '   ', per_page: 1 });
    expect(blank.meta.total).toBe(all.meta.total);
  });
});

describe('catalogue indexes (migration 008)', () => {
  it('should have created the trigram index on the search text and the indexes of the name and code orders', async () => {
    const { rows } = await server.db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'products'`,
    );
    const definitions = new Map(rows.map((row) => [row.indexname, row.indexdef]));
    expect(definitions.get('products_search_trgm')).toMatch(/USING gin \(search_text (public\.)?gin_trgm_ops\)/);
    expect(definitions.get('products_website_name_sort')).toMatch(/\(website_id, lower\(name\) COLLATE "C", id\)/);
    expect(definitions.get('products_website_code_sort')).toMatch(/\(website_id, code COLLATE "C", id\)/);
  });

  it('should read the first page of a name order from its index, without sorting the shop', async () => {
    const filter = productFilter(server.shops.globex!, [], null);
    const plan = await server.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT p.id FROM products p WHERE ${filter.where} ORDER BY lower(p.name) COLLATE "C" ASC, p.id ASC LIMIT 24`,
        filter.params,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('products_website_name_sort');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('GET /api/products sorting and paging', () => {
  for (const sort of SORT_OPTIONS) {
    it(`should order ${sort} across page boundaries without repeating or skipping a product`, async () => {
      const everything = await page('initech', { sort, per_page: 100 }, initechBuyer);
      const first = await page('initech', { sort, per_page: 10, page: 1 }, initechBuyer);
      const second = await page('initech', { sort, per_page: 10, page: 2 }, initechBuyer);
      const joined = [...first.data, ...second.data];
      expect(first.meta).toMatchObject({ page: 1, per_page: 10, total: everything.meta.total });
      expect(second.meta).toMatchObject({ page: 2, per_page: 10 });
      expect(new Set(joined.map((product) => product.id)).size).toBe(20);
      const expected = [...everything.data].sort(expectedOrder(sort, await shopPricing('initech')));
      expect(everything.data.map((product) => product.id)).toEqual(expected.map((product) => product.id));
      expect(joined.map((product) => product.id)).toEqual(expected.slice(0, 20).map((product) => product.id));
    });
  }

  it('should break price ties by id, so equal prices keep one order between pages', async () => {
    const shopId = server.shops.globex;
    // Three products share the lowest price of the shop.
    await server.db.query("UPDATE products SET calculated_price = 0.01 WHERE website_id = $1 AND code LIKE 'GLX-PEN%'", [shopId]);
    const { rows } = await server.db.query<{ id: number }>(
      "SELECT id FROM products WHERE website_id = $1 AND code LIKE 'GLX-PEN%' ORDER BY id",
      [shopId],
    );
    const ids = rows.map((row) => row.id);
    expect(ids).toHaveLength(3);
    const ascIds: number[] = [];
    for (let index = 1; index <= 3; index++) {
      ascIds.push(...(await page('globex', { sort: 'price_asc', per_page: 1, page: index })).data.map((product) => product.id));
    }
    expect(ascIds).toEqual(ids);
    const desc = await page('globex', { sort: 'price_desc', per_page: 100 });
    expect(desc.data.slice(-3).map((product) => product.id)).toEqual([...ids].reverse());
  });
});

/**
 * One shop per display mode with the same products, each built so that sorting by the stored
 * `calculated_price` puts it in the wrong place:
 * - INCL: 12.30 stored with VAT included: shown 10.00 net, 12.30 gross;
 * - NET: 11.00 net: shown 11.00 net, 13.53 gross;
 * - TIER: 20.00, but thresholds from 1 at 20.00 and from 10 at 5.00: shown "from 5.00" (6.15 gross);
 * - GROUP: 30.00 with a running group buy whose lowest tier is 3.00 (and a threshold at 25.00);
 * - ENDED: 1.00 with an ended group buy at 0.50 and thresholds at 40.00: shown 40.00 (49.20 gross);
 * - ZERO: 10.50 stored gross at VAT 0 %: 10.50 either way.
 */
async function seedShop(slug: string, isGross: boolean, currency = 'EUR'): Promise<void> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO websites (slug, name, currency, payment_type, is_gross, login_required, registration_type)
     VALUES ($1, $1, $2, $3, $4, false, 'form') RETURNING id`,
    [slug, currency, currency === POINTS_CURRENCY ? 'budget' : 'invoice', isGross],
  );
  const shopId = rows[0]!.id;
  server.shops[slug] = shopId;
  const products: [code: string, price: number, vatIncluded: boolean, vat: number | null, groupbuy: 'running' | 'ended' | null][] = [
    ['INCL', 12.3, true, 23, null],
    ['NET', 11, false, null, null],
    ['TIER', 20, false, 23, null],
    ['GROUP', 30, false, 23, 'running'],
    ['ENDED', 1, false, 23, 'ended'],
    ['ZERO', 10.5, true, 0, null],
  ];
  for (const [index, [code, price, vatIncluded, vat, groupbuy]] of products.entries()) {
    const inserted = await server.db.query<{ id: number }>(
      `INSERT INTO products (website_id, name, slug, code, search_text, calculated_price, vat, vat_included,
                             groupbuy_active, groupbuy_ends_at, position)
       VALUES ($1, $2, lower($2), $2, lower($2), $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        shopId,
        code,
        price,
        vat,
        vatIncluded,
        groupbuy !== null,
        groupbuy === 'running' ? new Date(Date.now() + 86_400_000) : groupbuy === 'ended' ? new Date(Date.now() - 86_400_000) : null,
        index,
      ],
    );
    const id = inserted.rows[0]!.id;
    const tiers: [kind: string, min: number, max: number | null, price: number][] =
      code === 'TIER'
        ? [['threshold', 1, 9, 20], ['threshold', 10, null, 5]]
        : code === 'GROUP'
          ? [['threshold', 1, null, 25], ['groupbuy', 1, 49, 30], ['groupbuy', 50, null, 3]]
          : code === 'ENDED'
            ? [['threshold', 1, null, 40], ['groupbuy', 1, null, 0.5]]
            : [];
    for (const [kind, min, max, tierPrice] of tiers) {
      await server.db.query('INSERT INTO product_tiers (product_id, kind, min_quantity, max_quantity, price) VALUES ($1, $2, $3, $4, $5)', [
        id,
        kind,
        min,
        max,
        tierPrice,
      ]);
    }
  }
}

describe('GET /api/products price sorts follow the price the buyer sees', () => {
  beforeAll(async () => {
    await seedShop('sort-net', false);
    await seedShop('sort-gross', true, 'PLN');
    await seedShop('sort-points', false, POINTS_CURRENCY);
  });

  it('should sort a net shop by net prices, taking VAT out of VAT-included ones and using "from" tier prices', async () => {
    // Shown: GROUP 3.00, TIER 5.00, INCL 10.00, ZERO 10.50, NET 11.00, ENDED 40.00.
    expect(codes((await page('sort-net', { sort: 'price_asc' })).data)).toEqual(['GROUP', 'TIER', 'INCL', 'ZERO', 'NET', 'ENDED']);
    expect(codes((await page('sort-net', { sort: 'price_desc' })).data)).toEqual(['ENDED', 'NET', 'ZERO', 'INCL', 'TIER', 'GROUP']);
  });

  it('should sort a gross shop by gross prices, adding VAT (23 % by default) to net ones', async () => {
    // Shown: GROUP 3.69, TIER 6.15, ZERO 10.50, INCL 12.30, NET 13.53, ENDED 49.20.
    expect(codes((await page('sort-gross', { sort: 'price_asc' })).data)).toEqual(['GROUP', 'TIER', 'ZERO', 'INCL', 'NET', 'ENDED']);
  });

  it('should sort a points shop by points, which carry no VAT', async () => {
    // Shown: GROUP 3, TIER 5, ZERO 10.50, NET 11, INCL 12.30, ENDED 40.
    expect(codes((await page('sort-points', { sort: 'price_asc' })).data)).toEqual(['GROUP', 'TIER', 'ZERO', 'NET', 'INCL', 'ENDED']);
  });

  it('should agree with the price the card shows for every product of every shop', async () => {
    for (const shop of ['sort-net', 'sort-gross', 'sort-points', 'globex', 'initech']) {
      const pricing = await shopPricing(shop);
      const token = shop === 'initech' ? initechBuyer : undefined;
      const result = await page(shop, { sort: 'price_asc', per_page: 100 }, token);
      const prices = result.data.map((product) => shownPrice(product, pricing));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
  });
});

describe('GET /api/products?ids=', () => {
  it('should return the products of this shop in the given order and ignore ids of other shops', async () => {
    const [pen, tee, acmeTee, mug] = await Promise.all([productId('GLX-PEN'), productId('GLX-TEE'), productId('ACME-TEE'), productId('GLX-MUG')]);
    const result = await page('globex', { ids: [pen, tee, acmeTee, mug, 999_999].join(','), sort: 'code_desc' });
    expect(result.data.map((product) => product.id)).toEqual([pen, tee, mug]);
    expect(result.meta.total).toBe(3);
    const paged = await page('globex', { ids: [pen, tee, mug].join(','), per_page: 2, page: 2 });
    expect(paged.data.map((product) => product.id)).toEqual([mug]);
  });

  it('should refuse a malformed id list with 422', async () => {
    const { status, body } = await server.json(`/api/products?website_id=${server.shops.globex}&ids=1,abc`);
    expect(status).toBe(422);
    expect(body.errors.ids).toEqual(['The given data was invalid.']);
  });
});

describe('GET /api/products/:id', () => {
  it('should describe the group buy of P-HOODIE with its total and tiers', async () => {
    const { status, body } = await detail('acme', await productId('ACME-HOODIE'), acmeBuyer);
    expect(status).toBe(200);
    const hoodie = v.parse(ProductSchema, body);
    expect(hoodie.groupbuy).not.toBeNull();
    expect(hoodie.groupbuy?.isActive).toBe(true);
    expect(hoodie.groupbuy?.total_quantity).toBe(45);
    expect(hoodie.groupbuy?.tiers.map((tier) => [tier.min_quantity, tier.max_quantity])).toEqual([
      [1, null],
      [50, null],
      [100, null],
    ]);
    expect(Date.parse(hoodie.groupbuy?.ends_at ?? '')).toBeGreaterThan(Date.now());
    expect(hoodie.thresholds).toEqual([]);
    expect(hoodie.budget).toEqual({ id: expect.any(Number), name: 'Team events', color: '#16a34a' });
  });

  it('should show a group buy past its end as inactive', async () => {
    const id = await productId('GLX-HOODIE');
    await server.db.query("UPDATE products SET groupbuy_ends_at = now() - interval '1 hour' WHERE id = $1", [id]);
    const hoodie = v.parse(ProductSchema, (await detail('globex', id)).body);
    expect(hoodie.groupbuy?.isActive).toBe(false);
    expect(Date.parse(hoodie.groupbuy?.ends_at ?? '')).toBeLessThan(Date.now());
    await server.db.query('UPDATE products SET groupbuy_active = false, groupbuy_ends_at = NULL WHERE id = $1', [id]);
    expect(v.parse(ProductSchema, (await detail('globex', id)).body).groupbuy).toMatchObject({ isActive: false, ends_at: null });
  });

  it('should expose the minimum quantity and box size of P-PEN', async () => {
    const pen = v.parse(ProductSchema, (await detail('globex', await productId('GLX-PEN'))).body);
    expect(pen.minimum_quantity).toBe(50);
    expect(pen.minimum_total_quantity).toBeNull();
    expect(pen.variants.length).toBeGreaterThan(0);
    expect(pen.variants.every((variant) => variant.quantity_in_box === 50)).toBe(true);
    expect(pen.groupbuy).toBeNull();
  });

  it('should expose the availabilities of P-BOTTLE and the best of them on the product', async () => {
    const id = await productId('GLX-BOTTLE');
    const bottle = v.parse(ProductSchema, (await detail('globex', id)).body);
    expect(bottle.variants.map((variant) => [variant.color_code, variant.stock, variant.availability])).toEqual([
      ['grey', 15, 'in_stock'],
      ['blue', 0, 'in_delivery'],
      ['red', 0, 'out_of_stock'],
    ]);
    expect(bottle.availability).toBe('in_stock');
    await server.db.query("UPDATE product_variants SET availability = 'out_of_stock', stock = 0 WHERE product_id = $1 AND color_code = 'grey'", [id]);
    expect(v.parse(ProductSchema, (await detail('globex', id)).body).availability).toBe('in_delivery');
    await server.db.query("UPDATE product_variants SET availability = 'out_of_stock' WHERE product_id = $1", [id]);
    expect(v.parse(ProductSchema, (await detail('globex', id)).body).availability).toBe('out_of_stock');
  });

  it('should sort thresholds by minimum quantity whatever order they were stored in', async () => {
    const id = await productId('GLX-USB');
    await server.db.query("DELETE FROM product_tiers WHERE product_id = $1 AND kind = 'threshold'", [id]);
    await server.db.query(
      "INSERT INTO product_tiers (product_id, kind, min_quantity, max_quantity, price) VALUES ($1, 'threshold', 100, NULL, 25.49), ($1, 'threshold', 1, 99, 29.99)",
      [id],
    );
    const usb = v.parse(ProductSchema, (await detail('globex', id)).body);
    expect(usb.thresholds).toEqual([
      { min_quantity: 1, max_quantity: 99, price: 29.99 },
      { min_quantity: 100, max_quantity: null, price: 25.49 },
    ]);
    const mug = v.parse(ProductSchema, (await detail('acme', await productId('ACME-MUG'), acmeBuyer)).body);
    expect(mug.thresholds.map((tier) => [tier.min_quantity, tier.max_quantity])).toEqual([
      [1, 49],
      [50, 99],
      [100, null],
    ]);
  });

  it('should order variants by position', async () => {
    const id = await productId('GLX-NOTE');
    await server.db.query('UPDATE product_variants SET position = 100 - position WHERE product_id = $1', [id]);
    const note = v.parse(ProductSchema, (await detail('globex', id)).body);
    expect(note.variants.map((variant) => variant.color_code)).toEqual(['blue', 'green', 'red']);
    expect(note.minimum_total_quantity).toBe(20);
  });

  it('should expose VAT rules, the business card flag and budgets', async () => {
    const get = async (code: string) => v.parse(ProductSchema, (await detail('acme', await productId(code), acmeBuyer)).body);
    const [cap, bag, umbrella, card, old, tee] = await Promise.all(
      ['ACME-CAP', 'ACME-BAG', 'ACME-UMBRELLA', 'ACME-CARD', 'ACME-OLD', 'ACME-TEE'].map(get),
    );
    expect(cap?.vat_included).toBe(true);
    expect(bag?.vat).toBe(8);
    expect(umbrella?.vat).toBeNull();
    expect(card?.is_business_card).toBe(true);
    expect(card?.variants).toHaveLength(1);
    expect(old?.budget?.name).toBe('Winter 2025');
    expect(tee?.variants).toHaveLength(12);
    expect(tee?.images.length).toBeGreaterThan(0);
    const globexTee = v.parse(ProductSchema, (await detail('globex', await productId('GLX-TEE'))).body);
    expect(globexTee.budget).toBeNull();
  });

  it('should answer 404 for a product of another shop, an unknown id and a malformed id', async () => {
    const other = await detail('acme', await productId('GLX-TEE'), acmeBuyer);
    expect(other.status).toBe(404);
    expect(v.parse(ApiErrorSchema, other.body).code).toBe('errors.not_found');
    expect((await detail('acme', 999_999, acmeBuyer)).status).toBe(404);
    const malformed = await server.json(`/api/products/abc?website_id=${server.shops.acme}`, { token: acmeBuyer });
    expect(malformed.status).toBe(404);
  });

  it('should apply the shop access rules', async () => {
    const id = await productId('ACME-TEE');
    expect((await detail('acme', id)).status).toBe(401);
    const foreign = await detail('acme', id, globexBuyer);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('errors.no_access');
    const missing = await server.json(`/api/products/${id}`, { token: acmeBuyer });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.website_id).toBeDefined();
  });
});

describe('GET /api/products with a large catalogue', () => {
  const SIZE = 5000;
  let bulkId: number;

  beforeAll(async () => {
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO websites (slug, name, currency, payment_type, login_required, registration_type)
       VALUES ('bulk', 'Bulk', 'PLN', 'invoice', false, 'form') RETURNING id`,
    );
    bulkId = rows[0]!.id;
    server.shops.bulk = bulkId;
    // Prices repeat every 7 products, so most sorts by price are decided by the id tie-break.
    await server.db.query(
      `INSERT INTO products (website_id, name, slug, code, search_text, calculated_price, position)
       SELECT $1, 'Item ' || i, 'item-' || i, 'BULK-' || lpad(i::text, 5, '0'),
              'item ' || i || ' bulk ' || lpad(i::text, 5, '0'), (i % 7) + 0.99, i
         FROM generate_series(1, ${SIZE}) AS i`,
      [bulkId],
    );
    await server.db.query(
      `INSERT INTO product_variants (product_id, code, color_code, availability, position)
       SELECT id, code || '-A', 'black', 'in_stock', 0 FROM products WHERE website_id = $1
       UNION ALL
       SELECT id, code || '-B', 'white', 'out_of_stock', 1 FROM products WHERE website_id = $1`,
      [bulkId],
    );
    await server.db.query(
      `INSERT INTO product_tiers (product_id, kind, min_quantity, max_quantity, price)
       SELECT id, 'threshold', 1, NULL, calculated_price FROM products WHERE website_id = $1`,
      [bulkId],
    );
  });

  it('should load a page in the same small number of queries whatever its size', async () => {
    const original = server.db.query.bind(server.db);
    let count = 0;
    server.db.query = ((sql: string, params?: unknown[]) => {
      count++;
      return original(sql, params);
    }) as typeof server.db.query;
    try {
      const counts: number[] = [];
      for (const perPage of [1, 24, 100]) {
        count = 0;
        const result = await page('bulk', { per_page: perPage, sort: 'name_asc' });
        expect(result.data).toHaveLength(perPage);
        expect(result.data.every((product) => product.variants.length === 2 && product.thresholds.length === 1)).toBe(true);
        counts.push(count);
      }
      // Shop, count, page (its variants and tiers included).
      expect(counts).toEqual([3, 3, 3]);
    } finally {
      server.db.query = original;
    }
  });

  it('should answer deep pages and searches quickly', async () => {
    const started = performance.now();
    const deep = await page('bulk', { sort: 'name_desc', page: 40, per_page: 100 });
    const search = await page('bulk', { search: 'item 499', sort: 'price_desc', per_page: 100 });
    const elapsed = performance.now() - started;
    expect(deep.data).toHaveLength(100);
    expect(deep.meta.total).toBe(SIZE);
    const expected = Array.from({ length: SIZE }, (_, index) => index + 1).filter((i) => String(i).includes('499'));
    expect(search.meta.total).toBe(expected.length);
    expect(search.data.map((product) => product.name).sort()).toEqual(expected.map((i) => `Item ${i}`).sort());
    expect(elapsed).toBeLessThan(3000);
  });

  it('should walk every page of a price sort full of ties without a repeat or a gap', async () => {
    const seen: number[] = [];
    for (let index = 1; index <= SIZE / 100; index++) {
      const result = await page('bulk', { sort: 'price_asc', per_page: 100, page: index });
      seen.push(...result.data.map((product) => product.id));
      const sorted = [...result.data].sort(expectedOrder('price_asc', await shopPricing('bulk')));
      expect(result.data.map((product) => product.id)).toEqual(sorted.map((product) => product.id));
    }
    expect(new Set(seen).size).toBe(SIZE);
    const { rows } = await server.db.query<{ id: number }>('SELECT id FROM products WHERE website_id = $1 ORDER BY calculated_price, id', [
      bulkId,
    ]);
    expect(seen).toEqual(rows.map((row) => row.id));
  });

  // Last in this block: it adds a product to the bulk shop.
  it('should plan a search of a large shop through the trigram index, and find accented names by unaccented words', async () => {
    const name = 'Kubek żółty XL';
    await server.db.query(
      `INSERT INTO products (website_id, name, slug, code, search_text, calculated_price) VALUES ($1, $2, 'kubek-zolty-xl', 'BULK-KZ', $3, 9.99)`,
      [bulkId, name, searchText(name, 'BULK-KZ')],
    );
    // As after a bulk load (npm run seed does the same): fresh statistics, and the trigram index's
    // pending list merged, which the planner would otherwise count against the index.
    await server.db.exec('VACUUM ANALYZE products');
    const words = searchWords('KUBEK Żółty');
    expect(words).toEqual(['kubek', 'zolty']);
    const filter = productFilter(bulkId, words!, null);
    // At this size reading the whole table is about as cheap as the index, and either plan is right; with
    // sequential scans ruled out for this one statement, the plan shows that the index can answer the
    // clause exactly as the route writes it (parameters and all), rather than the shop's 5,000 rows.
    const plan = await server.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT count(*) FROM products p WHERE ${filter.where}`, filter.params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('products_search_trgm');
    const found = await page('bulk', { search: 'KUBEK Żółty' });
    expect(found.data.map((product) => product.name)).toEqual([name]);
    expect(found.meta.total).toBe(1);
  });
});
