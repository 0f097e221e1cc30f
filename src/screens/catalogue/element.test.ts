import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountElement } from '../test-page.ts';
import '../../../elements/catalogue.ts';
import { currentPath, routerActive, syncLocation } from '../../kit/router.tsx';
import { CATALOGUE_SEARCH_COALESCE_MS } from '../../store/catalogue.ts';
import { locale } from '../../store/locale.ts';
import { savedShop, shopStatus } from '../../store/shop.ts';
import { GROSS_SHOP, catalogueOf, stubCatalogue, type CatalogueCall } from './test-fixtures.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

const lastQuery = (calls: readonly CatalogueCall[]) => Object.fromEntries(calls.at(-1)?.params ?? []);

beforeEach(() => {
  resetPageSingletons();
  savedShop.value = GROSS_SHOP;
  shopStatus.value = 'ready';
  locale.value = 'en';
  // On an intranet page: no storefront owns the URL.
  routerActive.value = false;
  window.history.replaceState(null, '', '/intranet/news?tab=shop');
  syncLocation();
});
afterEach(() => {
  resetPageSingletons();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('<shop-catalogue>', () => {
  it('should start from its search, sort and per-page attributes and leave the page URL alone', async () => {
    const calls = stubCatalogue(catalogueOf(40));
    const { root, view } = await mountElement('<shop-catalogue search="mug" sort="price_asc" per-page="12"></shop-catalogue>');
    expect(customElements.get('shop-catalogue')).toBeDefined();
    await waitFor(() => expect(root.querySelectorAll('[part="card"]')).toHaveLength(12));
    expect(lastQuery(calls)).toEqual({ website_id: '3', search: 'mug', sort: 'price_asc', page: '1', per_page: '12' });
    expect(view.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(view.getByRole('searchbox', { name: 'Search products' })).toHaveValue('mug');
    const pagination = root.querySelector('[part="pagination"]');
    expect(pagination).not.toBeNull();
    // Outside the storefront pages are buttons: the state stays in the element.
    await userEvent.click(within(pagination as HTMLElement).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '2', per_page: '12', search: 'mug' }));
    expect(window.location.pathname + window.location.search).toBe('/intranet/news?tab=shop');
    expect(currentPath.value).toBe('/intranet/news?tab=shop');
  });

  it('should search as the buyer types without touching the URL', async () => {
    const calls = stubCatalogue(catalogueOf(3));
    const { view } = await mountElement('<shop-catalogue></shop-catalogue>');
    await waitFor(() => expect(calls).toHaveLength(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(view.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'pen' } });
    act(() => vi.advanceTimersByTime(CATALOGUE_SEARCH_COALESCE_MS));
    vi.useRealTimers();
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'pen' }));
    expect(calls).toHaveLength(2);
    await waitFor(() => expect(view.getByRole('heading', { level: 2, name: 'Results for "pen"' })).toBeInTheDocument());
    expect(window.location.search).toBe('?tab=shop');
  });

  it('should fire a cancelable shop-navigate with the product path when a product is opened', async () => {
    stubCatalogue(catalogueOf(2));
    const { view } = await mountElement('<shop-catalogue lang="pl"></shop-catalogue>');
    const link = await view.findByRole('link', { name: 'Product 2' });
    const seen: { detail: unknown; cancelable: boolean }[] = [];
    document.addEventListener('shop-navigate', (event) => {
      seen.push({ detail: (event as CustomEvent).detail, cancelable: event.cancelable });
      event.preventDefault();
    });
    expect(view.getByRole('heading', { level: 1, name: 'Produkty' })).toBeInTheDocument();
    await userEvent.click(link);
    expect(seen).toEqual([{ detail: { path: '/products/product-2/2', href: '/products/product-2/2' }, cancelable: true }]);
  });
});
