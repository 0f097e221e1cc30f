import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product, Variant, Website } from '../../contract/contract.ts';
import { productFixture, variantFixture, websiteFixture } from '../../contract/test-fixtures.ts';
import { addToCart, cartLines, clearCart, lineKey, setCartQuantity, startCart } from '../../store/cart.ts';
import { pageConfig } from '../../store/config.ts';
import { setLocale } from '../../store/locale.ts';
import { sessionStatus } from '../../store/session.ts';
import { loadShop, savedShop, shopStatus } from '../../store/shop.ts';
import { storageKey } from '../../store/storage.ts';
import { storageBase } from '../../store/storage-base.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { currentPath, routerActive } from '../../kit/router.tsx';
import { AppShell } from '../../app/shell/AppShell.tsx';
import { CartButton } from './CartButton.tsx';
import { deferredAnswer } from '../auth/auth-test-helpers.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

/** The cart button's shop: PLN, gross, no pages and no payment methods. */
const website = (overrides: Partial<Website> = {}): Website => websiteFixture({ paymentMethods: [], pages: [], ...overrides });

const variant = (id: number, color: string | null, size: string | null): Variant => variantFixture({ id, color_code: color, size_code: size });

const shirt: Product = productFixture({
  id: 1,
  name: 'T-shirt',
  slug: 't-shirt',
  code: 'TS',
  description: '',
  images: ['products/t-shirt.png'],
  variants: [variant(11, 'red', 'M'), variant(13, 'navy', 'L')],
});
const mug: Product = { ...shirt, id: 2, name: 'Mug', slug: 'mug', calculated_price: 5, images: [], variants: [variant(21, null, null)] };

let host: HTMLElement;

/** Renders the button as its element would: inside the themed shell, events dispatched on `host`. */
function renderButton() {
  return render(
    <ElementShell host={host} root={document}>
      <CartButton />
    </ElementShell>,
  );
}

