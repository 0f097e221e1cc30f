import { useSignals } from '@preact/signals-react/runtime';
import { memo, useDeferredValue, useEffect, useRef } from 'react';
import { type Product } from '../../contract/contract.ts';
import { errorMessage } from '../../api/errors.ts';
import { currentPath, hrefFor, navigate, routerActive } from '../../kit/router.tsx';
import { type RouteId } from '../../domain/routes.ts';
import type { PrepareFirstScreen } from '../../store/first-screen.ts';
import { t } from '../../i18n/index.ts';
import { tp } from '../../i18n/plural.ts';
import {
  cancelCatalogueLoad,
  catalogueAnnouncedTotal,
  catalogueAppliedQuery,
  catalogueError,
  catalogueMeta,
  cataloguePath,
  catalogueProducts,
  catalogueQueryFromPath,
  catalogueResultQuery,
  catalogueStatus,
  DEFAULT_SORT,
  isSortOption,
  loadCatalogue,
  routeCatalogueUrl,
  setCataloguePage,
  setCatalogueQuery,
  toPageSize,
  type CatalogueQuery,
} from '../../store/catalogue.ts';
import { loadShop, shop, shopStatus } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import css from './catalogue.css?inline';
import { CatalogueSearch, CatalogueSort, ClearSearch } from './CatalogueToolbar.tsx';
import { Pagination } from './Pagination.tsx';
import { ProductCard } from './ProductCard.tsx';

registerStyles('catalogue', css);

/** Props of {@link Catalogue}: the router's (as the `products` screen) or the element's attributes. */
export interface CatalogueProps {
  /** Set by the storefront's router (`products`); absent on `<shop-catalogue>`. */
  routeId?: RouteId;
  /** Route parameters from the router (none for this route). */
  params?: Readonly<Record<string, string>>;
  /** Initial search (the `<shop-catalogue search>` attribute). */
  search?: string;
  /** Initial order: one of the six sort codes (`price_asc` …); anything else is the default. */
  sort?: string;
  /** Products per page (1–100, default 24). */
  perPage?: number;
}

/** Cards whose pictures load at once: the first row on a wide screen, the first two rows on a phone. */
const PRIORITY_CARDS = 4;

/** The grid of one page of products; memoised on the products array (a new page is a new array). */
const ProductGrid = memo(function ProductGrid({ products, headingLevel }: { products: readonly Product[]; headingLevel: 2 | 3 }) {
  return (
    <ul className="shop-catalogue__grid">
      {products.map((product, index) => (
        <li key={product.id} className="shop-catalogue__item">
          <ProductCard product={product} headingLevel={headingLevel} priority={index < PRIORITY_CARDS} />
        </li>
      ))}
    </ul>
  );
});

/** The routed catalogue's first screen: the page its URL asks for, loaded as its start loads it. */
export const prepareFirstScreen: PrepareFirstScreen = (path) => setCatalogueQuery(catalogueQueryFromPath(path) ?? {}, 'url');

/**
 * The product catalogue (spec §2 `/products`): search (as you type;
 * accent-insensitive on the server), the six sort orders, page navigation, products as cards with prices net or gross per the
 * shop, availability, budget and group-buy badges. Only one page (24 products) is ever rendered, so
 * it stays smooth with a catalogue of thousands.
 *
 * As the storefront's screen it takes search, order and page from the URL
 * (`/products?search=…&sort=…&page=…`, as the header's search box writes it), so reload and Back
 * return to the same results. The URL has one owner, so a navigation is never overwritten by a stale
 * write: the store's actions write it as they send a query (a page or a sort is a new history entry,
 * a typed search one entry per search); a URL changed from outside (the header search, a link, back/forward) is read here as it changes
 * and loaded, without being written back. As `<shop-catalogue>` outside the storefront it starts from
 * its attributes and keeps its state to itself.
 *
 * The old results stay visible while the next page or search loads, marked as loading (`aria-busy`,
 * dimmed only when the answer takes longer than 150 ms, so fast answers do not flicker); the count on
 * screen changes with the cards it counts, while the polite status announces it, while typing only
 * once typing pauses. An empty shop, a search
 * without results and a failed load each have their own state.
 */
