import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SORT_OPTIONS } from '../contract/contract.ts';
import { ApiClientError, errorMessage } from '../api/errors.ts';
import { GROSS_SHOP, catalogueOf, deferred, json, pageOf, product, products, stubCatalogue } from '../screens/catalogue/test-fixtures.ts';
import {
  CATALOGUE_ANNOUNCE_DELAY_MS,
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SEARCH_COALESCE_MS,
  cancelCatalogueLoad,
  catalogueAnnouncedTotal,
  catalogueAppliedQuery,
  catalogueError,
  catalogueMeta,
  cataloguePage,
  cataloguePath,
  catalogueProducts,
  catalogueQueryFromParams,
  catalogueQueryFromPath,
  catalogueResultQuery,
  catalogueSearch,
  catalogueStatus,
  loadCatalogue,
  routeCatalogueUrl,
  setCataloguePage,
  setCatalogueQuery,
  setCatalogueSearch,
  setCatalogueSort,
  submitCatalogueSearch,
  toPageSize,
} from './catalogue.ts';
import { locale } from './locale.ts';
import { savedShop } from './shop.ts';
import { resetPageSingletons } from '../page-singleton.ts';
import { adoptFirstScreenAnswers } from './first-screen.ts';

beforeEach(() => {
  resetPageSingletons();
  savedShop.value = GROSS_SHOP;
  locale.value = 'en';
});

