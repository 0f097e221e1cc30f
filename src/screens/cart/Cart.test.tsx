import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { routerActive } from '../../kit/router.tsx';
import { addToCart, cartLines, lineKey, setCartQuantity } from '../../store/cart.ts';
import { cartCheckStatus } from '../../store/cart-review.ts';
import { locale } from '../../store/locale.ts';
import { CLOSED_SHOP, POINTS_SHOP, assignment, buyer, json, logInBuyer, pageOf, plain, product, settle, stubProducts, variant, type ProductCall } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import type { NumericCounter as RealNumericCounter } from '../../widgets/numeric-counter/NumericCounter.tsx';
import { Cart } from './Cart.tsx';

/** Renders of the quantity counter, one per cart row rendered: counts which rows a change re-renders. */
const counterRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../widgets/numeric-counter/NumericCounter.tsx', async (importOriginal) => {
  const { createElement } = await import('react');
  const actual = await importOriginal<{ NumericCounter: typeof RealNumericCounter }>();
  return {
    ...actual,
    NumericCounter: (props: Parameters<typeof actual.NumericCounter>[0]) => {
      counterRenders.count += 1;
      return createElement(actual.NumericCounter, props);
    },
  };
});

/** Answers `GET /api/products?ids=` with the current version of each product asked for; `GET /api/user` with `me`. */
function serveShop(products: Product[], me = buyer([assignment()])) {
  return ({ path, params }: ProductCall) => {
    if (path === '/api/user') return json(me);
    const ids = (params.get('ids') ?? '').split(',').map(Number);
    const data = products.filter((item) => ids.includes(item.id));
    return pageOf(data, { per_page: 100 });
  };
}

function renderCart(routed = true) {
  const host = document.createElement('div');
  document.body.append(host);
  const view = render(
    <ElementShell host={host} root={document}>
      <Cart routeId={routed ? 'cart' : undefined} />
    </ElementShell>,
    { container: host },
  );
  return { host, ...view };
}

const line = (name: RegExp | string) => {
  const item = screen.getAllByRole('listitem').find((node) => within(node).queryByRole('link', { name }));
  if (!item) throw new Error(`no cart line ${String(name)}`);
  return item;
};
/** The unit price and the line total the cart line named `name` shows. */
const shownPrices = (name: string) => {
  const item = line(name);
  return [plain(within(item).getByText(/\/ pc/).textContent), plain(item.querySelector('.shop-cart-line__total')?.textContent)];
};
const total = () => plain(screen.getByText('Total').closest('div')?.querySelector('dd')?.textContent);

