import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SORT_OPTIONS } from '../contract/contract.ts';
import { ApiClientError, errorMessage } from '../api/errors.ts';
import { GROSS_SHOP, catalogueOf, deferred, json, pageOf, product, products, stubCatalogue } from '../screens/catalogue/test-fixtures.ts';
import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SEARCH_DEBOUNCE_MS,
  cancelCatalogueLoad,
  catalogueAppliedQuery,
  catalogueError,
  catalogueMeta,
  cataloguePage,
  cataloguePath,
  catalogueProducts,
  catalogueQueryFromParams,
  catalogueResultQuery,
  catalogueSearch,
  catalogueStatus,
  loadCatalogue,
  resetCatalogue,
  setCataloguePage,
  setCatalogueQuery,
  setCatalogueSearch,
  setCatalogueSort,
  toPageSize,
} from './catalogue.ts';
import { locale } from './locale.ts';
import { resetShop, savedShop } from './shop.ts';

beforeEach(() => {
  resetCatalogue();
  resetShop();
  savedShop.value = GROSS_SHOP;
  locale.value = 'en';
});

afterEach(() => {
  resetCatalogue();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Fake timers for the debounce only: fetch and body parsing keep their real scheduling. */
function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

describe('catalogue store: requests', () => {
  it('should send website_id, page 1 and per_page 24 with each of the six sort options', async () => {
    const calls = stubCatalogue();
    for (const sort of SORT_OPTIONS) {
      await setCatalogueSort(sort);
      const params = calls.at(-1)?.params;
      expect(calls.at(-1)?.path).toBe('/api/products');
      expect(Object.fromEntries(params ?? [])).toEqual({ website_id: '3', sort, page: '1', per_page: String(CATALOGUE_PAGE_SIZE) });
    }
    expect(calls).toHaveLength(6);
    expect(CATALOGUE_PAGE_SIZE).toBe(24);
  });

  it('should send a search only 300 ms after the last keystroke: five quick characters make one request', async () => {
    fakeTimers();
    const calls = stubCatalogue(() => pageOf([product({ id: 7, name: 'Kubek' })]));
    for (const text of ['k', 'ku', 'kub', 'kube', 'kubek']) {
      setCatalogueSearch(text);
      vi.advanceTimersByTime(50);
    }
    expect(catalogueSearch.value).toBe('kubek');
    vi.advanceTimersByTime(CATALOGUE_SEARCH_DEBOUNCE_MS - 51);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params.get('search')).toBe('kubek');
    expect(calls[0]?.params.get('page')).toBe('1');
    await vi.waitFor(() => expect(catalogueStatus.value).toBe('ready'));
    expect(catalogueProducts.value.map((p) => p.name)).toEqual(['Kubek']);
    expect(catalogueResultQuery.value?.search).toBe('kubek');
    expect(CATALOGUE_SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it('should trim the search, leave a blank one out and go back to page 1 when it changes', async () => {
    fakeTimers();
    const calls = stubCatalogue();
    await setCataloguePage(3);
    setCatalogueSearch('  pen  ');
    expect(cataloguePage.value).toBe(1);
    vi.advanceTimersByTime(CATALOGUE_SEARCH_DEBOUNCE_MS);
    expect(calls.at(-1)?.params.get('search')).toBe('pen');
    setCatalogueSearch('   ');
    vi.advanceTimersByTime(CATALOGUE_SEARCH_DEBOUNCE_MS);
    expect(calls.at(-1)?.params.has('search')).toBe(false);
  });

  it('should send the search typed so far at once when the order or the page changes, and keep search and order on another page', async () => {
    fakeTimers();
    const calls = stubCatalogue(catalogueOf(100));
    setCatalogueSearch('mug');
    await setCatalogueSort('price_desc');
    expect(Object.fromEntries(calls.at(-1)?.params ?? [])).toMatchObject({ search: 'mug', sort: 'price_desc', page: '1' });
    await setCataloguePage(2);
    expect(Object.fromEntries(calls.at(-1)?.params ?? [])).toMatchObject({ search: 'mug', sort: 'price_desc', page: '2' });
    // The debounce was overtaken: no second request for the same search later.
    vi.advanceTimersByTime(CATALOGUE_SEARCH_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(2);
    await setCatalogueSort('code_asc');
    expect(cataloguePage.value).toBe(1);
  });

  it('should do nothing without a shop', async () => {
    const calls = stubCatalogue();
    savedShop.value = null;
    await loadCatalogue();
    expect(calls).toHaveLength(0);
    expect(catalogueStatus.value).toBe('idle');
  });

  it('should drop a pending search when the catalogue is cancelled (its screen went away)', () => {
    fakeTimers();
    const calls = stubCatalogue();
    setCatalogueSearch('pen');
    cancelCatalogueLoad();
    vi.advanceTimersByTime(CATALOGUE_SEARCH_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(0);
  });
});

describe('catalogue store: stale answers', () => {
  it('should cancel the older request and never let its late answer replace the newer one', async () => {
    const slow = deferred();
    const calls = stubCatalogue((call) => (call.params.get('sort') === 'price_asc' ? slow.answer(call) : pageOf([product({ id: 2, name: 'New' })])));
    const first = setCatalogueSort('price_asc');
    const second = setCatalogueSort('price_desc');
    await second;
    expect(calls[0]?.signal?.aborted).toBe(true);
    slow.resolve(pageOf([product({ id: 1, name: 'Old' })]));
    await first;
    expect(catalogueProducts.value.map((p) => p.name)).toEqual(['New']);
    expect(catalogueResultQuery.value?.sort).toBe('price_desc');
    expect(catalogueStatus.value).toBe('ready');
    expect(catalogueError.value).toBeNull();
  });

  it('should ignore an old answer that arrives anyway (a server that ignores the abort), even after the newer one', async () => {
    fakeTimers();
    let releaseOld: ((response: Response) => void) | undefined;
    const calls = stubCatalogue((call) => {
      if (call.params.get('search') === 'mu') return new Promise<Response>((resolve) => (releaseOld = resolve));
      return pageOf([product({ id: 3, name: 'Mug' })]);
    });
    setCatalogueSearch('mu');
    vi.advanceTimersByTime(CATALOGUE_SEARCH_DEBOUNCE_MS);
    expect(catalogueStatus.value).toBe('loading');
    setCatalogueSearch('mug');
    expect(calls[0]?.signal?.aborted).toBe(true);
    vi.advanceTimersByTime(CATALOGUE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(catalogueStatus.value).toBe('ready'));
    vi.useRealTimers();
    releaseOld?.(pageOf(products(5)));
    // Give the late answer time to go all the way through the client (body parsing, schema check).
    await new Promise<void>((resolve) => setTimeout(resolve, 50));
    expect(catalogueProducts.value.map((p) => p.name)).toEqual(['Mug']);
    expect(catalogueResultQuery.value?.search).toBe('mug');
    expect(calls).toHaveLength(2);
  });

  it('should keep the shown products while the next page loads', async () => {
    const next = deferred();
    stubCatalogue((call) => (call.params.get('page') === '2' ? next.answer(call) : catalogueOf(48)(call)));
    await loadCatalogue();
    const firstPage = catalogueProducts.value;
    expect(firstPage).toHaveLength(24);
    const loading = setCataloguePage(2);
    expect(catalogueStatus.value).toBe('loading');
    expect(catalogueProducts.value).toBe(firstPage);
    expect(catalogueAppliedQuery.value?.page).toBe(2);
    next.resolve(pageOf(products(24, 25), { total: 48, page: 2 }));
    await loading;
    expect(catalogueProducts.value[0]?.id).toBe(25);
    expect(catalogueMeta.value).toEqual({ total: 48, page: 2, per_page: 24 });
  });
});

describe('catalogue store: failures and edges', () => {
  it('should hold the error of a failed load and recover on retry', async () => {
    let fail = true;
    stubCatalogue(() => (fail ? json({ message: 'Server Error' }, 500) : pageOf(products(2))));
    await loadCatalogue();
    expect(catalogueStatus.value).toBe('error');
    expect(catalogueError.value).toBeInstanceOf(ApiClientError);
    expect(errorMessage(catalogueError.value)).toBe('Something went wrong!');
    fail = false;
    await loadCatalogue();
    expect(catalogueStatus.value).toBe('ready');
    expect(catalogueError.value).toBeNull();
    expect(catalogueProducts.value).toHaveLength(2);
  });

  it('should load the last page instead of a page past the end', async () => {
    const calls = stubCatalogue(catalogueOf(30));
    await setCataloguePage(9);
    expect(calls.map((call) => call.params.get('page'))).toEqual(['9', '2']);
    expect(cataloguePage.value).toBe(2);
    expect(catalogueProducts.value).toHaveLength(6);
    expect(catalogueMeta.value?.page).toBe(2);
  });

  it('should take the per-page size from a query, capped at the API maximum of 100', async () => {
    const calls = stubCatalogue();
    await setCatalogueQuery({ perPage: 12, search: 'cap', sort: 'code_desc', page: 1 });
    expect(Object.fromEntries(calls.at(-1)?.params ?? [])).toMatchObject({ per_page: '12', search: 'cap', sort: 'code_desc' });
    await setCatalogueQuery({ perPage: 5000 });
    expect(calls.at(-1)?.params.get('per_page')).toBe('100');
    expect(toPageSize('abc')).toBe(24);
    expect(toPageSize(0)).toBe(24);
  });
});

describe('catalogue URLs', () => {
  it('should read search, sort and page from URL parameters, replacing unusable values with the defaults', () => {
    expect(catalogueQueryFromParams(new URLSearchParams('search=%20kubek%20&sort=price_desc&page=3'))).toEqual({ search: 'kubek', sort: 'price_desc', page: 3, perPage: 24 });
    expect(catalogueQueryFromParams(new URLSearchParams('sort=cheapest&page=-2'))).toEqual({ search: '', sort: 'name_asc', page: 1, perPage: 24 });
    expect(catalogueQueryFromParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(catalogueQueryFromParams(new URLSearchParams(`search=${'a'.repeat(150)}`)).search).toHaveLength(100);
  });

  it('should write only what differs from the defaults, with spaces as %20 like the header search', () => {
    expect(cataloguePath({ search: '', sort: 'name_asc', page: 1 })).toBe('/products');
    expect(cataloguePath({ search: 'kubek żółty', sort: 'price_asc', page: 2 })).toBe('/products?search=kubek%20%C5%BC%C3%B3%C5%82ty&sort=price_asc&page=2');
    expect(cataloguePath({ search: 'a+b & c', sort: 'name_asc', page: 1 })).toBe('/products?search=a%2Bb%20%26%20c');
    const back = catalogueQueryFromParams(new URLSearchParams(cataloguePath({ search: 'a+b & c', sort: 'code_desc', page: 4 }).split('?')[1]));
    expect(back).toEqual({ search: 'a+b & c', sort: 'code_desc', page: 4, perPage: 24 });
  });
});
