import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { currentPath, navigate, routerActive, syncLocation } from '../../kit/router.tsx';
import { renderToString } from 'react-dom/server';
import {
  CATALOGUE_ANNOUNCE_DELAY_MS,
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SEARCH_COALESCE_MS,
  catalogueResultQuery,
  setCatalogueQuery,
} from '../../store/catalogue.ts';
import { pageConfig } from '../../store/config.ts';
import { locale } from '../../store/locale.ts';
import { savedShop, shopStatus } from '../../store/shop.ts';
import { Catalogue, type CatalogueProps } from './Catalogue.tsx';
import { GROSS_SHOP, POINTS_SHOP, catalogueOf, deferred, json, pageOf, product, stubCatalogue, type CatalogueCall } from './test-fixtures.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

/** Intl separates amount and unit with a no-break space; tests compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** A fresh page on `path` with the storefront's router on and the shop loaded. */
function resetPage(path: string, website: Website = GROSS_SHOP): void {
  resetPageSingletons();
  savedShop.value = website;
  shopStatus.value = 'ready';
  locale.value = 'en';
  routerActive.value = true;
  window.history.replaceState(null, '', path);
  syncLocation();
}

/** Renders the catalogue as the router does (`products` route) unless other props are given. */
function renderCatalogue(props: CatalogueProps = { routeId: 'products', params: {} }) {
  const host = document.createElement('div');
  document.body.append(host);
  return render(
    <ElementShell host={host} root={document}>
      <Catalogue {...props} />
    </ElementShell>,
    { container: host },
  );
}

/** The query parameters of the last request, as a plain object. */
const lastQuery = (calls: readonly CatalogueCall[]) => Object.fromEntries(calls.at(-1)?.params ?? []);

/** The result count on screen (the polite status says it to screen readers). */
const shownCount = () => document.querySelector('.shop-catalogue__count');

/** The product cards on screen. */
const cards = () => screen.queryAllByRole('article');