beforeEach(() => {
  localStorage.clear();
  resetPageSingletons();
  startCart();
  setLocale('en');
  storageBase.value = 'https://api.acme.test/storage/';
  savedShop.value = website();
  shopStatus.value = 'ready';
  sessionStatus.value = 'guest';
  routerActive.value = false;
  currentPath.value = '/';
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  host.remove();
  routerActive.value = false;
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CartButton', () => {
  it('should show the number of pieces and be named "Cart (n)"', () => {
    addToCart(shirt, variant(11, 'red', 'M'), 2);
    addToCart(mug, variant(21, null, null), 1);
    renderButton();
    const button = screen.getByRole('button', { name: 'Cart (3)' });
    expect(button).toHaveTextContent('3');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.querySelector('[part="badge"]')).toHaveTextContent('3');
    act(() => addToCart(mug, variant(21, null, null), 4));
    expect(screen.getByRole('button', { name: 'Cart (7)' })).toBeInTheDocument();
  });

  it('should be named in Polish in a Polish interface', () => {
    setLocale('pl');
    addToCart(shirt, variant(11, 'red', 'M'), 3);
    renderButton();
    expect(screen.getByRole('button', { name: 'Koszyk (3)' })).toBeInTheDocument();
  });

  it('should leave the drawer out until the button is first used (its code loads apart)', async () => {
    const user = userEvent.setup();
    renderButton();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart (0)' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Cart (0)' }));
    expect(await screen.findByRole('dialog', { name: 'Cart' })).toBeInTheDocument();
  });

  it('should show 0 for an empty cart and the empty text in the drawer', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Cart (0)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Cart' });
    expect(drawer).toHaveTextContent('Your cart is empty');
    expect(within(drawer).queryByRole('list')).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Go to checkout' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
  });

  it("should list each line as quantity × shown unit = line total in the drawer (the issue's 43.04 × 120)", async () => {
    const user = userEvent.setup();
    const hoodie: Product = { ...shirt, id: 3, name: 'Hoodie', slug: 'hoodie', calculated_price: 34.99, variants: [variant(31, null, null)] };
    addToCart(hoodie, variant(31, null, null), 120);
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Cart (120)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Cart' });
    const [item] = within(within(drawer).getByRole('list', { name: 'Cart' })).getAllByRole('listitem');
    expect(item).toHaveTextContent(/Quantity: 120 × PLN\s43\.04/);
    expect(item).toHaveTextContent(/PLN\s5,164\.80/);
    expect(drawer).toHaveTextContent(/Total \(gross\)\s*PLN\s*5,164\.80/);
  });

  it('should open a drawer from the right listing the lines with colour names, sizes, quantities and prices', async () => {
    const user = userEvent.setup();
    addToCart(shirt, variant(11, 'red', 'M'), 2);
    addToCart(shirt, variant(13, 'navy', 'L'), 1);
    addToCart(mug, variant(21, null, null), 4);
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Cart (7)' }));
    expect(screen.getByRole('button', { name: 'Cart (7)' })).toHaveAttribute('aria-expanded', 'true');
    const drawer = await screen.findByRole('dialog', { name: 'Cart' });
    expect(drawer).toHaveAttribute('data-placement', 'right');
    expect(drawer).toHaveTextContent('7 items');
    const items = within(within(drawer).getByRole('list', { name: 'Cart' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('T-shirt');
    expect(items[0]).toHaveTextContent('Colour: Red · Size: M');
    // The shown gross unit × quantity = the line (docs/api.md "Prices and rounding"): 10.00 net is 12.30 gross.
    expect(items[0]).toHaveTextContent(/Quantity: 2 × PLN\s12\.30/);
    expect(items[0]).toHaveTextContent('24.60');
    expect(items[1]).toHaveTextContent('Colour: Navy · Size: L');
    expect(items[2]).toHaveTextContent('Mug');
    expect(items[2]).not.toHaveTextContent('Colour');
    expect(items[0]?.querySelector('img')).toHaveAttribute('src', 'https://api.acme.test/storage/products/t-shirt.png');
    // 24.60 + 12.30 + 4 × 6.15
    expect(drawer).toHaveTextContent(/Total \(gross\)\s*PLN\s*61\.50/);
    expect(drawer.querySelector('[part="drawer"]')).toContainElement(items[0] ?? null);
  });

  it('should list colour names and texts in Polish', async () => {
    setLocale('pl');
    const user = userEvent.setup();
    addToCart(shirt, variant(13, 'navy', 'L'), 2);
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Koszyk (2)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Koszyk' });
    expect(drawer).toHaveTextContent('Kolor: Granatowy · Rozmiar: L');
    expect(drawer).toHaveTextContent('Ilość: 2');
    expect(drawer).toHaveTextContent('2 produkty');
    expect(within(drawer).getByRole('link', { name: 'Przejdź do kasy' })).toHaveAttribute('href', '/checkout');
  });

  it('should show points in a points shop', async () => {
    savedShop.value = website({ currency: 'pkt', is_gross: false });
    const user = userEvent.setup();
    addToCart({ ...mug, calculated_price: 25, budget: { id: 3, name: 'Marketing', color: '#2563eb' } }, variant(21, null, null), 2);
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Cart (2)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Cart' });
    expect(drawer).toHaveTextContent(/Total\s*50\s*pts/);
    expect(drawer).toHaveTextContent('Budget: Marketing');
    expect(drawer).not.toHaveTextContent('(gross)');
  });

  it('should link to the cart and to checkout, and fire shop-navigate outside a storefront', async () => {
    const user = userEvent.setup();
    addToCart(shirt, variant(11, 'red', 'M'), 1);
    const navigations: { path: string; href: string }[] = [];
    host.addEventListener('shop-navigate', (event) => {
      event.preventDefault();
      navigations.push(event.detail);
    });
    pageConfig.value = { ...pageConfig.value, storefrontUrl: 'https://shop.acme.test' };
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Cart (1)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Cart' });
    const viewCart = within(drawer).getByRole('link', { name: 'View cart' });
    // A storefront on another origin: the links carry the cart there (store/handoff-links.ts).
    const href = viewCart.getAttribute('href') ?? '';
    expect(href).toMatch(/^https:\/\/shop\.acme\.test\/cart#cart=1\.[\w-]+$/);
    const fragment = href.slice(href.indexOf('#'));
    expect(within(drawer).getByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', `https://shop.acme.test/checkout${fragment}`);
    await user.click(viewCart);
    expect(navigations).toEqual([{ path: '/cart', href }]);
    expect(screen.getByRole('button', { name: 'Cart (1)' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('should navigate inside a storefront', async () => {
    routerActive.value = true;
    const user = userEvent.setup();
    addToCart(shirt, variant(11, 'red', 'M'), 1);
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Cart (1)' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cart' })).getByRole('link', { name: 'Go to checkout' }));
    expect(currentPath.value).toBe('/checkout');
  });

  it('should fire shop-cart-change with the count on every change of the cart, not on mount', () => {
    addToCart(shirt, variant(11, 'red', 'M'), 1);
    const counts: number[] = [];
    host.addEventListener('shop-cart-change', (event) => counts.push(event.detail.count));
    renderButton();
    expect(counts).toEqual([]);
    act(() => addToCart(shirt, variant(11, 'red', 'M'), 2));
    act(() => addToCart(mug, variant(21, null, null), 4));
    act(() => setCartQuantity(lineKey(cartLines.value[0]!), 1));
    act(() => clearCart());
    expect(counts).toEqual([3, 7, 5, 0]);
  });

  it('should fire shop-cart-change and update when another tab changes the cart', () => {
    const counts: number[] = [];
    host.addEventListener('shop-cart-change', (event) => counts.push(event.detail.count));
    renderButton();
    addToCart(shirt, variant(11, 'red', 'M'), 1);
    const key = storageKey('acme', null, 'cart');
    const line = { ...cartLines.value[0], quantity: 6 };
    act(() => {
      localStorage.setItem(key, JSON.stringify({ version: 1, lines: [line] }));
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key) }));
    });
    expect(counts).toEqual([1, 6]);
    expect(screen.getByRole('button', { name: 'Cart (6)' })).toBeInTheDocument();
  });

  it("should show the stored cart's count at once, before the shop's config has arrived, and keep it when it does", async () => {
    addToCart(shirt, variant(11, 'red', 'M'), 2);
    addToCart(mug, variant(21, null, null), 1);
    // A new page: nothing loaded, the config's answer still on its way.
    resetPageSingletons();
    startCart();
    const config = deferredAnswer();
    vi.stubGlobal('fetch', vi.fn(config.answer));
    pageConfig.value = { ...pageConfig.value, shop: 'acme' };
    renderButton();
    expect(shopStatus.value).toBe('loading');
    expect(cartLines.value).toEqual([]);
    expect(screen.getByRole('button', { name: 'Cart (3)' }).querySelector('[part="badge"]')).toHaveTextContent('3');
    await act(async () => {
      config.resolve(new Response(JSON.stringify(website()), { status: 200, headers: { 'content-type': 'application/json' } }));
      await loadShop();
    });
    expect(shopStatus.value).toBe('ready');
    expect(sessionStatus.value).toBe('guest');
    expect(cartLines.value).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Cart (3)' })).toBeInTheDocument();
  });

  it('should load the shop when nobody did yet (an element on a page of its own)', async () => {
    resetPageSingletons();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Store not found', code: 'errors.store_not_found' }), { status: 404, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    pageConfig.value = { ...pageConfig.value, shop: 'acme' };
    renderButton();
    expect(shopStatus.value).toBe('loading');
    await act(() => loadShop());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(shopStatus.value).toBe('not-found');
    expect(screen.getByRole('button', { name: 'Cart (0)' })).toBeInTheDocument();
  });
});