export function Catalogue({ routeId, search, sort, perPage }: CatalogueProps) {
  useSignals();
  const website = shop.value;
  const shopId = website?.id ?? null;
  const routed = routeId === 'products' && routerActive.value;
  const applied = catalogueAppliedQuery.value;
  const heading = useRef<HTMLHeadingElement>(null);
  // An answer renders in a transition React can interrupt (time-sliced), so a keystroke arriving
  // meanwhile is handled and painted first (a keystroke shows in the next frame). The cards, the count,
  // "Results for …" and the pages change together in that render; until it is committed the old ones
  // stay, marked as loading.
  const products = useDeferredValue(catalogueProducts.value);
  const meta = useDeferredValue(catalogueMeta.value);
  const result = useDeferredValue(catalogueResultQuery.value);
  const announced = useDeferredValue(catalogueAnnouncedTotal.value);
  const answerPending = products !== catalogueProducts.value || meta !== catalogueMeta.value || result !== catalogueResultQuery.value;

  // An element used on its own page loads the shop's presets itself.
  useEffect(() => {
    if (shopStatus.peek() === 'idle') void loadShop();
  }, []);

  // Routed, the store's loads write the URL (push or replace per step, store/catalogue.ts); otherwise
  // they leave the page's URL alone.
  useEffect(() => (routed ? routeCatalogueUrl(navigate) : undefined), [routed]);

  // Start (and restart for another shop, or new attributes): always load, even a query loaded before.
  // A start from the URL writes nothing back to it.
  useEffect(() => {
    if (shopId === null) return;
    // The query this catalogue starts from: the URL's as it is now, or the element's attributes.
    const wanted: CatalogueQuery = (routed ? catalogueQueryFromPath(currentPath.peek()) : null) ?? {
      search: (search ?? '').trim(),
      sort: isSortOption(sort) ? sort : DEFAULT_SORT,
      page: 1,
      perPage: toPageSize(perPage),
    };
    void setCatalogueQuery(wanted, routed ? 'url' : 'replace');
    return cancelCatalogueLoad;
  }, [shopId, routed, search, sort, perPage]);

  // The URL changed from outside (the header search, a link, back/forward): load what it asks for, in
  // the same call that changed it, before any answer still on its way could be applied. The store's own
  // writes say its query already and load nothing; nothing here writes the URL.
  useEffect(() => {
    if (shopId === null || !routed) return undefined;
    return currentPath.subscribe((path) => {
      const asked = catalogueQueryFromPath(path);
      const loaded = catalogueAppliedQuery.peek();
      if (asked && (!loaded || cataloguePath(asked) !== cataloguePath(loaded))) void setCatalogueQuery(asked, 'url');
    });
  }, [shopId, routed]);

  if (!website) {
    const failed = shopStatus.value === 'not-found' || shopStatus.value === 'error';
    return (
      <section className="shop-catalogue" aria-busy={!failed || undefined}>
        <h1 className="shop-catalogue__title" tabIndex={-1} data-screen-heading="">
          {t('catalogue.title')}
        </h1>
        {failed ? <p className="shop-catalogue__message">{t('app.store_not_found_text')}</p> : <Loading loading className="shop-catalogue__pending" />}
      </section>
    );
  }

  const status = catalogueStatus.value;
  const searched = result?.search ?? '';
  const pages = meta ? Math.max(1, Math.ceil(meta.total / Math.max(1, meta.per_page))) : 1;
  const page = meta?.page ?? 1;

  const linkQuery = result ?? applied;
  const goToPage = (next: number) => {
    void setCataloguePage(next);
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start' });
  };

  let body;
  if (status === 'error') {
    body = (
      <div className="shop-catalogue__state" data-state="error">
        <p role="alert" className="shop-catalogue__error">
          {errorMessage(catalogueError.value)}
        </p>
        <Button variant="secondary" onClick={() => void loadCatalogue()}>
          {t('app.retry')}
        </Button>
      </div>
    );
  } else if (result && products.length === 0) {
    body = (
      <div className="shop-catalogue__state" data-state={searched ? 'no-results' : 'empty'}>
        <Loading loading={status === 'loading' || answerPending}>
          <p className="shop-catalogue__message">{searched ? t('catalogue.no_results') : t('catalogue.no_products')}</p>
          {searched && <ClearSearch routed={routed} query={result} />}
        </Loading>
      </div>
    );
  } else {
    body = (
      <Loading loading={status !== 'ready' || answerPending} className="shop-catalogue__results">
        {products.length > 0 ? <ProductGrid products={products} headingLevel={searched ? 3 : 2} /> : <div className="shop-catalogue__placeholder" />}
      </Loading>
    );
  }

  return (
    <section className="shop-catalogue">
      <h1 ref={heading} className="shop-catalogue__title" tabIndex={-1} data-screen-heading="">
        {t('catalogue.title')}
      </h1>
      <div className="shop-catalogue__toolbar">
        <CatalogueSearch routed={routed} />
        <CatalogueSort routed={routed} />
      </div>
      {searched && <h2 className="shop-catalogue__results-title">{t('catalogue.search_results', { query: searched })}</h2>}
      {/* The count on screen always describes the list on screen: it comes from the same deferred answer
          as the cards, so it changes in the same render (never "37 products" over 3 cards).
          Screen readers hear the count from the status below instead, held back while the buyer types. */}
      <p className="shop-catalogue__count" aria-hidden="true" data-stale={answerPending || status === 'loading' || undefined}>
        {meta && result ? tp('catalogue.results', meta.total) : ''}
      </p>
      <p className="shop-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announced !== null && result ? tp('catalogue.results', announced) : ''}
      </p>
      {body}
      {status !== 'error' && meta && products.length > 0 && (
        <Pagination page={page} pages={pages} onPageChange={goToPage} hrefFor={routed && linkQuery ? (target) => hrefFor(cataloguePath({ ...linkQuery, page: target })) : undefined} />
      )}
    </section>
  );
}