afterEach(() => {
  resetPageSingletons();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Fake timers for the coalescing window and the held-back count only: fetch and body parsing keep their real scheduling. */
function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Waits (without moving the faked clock, unlike `vi.waitFor`) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise<void>((resolve) => setImmediate(resolve));
  expect(check()).toBe(true);
}

/**
 * Routes the catalogue to a router's `navigate` in miniature, starting on `start`: each write recorded
 * as "push …" or "replace …", none when the URL already is the path.
 */
function routeTo(start = '/products'): { writes: string[]; stop: () => void } {
  let at = start;
  const writes: string[] = [];
  const stop = routeCatalogueUrl((path, { replace }) => {
    if (path === at) return;
    at = path;
    writes.push(`${replace ? 'replace' : 'push'} ${path}`);
  });
  return { writes, stop };
}

describe('catalogue store: the first screen', () => {
  it("should show the page the server rendered at once, never as loading, and ask the API for any other", async () => {
    const calls = stubCatalogue(() => pageOf([product({ id: 4, name: 'Pen' })], { total: 1 }));
    const served = { data: [product({ id: 3, name: 'Mug' })], meta: { total: 1, page: 1, per_page: CATALOGUE_PAGE_SIZE } };
    adoptFirstScreenAnswers({ [`catalogue:${cataloguePath({ search: 'mug', sort: 'name_asc', page: 1 })}`]: served });
    const seen: string[] = [];
    const stop = catalogueStatus.subscribe((status) => seen.push(status));
    // Hydration's start loads the query again: the page's answer is shown in the same call (a click on a
    // card just after hydration is never blocked by a loading state).
    const done = setCatalogueQuery({ search: 'mug', sort: 'name_asc', page: 1 }, 'url');
    expect(catalogueStatus.value).toBe('ready');
    expect(catalogueProducts.value).toBe(served.data);
    expect(catalogueAnnouncedTotal.value).toBe(1);
    await done;
    expect(seen).toEqual(['idle', 'ready']);
    expect(calls).toHaveLength(0);
    // Another query is not in the page: loaded as ever.
    await setCatalogueQuery({ search: 'pen' }, 'push');
    stop();
    expect(seen).toEqual(['idle', 'ready', 'loading', 'ready']);
    expect(calls).toHaveLength(1);
    expect(catalogueProducts.value.map((item) => item.name)).toEqual(['Pen']);
  });
});

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

  it('should send every keystroke\'s search as typed, each aborting the one before, and show only the last answer', async () => {
    expect(CATALOGUE_SEARCH_COALESCE_MS).toBeGreaterThanOrEqual(0);
    expect(CATALOGUE_SEARCH_COALESCE_MS).toBeLessThanOrEqual(100);
    fakeTimers();
    const answers = new Map<string, ReturnType<typeof deferred>>();
    const calls = stubCatalogue((call) => {
      const answer = deferred();
      answers.set(call.params.get('search') ?? '', answer);
      return answer.answer(call);
    });
    for (const text of ['k', 'ku', 'kub', 'kube', 'kubek']) {
      setCatalogueSearch(text);
      expect(catalogueStatus.value).toBe('loading');
      vi.advanceTimersByTime(CATALOGUE_SEARCH_COALESCE_MS);
      await vi.waitFor(() => expect(calls.at(-1)?.params.get('search')).toBe(text));
      vi.advanceTimersByTime(40);
    }
    expect(catalogueSearch.value).toBe('kubek');
    expect(calls.map((call) => call.params.get('search'))).toEqual(['k', 'ku', 'kub', 'kube', 'kubek']);
    expect(calls.map((call) => call.signal?.aborted)).toEqual([true, true, true, true, false]);
    expect(calls[4]?.params.get('page')).toBe('1');
    answers.get('kubek')?.resolve(pageOf([product({ id: 7, name: 'Kubek' })]));
    await vi.waitFor(() => expect(catalogueStatus.value).toBe('ready'));
    expect(catalogueProducts.value.map((p) => p.name)).toEqual(['Kubek']);
    expect(catalogueResultQuery.value?.search).toBe('kubek');
  });

  it('should trim the search, leave a blank one out and go back to page 1 when it changes', async () => {
    const calls = stubCatalogue(catalogueOf(100));
    await setCataloguePage(3);
    setCatalogueSearch('  pen  ');
    expect(cataloguePage.value).toBe(1);
    await vi.waitFor(() => expect(calls.at(-1)?.params.get('search')).toBe('pen'));
    setCatalogueSearch('   ');
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.at(-1)?.params.has('search')).toBe(false);
    expect(calls.at(-1)?.params.get('page')).toBe('1');
  });

  it('should not send again for a keystroke that leaves the query as it is (a trailing space)', async () => {
    const calls = stubCatalogue(() => pageOf([product({ id: 3, name: 'Mug' })]));
    setCatalogueSearch('mug');
    await vi.waitFor(() => expect(catalogueStatus.value).toBe('ready'));
    setCatalogueSearch('mug ');
    expect(catalogueStatus.value).toBe('ready');
    await submitCatalogueSearch();
    expect(calls).toHaveLength(1);
  });

  it('should keep the shown products, marked as loading, from the keystroke until the newer answer', async () => {
    const next = deferred();
    stubCatalogue((call) => (call.params.get('search') === 'pen' ? next.answer(call) : pageOf(products(3))));
    await loadCatalogue();
    const shown = catalogueProducts.value;
    setCatalogueSearch('pen');
    expect(catalogueStatus.value).toBe('loading');
    expect(catalogueProducts.value).toBe(shown);
    expect(catalogueResultQuery.value?.search).toBe('');
    next.resolve(pageOf([product({ id: 9, name: 'Pen' })]));
    await vi.waitFor(() => expect(catalogueStatus.value).toBe('ready'));
    expect(catalogueProducts.value.map((p) => p.name)).toEqual(['Pen']);
  });

  it('should send the search typed so far when the order or the page changes, and keep search and order on another page', async () => {
    const calls = stubCatalogue(catalogueOf(100));
    setCatalogueSearch('mug');
    await setCatalogueSort('price_desc');
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(Object.fromEntries(calls.at(-1)?.params ?? [])).toMatchObject({ search: 'mug', sort: 'price_desc', page: '1' });
    await setCataloguePage(2);
    expect(Object.fromEntries(calls.at(-1)?.params ?? [])).toMatchObject({ search: 'mug', sort: 'price_desc', page: '2' });
    expect(calls).toHaveLength(3);
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

  it('should abort a typed search when the catalogue is cancelled (its screen went away)', async () => {
    const calls = stubCatalogue(deferred().answer);
    setCatalogueSearch('pen');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    cancelCatalogueLoad();
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(catalogueProducts.value).toEqual([]);
  });
});

