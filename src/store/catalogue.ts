import { batch, signal } from '@preact/signals-react';
import { fetchProducts } from '../api/catalogue.ts';
import type { Product, ProductPage, SortOption } from '../contract/contract.ts';
import { CATALOGUE_PAGE_SIZE, cataloguePath, clampSearch, DEFAULT_SORT, lastPageOf, pastLastPage, sameCatalogueQuery, toPage, toPageSize, type CatalogueQuery } from './catalogue-query.ts';
import { firstScreenAnswer, heldFirstScreenAnswer } from './first-screen.ts';
import { intend, normalisedUrl, writeCatalogueUrl, type CatalogueHistoryIntent } from './catalogue-url.ts';
import { latestRequest } from './latest-request.ts';
import { pageSingleton } from '../page-singleton.ts';
import { shop } from './shop.ts';

export {
  CATALOGUE_MAX_PAGE_SIZE,
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_PARAM,
  CATALOGUE_SEARCH_MAX_LENGTH,
  catalogueParams,
  catalogueQueryFromParams,
  catalogueQueryFromPath,
  cataloguePath,
  DEFAULT_SORT,
  isSortOption,
  sameCatalogueQuery,
  toPage,
  toPageSize,
  type CatalogueQuery,
} from './catalogue-query.ts';
export { routeCatalogueUrl, type CatalogueHistoryIntent, type CatalogueUrlWriter } from './catalogue-url.ts';

/**
 * The catalogue's state (spec §2 `/products`): the query the buyer builds (search, sort,
 * page), the page of products the API answered for it, and where the load stands. One store per page,
 * shared by the routed screen and a `<shop-catalogue>` element.
 *
 * Every load cancels the one before it (AbortController) and an answer is only applied while its
 * request is still the latest, so a slow answer to an old query can never replace a newer one. Search
 * is as-you-type: each keystroke's request is sent after a coalescing window of
 * {@link CATALOGUE_SEARCH_COALESCE_MS} and aborts the one before, the shown list stays (marked as
 * loading) until the newer answer replaces it, and the result count for the live status is held back
 * while the buyer types ({@link CATALOGUE_ANNOUNCE_DELAY_MS}). Only one page
 * ({@link CATALOGUE_PAGE_SIZE} products) is ever held, whatever the size of the catalogue.
 *
 * Its parts: `catalogue-query.ts` (the query, its limits and its URL form) and `catalogue-url.ts` (the
 * routed catalogue's URL, written by the loads).
 *
 * @module
 */

/**
 * How long a search keystroke waits for the next one before its request is sent (the results must
 * follow a keystroke within 100 ms). 0, measured in docs/benchmarks.md: a keystroke sends its request
 * at once, since typists' keystrokes are rarely under 100 ms apart, so any window would mostly add its own length to "typing
 * stops → list painted"; the request before is aborted either way.
 */
export const CATALOGUE_SEARCH_COALESCE_MS = 0;
/**
 * How long after an answer to a typed search the live status waits before it announces the result
 * count: a keystroke within it restarts the wait, so a screen reader hears the count once typing
 * pauses, not once per keystroke. Answers to Enter, a sort or a page are announced at once.
 */
