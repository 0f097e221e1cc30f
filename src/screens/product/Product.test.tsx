import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product as ProductData } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { currentPath, routerActive } from '../../kit/router.tsx';
import { alerts } from '../../store/alerts.ts';
import { addToCart, cartLines } from '../../store/cart.ts';
import { locale } from '../../store/locale.ts';
import { resetScreenPage } from '../test-page.ts';
import { Product } from './Product.tsx';
import { GROUP_BUY_TICK_MS } from './purchase.ts';
import {
  CLOSED_SHOP,
  NET_SHOP,
  POINTS_SHOP,
  assignment,
  deferred,
  json,
  logInBuyer,
  plain,
  product,
  serve,
  settle,
  stubProducts,
  variant,
} from './test-fixtures.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

/** Renders the product screen as the router does for `/products/{slug}/{id}`. */
function renderProduct(id: string | number = 1, slug = `product-${id}`) {
  const host = document.createElement('div');
  document.body.append(host);
  return render(
    <ElementShell host={host} root={document}>
      <Product routeId="product" params={{ slug, id: String(id) }} />
    </ElementShell>,
    { container: host },
  );
}

/** Serves `item` and renders its page; resolves once it is shown. */
async function showProduct(item: ProductData): Promise<void> {
  stubProducts(serve(item));
  renderProduct(item.id, item.slug);
  await screen.findByRole('heading', { level: 1, name: item.name });
}

/** The value shown for a fact of the purchase form ("Price per box" → "PLN 369.00"). */
function fact(label: string): string {
  const term = screen.getAllByText(label).find((node) => node.tagName === 'DT');
  return plain(term?.nextElementSibling?.textContent);
}

/** The gallery's pictures as [src, alt]. */
const galleryPictures = () => [...document.querySelectorAll('.shop-product-gallery__image')].map((image) => [image.getAttribute('src'), image.getAttribute('alt')]);
/** The price line under the heading, as read aloud (its label is visually hidden). */
const mainPrice = () => plain(document.querySelector('.shop-product__price')?.textContent);
const counter = () => screen.getByRole('spinbutton', { name: 'Quantity' });
const addButton = () => screen.getByRole('button', { name: 'Add to cart' });
/** The quantity counter's own message (a polite live region). */
const counterNote = () => document.querySelector('.shop-numeric-counter__note');
const setQuantity = (value: number) => fireEvent.change(counter(), { target: { value: String(value) } });
/** The highlighted row of a tier table. */
const activeRow = (table: HTMLElement) => within(table).getAllByRole('row').find((row) => row.getAttribute('aria-current') === 'true');

beforeEach(() => resetScreenPage('/products/product-1/1'));
afterEach(() => {
  resetPageSingletons();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  routerActive.value = false;
  document.body.innerHTML = '';
});