describe('catalogue store: the announced count', () => {
  it('should announce the count of a typed search once typing pauses, each keystroke restarting the wait', async () => {
    fakeTimers();
    stubCatalogue(({ params }) => pageOf(products(params.get('search') === 'mu' ? 4 : 2)));
    await loadCatalogue();
    expect(catalogueAnnouncedTotal.value).toBe(2);
    setCatalogueSearch('mu');
    await until(() => catalogueMeta.value?.total === 4);
    // The list shows the answer at once; the live count waits.
    expect(catalogueProducts.value).toHaveLength(4);
    vi.advanceTimersByTime(CATALOGUE_ANNOUNCE_DELAY_MS - 1);
    expect(catalogueAnnouncedTotal.value).toBe(2);
    setCatalogueSearch('mug');
    await until(() => catalogueMeta.value?.total === 2);
    vi.advanceTimersByTime(CATALOGUE_ANNOUNCE_DELAY_MS - 1);
    expect(catalogueAnnouncedTotal.value).toBe(2);
    setCatalogueSearch('mu');
    await until(() => catalogueMeta.value?.total === 4);
    vi.advanceTimersByTime(CATALOGUE_ANNOUNCE_DELAY_MS - 1);
    expect(catalogueAnnouncedTotal.value).toBe(2);
    vi.advanceTimersByTime(1);
    expect(catalogueAnnouncedTotal.value).toBe(4);
    expect(CATALOGUE_ANNOUNCE_DELAY_MS).toBeGreaterThan(CATALOGUE_SEARCH_COALESCE_MS);
  });

  it('should announce at once on Enter, and for a sort or a page', async () => {
    fakeTimers();
    const calls = stubCatalogue(({ params }) => pageOf(products(params.get('search') === 'pen' ? 1 : 5)));
    setCatalogueSearch('pen');
    await until(() => catalogueStatus.value === 'ready');
    expect(catalogueAnnouncedTotal.value).toBeNull();
    await submitCatalogueSearch();
    expect(catalogueAnnouncedTotal.value).toBe(1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(CATALOGUE_ANNOUNCE_DELAY_MS);
    setCatalogueSearch('');
    // Enter while the typed search is still loading: not sent again, but announced as soon as it is in.
    await submitCatalogueSearch();
    await until(() => catalogueStatus.value === 'ready');
    expect(catalogueAnnouncedTotal.value).toBe(5);
    expect(calls).toHaveLength(2);
    await setCatalogueSort('price_asc');
    expect(catalogueAnnouncedTotal.value).toBe(5);
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
    let releaseOld: ((response: Response) => void) | undefined;
    const calls = stubCatalogue((call) => {
      if (call.params.get('search') === 'mu') return new Promise<Response>((resolve) => (releaseOld = resolve));
      return pageOf([product({ id: 3, name: 'Mug' })]);
    });
    setCatalogueSearch('mu');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(catalogueStatus.value).toBe('loading');
    setCatalogueSearch('mug');
    expect(calls[0]?.signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(catalogueStatus.value).toBe('ready'));
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

describe('catalogue store: the routed URL (issue 28: the store owns it)', () => {
  it('should write each step\'s query as it is sent: a page, a sort and a cleared search push, a typed search pushes once and replaces after', async () => {
    const calls = stubCatalogue(deferred().answer);
    const url = routeTo();
    void setCataloguePage(2);
    // Written with the request, before any answer.
    expect(url.writes).toEqual(['push /products?page=2']);
    void setCatalogueSort('price_asc');
    setCatalogueSearch('k');
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    setCatalogueSearch('ku');
    setCatalogueSearch('ku ');
    void setCatalogueQuery({ search: '', page: 1 }, 'push');
    setCatalogueSearch('m');
    expect(url.writes).toEqual([
      'push /products?page=2',
      'push /products?sort=price_asc',
      'push /products?search=k&sort=price_asc',
      'replace /products?search=ku&sort=price_asc',
      'push /products?sort=price_asc',
      'push /products?search=m&sort=price_asc',
    ]);
  });

  it('should write nothing back for a query that came from the URL, and nothing once the catalogue is no longer routed', async () => {
    const calls = stubCatalogue(catalogueOf(100));
    const url = routeTo('/products?search=pen&page=x');
    await setCatalogueQuery({ search: 'pen', sort: 'name_asc', page: 1 }, 'url');
    await loadCatalogue();
    expect(url.writes).toEqual([]);
    url.stop();
    await setCataloguePage(3);
    expect(calls).toHaveLength(3);
    expect(url.writes).toEqual([]);
  });

  it('should replace the URL of a page past the end with the last page, whichever step asked for it', async () => {
    stubCatalogue(catalogueOf(30));
    const url = routeTo();
    await setCataloguePage(9);
    expect(url.writes).toEqual(['push /products?page=9', 'replace /products?page=2']);
    url.stop();
    // A stale link: the URL says page 7, and takes page 2 in its place.
    const linked = routeTo('/products?page=7');
    await setCatalogueQuery({ page: 7 }, 'url');
    expect(linked.writes).toEqual(['replace /products?page=2']);
  });
});

describe('catalogue URLs', () => {
  it('should read search, sort and page from URL parameters, replacing unusable values with the defaults', () => {
    expect(catalogueQueryFromParams(new URLSearchParams('search=%20kubek%20&sort=price_desc&page=3'))).toEqual({ search: 'kubek', sort: 'price_desc', page: 3, perPage: 24 });
    expect(catalogueQueryFromParams(new URLSearchParams('sort=cheapest&page=-2'))).toEqual({ search: '', sort: 'name_asc', page: 1, perPage: 24 });
    expect(catalogueQueryFromParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(catalogueQueryFromParams(new URLSearchParams(`search=${'a'.repeat(150)}`)).search).toHaveLength(100);
  });

  it('should read the query of a catalogue path only, trailing slash tolerated', () => {
    expect(catalogueQueryFromPath('/products?search=pen&sort=price_asc&page=2')).toEqual({ search: 'pen', sort: 'price_asc', page: 2, perPage: 24 });
    expect(catalogueQueryFromPath('/products/')).toEqual({ search: '', sort: 'name_asc', page: 1, perPage: 24 });
    expect(catalogueQueryFromPath('/products/kubek/1?search=pen')).toBeNull();
    expect(catalogueQueryFromPath('/cart')).toBeNull();
  });

  it('should write only what differs from the defaults, with spaces as %20 like the header search', () => {
    expect(cataloguePath({ search: '', sort: 'name_asc', page: 1 })).toBe('/products');
    expect(cataloguePath({ search: 'kubek żółty', sort: 'price_asc', page: 2 })).toBe('/products?search=kubek%20%C5%BC%C3%B3%C5%82ty&sort=price_asc&page=2');
    expect(cataloguePath({ search: 'a+b & c', sort: 'name_asc', page: 1 })).toBe('/products?search=a%2Bb%20%26%20c');
    const back = catalogueQueryFromParams(new URLSearchParams(cataloguePath({ search: 'a+b & c', sort: 'code_desc', page: 4 }).split('?')[1]));
    expect(back).toEqual({ search: 'a+b & c', sort: 'code_desc', page: 4, perPage: 24 });
  });
});
