import { act, createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale, setLocale } from '../../store/locale.ts';
import { pageConfig } from '../../store/config.ts';
import { CATALOGUE_PARAM, CATALOGUE_SEARCH_MAX_LENGTH, catalogueQueryFromParams, catalogueQueryFromPath, DEFAULT_SORT } from '../../store/catalogue.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { loadShop, savedShop, shop } from '../../store/shop.ts';
import { storageBase } from '../../store/storage-base.ts';
import { currentPath, routerActive } from '../../kit/router.tsx';
import { Header } from './Header.tsx';
import { SHELL_NARROW_QUERY } from './layout.ts';
import shellCss from './shell.css?raw';
import { SEARCH_MAX_LENGTH, searchPath } from './SearchBox.tsx';
import { userFixture, websiteFixture } from '../../contract/test-fixtures.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

beforeEach(() => {
  resetPageSingletons();
  setLocale('en');
  storageBase.value = 'https://api.acme.test/storage/';
  savedShop.value = websiteFixture();
  sessionStatus.value = 'guest';
  routerActive.value = true;
  currentPath.value = '/';
});

afterEach(() => {
  routerActive.value = false;
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('Header', () => {
  it('should show the logo from the storage URL, named by the shop and linking home', () => {
    savedShop.value = websiteFixture({ settings: { ...websiteFixture().settings, logo: '/logos/acme.png' } });
    render(<Header />);
    const logo = screen.getByRole('img', { name: 'Acme Merch' });
    expect(logo).toHaveAttribute('src', 'https://api.acme.test/storage/logos/acme.png');
    expect(screen.getByRole('link', { name: 'Acme Merch' })).toHaveAttribute('href', '/');
  });

  it('should pass an absolute logo URL through unchanged', () => {
    savedShop.value = websiteFixture({ settings: { ...websiteFixture().settings, logo: 'https://cdn.acme.test/logo.svg' } });
    render(<Header />);
    expect(screen.getByRole('img', { name: 'Acme Merch' })).toHaveAttribute('src', 'https://cdn.acme.test/logo.svg');
  });

  it('should show the shop name as the home link when the shop has no logo', () => {
    render(<Header />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Acme Merch' });
    expect(home).toHaveTextContent('Acme Merch');
    expect(home).toHaveAttribute('href', '/');
  });

  it('should list Products and only the deletable content pages in the main navigation', () => {
    render(<Header />);
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Products', '/products'],
      ['About us', '/about-us'],
      ['FAQ', '/faq'],
    ]);
    // Legal pages go to the footer; fixed (is_deletable 0) and pseudo pages have no nav entry.
    expect(within(mainNav()).queryByRole('link', { name: 'Privacy at Acme' })).not.toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Shipping (fixed)' })).not.toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Cart popup target' })).not.toBeInTheDocument();
  });

  it('should navigate inside the storefront when a nav link is clicked', async () => {
    const ue = userEvent.setup();
    render(<Header />);
    await ue.click(within(mainNav()).getByRole('link', { name: 'About us' }));
    expect(currentPath.value).toBe('/about-us');
    expect(within(mainNav()).getByRole('link', { name: 'About us' })).toHaveAttribute('aria-current', 'page');
  });

  it('should submit the search to /products?search= with the term encoded', async () => {
    const ue = userEvent.setup();
    render(<Header />);
    const search = screen.getByRole('search', { name: 'Search products' });
    const box = within(search).getByRole('searchbox', { name: 'Search products' });
    expect(box).toHaveAttribute('maxlength', String(SEARCH_MAX_LENGTH));
    await ue.type(box, '  mugs & cups ');
    await ue.click(within(search).getByRole('button', { name: 'Search' }));
    expect(currentPath.value).toBe('/products?search=mugs%20%26%20cups');
    expect(window.location.search).toBe('?search=mugs%20%26%20cups');
  });

  it('should be a GET form on the catalogue under the base path whose field is the URL’s search, taken over by a script', async () => {
    const ue = userEvent.setup();
    pageConfig.value = { ...pageConfig.value, basePath: '/shop' };
    window.history.replaceState(null, '', '/shop/cart');
    render(<Header />);
    const form = screen.getByRole('search', { name: 'Search products' }) as HTMLFormElement;
    // What the browser submits before scripts run: GET /shop/products?search=…
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/shop/products');
    await ue.type(within(form).getByRole('searchbox'), 'mug');
    const sent = new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, String(value)]));
    expect(sent.toString()).toBe('search=mug');
    expect(catalogueQueryFromParams(sent)).toMatchObject({ search: 'mug', sort: DEFAULT_SORT, page: 1 });
    // With scripts the submission is the client's: no page load, the storefront's own URL.
    const submit = createEvent.submit(form);
    fireEvent(form, submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(currentPath.value).toBe('/products?search=mug');
    expect(window.location.pathname + window.location.search).toBe('/shop/products?search=mug');
  });

  it('should write the search as the catalogue reads it: the same parameter, length and query', () => {
    expect(SEARCH_MAX_LENGTH).toBe(CATALOGUE_SEARCH_MAX_LENGTH);
    render(<Header />);
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveAttribute('name', CATALOGUE_PARAM.search);
    for (const term of ['mug', ' kubek żółty ', 'a/b?c&d=e', "it's 100% (cotton) + *", '#1']) {
      expect(catalogueQueryFromPath(searchPath(term))).toMatchObject({ search: term.trim(), sort: DEFAULT_SORT, page: 1 });
    }
  });

  it('should submit with Enter, go to the plain catalogue for an empty term, and show the current term on the catalogue', async () => {
    const ue = userEvent.setup();
    render(<Header />);
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await ue.type(box, '{Enter}');
    expect(currentPath.value).toBe('/products');
    act(() => {
      currentPath.value = `/products?sort=price_asc&search=${encodeURIComponent('kubek żółty')}`;
    });
    expect(box).toHaveValue('kubek żółty');
    act(() => {
      currentPath.value = '/cart';
    });
    expect(box).toHaveValue('');
    expect(searchPath('a/b?c')).toBe('/products?search=a%2Fb%3Fc');
  });

  it('should label the search and navigation in Polish', () => {
    setLocale('pl');
    render(<Header />);
    expect(screen.getByRole('search', { name: 'Szukaj produktów' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Szukaj' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Nawigacja główna' });
    expect(within(nav).getByRole('link', { name: 'Produkty' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/login');
  });

  it('should link to the cart without a count until a count is given', () => {
    const { rerender } = render(<Header />);
    const cart = screen.getByRole('link', { name: 'Cart' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart.querySelector('.shop-badge')).toBeNull();
    rerender(<Header cartCount={3} />);
    const counted = screen.getByRole('link', { name: 'Cart (3)' });
    expect(counted.querySelector('.shop-badge')).toHaveTextContent('3');
  });

  it('should show Log in for a guest, nothing while the session is unknown, and the account menu for a user', () => {
    const { rerender } = render(<Header />);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    act(() => {
      sessionStatus.value = 'unknown';
    });
    rerender(<Header />);
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    act(() => {
      user.value = userFixture();
      sessionStatus.value = 'user';
    });
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Jan Kowalski/ })).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('should switch the language and keep the choice over the shop default', async () => {
    const ue = userEvent.setup();
    render(<Header />);
    await ue.click(screen.getByRole('button', { name: 'PL Polski' }));
    // Named by what it shows, then the language's own name in that language (WCAG 2.5.3, 3.1.2).
    expect(screen.getByText('Polski', { exact: false, selector: 'span' })).toHaveAttribute('lang', 'pl');
    expect(locale.value).toBe('pl');
    expect(screen.getByRole('link', { name: 'Koszyk' })).toBeInTheDocument();
    // A later shop load with lang "en" must not undo the user's choice.
    pageConfig.value = { ...pageConfig.value, shop: 'acme' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(websiteFixture({ lang: 'en' })), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    await act(() => loadShop());
    expect(shop.value?.lang).toBe('en');
    expect(locale.value).toBe('pl');
  });

  it('should open the shop in the language switched to after a reload', async () => {
    localStorage.clear();
    const ue = userEvent.setup();
    const { unmount } = render(<Header />);
    await ue.click(screen.getByRole('button', { name: 'PL Polski' }));
    // The choice is written once the storage code has loaded.
    await waitFor(() => expect(localStorage.getItem('shop-elements:acme:locale')).toBe('"pl"'));
    unmount();
    // A reload: nothing in memory, the shop's default is English.
    resetPageSingletons();
    setLocale('en');
    pageConfig.value = { ...pageConfig.value, shop: 'acme' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(websiteFixture({ lang: 'en' })), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    await act(() => loadShop());
    render(<Header />);
    expect(locale.value).toBe('pl');
    expect(screen.getByRole('button', { name: 'PL Polski' })).toHaveAttribute('aria-pressed', 'true');
    localStorage.clear();
  });

  it('should show only the language switch while no shop is loaded', () => {
    savedShop.value = null;
    render(<Header />);
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  describe('narrow layout', () => {
    it('should move the navigation, search and language switch into a drawer opened by the menu button', async () => {
      const ue = userEvent.setup();
      render(<Header layout="narrow" />);
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      expect(screen.queryByRole('search')).not.toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Language' })).not.toBeInTheDocument();
      // Logo, cart and login stay in the bar.
      expect(screen.getByRole('link', { name: 'Acme Merch' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();

      const button = screen.getByRole('button', { name: 'Open menu' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      await ue.click(button);
      const drawer = screen.getByRole('dialog', { name: 'Shop menu' });
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(button).toHaveAccessibleName('Close menu');
      const nav = within(drawer).getByRole('navigation', { name: 'Main navigation' });
      expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Products', 'About us', 'FAQ']);
      expect(within(drawer).getByRole('search', { name: 'Search products' })).toBeInTheDocument();
      expect(within(drawer).getByRole('group', { name: 'Language' })).toBeInTheDocument();

      await ue.click(within(nav).getByRole('link', { name: 'FAQ' }));
      expect(currentPath.value).toBe('/faq');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });

    it('should close the drawer on Escape and after a search', async () => {
      const ue = userEvent.setup();
      render(<Header layout="narrow" />);
      const button = screen.getByRole('button', { name: 'Open menu' });
      await ue.click(button);
      await ue.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(button).toHaveFocus();

      await ue.click(button);
      await ue.type(within(screen.getByRole('dialog', { name: 'Shop menu' })).getByRole('searchbox'), 'pen{Enter}');
      expect(currentPath.value).toBe('/products?search=pen');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('should render both variants with an automatic layout, for the media query to choose before any script runs', () => {
      const { container } = render(<Header />);
      expect(container.querySelector('header')).toHaveAttribute('data-layout', 'auto');
      expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
      expect(screen.getByRole('searchbox')).toBeInTheDocument();
      // The wide parts are the ones the stylesheet hides below 48rem, the width at which the drawer takes them.
      expect(SHELL_NARROW_QUERY).toBe('(max-width: 47.99rem)');
      expect(shellCss).toContain(`@media ${SHELL_NARROW_QUERY} {\n  .shop-header[data-layout='auto'] .shop-header__wide-only {\n    display: none;`);
      expect(screen.getByRole('navigation', { name: 'Main navigation' }).closest('.shop-header__wide-only')).not.toBeNull();
    });

    it('should close the drawer when the viewport becomes wide', async () => {
      let listener: (() => void) | undefined;
      let narrow = true;
      vi.stubGlobal('matchMedia', (query: string) => ({
        get matches() {
          return narrow;
        },
        media: query,
        addEventListener: (_type: string, onChange: () => void) => (listener = onChange),
        removeEventListener: () => undefined,
      }));
      render(<Header />);
      await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(screen.getByRole('dialog', { name: 'Shop menu' })).toBeInTheDocument();
      narrow = false;
      act(() => listener?.());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });
});