/** Mounts the element markup and lets React render into the shadow roots. */
async function mount(html: string): Promise<HTMLElement[]> {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  await act(async () => {
    document.body.append(holder);
  });
  return [...holder.children] as HTMLElement[];
}

describe('<shop-cart-button>', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('should render the button in its shadow root and fire shop-cart-change from each element on the page', async () => {
    await import('../../../elements/cart-button.ts');
    addToCart(shirt, variant(11, 'red', 'M'), 2);
    const elements = await mount('<shop-cart-button></shop-cart-button><shop-cart-button lang="en"></shop-cart-button>');
    expect(customElements.get('shop-cart-button')).toBeDefined();
    for (const element of elements) {
      const view = within(element.shadowRoot as unknown as HTMLElement);
      expect(view.getByRole('button', { name: 'Cart (2)' })).toHaveAttribute('part', 'button');
    }
    const seen: { target: EventTarget | null; count: number; composed: boolean }[] = [];
    document.addEventListener('shop-cart-change', (event) => seen.push({ target: event.target, count: event.detail.count, composed: event.composed }));
    await act(async () => addToCart(mug, variant(21, null, null), 1));
    // One event per element, each from its own host (in no particular order).
    expect(seen).toHaveLength(2);
    expect(new Set(seen.map((event) => event.target))).toEqual(new Set(elements));
    expect(seen.every((event) => event.count === 3 && event.composed)).toBe(true);
  });
});

describe('AppShell cart link', () => {
  it("should show the cart store's count in the header's cart link", () => {
    routerActive.value = true;
    addToCart(shirt, variant(11, 'red', 'M'), 2);
    render(<AppShell layout="wide" />);
    expect(screen.getByRole('link', { name: 'Cart (2)' })).toHaveAttribute('href', '/cart');
    act(() => addToCart(mug, variant(21, null, null), 3));
    expect(screen.getByRole('link', { name: 'Cart (5)' })).toBeInTheDocument();
  });
});