/** Waits (without moving faked timers, unlike `vi.waitFor`) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  expect(check()).toBe(true);
}

const THREE = [
  product({ id: 1, name: 'Kubek', slug: 'kubek', code: 'MUG-1', calculated_price: 10, vat: 23 }),
  product({ id: 2, name: 'Długopis', slug: 'dlugopis', code: 'PEN-2', availability: 'in_delivery', budget: { id: 9, name: 'Marketing', color: '#2563eb' } }),
  product({
    id: 3,
    name: 'Plecak',
    slug: 'plecak',
    code: 'BAG-3',
    groupbuy: { isActive: true, total_quantity: 5, ends_at: null, tiers: [{ min_quantity: 1, max_quantity: null, price: 20 }] },
  }),
];

beforeEach(() => resetPage('/products'));
afterEach(() => {
  resetPageSingletons();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  routerActive.value = false;
  document.body.innerHTML = '';
});

describe('Catalogue: results', () => {
  it('should show the heading, a card per product and announce the number of results', async () => {
    const calls = stubCatalogue(() => pageOf(THREE, { total: 3 }));
    renderCatalogue();
    const heading = screen.getByRole('heading', { level: 1, name: 'Products' });
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(heading).toHaveAttribute('data-screen-heading');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole('status')).toHaveTextContent('3 products');
    expect(lastQuery(calls)).toEqual({ website_id: '3', sort: 'name_asc', page: '1', per_page: '24' });
    expect(screen.getByRole('link', { name: 'Kubek' })).toHaveAttribute('href', '/products/kubek/1');
    expect(plain(cards()[0]?.textContent)).toContain('PLN 12.30 gross');
    expect(screen.getByText('In Delivery')).toHaveAttribute('data-tone', 'warning');
    expect(screen.getByText('Marketing').closest('.shop-badge')).toHaveStyle({ backgroundColor: 'rgb(37, 99, 235)' });
    expect(within(cards()[2] as HTMLElement).getByText('Group Buy')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Product name A-Z');
  });

  it('should speak Polish: heading, plural count, prices and labels', async () => {
    locale.value = 'pl';
    stubCatalogue(() => pageOf(THREE, { total: 22 }));
    renderCatalogue();
    expect(screen.getByRole('heading', { level: 1, name: 'Produkty' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('22 produkty'));
    expect(plain(cards()[0]?.textContent)).toContain('12,30 zł brutto');
    expect(screen.getByRole('searchbox', { name: 'Szukaj produktów' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sortuj według' })).toHaveTextContent('Nazwa produktu A-Z');
    expect(screen.getByText('W dostawie')).toBeInTheDocument();
  });

  it('should show points in a points shop', async () => {
    resetPage('/products', POINTS_SHOP);
    stubCatalogue(() => pageOf([product({ calculated_price: 250 })]));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(plain(cards()[0]?.textContent)).toContain('250 pts');
    expect(plain(cards()[0]?.textContent)).not.toMatch(/gross|net/);
  });
});

describe('Catalogue: query and URL', () => {
  it('should start from the URL’s search, sort and page', async () => {
    resetPage(`/products?search=${encodeURIComponent('kubek żółty')}&sort=price_desc&page=2`);
    const calls = stubCatalogue(catalogueOf(60));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(calls).toHaveLength(1);
    expect(lastQuery(calls)).toMatchObject({ search: 'kubek żółty', sort: 'price_desc', page: '2' });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('kubek żółty');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Highest price');
    expect(screen.getByRole('heading', { level: 2, name: 'Results for "kubek żółty"' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(24);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('should search as you type: a request per keystroke, the old list kept and busy until the answer, one history entry for the search, the count announced once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const held = deferred();
    const calls = stubCatalogue((call) => {
      const search = call.params.get('search');
      if (search === 'ku') return held.answer(call);
      return pageOf(search ? [product({ id: 10 + search.length, name: `Kubek ${search.length}` })] : THREE, { total: search ? 10 - search.length : 3 });
    });
    renderCatalogue();
    await until(() => cards().length === 3);
    const historyLength = window.history.length;
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('3 products');
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    box.focus();
    const region = () => screen.getByRole('link', { name: cards().length === 3 ? 'Kubek' : 'Kubek 1' }).closest('.shop-loading');
    // One change per keystroke, 40 ms apart (user-event's own pauses would wait on the faked timers).
    fireEvent.change(box, { target: { value: 'k' } });
    act(() => vi.advanceTimersByTime(CATALOGUE_SEARCH_COALESCE_MS));
    await until(() => screen.queryByRole('link', { name: 'Kubek 1' }) !== null);
    expect(region()).not.toHaveAttribute('aria-busy');
    // The count on screen changes with the list it counts (issue 27), the spoken one only once typing pauses.
    expect(shownCount()).toHaveTextContent('9 products');
    expect(status).toHaveTextContent('3 products');
    fireEvent.change(box, { target: { value: 'ku' } });
    // The answer for "ku" is held: the list for "k" stays, marked busy.
    expect(region()).toHaveAttribute('aria-busy', 'true');
    act(() => vi.advanceTimersByTime(CATALOGUE_SEARCH_COALESCE_MS));
    await until(() => calls.length === 3);
    expect(screen.getByRole('link', { name: 'Kubek 1' })).toBeInTheDocument();
    expect(region()).toHaveAttribute('aria-busy', 'true');
    for (const text of ['kub', 'kube', 'kubek']) {
      act(() => vi.advanceTimersByTime(40));
      fireEvent.change(box, { target: { value: text } });
      act(() => vi.advanceTimersByTime(CATALOGUE_SEARCH_COALESCE_MS));
    }
    expect(box).toHaveValue('kubek');
    await until(() => screen.queryByRole('link', { name: 'Kubek 5' }) !== null);
    expect(calls.map((call) => call.params.get('search'))).toEqual([null, 'k', 'ku', 'kub', 'kube', 'kubek']);
    expect(calls[2]?.signal?.aborted).toBe(true);
    expect(lastQuery(calls)).toMatchObject({ search: 'kubek', page: '1' });
    expect(cards()).toHaveLength(1);
    // The held answer for "ku" comes too late to replace anything.
    held.resolve(pageOf(THREE));
    await act(async () => undefined);
    expect(screen.getByRole('link', { name: 'Kubek 5' })).toBeInTheDocument();
    expect(currentPath.value).toBe('/products?search=kubek');
    expect(window.location.search).toBe('?search=kubek');
    // One entry for the whole search (its first write pushed it, the later keystrokes replaced it).
    expect(window.history.length).toBe(historyLength + 1);
    expect(shownCount()).toHaveTextContent('5 products');
    // The live status has not spoken any of the keystrokes' counts; it says the last one once typing pauses.
    expect(status).toHaveTextContent('3 products');
    act(() => vi.advanceTimersByTime(CATALOGUE_ANNOUNCE_DELAY_MS));
    expect(status).toHaveTextContent('5 products');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('kubek');
  });

  it('should send the search at once on Enter', async () => {
    const calls = stubCatalogue();
    renderCatalogue();
    await waitFor(() => expect(calls).toHaveLength(1));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'pen{Enter}');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'pen' }));
    await waitFor(() => expect(currentPath.value).toBe('/products?search=pen'));
  });

  it('should send each chosen sort from page 1 and keep it in the URL', async () => {
    resetPage('/products?page=2');
    const calls = stubCatalogue(catalogueOf(100));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(24));
    const options = [
      ['Lowest price', 'price_asc'],
      ['Highest price', 'price_desc'],
      ['Product name Z-A', 'name_desc'],
      ['Product code A-Z', 'code_asc'],
      ['Product code Z-A', 'code_desc'],
      ['Product name A-Z', 'name_asc'],
    ] as const;
    for (const [label, code] of options) {
      await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
      await userEvent.click(screen.getByRole('option', { name: label }));
      await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: code, page: '1' }));
      await waitFor(() => expect(currentPath.value).toBe(code === 'name_asc' ? '/products' : `/products?sort=${code}`));
    }
    expect(calls).toHaveLength(1 + options.length);
  });

  it('should push a history entry for each page and sort, one for a typed search, and go back through them', async () => {
    const calls = stubCatalogue(catalogueOf(100));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(24));
    const push = vi.spyOn(window.history, 'pushState');
    const replace = vi.spyOn(window.history, 'replaceState');
    const written = () => [...push.mock.calls.map((call) => `push ${String(call[2])}`), ...replace.mock.calls.map((call) => `replace ${String(call[2])}`)];

    await userEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(currentPath.value).toBe('/products?page=2'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Lowest price' }));
    await waitFor(() => expect(currentPath.value).toBe('/products?sort=price_asc'));
    expect(written()).toEqual(['push /products?page=2', 'push /products?sort=price_asc']);

    // A typed search: its first answer pushes one entry, the next keystroke's answer replaces it.
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    fireEvent.change(box, { target: { value: 'k' } });
    await waitFor(() => expect(currentPath.value).toBe('/products?search=k&sort=price_asc'));
    fireEvent.change(box, { target: { value: 'ku' } });
    await waitFor(() => expect(currentPath.value).toBe('/products?search=ku&sort=price_asc'));
    expect(written()).toEqual([
      'push /products?page=2',
      'push /products?sort=price_asc',
      'push /products?search=k&sort=price_asc',
      'replace /products?search=ku&sort=price_asc',
    ]);

    // Back three times: before the search, before the sort (page 2), before paging (page 1).
    for (const [path, query] of [
      ['/products?sort=price_asc', { sort: 'price_asc', page: '1' }],
      ['/products?page=2', { sort: 'name_asc', page: '2' }],
      ['/products', { sort: 'name_asc', page: '1' }],
    ] as const) {
      act(() => window.history.back());
      await waitFor(() => expect(currentPath.value).toBe(path));
      await waitFor(() => expect(lastQuery(calls)).toMatchObject(query));
      await waitFor(() => expect(screen.getByRole('link', { name: `Page ${query.page}` })).toHaveAttribute('aria-current', 'page'));
    }
    expect(lastQuery(calls)).not.toHaveProperty('search');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    // Loading the URL's query writes nothing: Back left forward entries to go to.
    expect(push).toHaveBeenCalledTimes(3);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('should load a query put in the URL from outside (the header search, back and forward)', async () => {
    const calls = stubCatalogue(() => pageOf(THREE));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(3));
    act(() => navigate('/products?search=pen'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'pen' }));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('pen');
    act(() => {
      window.history.replaceState(null, '', '/products?sort=code_desc');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    // Loaded as the URL changes, whatever the answers before are still rendering (issue 28).
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'code_desc' }));
    expect(lastQuery(calls)).not.toHaveProperty('search');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    expect(calls).toHaveLength(3);
  });

  // Issue 28: the URL used to be written by an effect once the answer before was on screen, so a
  // navigation landing in between was lost: the header search for "pen", sent while the whole
  // catalogue was on its way, was overwritten with `/products` and "pen" never loaded.
  it.each([
    ['while the answer before it is on the way', false],
    ['in the same moment as the answer before it, whose render is still deferred', true],
  ])('should load a query put in the URL from outside %s, and never overwrite it', async (_when, landsWithAnswer) => {
    resetPage('/products?search=pen');
    const whole = deferred();
    const calls = stubCatalogue((call) => (call.params.get('search') ? pageOf([product({ id: 5, name: 'Pen' })]) : whole.answer(call)));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(1));
    // The buyer empties the search field: the whole catalogue is asked for, and its answer held.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: '' } });
    await until(() => calls.length === 2);
    if (landsWithAnswer) {
      // The header search lands as the store takes the answer in, before React renders any of it.
      let landed = false;
      const stop = catalogueResultQuery.subscribe((query) => {
        if (landed || query?.search !== '') return;
        landed = true;
        navigate('/products?search=pen');
      });
      await act(async () => whole.resolve(pageOf(THREE)));
      await until(() => landed);
      stop();
    } else {
      act(() => navigate('/products?search=pen'));
      await act(async () => whole.resolve(pageOf(THREE)));
    }
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((call) => call.params.get('search'))).toEqual(['pen', null, 'pen']);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Results for "pen"' })).toBeInTheDocument());
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('pen');
    expect(currentPath.value).toBe('/products?search=pen');
    expect(window.location.search).toBe('?search=pen');
  });
});

describe('Catalogue: pages', () => {
  it('should render at most 24 cards of 5,000 products and move pages with the pagination', async () => {
    const calls = stubCatalogue(catalogueOf(5000));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(CATALOGUE_PAGE_SIZE));
    expect(screen.getByRole('status')).toHaveTextContent('5,000 products');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link').length).toBeLessThanOrEqual(8);
    expect(within(nav).getByRole('link', { name: 'Page 209' })).toHaveAttribute('href', '/products?page=209');
    await userEvent.click(within(nav).getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    expect(lastQuery(calls)).toMatchObject({ page: '2', per_page: '24' });
    expect(currentPath.value).toBe('/products?page=2');
    expect(cards()).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(screen.getByRole('link', { name: 'Product 25' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Page 209' }));
    await waitFor(() => expect(cards()).toHaveLength(5000 - 208 * 24));
    expect(currentPath.value).toBe('/products?page=209');
    await userEvent.click(screen.getByRole('link', { name: 'Previous page' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '208' }));
  });

  it('should keep the old results visible, dimmed and busy, while the next page loads', async () => {
    const next = deferred();
    stubCatalogue((call) => (call.params.get('page') === '2' ? next.answer(call) : catalogueOf(48)(call)));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(24));
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(screen.getByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    const region = screen.getByRole('link', { name: 'Product 1' }).closest('.shop-loading');
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(within(region as HTMLElement).getByText('Loading…')).toBeInTheDocument();
    await act(async () => next.resolve(pageOf([product({ id: 25 })], { total: 48, page: 2 })));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(region).not.toHaveAttribute('aria-busy');
  });

  it('should not offer pages when everything fits on one', async () => {
    stubCatalogue(() => pageOf(THREE));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

/**
 * Clicks `link` and says whether the storefront took the click over (prevented the browser's default).
 * The browser's part is stopped after that, on the window: jsdom cannot open a page or a tab.
 */
