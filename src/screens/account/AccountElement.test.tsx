import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../elements/account.ts';
import { currentPath, hrefFor, navigate, routerActive, routerScope } from '../../kit/router.tsx';
import { GROSS_SHOP, json, logInBuyer } from '../product/test-fixtures.ts';
import { mountElement, resetScreenPage } from '../test-page.ts';
import { stubApi } from '../checkout/test-helpers.tsx';

// An intranet page without a storefront.
beforeEach(() => resetScreenPage('/intranet/account', GROSS_SHOP, false));
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  routerActive.value = false;
  routerScope.value = null;
});

describe('router scope', () => {
  it('should route only the scope\'s paths in the page and leave the others to the storefront', () => {
    routerActive.value = true;
    routerScope.value = ['/user'];
    navigate('/user/orders');
    expect(currentPath.value).toBe('/user/orders');
    expect(window.location.pathname).toBe('/user/orders');
    const events: string[] = [];
    const host = document.createElement('div');
    host.addEventListener('shop-navigate', (event) => {
      events.push((event as CustomEvent<{ path: string }>).detail.path);
      event.preventDefault();
    });
    navigate('/cart', { from: host });
    expect(events).toEqual(['/cart']);
    expect(currentPath.value).toBe('/user/orders');
    // `/username` is not inside `/user`.
    navigate('/username', { from: host });
    expect(events).toEqual(['/cart', '/username']);
    expect(hrefFor('/user/addresses')).toBe('/user/addresses');
  });
});

describe('<shop-account> on a page without a storefront', { timeout: 20_000 }, () => {
  it('should ask a guest to log in first', async () => {
    const { view } = await mountElement('<shop-account></shop-account>');
    expect(view.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(view.getByText('Please log in to continue.')).toBeInTheDocument();
  });

  it('should open the overview, route the account menu in the page and give the page back when removed', async () => {
    logInBuyer();
    stubApi(({ path }) => (path === '/api/user/addresses' ? json([]) : json({ data: [], meta: { total: 0, page: 1, per_page: 10 } })));
    const { element, view } = await mountElement('<shop-account></shop-account>');
    expect(await view.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/user');
    expect(routerScope.value).toEqual(['/user']);

    await userEvent.click(view.getByRole('link', { name: 'Addresses' }));
    expect(await view.findByRole('heading', { level: 1, name: 'Addresses' }, { timeout: 8000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/user/addresses');
    expect(view.getByRole('link', { name: 'Addresses' })).toHaveAttribute('aria-current', 'page');

    element.remove();
    expect(routerActive.value).toBe(false);
    expect(routerScope.value).toBeNull();
  });

  it('should send a buyer of a money shop from budgets to the order history', async () => {
    logInBuyer();
    window.history.replaceState(null, '', '/user/budgets');
    stubApi(() => json({ data: [], meta: { total: 0, page: 1, per_page: 10 } }));
    const { view } = await mountElement('<shop-account></shop-account>');
    // The screens load lazily, as in the storefront.
    expect(await view.findByRole('heading', { level: 1, name: 'Order history' }, { timeout: 8000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/user/orders');
  });
});
