import { api, type CallOptions } from './client.ts';
import { ProductPageSchema, ProductSchema, type Product, type ProductPage, type SortOption } from '../contract/contract.ts';

/** Catalogue calls (DESIGN.md §4): a page of products, and one product. */

/** A catalogue query (`ProductQuerySchema` on the wire, where every value is text). */
export interface ProductQuery {
  website_id: number;
  /** Case-, accent- and punctuation-insensitive; every word must match. Blank = no search. */
  search?: string;
  sort?: SortOption;
  page?: number;
  per_page?: number;
  /** Exactly these products, in this order (homepage carousels); at most 100. */
  ids?: readonly number[];
}

/** A page of the shop's products (`GET /api/products`); `ids` go as one comma-separated value. */
export function fetchProducts(query: ProductQuery, options: CallOptions = {}): Promise<ProductPage> {
  const { ids, search, ...rest } = query;
  return api.get('/api/products', ProductPageSchema, {
    query: { ...rest, search: search?.trim() ? search : undefined, ids: ids && ids.length > 0 ? ids.join(',') : undefined },
    signal: options.signal,
  });
}

/** One product of the shop (`GET /api/products/{id}?website_id=`); 404 `errors.not_found` when not this shop's. */
export function fetchProduct(id: number, websiteId: number, options: CallOptions = {}): Promise<Product> {
  return api.get(`/api/products/${encodeURIComponent(id)}`, ProductSchema, { query: { website_id: websiteId }, signal: options.signal });
}

/** The most ids one catalogue call takes (contract `ProductQuerySchema.ids`). */
const IDS_PER_CALL = 100;

/**
 * The shop's current products with these ids, 100 ids a call (the cart's check, "Order again"); ids
 * the shop no longer sells are simply missing from the answer.
 */
export async function fetchProductsByIds(websiteId: number, ids: readonly number[], options: CallOptions = {}): Promise<Product[]> {
  const unique = [...new Set(ids)];
  const calls: Promise<Product[]>[] = [];
  for (let start = 0; start < unique.length; start += IDS_PER_CALL) {
    const chunk = unique.slice(start, start + IDS_PER_CALL);
    calls.push(fetchProducts({ website_id: websiteId, ids: chunk, per_page: IDS_PER_CALL }, options).then((page) => page.data));
  }
  return (await Promise.all(calls)).flat();
}
