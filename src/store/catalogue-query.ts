import { SORT_OPTIONS, type ProductPage, type SortOption } from '../contract/contract.ts';
import { buildPath, matchRoute } from '../domain/routes.ts';

/**
 * The catalogue's query (search, sort, page, page size): its limits and defaults, how a `/products`
 * URL reads as a query and a query as a URL, and how a value from an attribute or a URL is made usable.
 *
 * @module
 */

/** Products per page of the storefront's catalogue. */
export const CATALOGUE_PAGE_SIZE = 24;
/** The most products one page may ask for (`ProductQuerySchema.per_page`). */
export const CATALOGUE_MAX_PAGE_SIZE = 100;
/** The longest search the API accepts (`ProductQuerySchema.search`). */
export const CATALOGUE_SEARCH_MAX_LENGTH = 100;
/** The API's default order (`ProductQuerySchema.sort`); left out of URLs. */
export const DEFAULT_SORT: SortOption = 'name_asc';

/**
 * The names of a `/products` URL's query parameters. The storefront's links and its forms use these
 * names alike: a form submitted without scripts (`method="get"`) writes the URL a link would.
 */
export const CATALOGUE_PARAM = { search: 'search', sort: 'sort', page: 'page' } as const;

/** What a page of the catalogue is asked for; `search` is trimmed, `''` means none. */
export interface CatalogueQuery {
  search: string;
  sort: SortOption;
  page: number;
  perPage: number;
}

/** Whether a value is one of the six sort options of spec §2. */
export function isSortOption(value: unknown): value is SortOption {
  return typeof value === 'string' && (SORT_OPTIONS as readonly string[]).includes(value);
}

/** A page number from text or a number: a positive integer, else 1. */
export function toPage(value: unknown): number {
  const page = typeof value === 'number' ? value : Number(String(value ?? '').trim() || Number.NaN);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A page size within 1…{@link CATALOGUE_MAX_PAGE_SIZE}; anything unusable is {@link CATALOGUE_PAGE_SIZE}. */
export function toPageSize(value: unknown): number {
  const size = typeof value === 'number' ? value : Number(String(value ?? '').trim() || Number.NaN);
  if (!Number.isInteger(size) || size < 1) return CATALOGUE_PAGE_SIZE;
  return Math.min(size, CATALOGUE_MAX_PAGE_SIZE);
}

/** A search as the API takes it: at most {@link CATALOGUE_SEARCH_MAX_LENGTH} characters. */
export function clampSearch(value: string): string {
  return value.slice(0, CATALOGUE_SEARCH_MAX_LENGTH);
}

/**
 * The catalogue query of a `/products` URL's parameters (`search`, `sort`, `page`), with unusable
 * values replaced by the defaults, so a hand-edited URL still shows a catalogue.
 */
export function catalogueQueryFromParams(params: URLSearchParams, perPage: number = CATALOGUE_PAGE_SIZE): CatalogueQuery {
  const sort = params.get(CATALOGUE_PARAM.sort);
  return {
    search: clampSearch(params.get(CATALOGUE_PARAM.search) ?? '').trim(),
    sort: isSortOption(sort) ? sort : DEFAULT_SORT,
    page: toPage(params.get(CATALOGUE_PARAM.page)),
    perPage: toPageSize(perPage),
  };
}

/**
 * The catalogue query of a storefront path (base path stripped) when it is the catalogue's
 * (`/products?…`, see {@link catalogueQueryFromParams}); `null` for any other screen's path.
 */
export function catalogueQueryFromPath(path: string): CatalogueQuery | null {
  if (matchRoute(path, [])?.route.id !== 'products') return null;
  const index = path.indexOf('?');
  return catalogueQueryFromParams(new URLSearchParams(index === -1 ? '' : path.slice(index + 1)));
}

/**
 * The URL parameters of a catalogue query (`search`, `sort`, `page`), leaving out what is the default
 * (no search, {@link DEFAULT_SORT}, page 1). A form's hidden inputs take them too, so a form that
 * changes one parameter keeps the others.
 */
export function catalogueParams(query: Pick<CatalogueQuery, 'search' | 'sort' | 'page'>): URLSearchParams {
  const params = new URLSearchParams();
  const search = query.search.trim();
  if (search) params.set(CATALOGUE_PARAM.search, search);
  if (query.sort !== DEFAULT_SORT) params.set(CATALOGUE_PARAM.sort, query.sort);
  if (query.page > 1) params.set(CATALOGUE_PARAM.page, String(query.page));
  return params;
}

/**
 * The storefront path of a catalogue query: `/products?search=…&sort=…&page=…` with the parameters of
 * {@link catalogueParams}, so the plain catalogue is just `/products`.
 */
export function cataloguePath(query: Pick<CatalogueQuery, 'search' | 'sort' | 'page'>): string {
  const text = catalogueParams(query).toString().replace(/\+/g, '%20');
  return text ? `${buildPath('products')}?${text}` : buildPath('products');
}

/** Whether two queries ask for the same page. */
export function sameCatalogueQuery(a: CatalogueQuery | null, b: CatalogueQuery | null): boolean {
  if (!a || !b) return a === b;
  return a.search === b.search && a.sort === b.sort && a.page === b.page && a.perPage === b.perPage;
}

/** The last page of the catalogue `answer` is a page of. */
export function lastPageOf(answer: ProductPage): number {
  return Math.max(1, Math.ceil(answer.meta.total / Math.max(1, answer.meta.per_page)));
}

/** Whether `answer` is an empty page past the last one (the catalogue shrank, or a stale link). */
export function pastLastPage(query: CatalogueQuery, answer: ProductPage): boolean {
  return answer.data.length === 0 && query.page > lastPageOf(answer);
}