export const CATALOGUE_ANNOUNCE_DELAY_MS = 500;
/** Where the catalogue's load stands. */
export type CatalogueStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The search as typed (the field's value; sent after the coalescing window). */
export const catalogueSearch = pageSingleton('catalogueSearch', () => signal(''));
export const catalogueSort = pageSingleton('catalogueSort', () => signal<SortOption>(DEFAULT_SORT));
/** 1-based. */
export const cataloguePage = pageSingleton('cataloguePage', () => signal(1));
export const cataloguePerPage = pageSingleton('cataloguePerPage', () => signal(CATALOGUE_PAGE_SIZE));
/** The products of the page last answered (kept while the next one loads). */
export const catalogueProducts = pageSingleton('catalogueProducts', () => signal<readonly Product[]>([]));
/** `total`, `page` and `per_page` of the page last answered; `null` before the first answer. */
export const catalogueMeta = pageSingleton('catalogueMeta', () => signal<ProductPage['meta'] | null>(null));
export const catalogueStatus = pageSingleton('catalogueStatus', () => signal<CatalogueStatus>('idle'));
/** Why the last load failed (`errorMessage` turns it into text); `null` otherwise. */
export const catalogueError = pageSingleton('catalogueError', () => signal<unknown>(null));
/**
 * The query of the latest load sent: what the routed catalogue's URL says (the load wrote it, or it
 * came from the URL). `null` before the first load.
 */
export const catalogueAppliedQuery = pageSingleton('catalogueAppliedQuery', () => signal<CatalogueQuery | null>(null));
/** The query the shown products answer (for "Results for …" and the empty states). */
export const catalogueResultQuery = pageSingleton('catalogueResultQuery', () => signal<CatalogueQuery | null>(null));
/**
 * The result count the polite live status says: the shown page's `total`, but while the buyer types
 * only once typing pauses ({@link CATALOGUE_ANNOUNCE_DELAY_MS}). `null` before the first answer.
 */
export const catalogueAnnouncedTotal = pageSingleton('catalogueAnnouncedTotal', () => signal<number | null>(null));

/** The request in flight, the pending coalesced search and the held-back announcement (one catalogue per page). */
const request = pageSingleton('catalogue.request', latestRequest, (inFlight) => inFlight.cancel());
const pending = pageSingleton('cataloguePending', () => ({
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  /** Whether the latest load was started by a keystroke (its count is announced late). */
  typed: false,
  announce: undefined as ReturnType<typeof setTimeout> | undefined,
}));

/** The query the signals hold now (the search trimmed). */
export function currentCatalogueQuery(): CatalogueQuery {
  return {
    search: catalogueSearch.peek().trim(),
    sort: catalogueSort.peek(),
    page: cataloguePage.peek(),
    perPage: cataloguePerPage.peek(),
  };
}

/** Drops the pending coalesced search. */
function clearPendingSearch(): void {
  clearTimeout(pending.timer);
  pending.timer = undefined;
}

/** Drops the held-back announcement of a typed search's count. */
function clearPendingAnnouncement(): void {
  clearTimeout(pending.announce);
  pending.announce = undefined;
}

/** Stops whatever is pending: the coalesced search and the request in flight (a screen that goes away). */
export function cancelCatalogueLoad(): void {
  clearPendingSearch();
  clearPendingAnnouncement();
  request.cancel();
}

/**
 * Loads the page the query signals describe (website from `shop`), cancelling the request before it
 * and any pending coalesced search. The shown products stay until the answer replaces them; an answer
 * that is no longer the latest request's is dropped. A page past the end (the catalogue shrank, or a
 * stale link) loads the last page instead. Without a shop there is nothing to load.
 */
export function loadCatalogue(): Promise<void> {
  pending.typed = false;
  return load();
}

/** Shows `answer` as the page of `query`; its count is announced now, or once typing pauses. */
function showAnswer(query: CatalogueQuery, answer: ProductPage): void {
  catalogueProducts.value = answer.data;
  catalogueMeta.value = answer.meta;
  // The same query stays the same object: the screen compares them by identity to tell an answer
  // still rendering (marked as loading) from the one shown.
  if (!sameCatalogueQuery(catalogueResultQuery.peek(), query)) catalogueResultQuery.value = query;
  catalogueStatus.value = 'ready';
  if (!pending.typed) catalogueAnnouncedTotal.value = answer.meta.total;
  else {
    pending.announce = setTimeout(() => {
      pending.announce = undefined;
      catalogueAnnouncedTotal.value = answer.meta.total;
    }, CATALOGUE_ANNOUNCE_DELAY_MS);
  }
}

/** {@link loadCatalogue}, keeping whether a keystroke started it ({@link pending}.typed). */
async function load(): Promise<void> {
  clearPendingSearch();
  clearPendingAnnouncement();
  request.cancel();
  const website = shop.peek();
  if (!website) return;
  const query = currentCatalogueQuery();
  // The page the server rendered the catalogue with is in the page (store/first-screen.ts): shown at
  // once, never marked as loading in between (a click on a card just after hydration would hit the
  // loading state's pointer block).
  const held = heldFirstScreenAnswer<ProductPage>('catalogue', cataloguePath(query));
  if (held && !pastLastPage(query, held.data)) {
    batch(() => {
      if (!sameCatalogueQuery(catalogueAppliedQuery.peek(), query)) catalogueAppliedQuery.value = query;
      catalogueError.value = null;
      showAnswer(query, held.data);
    });
    writeCatalogueUrl(query);
    return;
  }
  const run = request.start();
  batch(() => {
    catalogueAppliedQuery.value = query;
    catalogueStatus.value = 'loading';
    catalogueError.value = null;
  });
  // Written as the query is sent, not when its answer shows: from here on the URL says the query the
  // store loads, and a URL changed from outside later is the newest query, never overwritten by this one.
  writeCatalogueUrl(query);
  try {
    const answer = await firstScreenAnswer('catalogue', cataloguePath(query), () =>
      fetchProducts({ website_id: website.id, search: query.search, sort: query.sort, page: query.page, per_page: query.perPage }, { signal: run.signal }),
    );
    if (!run.settle()) return;
    if (pastLastPage(query, answer)) {
      cataloguePage.value = lastPageOf(answer);
      normalisedUrl();
      return await load();
    }
    batch(() => showAnswer(query, answer));
  } catch (error) {
    // Cancelled or replaced: the newer request owns the state.
    if (!run.settle()) return;
    batch(() => {
      catalogueError.value = error;
      catalogueStatus.value = 'error';
    });
  }
}

/** Whether the query the signals hold is the one loading or shown (none pending, none failed). */
function isCurrentLoad(): boolean {
  const status = catalogueStatus.peek();
  return pending.timer === undefined && (status === 'loading' || status === 'ready') && sameCatalogueQuery(currentCatalogueQuery(), catalogueAppliedQuery.peek());
}

/**
 * The buyer typed in the search field (as-you-type): the text shows at once, the page goes
 * back to 1, and unless the query is the one already loading or shown (a trailing space), the shown
 * list is marked as loading at once, the request in flight is aborted (it answers a query that no
 * longer stands) and the new search is sent after {@link CATALOGUE_SEARCH_COALESCE_MS} (at once when
 * 0). Its count is announced once typing pauses.
 */
export function setCatalogueSearch(text: string): void {
  batch(() => {
    catalogueSearch.value = clampSearch(text);
    cataloguePage.value = 1;
  });
  // The same query is already loading or shown: nothing to send, and a count held back stays due.
  if (isCurrentLoad()) return;
  clearPendingAnnouncement();
  clearPendingSearch();
  request.cancel();
  pending.typed = true;
  intend('search');
  // Marked at once, not when the request leaves: the shown list no longer answers what is typed.
  if (shop.peek()) catalogueStatus.value = 'loading';
  if (CATALOGUE_SEARCH_COALESCE_MS <= 0) {
    void load();
    return;
  }
  pending.timer = setTimeout(() => {
    pending.timer = undefined;
    void load();
  }, CATALOGUE_SEARCH_COALESCE_MS);
}

/**
 * Enter in the search field: the search typed so far is sent now (a pending coalesced one leaves at
 * once), and its count is announced as soon as it is in. When that query is already loading or shown,
 * nothing is sent again; a count still held back is announced now.
 */
export function submitCatalogueSearch(): Promise<void> {
  if (isCurrentLoad()) {
    pending.typed = false;
    if (pending.announce !== undefined) {
      clearPendingAnnouncement();
      catalogueAnnouncedTotal.value = catalogueMeta.peek()?.total ?? null;
    }
    return Promise.resolve();
  }
  return loadCatalogue();
}

/** Another order: back to page 1, loaded at once (with whatever search is typed); a new history entry. */
export function setCatalogueSort(sort: SortOption): Promise<void> {
  intend('push');
  batch(() => {
    catalogueSort.value = sort;
    cataloguePage.value = 1;
  });
  return loadCatalogue();
}

/** Another page of the same search and order, loaded at once; a new history entry. */
export function setCataloguePage(page: number): Promise<void> {
  intend('push');
  cataloguePage.value = toPage(page);
  return loadCatalogue();
}

/**
 * Sets the whole query at once and loads it: from an element's attributes (`replace`, the default), a
 * step of the buyer's such as clearing the search (`push`), or the URL (`url`: a start from it, or a
 * URL changed from outside; nothing is written back). See {@link CatalogueHistoryIntent}.
 */
export function setCatalogueQuery(query: Partial<CatalogueQuery>, intent: CatalogueHistoryIntent = 'replace'): Promise<void> {
  intend(intent);
  batch(() => {
    if (query.search !== undefined) catalogueSearch.value = clampSearch(query.search);
    if (query.sort !== undefined) catalogueSort.value = query.sort;
    if (query.page !== undefined) cataloguePage.value = toPage(query.page);
    if (query.perPage !== undefined) cataloguePerPage.value = toPageSize(query.perPage);
  });
  return loadCatalogue();
}

