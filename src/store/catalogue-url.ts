import { pageSingleton } from '../page-singleton.ts';
import { cataloguePath, type CatalogueQuery } from './catalogue-query.ts';

/**
 * The routed catalogue's URL, which the store's loads own: each load writes its query as it is sent,
 * pushing or replacing a history entry per its intent.
 *
 * @module
 */

/**
 * How the storefront's URL takes the query of a load. The store writes it itself, when the load is
 * sent: the URL has one owner, so nothing else can overwrite a URL changed from outside with an older
 * query:
 * - `push`: a new history entry. Paging, sorting and clearing the search are steps the buyer takes on
 *   purpose and expects Back to undo, as with any link: Back from page 2 is page 1, not the homepage.
 * - `search`: one entry per search, not per keystroke. The first URL write of a typed search pushes
 *   (Back returns to the list before the search), every later keystroke of the same search replaces
 *   it, so typing "kubek" does not leave five entries to step back through. A search ends with any
 *   other step (a page, a sort, a URL from outside); typing after it starts a new one.
 * - `replace`: the query was normalised (a page past the end) or set by an element's attributes: the
 *   current entry is replaced, never a new one.
 * - `url`: the query comes from the URL (a start from it, back/forward, the header search, a link): the
 *   URL already says it, so nothing is written back, not even a tidier spelling of it.
 */
export type CatalogueHistoryIntent = 'push' | 'search' | 'replace' | 'url';

/** The intent of the latest load, and the typed search (numbered) that already has its entry. */
const history = pageSingleton('catalogueHistory', () => ({ intent: 'replace' as CatalogueHistoryIntent, search: 0, written: 0 }));

/** Sets the intent of the next load; a keystroke after any other step starts a new search. */
export function intend(intent: CatalogueHistoryIntent): void {
  if (intent === 'search' && history.intent !== 'search') history.search += 1;
  history.intent = intent;
}

/**
 * Whether the URL write about to happen pushes a new history entry or replaces the current
 * one ({@link CatalogueHistoryIntent}). Called once per write: a pushed step's later rewrites (a page
 * past the end) replace, as do a search's writes after its first.
 */
function takeCatalogueHistoryMode(): 'push' | 'replace' {
  if (history.intent === 'push') {
    history.intent = 'replace';
    return 'push';
  }
  if (history.intent === 'search' && history.written !== history.search) {
    history.written = history.search;
    return 'push';
  }
  return 'replace';
}

/**
 * Writes a storefront path into the URL: the router's `navigate`, pushing a history entry or, with
 * `replace`, replacing the current one (and doing nothing when the URL already is `path`).
 */
export type CatalogueUrlWriter = (path: string, options: { replace: boolean }) => void;

/** The writer of the routed catalogue's URL; `null` while no catalogue is routed. */
const url = pageSingleton('catalogueUrl', () => ({ write: null as CatalogueUrlWriter | null }), (fresh) => (fresh.write = null));

/**
 * The storefront routes the catalogue (`/products`): until the returned function is called, every load
 * writes its query into the URL with `write`, as it is sent, pushing or replacing per its
 * {@link CatalogueHistoryIntent}. The URL is then never behind the query the store holds. A URL
 * changed from outside is the routed screen's to read as it changes and apply with
 * `setCatalogueQuery(query, 'url')`, which writes nothing back and makes it the latest load at once,
 * so no answer to an older query is applied after it; the only write an answer makes (a page past the
 * end, replaced by the last page) is the latest load's. Without a routed catalogue (`<shop-catalogue>`
 * on an intranet page) the store leaves the URL alone.
 */
export function routeCatalogueUrl(write: CatalogueUrlWriter): () => void {
  url.write = write;
  return () => {
    if (url.write === write) url.write = null;
  };
}

/** Writes the query of the load being sent into the routed catalogue's URL, per the intent. */
export function writeCatalogueUrl(query: CatalogueQuery): void {
  const write = url.write;
  if (!write || history.intent === 'url') return;
  write(cataloguePath(query), { replace: takeCatalogueHistoryMode() === 'replace' });
}

/** A load's query was normalised (a page past the end): the URL, even one the query came from, takes it in place of its entry. */
export function normalisedUrl(): void {
  if (history.intent === 'url') history.intent = 'replace';
}