function clickTakenOver(link: HTMLElement, keys: MouseEventInit = {}): boolean {
  let taken = false;
  const stop = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', stop);
  fireEvent.click(link, { button: 0, ...keys });
  window.removeEventListener('click', stop);
  return taken;
}

/** A fresh page on `path` of a storefront mounted under `/shop`. */
function underShop(path: string): void {
  resetPage(path);
  pageConfig.value = { ...pageConfig.value, basePath: '/shop' };
  syncLocation();
}

describe('Catalogue: real links and forms, for markup shown before scripts run', () => {
  it('should make each page a link built like the catalogue’s URL, under the base path and keeping the search and order', async () => {
    underShop('/shop/products?search=mug&sort=price_desc&page=2');
    const calls = stubCatalogue(catalogueOf(200));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(24));
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 3' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/shop/products?search=mug&sort=price_desc&page=3');
    // Page 1 is written as the catalogue writes it: without `page`.
    expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/shop/products?search=mug&sort=price_desc');
    expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute('rel', 'next');

    // A modified click (a new tab) is the browser's: nothing prevented, nothing loaded here.
    const requests = calls.length;
    expect(clickTakenOver(within(nav).getByRole('link', { name: 'Page 9' }), { ctrlKey: true })).toBe(false);
    expect(clickTakenOver(within(nav).getByRole('link', { name: 'Page 9' }), { metaKey: true })).toBe(false);
    expect(calls).toHaveLength(requests);
    expect(currentPath.value).toBe('/products?search=mug&sort=price_desc&page=2');

    // A plain click pages in place: no page load, the URL written by the store, under the base path.
    expect(clickTakenOver(within(nav).getByRole('link', { name: 'Page 3' }))).toBe(true);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'));
    expect(lastQuery(calls)).toMatchObject({ search: 'mug', sort: 'price_desc', page: '3' });
    expect(window.location.pathname + window.location.search).toBe('/shop/products?search=mug&sort=price_desc&page=3');
  });

  it('should render the script-free sort as a native select in a GET form keeping the search, and the search as a GET form keeping the order', async () => {
    underShop('/shop/products?search=mug&sort=price_desc&page=2');
    stubCatalogue(catalogueOf(200));
    await setCatalogueQuery({ search: 'mug', sort: 'price_desc', page: 2, perPage: CATALOGUE_PAGE_SIZE }, 'url');
    // The markup a server renders: the first render, before any effect runs.
    const host = document.createElement('div');
    host.innerHTML = renderToString(
      <ElementShell host={null} root={document}>
        <Catalogue routeId="products" params={{}} />
      </ElementShell>,
    );
    document.body.append(host);
    const view = within(host);

    const sort = view.getByRole('combobox', { name: 'Sort by' });
    expect(sort.tagName).toBe('SELECT');
    expect(sort).toHaveAttribute('name', 'sort');
    expect(sort).toHaveValue('price_desc');
    const sortForm = sort.closest('form') as HTMLFormElement;
    expect(sortForm).toHaveAttribute('method', 'get');
    expect(sortForm).toHaveAttribute('action', '/shop/products');
    expect(within(sortForm).getByRole('button', { name: 'Sort' })).toHaveAttribute('type', 'submit');
    // The browser's submission: the chosen order, the search kept, from page 1.
    expect(new URLSearchParams([...new FormData(sortForm)].map(([name, value]) => [name, String(value)])).toString()).toBe('sort=price_desc&search=mug');

    const searchForm = view.getByRole('searchbox', { name: 'Search products' }).closest('form') as HTMLFormElement;
    expect(searchForm).toHaveAttribute('method', 'get');
    expect(searchForm).toHaveAttribute('action', '/shop/products');
    expect(new URLSearchParams([...new FormData(searchForm)].map(([name, value]) => [name, String(value)])).toString()).toBe('search=mug&sort=price_desc');
  });

  it('should speak Polish in the script-free sort', async () => {
    resetPage('/products');
    locale.value = 'pl';
    stubCatalogue(catalogueOf(3));
    await setCatalogueQuery({ search: '', sort: 'name_asc', page: 1, perPage: CATALOGUE_PAGE_SIZE }, 'url');
    const host = document.createElement('div');
    host.innerHTML = renderToString(
      <ElementShell host={null} root={document}>
        <Catalogue routeId="products" params={{}} />
      </ElementShell>,
    );
    document.body.append(host);
    const sort = within(host).getByRole('combobox', { name: 'Sortuj według' });
    expect(within(sort).getByRole('option', { name: 'Najniższa cena' })).toBeInTheDocument();
    expect(within(host).getByRole('button', { name: 'Sortuj' })).toBeInTheDocument();
    // Only the search is kept, and there is none: the form sends the order alone.
    expect(host.querySelectorAll('input[type="hidden"]')).toHaveLength(0);
  });

  it('should swap the script-free sort for the dropdown once mounted', async () => {
    stubCatalogue(catalogueOf(3));
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole('combobox', { name: 'Sort by' }).tagName).toBe('DIV');
    expect(document.querySelector('select')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sort' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' }).closest('form')).toHaveAttribute('action', '/products');
  });
});

