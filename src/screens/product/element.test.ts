import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountElement, resetScreenPage } from '../test-page.ts';
import '../../../elements/product.ts';
import { cartLines } from '../../store/cart.ts';
import { savedShop } from '../../store/shop.ts';
import { CLOSED_SHOP, GROSS_SHOP, product, serve, stubProducts } from './test-fixtures.ts';
import { resetPageSingletons } from '../../page-singleton.ts';


// On an intranet page: no storefront owns the URL.
beforeEach(() => resetScreenPage('/intranet/news', GROSS_SHOP, false));
afterEach(() => {
  resetPageSingletons();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('<shop-product>', () => {
  it('should show the product of its product-id, follow a new id and add to the page’s cart with a toast', async () => {
    const calls = stubProducts(serve(product({ id: 7, name: 'Mug' }), product({ id: 8, name: 'Pen' })));
    const { element, root, view } = await mountElement('<shop-product product-id="7"></shop-product>');
    expect(customElements.get('shop-product')).toBeDefined();
    expect(await view.findByRole('heading', { level: 1, name: 'Mug' })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/products/7');
    expect(root.querySelector('[part="gallery"]')).not.toBeNull();

    await userEvent.click(view.getByRole('button', { name: 'Add to cart' }));
    expect(cartLines.value).toEqual([expect.objectContaining({ product_id: 7, quantity: 1 })]);
    // Outside a storefront the element shows the page's toasts itself.
    expect(await view.findByText('Added to cart')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/intranet/news');

    element.setAttribute('product-id', '8');
    expect(await view.findByRole('heading', { level: 1, name: 'Pen' })).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe('/api/products/8');
  });

  it('should ask a guest to log in first in a shop that requires login, the link firing a cancelable shop-navigate', async () => {
    savedShop.value = CLOSED_SHOP;
    const calls = stubProducts(serve(product({ id: 7 })));
    const { element, view } = await mountElement('<shop-product product-id="7" lang="pl"></shop-product>');
    expect(view.getByRole('heading', { level: 1, name: 'Logowanie' })).toBeInTheDocument();
    const navigations: CustomEvent[] = [];
    element.addEventListener('shop-navigate', (event) => {
      event.preventDefault();
      navigations.push(event as CustomEvent);
    });
    await userEvent.click(view.getByRole('link', { name: 'Zaloguj się' }));
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(navigations[0]?.detail).toEqual({ path: '/login', href: '/login' });
    expect(calls).toHaveLength(0);
  });
});