describe('Product: loading states', () => {
  it('should show loading, then the product with its one focusable heading kept', async () => {
    const slow = deferred();
    stubProducts(slow.answer);
    renderProduct(1);
    const heading = screen.getByRole('heading', { level: 1, name: 'Loading…' });
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(heading).toHaveAttribute('data-screen-heading');
    expect(heading.closest('section')).toHaveAttribute('aria-busy', 'true');
    slow.resolve(json(product({ id: 1, name: 'Ceramic mug' })));
    await screen.findByRole('heading', { level: 1, name: 'Ceramic mug' });
    // The same node: focus given to it by the router is not lost when the product arrives.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByText('V-10')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ceramic mug' })).toHaveAttribute('src', '/storage/products/p1.svg');
    expect(screen.getByText('A fine product.')).toBeInTheDocument();
  });

  it('should show a failed load with its message and load again on retry', async () => {
    let fail = true;
    stubProducts((call) => (fail ? json({ message: 'x', code: 'errors.network' }, 500) : serve(product())(call)));
    renderProduct(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach the shop. Check your connection and try again.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Product 1' })).toBeInTheDocument();
  });

  it('should show Page not found for an unknown product, and for an id that is not one without asking', async () => {
    const calls = stubProducts(serve());
    renderProduct(99);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
    document.body.innerHTML = '';
    renderProduct('abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('should replace a wrong slug in the URL with the product’s own', async () => {
    resetScreenPage('/products/old-name/1');
    stubProducts(serve(product({ id: 1, slug: 'ceramic-mug' })));
    const entries = window.history.length;
    renderProduct(1, 'old-name');
    await waitFor(() => expect(window.location.pathname).toBe('/products/ceramic-mug/1'));
    expect(currentPath.value).toBe('/products/ceramic-mug/1');
    expect(window.history.length).toBe(entries);
  });

  it('should ask a guest to log in first in a shop that requires login, without loading', async () => {
    resetScreenPage('/products/product-1/1', CLOSED_SHOP);
    const calls = stubProducts(serve(product()));
    renderProduct(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await act(settle);
    expect(calls).toHaveLength(0);
  });
});

describe('Product: variants, price and boxes', () => {
  const TEE = product({
    id: 1,
    name: 'T-shirt',
    variants: [
      variant({ id: 11, code: 'TEE-BLK-S', color_code: 'black', size_code: 'S', stock: 100 }),
      variant({ id: 12, code: 'TEE-BLK-M', color_code: 'black', size_code: 'M', availability: 'out_of_stock', stock: 0 }),
      variant({ id: 13, code: 'TEE-NAV-S', color_code: 'navy', size_code: 'S', quantity_in_box: 50, availability: 'in_delivery', stock: 0 }),
    ],
  });

  it('should show the price per piece gross or net, the default box of 30 and its price', async () => {
    await showProduct(product());
    expect(mainPrice()).toBe('Price per piece: PLN 12.30 gross');
    expect(fact('Quantity in box')).toBe('30');
    expect(fact('Price per box')).toBe('PLN 369.00');
    expect(fact('Boxes quantity')).toBe('1');
    setQuantity(31);
    expect(fact('Boxes quantity')).toBe('2');
    expect(fact('Total for this quantity')).toBe('PLN 381.30');

    document.body.innerHTML = '';
    resetScreenPage('/products/product-1/1', NET_SHOP);
    await showProduct(product());
    expect(mainPrice()).toBe('Price per piece: PLN 10.00 net');
    expect(fact('Price per box')).toBe('PLN 300.00');
  });

  it('should name colours from the colour table, and change code, availability and box price with the variant', async () => {
    await showProduct(TEE);
    const colours = screen.getByRole('radiogroup', { name: 'Colour' });
    expect(within(colours).getByRole('radio', { name: 'Black' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('TEE-BLK-S')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toHaveAttribute('data-tone', 'success');

    await userEvent.click(within(colours).getByRole('radio', { name: 'Navy' }));
    expect(screen.getByText('TEE-NAV-S')).toBeInTheDocument();
    expect(screen.getByText('In Delivery')).toHaveAttribute('data-tone', 'warning');
    expect(fact('Quantity in box')).toBe('50');
    expect(fact('Price per box')).toBe('PLN 615.00');
    // Navy has no M: that size cannot be chosen.
    const sizes = screen.getByRole('radiogroup', { name: 'Size' });
    expect(within(sizes).getByRole('radio', { name: 'M' })).toBeDisabled();
  });

  it("should show the chosen colour's picture, name its colour, and put it on the cart line (issue 27)", async () => {
    const pictured = product({
      id: 1,
      name: 'T-shirt',
      images: ['products/tee-black.svg', 'products/tee-navy.svg', 'products/tee-back.svg'],
      variants: [
        variant({ id: 11, code: 'TEE-BLK-S', color_code: 'black', size_code: 'S', image: 'products/tee-black.svg' }),
        variant({ id: 13, code: 'TEE-NAV-S', color_code: 'navy', size_code: 'S', image: 'products/tee-navy.svg' }),
      ],
    });
    await showProduct(pictured);
    expect(galleryPictures()).toEqual([
      ['/storage/products/tee-black.svg', 'T-shirt in Black (1/2)'],
      ['/storage/products/tee-back.svg', 'T-shirt (2/2)'],
    ]);

    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Colour' })).getByRole('radio', { name: 'Navy' }));
    expect(galleryPictures()).toEqual([
      ['/storage/products/tee-navy.svg', 'T-shirt in Navy (1/2)'],
      ['/storage/products/tee-back.svg', 'T-shirt (2/2)'],
    ]);
    setQuantity(2);
    await userEvent.click(addButton());
    expect(cartLines.value.map((line) => [line.code, line.image])).toEqual([['TEE-NAV-S', 'products/tee-navy.svg']]);
  });

  it('should block an out-of-stock variant', async () => {
    await showProduct(TEE);
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Size' })).getByRole('radio', { name: 'M' }));
    expect(screen.getByText('TEE-BLK-M')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Out of stock');
    expect(addButton()).toBeDisabled();
    expect(addButton()).toHaveAccessibleDescription('Out of stock');
    expect(counter()).toBeDisabled();
  });

  it('should allow an in-delivery variant beyond its stock', async () => {
    await showProduct(TEE);
    await userEvent.click(screen.getByRole('radio', { name: 'Navy' }));
    setQuantity(500);
    expect(counter()).toHaveValue('500');
    expect(screen.queryByText(/Currently available maximum/)).toBeNull();
    await userEvent.click(addButton());
    expect(cartLines.value).toEqual([expect.objectContaining({ product_id: 1, variant_id: 13, quantity: 500, color_code: 'navy', size_code: 'S' })]);
  });
});

describe('Product: quantity rules', () => {
  it('should start at the per-line minimum and show it as an error with the add blocked below it', async () => {
    await showProduct(product({ minimum_quantity: 10 }));
    expect(counter()).toHaveValue('10');
    expect(screen.getByText('Minimum product order quantity: 10')).toBeInTheDocument();
    expect(counter()).not.toHaveAttribute('aria-invalid');
    expect(addButton()).toBeEnabled();
    setQuantity(5);
    expect(counter()).toHaveAttribute('aria-invalid', 'true');
    expect(counter()).toHaveAccessibleDescription(expect.stringContaining('Minimum product order quantity: 10'));
    expect(addButton()).toBeDisabled();
  });

  it('should count the other colours in the cart for the minimum across colours and sizes', async () => {
    const pen = product({
      minimum_total_quantity: 50,
      variants: [variant({ id: 11, color_code: 'blue' }), variant({ id: 12, color_code: 'black' })],
    });
    addToCart(pen, pen.variants[0]!, 30);
    await showProduct(pen);
    expect(screen.getByText('Already in your cart: 30 pcs')).toBeInTheDocument();
    // 20 more reach the 50 across colours: the counter starts there.
    expect(counter()).toHaveValue('20');
    await userEvent.click(screen.getByRole('radio', { name: 'Black' }));
    setQuantity(10);
    expect(screen.getByText('Minimum product order quantity: 50')).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
    setQuantity(20);
    expect(addButton()).toBeEnabled();
  });

  it('should cap the counter at the stock and block when the cart already holds part of it', async () => {
    const item = product({ variants: [variant({ id: 11, stock: 40 })] });
    addToCart(item, item.variants[0]!, 30);
    await showProduct(item);
    expect(counter()).toHaveAttribute('aria-valuemax', '40');
    setQuantity(99);
    expect(counter()).toHaveValue('40');
    expect(screen.getByText('Currently available maximum order quantity: 40')).toBeInTheDocument();
    expect(counter()).toHaveAttribute('aria-invalid', 'true');
    expect(addButton()).toBeDisabled();
    setQuantity(10);
    expect(counter()).not.toHaveAttribute('aria-invalid');
    expect(addButton()).toBeEnabled();
  });

  it("should cap the counter at the shop's line maximum, and at 10,000 when neither shop nor stock limits it", async () => {
    const item = product({ variants: [variant({ id: 11, stock: null })] });
    await showProduct(item);
    expect(counter()).toHaveAttribute('aria-valuemax', '10000');
    expect(screen.queryByText(/Currently available maximum/)).toBeNull();

    document.body.innerHTML = '';
    resetScreenPage('/products/product-1/1', { ...NET_SHOP, max_line_quantity: 25 });
    await showProduct(item);
    expect(counter()).toHaveAttribute('aria-valuemax', '25');
    setQuantity(99);
    expect(counter()).toHaveValue('25');
    expect(screen.getByText('Currently available maximum order quantity: 25')).toBeInTheDocument();
  });
});

describe('Product: price tiers', () => {
  const MUG = product({
    thresholds: [
      { min_quantity: 100, max_quantity: null, price: 6 },
      { min_quantity: 1, max_quantity: 49, price: 10 },
      { min_quantity: 50, max_quantity: 99, price: 8 },
    ],
  });

  it('should list the tiers in order, highlight the one for the quantity and tell the pieces to the next', async () => {
    await showProduct(MUG);
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => plain(row.textContent))).toEqual(['1–49 pcsPLN 12.30 (Current price)', '50–99 pcsPLN 9.84', '100 pcs and morePLN 7.38']);
    expect(screen.getByText('49 pieces to the next tier')).toBeInTheDocument();
    setQuantity(60);
    expect(plain(activeRow(table)?.textContent)).toContain('50–99 pcs');
    expect(screen.getByText('40 pieces to the next tier')).toBeInTheDocument();
    expect(fact('Price per piece')).toBe('PLN 9.84');
    setQuantity(100);
    expect(plain(activeRow(table)?.textContent)).toContain('100 pcs and more');
    expect(screen.queryByText(/pieces to the next tier/)).toBeNull();
  });

  it('should count what the cart already holds of the product', async () => {
    addToCart(MUG, MUG.variants[0]!, 30);
    await showProduct(MUG);
    setQuantity(20);
    expect(plain(activeRow(screen.getByRole('table'))?.textContent)).toContain('50–99 pcs');
    expect(screen.getByText('50 pieces to the next tier')).toBeInTheDocument();
    expect(fact('Price per piece')).toBe('PLN 9.84');
  });
});

describe('Product: group buy', () => {
  const NOW = new Date('2026-03-01T10:00:00.000Z');
  const ENDS = new Date(NOW.getTime() + ((2 * 24 + 3) * 60 + 4) * 60_000).toISOString();
  const HOODIE = product({
    name: 'Hoodie',
    calculated_price: 120,
    groupbuy: {
      isActive: true,
      total_quantity: 45,
      ends_at: ENDS,
      tiers: [
        { min_quantity: 1, max_quantity: null, price: 120 },
        { min_quantity: 50, max_quantity: null, price: 100 },
        { min_quantity: 100, max_quantity: null, price: 80 },
      ],
    },
  });

  it('should show the group total, current and lowest price, pieces to the next tier and a countdown that ticks', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    stubProducts(serve(HOODIE));
    renderProduct(1);
    await act(settle);
    const panel = screen.getByRole('region', { name: 'Group Buy' });
    const view = within(panel);
    expect(view.getByText('45 pcs ordered by the group so far')).toBeInTheDocument();
    expect(plain(view.getByText('Current price').nextElementSibling?.textContent)).toBe('PLN 147.60');
    expect(plain(view.getByText('Lowest price').nextElementSibling?.textContent)).toBe('PLN 98.40 (100 pcs and more)');
    // 45 + 1 of the buyer: 4 more reach the 50 tier (whose open end runs to 99).
    expect(view.getByText('Pieces to the next tier: 4')).toBeInTheDocument();
    expect(plain(activeRow(view.getByRole('table'))?.textContent)).toContain('1–49 pcs');
    expect(view.getByText('2 d 3 h 4 min')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(GROUP_BUY_TICK_MS));
    expect(view.getByText('2 d 3 h 3 min')).toBeInTheDocument();

    setQuantity(5);
    expect(plain(view.getByText('Current price').nextElementSibling?.textContent)).toBe('PLN 123.00');
    expect(plain(activeRow(view.getByRole('table'))?.textContent)).toContain('50–99 pcs');
    expect(view.getByText('Pieces to the next tier: 50')).toBeInTheDocument();
    expect(fact('Price per piece')).toBe('PLN 123.00');

    act(() => vi.advanceTimersByTime(3 * 24 * 60 * 60_000));
    expect(view.getByText('This group buy has ended')).toBeInTheDocument();
    // Ended: the regular price again.
    expect(fact('Price per piece')).toBe('PLN 147.60');
  });

  it('should stop its interval when the page goes away', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    stubProducts(serve(HOODIE));
    const view = renderProduct(1);
    await act(settle);
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('Product: budgets in a points shop', () => {
  const BUDGET = { id: 9, name: 'Marketing', color: '#2563eb' };

  beforeEach(() => resetScreenPage('/products/product-1/1', POINTS_SHOP));

  it('should show the price in points, the budget and the points left', async () => {
    logInBuyer([assignment({ points_left: 500 })]);
    await showProduct(product({ budget: BUDGET }));
    expect(fact('Price per piece')).toBe('10 pts');
    expect(screen.getByText('Paid from the budget Marketing')).toBeInTheDocument();
    expect(plain(screen.getByText(/Points left/).textContent)).toBe('Points left: 500 pts');
    expect(addButton()).toBeEnabled();
  });

  it('should block a product whose budget has expired for the user', async () => {
    logInBuyer([assignment({ is_active: false, status: 'expired' }), assignment({ id: 71, budget_id: 8, is_active: true })]);
    await showProduct(product({ budget: BUDGET }));
    expect(screen.getByText("You can't add this product to the basket because the budget has expired")).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
    expect(addButton()).toHaveAccessibleDescription("You can't add this product to the basket because the budget has expired");
  });

  it('should block when the budget’s points do not cover the cart with this product', async () => {
    logInBuyer([assignment({ points_left: 50 })]);
    const other = product({ id: 2, budget: BUDGET });
    addToCart(other, other.variants[0]!, 3);
    await showProduct(product({ budget: BUDGET }));
    expect(plain(screen.getByText(/In your cart/).textContent)).toBe('In your cart: 30 pts');
    setQuantity(2);
    expect(addButton()).toBeEnabled();
    setQuantity(3);
    expect(screen.getByText("You don't have enough points in this budget")).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
  });
});

describe('Product: business cards', () => {
  it('should check the card fields before adding (first failing rule per field) and add the card with the line', async () => {
    const card = product({ name: 'Business cards', is_business_card: true });
    await showProduct(card);
    expect(screen.getByRole('group', { name: 'Business card details' })).toBeInTheDocument();
    await userEvent.click(addButton());
    expect(cartLines.value).toHaveLength(0);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('This element is required');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription('This element is required');
    expect(screen.getByRole('textbox', { name: 'Cost centre' })).not.toHaveAttribute('aria-invalid');

    await userEvent.type(name, 'Anna');
    await userEvent.type(screen.getByRole('textbox', { name: 'Surname' }), 'Nowak');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'anna@');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '12');
    await userEvent.type(screen.getByRole('textbox', { name: 'Job title' }), 'Designer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), '  Długa 1, Gdańsk  ');
    await userEvent.click(addButton());
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('E-mail must be valid');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(expect.stringContaining('Enter a valid phone number'));
    expect(cartLines.value).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'example.com');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '+48 600 700 800');
    await userEvent.click(addButton());
    expect(cartLines.value).toHaveLength(1);
    expect(cartLines.value[0]?.card_info).toEqual({
      name: 'Anna',
      surname: 'Nowak',
      email: 'anna@example.com',
      phone: '+48 600 700 800',
      job: 'Designer',
      cost: '',
      address: 'Długa 1, Gdańsk',
    });
  });
});

describe('Product: adding to the cart', () => {
  it('should put the line in the cart, show a success alert and reset the counter', async () => {
    const item = product({ name: 'Mug', variants: [variant({ id: 11, color_code: 'navy', size_code: 'L' })] });
    await showProduct(item);
    setQuantity(7);
    await userEvent.click(addButton());
    expect(cartLines.value).toEqual([expect.objectContaining({ product_id: 1, variant_id: 11, quantity: 7, color_code: 'navy', size_code: 'L', card_info: null })]);
    expect(alerts.value).toEqual([expect.objectContaining({ type: 'success', header: 'Added to cart', content: '7 × Mug (Navy, L)' })]);
    expect(counter()).toHaveValue('1');
    expect(screen.getByText('Already in your cart: 7 pcs')).toBeInTheDocument();
  });

  it('should never change a typed quantity silently: refuse 2.5 and abc, say when 100000, 0 or nothing became a bound', async () => {
    await showProduct(product({ name: 'Mug', variants: [variant({ id: 11, stock: null })] }));
    const input = counter();
    for (const typed of ['2.5', 'abc']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(input).toHaveValue(typed);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(addButton()).toBeDisabled();
      fireEvent.blur(input);
      expect(input).toHaveValue(typed);
    }
    expect(counterNote()).toHaveTextContent('Enter the quantity in digits.');
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Quantities are whole numbers'));
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await act(settle);
    expect(cartLines.value).toEqual([]);

    fireEvent.change(input, { target: { value: '100000' } });
    expect(input).toHaveValue('10000');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(counterNote()).toHaveTextContent('At most 10,000 per line: changed to 10,000.');
    expect(addButton()).toBeEnabled();

    for (const typed of ['0', '']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(input).toHaveValue('1');
      expect(counterNote()).toHaveTextContent('At least 1 per line: changed to 1.');
    }
    await userEvent.click(addButton());
    expect(cartLines.value).toEqual([expect.objectContaining({ variant_id: 11, quantity: 1 })]);
  });

  it('should add once for a double click', async () => {
    await showProduct(product());
    const button = addButton();
    fireEvent.click(button);
    fireEvent.click(button);
    await act(settle);
    expect(cartLines.value).toHaveLength(1);
    expect(cartLines.value[0]?.quantity).toBe(1);
  });
});

describe('Product: Polish', () => {
  it('should speak Polish: heading, labels, colour names, prices and quantity messages', async () => {
    locale.value = 'pl';
    await showProduct(product({ name: 'Kubek', minimum_quantity: 10, thresholds: [{ min_quantity: 1, max_quantity: 99, price: 10 }, { min_quantity: 100, max_quantity: null, price: 8 }] }));
    expect(screen.getByRole('button', { name: 'Dodaj do koszyka' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Czarny' })).toBeInTheDocument();
    expect(mainPrice()).toBe('Cena za sztukę: 12,30 zł brutto');
    expect(fact('Ilość w opakowaniu')).toBe('30');
    expect(fact('Cena za opakowanie')).toBe('369,00 zł');
    expect(screen.getByText('Do następnego progu brakuje 90 szt.')).toBeInTheDocument();
    expect(screen.getByText('od 100 szt.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Ilość' }), { target: { value: '3' } });
    expect(screen.getByText('Minimalna ilość zamówienia produktu: 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dodaj do koszyka' })).toBeDisabled();
    // A Polish decimal comma is a decimal, refused with the rule in Polish, never 25.
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Ilość' }), { target: { value: '2,5' } });
    expect(screen.getByRole('spinbutton', { name: 'Ilość' })).toHaveValue('2,5');
    expect(screen.getByRole('spinbutton', { name: 'Ilość' })).toHaveAccessibleDescription(expect.stringContaining('Ilość musi być liczbą całkowitą'));
  });
});