describe('Catalogue: empty and error states', () => {
  it('should say so when the shop has no products', async () => {
    stubCatalogue(() => pageOf([]));
    renderCatalogue();
    expect(await screen.findByText('There are no products in this shop yet.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 products');
    expect(screen.queryByRole('link', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('should say when a search finds nothing and clear it with one link, the order kept', async () => {
    resetPage('/products?search=zzz&sort=price_asc');
    const calls = stubCatalogue(({ params }) => (params.get('search') ? pageOf([]) : pageOf(THREE)));
    renderCatalogue();
    expect(await screen.findByText('No products match your search.')).toBeInTheDocument();
    const clear = screen.getByRole('link', { name: 'Clear search' });
    expect(clear).toHaveAttribute('href', '/products?sort=price_asc');
    expect(clear).not.toHaveAttribute('aria-current');
    await userEvent.click(clear);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(lastQuery(calls)).not.toHaveProperty('search');
    expect(lastQuery(calls)).toMatchObject({ sort: 'price_asc' });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    expect(currentPath.value).toBe('/products?sort=price_asc');
  });

  it('should show the no-results state in Polish', async () => {
    locale.value = 'pl';
    resetPage('/products?search=zzz');
    locale.value = 'pl';
    stubCatalogue(() => pageOf([]));
    renderCatalogue();
    expect(await screen.findByText('Brak produktów pasujących do wyszukiwania.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wyczyść wyszukiwanie' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Wyniki wyszukiwania „zzz”' })).toBeInTheDocument();
  });

  it('should show a failed load as an alert with a retry that loads again', async () => {
    let fail = true;
    stubCatalogue(() => (fail ? json({ message: 'Server Error' }, 500) : pageOf(THREE)));
    renderCatalogue();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
    expect(cards()).toHaveLength(0);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should show a network failure in Polish', async () => {
    locale.value = 'pl';
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderCatalogue();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie można połączyć się ze sklepem');
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });

  it('should wait for the shop, then load', async () => {
    resetPageSingletons();
    shopStatus.value = 'loading';
    const calls = stubCatalogue(() => pageOf(THREE));
    renderCatalogue();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    act(() => {
      savedShop.value = GROSS_SHOP;
      shopStatus.value = 'ready';
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
  });
});