beforeEach(() => resetScreenPage('/cart'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('Cart screen', () => {
  it('should show the empty cart with a way back to the products', () => {
    renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
  });

  it('should list the lines with gross prices and totals, and reprice every line of a product by its total tier', async () => {
    const tee = product({
      id: 1,
      name: 'T-shirt',
      variants: [variant({ id: 10, color_code: 'red' }), variant({ id: 11, color_code: 'navy' })],
      thresholds: [
        { min_quantity: 1, max_quantity: 99, price: 10 },
        { min_quantity: 100, max_quantity: null, price: 8 },
      ],
    });
    stubProducts(serveShop([tee]));
    addToCart(tee, tee.variants[0]!, 60);
    addToCart(tee, tee.variants[1]!, 30);
    renderCart();
    await waitFor(() => expect(cartCheckStatus.value).toBe('ready'));

    // 90 pieces: 10.00 net, 12.30 gross each.
    expect(plain(within(line(/T-shirt/)).getByText(/\/ pc/).textContent)).toContain('PLN 12.30 / pc');
    expect(total()).toBe('PLN 1,107.00');
    expect(screen.getByText('Net').nextElementSibling).toHaveTextContent('900.00');

    // 10 more red: 100 pieces reach the 8.00 tier for both lines.
    const red = within(screen.getAllByRole('listitem')[0]!).getByRole('spinbutton', { name: /Quantity: T-shirt \(Colour: Red\)/ });
    await userEvent.clear(red);
    await userEvent.type(red, '70');
    expect(cartLines.value[0]?.quantity).toBe(70);
    await waitFor(() => expect(total()).toBe('PLN 984.00'));
    for (const item of screen.getAllByRole('listitem')) expect(plain(within(item).getByText(/\/ pc/).textContent)).toContain('PLN 9.84 / pc');
  });

  it("should show each line as its shown unit × quantity (the issue's globex cases) and total the shown lines", async () => {
    const products = [product({ id: 1, name: 'Hoodie', calculated_price: 34.99 }), product({ id: 2, name: 'Cap', calculated_price: 24.99 }), product({ id: 3, name: 'Pen', calculated_price: 18.99 })];
    stubProducts(serveShop(products));
    addToCart(products[0]!, products[0]!.variants[0]!, 120);
    addToCart(products[1]!, products[1]!.variants[0]!, 3);
    addToCart(products[2]!, products[2]!.variants[0]!, 10_000);
    renderCart();
    await waitFor(() => expect(cartCheckStatus.value).toBe('ready'));
    expect(shownPrices('Hoodie')).toEqual(['Unit price: PLN 43.04 / pc', 'Line total: PLN 5,164.80']);
    expect(shownPrices('Cap')).toEqual(['Unit price: PLN 30.74 / pc', 'Line total: PLN 92.22']);
    expect(shownPrices('Pen')).toEqual(['Unit price: PLN 23.36 / pc', 'Line total: PLN 233,600.00']);
    expect(total()).toBe('PLN 238,857.02');
  });

  it('should take current names and prices from the shop and say that prices changed', async () => {
    const old = product({ id: 1, name: 'Mug', calculated_price: 10 });
    addToCart(old, old.variants[0]!, 2);
    stubProducts(serveShop([{ ...old, name: 'Ceramic mug', calculated_price: 12 }]));
    renderCart();
    expect(await screen.findByText(/Some prices have changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ceramic mug' })).toBeInTheDocument();
    expect(cartLines.value[0]).toMatchObject({ name: 'Ceramic mug', pricing: { calculated_price: 12 } });
    expect(total()).toBe('PLN 29.52');
  });

  it('should bound the counter by the stock and flag a product no longer sold, blocking checkout with the reasons', async () => {
    const bottle = product({ id: 1, name: 'Bottle', variants: [variant({ id: 10, stock: 15 })] });
    const gone = product({ id: 2, name: 'Old pen' });
    addToCart(bottle, bottle.variants[0]!, 20);
    addToCart(gone, gone.variants[0]!, 1);
    stubProducts(serveShop([bottle]));
    renderCart();

    const bottleLine = await waitFor(() => line('Bottle'));
    await waitFor(() => expect(within(bottleLine).getByText('Currently available maximum order quantity: 15')).toBeInTheDocument());
    expect(within(bottleLine).getByRole('spinbutton')).toHaveAttribute('aria-valuemax', '15');
    expect(within(line('Old pen')).getByText(/No longer available/)).toBeInTheDocument();
    expect(within(line('Old pen')).getByRole('spinbutton')).toBeDisabled();

    const checkout = screen.getByRole('button', { name: 'Go to checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(/no longer available.*break an order rule/s);
    expect(screen.queryByRole('link', { name: 'Go to checkout' })).toBeNull();

    // Removing the vanished product and lowering the bottles to the stock lets the buyer go on.
    await userEvent.click(within(line('Old pen')).getByRole('button', { name: /Remove Old pen/ }));
    expect(screen.getByRole('status')).toHaveTextContent('Old pen was removed from the cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toHaveFocus();
    await userEvent.click(within(line('Bottle')).getByRole('button', { name: 'Decrease' }));
    expect(cartLines.value[0]?.quantity).toBe(15);
    expect(await screen.findByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('should announce a quantity change once the buyer pauses, with the line and cart totals, in both languages', async () => {
    const bottle = product({ id: 1, name: 'Bottle', variants: [variant({ id: 10, stock: 15 })] });
    addToCart(bottle, bottle.variants[0]!, 3);
    stubProducts(serveShop([bottle]));
    renderCart();
    expect(await screen.findByRole('link', { name: 'Go to checkout' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    const increase = within(line('Bottle')).getByRole('button', { name: 'Increase' });
    for (let press = 0; press < 3; press += 1) await userEvent.click(increase);
    // Not once per press: the three presses are told once, with the quantity they ended at.
    expect(status.textContent).toBe('');
    await waitFor(() => expect(status).toHaveTextContent(/^Bottle \(Colour: Black\): quantity 6, line total PLN [\d,.]+\. Cart total PLN [\d,.]+\.$/), { timeout: 3000 });
    expect(plain(status.textContent)).toContain(`line total ${shownPrices('Bottle')[1]?.replace('Line total: ', '')}`);
    expect(plain(status.textContent)).toContain(`Cart total ${total()}`);

    // A typed quantity, in Polish.
    act(() => {
      locale.value = 'pl';
    });
    const input = within(line('Bottle')).getByRole('spinbutton');
    await userEvent.tripleClick(input);
    await userEvent.paste('15');
    await waitFor(() => expect(status).toHaveTextContent(/^Bottle \(Kolor: Czarny\): ilość 15, wartość pozycji 184,50\szł\. Razem w koszyku 184,50\szł\.$/), { timeout: 3000 });
  });

  it('should never change a line quantity silently: refuse 2.5 and hold checkout, say when 100000 became the stock', async () => {
    const bottle = product({ id: 1, name: 'Bottle', variants: [variant({ id: 10, stock: 40 })] });
    addToCart(bottle, bottle.variants[0]!, 3);
    stubProducts(serveShop([bottle]));
    renderCart();
    expect(await screen.findByRole('link', { name: 'Go to checkout' })).toBeInTheDocument();
    const input = within(line('Bottle')).getByRole('spinbutton');
    await userEvent.tripleClick(input);
    await userEvent.paste('2.5');
    expect(input).toHaveValue('2.5');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Quantities are whole numbers'));
    expect(cartLines.value[0]?.quantity).toBe(3);
    const checkout = screen.getByRole('button', { name: 'Go to checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(/correct the quantities marked above/);

    await userEvent.tripleClick(input);
    await userEvent.paste('100000');
    expect(input).toHaveValue('40');
    expect(cartLines.value[0]?.quantity).toBe(40);
    expect(within(line('Bottle')).getByText('At most 40 per line: changed to 40.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to checkout' })).toBeInTheDocument();
  });

  it('should tell a guest of an open shop that checkout asks to log in', async () => {
    const mug = product({ id: 1, name: 'Mug' });
    addToCart(mug, mug.variants[0]!, 1);
    stubProducts(serveShop([mug]));
    renderCart();
    expect(await screen.findByText('You will be asked to log in before checkout.')).toBeInTheDocument();
  });

  it('should re-render only the row whose quantity changed', async () => {
    const items = [product({ id: 1, name: 'Mug' }), product({ id: 2, name: 'Pen' }), product({ id: 3, name: 'Cap' })];
    for (const item of items) addToCart(item, item.variants[0]!, 1);
    stubProducts(serveShop(items));
    renderCart();
    await waitFor(() => expect(cartCheckStatus.value).toBe('ready'));
    await settle();
    const before = counterRenders.count;
    const pen = cartLines.value.find((l) => l.name === 'Pen');
    if (!pen) throw new Error('no Pen line');
    act(() => setCartQuantity(lineKey(pen), 4));
    await settle();
    expect(within(line('Pen')).getByRole('spinbutton')).toHaveValue('4');
    expect(counterRenders.count - before).toBe(1);
  });

  it('should keep the cart usable and offer a retry when the check fails', async () => {
    const mug = product({ id: 1, name: 'Mug' });
    addToCart(mug, mug.variants[0]!, 1);
    let fail = true;
    stubProducts((call) => (fail ? json({ message: 'Down' }, 503) : serveShop([mug])(call)));
    renderCart();
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be checked/);
    expect(screen.getByRole('link', { name: 'Go to checkout' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('Cart screen in a points shop', () => {
  beforeEach(() => resetScreenPage('/cart', POINTS_SHOP));

  const tee = product({ id: 1, name: 'T-shirt', calculated_price: 40, budget: { id: 9, name: 'Marketing', color: '#2563eb' } });
  const hoodie = product({ id: 2, name: 'Hoodie', calculated_price: 120, budget: { id: 4, name: 'Old budget', color: '#16a34a' } });

  it('should show each budget subtotal against the points left, from the balances loaded now', async () => {
    logInBuyer([assignment({ points_left: 500 })]);
    addToCart(tee, tee.variants[0]!, 5);
    // The user loaded at login had 500 points; meanwhile 350 were spent elsewhere.
    const calls = stubProducts(serveShop([tee], buyer([assignment({ points_left: 150 })])));
    renderCart();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user')).toBe(true));
    const budgets = await screen.findByRole('region', { name: 'Budgets' });
    await waitFor(() => expect(within(budgets).getByText("You don't have enough points in this budget")).toBeInTheDocument());
    expect(plain(within(budgets).getByText('Used by the cart').nextElementSibling?.textContent)).toBe('200 pts');
    // Before and after this order, each said as such: 150 now, the cart takes 200, so 50 short.
    expect(plain(within(budgets).getByText('Points available now').nextElementSibling?.textContent)).toBe('150 pts');
    expect(plain(within(budgets).getByText('Points left after this order').nextElementSibling?.textContent)).toBe('50 pts short');
    expect(within(budgets).queryByText('Points left')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to checkout' })).toBeDisabled();
  });

  it('should say what a budget keeps after this order, in both languages', async () => {
    logInBuyer([assignment({ points_left: 500 })]);
    addToCart(tee, tee.variants[0]!, 3);
    stubProducts(serveShop([tee], buyer([assignment({ points_left: 500 })])));
    renderCart();
    const budgets = await screen.findByRole('region', { name: 'Budgets' });
    await waitFor(() => expect(plain(within(budgets).getByText('Points left after this order').nextElementSibling?.textContent)).toBe('380 pts'));
    expect(plain(within(budgets).getByText('Points available now').nextElementSibling?.textContent)).toBe('500 pts');
    act(() => {
      locale.value = 'pl';
    });
    const budżety = screen.getByRole('region', { name: 'Budżety' });
    expect(plain(within(budżety).getByText('Pozostanie po tym zamówieniu').nextElementSibling?.textContent)).toBe('380 pkt');
    expect(plain(within(budżety).getByText('Punkty dostępne teraz').nextElementSibling?.textContent)).toBe('500 pkt');
  });

  it('should flag a line paid from an inactive budget with the spec text and name the coordinator', async () => {
    logInBuyer([assignment({ budget_id: 4, is_active: false, status: 'expired' })]);
    addToCart(hoodie, hoodie.variants[0]!, 1);
    stubProducts(serveShop([hoodie], buyer([assignment({ budget_id: 4, is_active: false, status: 'expired' })])));
    renderCart();
    expect(await within(line('Hoodie')).findByText('Its budget is not active: it cannot be ordered now.')).toBeInTheDocument();
    const reasons = screen.getByRole('button', { name: 'Go to checkout' });
    expect(reasons).toHaveAccessibleDescription(/A cart product has an inactive budget; with no active budgets the order cannot be finalized/);
    expect(reasons).toHaveAccessibleDescription(/Contact your coordinator: boss@example.com/);
  });
});

describe('<shop-cart> outside the storefront', () => {
  it('should ask a guest of a login-required shop to log in first and check nothing', () => {
    resetScreenPage('/cart', CLOSED_SHOP);
    routerActive.value = false;
    const calls = stubProducts(serveShop([]));
    renderCart(false);
    expect(screen.getByText(/log in/i, { selector: 'p' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('should fire shop-cart-change from its host when a line changes', async () => {
    routerActive.value = false;
    const mug = product({ id: 1, name: 'Mug' });
    addToCart(mug, mug.variants[0]!, 1);
    stubProducts(serveShop([mug]));
    const { host } = renderCart(false);
    const events: number[] = [];
    host.addEventListener('shop-cart-change', (event) => events.push((event as CustomEvent<{ count: number }>).detail.count));
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(events).toEqual([2]);
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: /Remove Mug/ }));
    });
    expect(events).toEqual([2, 0]);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });
});
