import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, Product } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { alerts } from '../../store/alerts.ts';
import { cartLines } from '../../store/cart.ts';
import { setLocale } from '../../store/locale.ts';
import { sessionStatus } from '../../store/session.ts';
import { noAnswer, stubApi, type ApiCall } from '../checkout/test-helpers.tsx';
import { GROSS_SHOP, POINTS_SHOP, json, logInBuyer, pageOf, plain, product, variant } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { moneyDeliveryCharge, orderTotals } from '../../domain/checkout-totals.ts';
import { OrderDetail } from './OrderDetail.tsx';
import { item, moneyOrder, pointsOrder } from './orders/test-fixtures.ts';

const NOT_FOUND = () => json({ message: 'Page not found', code: 'errors.not_found' }, 404);

/** Answers `GET /api/user/order/{name}` with `orders` (404 for any other name) and `GET /api/products?ids=` with `products`. */
function serve(orders: readonly Order[], products: readonly Product[] = []) {
  return ({ path, params }: ApiCall) => {
    if (path.startsWith('/api/user/order/')) {
      const name = decodeURIComponent(path.slice('/api/user/order/'.length));
      const found = orders.find((order) => order.name === name);
      return found ? json(found) : NOT_FOUND();
    }
    if (path === '/api/products') {
      const ids = (params.get('ids') ?? '').split(',').map(Number);
      return pageOf(products.filter((candidate) => ids.includes(candidate.id)), { per_page: 100 });
    }
    return NOT_FOUND();
  };
}

function renderOrder(name: string) {
  const host = document.createElement('div');
  document.body.append(host);
  return render(
    <ElementShell host={host} root={document}>
      <OrderDetail routeId="user-order" params={{ name }} />
    </ElementShell>,
    { container: host },
  );
}

/** The value (`<dd>`) of the term (`<dt>`) named `term` inside `scope`. */
const valueOf = (scope: HTMLElement, term: string | RegExp) => {
  const dt = within(scope).getAllByRole('term').find((node) => (typeof term === 'string' ? node.textContent === term : term.test(node.textContent ?? '')));
  if (!dt) throw new Error(`no term ${String(term)}`);
  return plain(dt.nextElementSibling?.textContent);
};
const section = (name: string) => screen.getByRole('region', { name });
const rowOf = (name: string) => {
  const cell = screen.getAllByRole('rowheader').find((node) => node.textContent?.includes(name));
  if (!cell?.parentElement) throw new Error(`no line ${name}`);
  return cell.parentElement;
};
/** The cells (quantity, unit price, line total) of the line named `name`. */
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => plain(cell.textContent));

beforeEach(() => {
  resetScreenPage('/user/orders/ACME-000001', POINTS_SHOP);
  logInBuyer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLocale('en');
  document.body.innerHTML = '';
});

describe('Order', () => {
  it('shows a points order: lines with variants, budgets and points, totals, delivery, addresses, contact, MPK and comment', async () => {
    const calls = stubApi(serve([pointsOrder()]));
    renderOrder('ACME-000001');
    expect(screen.getByRole('heading', { level: 1, name: 'Order ACME-000001' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Products' })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/user/order/ACME-000001');
    expect(calls[0]?.params.get('website_id')).toBe('5');

    expect(screen.getByText('Complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to order history' })).toHaveAttribute('href', '/user/orders');
    const tee = rowOf('Classic T-shirt');
    expect(within(tee).getByText('Code: ACME-TEE-NAVY-L')).toBeInTheDocument();
    expect(within(tee).getByText('Colour: Navy · Size: L')).toBeInTheDocument();
    expect(within(tee).getByText('Welcome pack')).toHaveAttribute('data-tone', 'custom');
    const mug = rowOf('Ceramic mug');
    expect(within(mug).getByText('Colour: White')).toBeInTheDocument();
    expect(within(mug).getAllByRole('cell').map((cell) => plain(cell.textContent))).toEqual(['6', '10 pts', '60 pts']);

    const summary = within(section('Products')).getByLabelText('Order totals');
    expect(valueOf(summary, 'Products')).toBe('100 pts');
    expect(valueOf(summary, 'Delivery cost')).toBe('Free');
    expect(valueOf(summary, 'Total')).toBe('100 pts');
    expect(within(summary).queryByText('VAT')).toBeNull();

    const delivery = section('Delivery');
    expect(valueOf(delivery, 'Delivery method')).toBe('Self-pickup');
    expect(valueOf(delivery, 'Delivery address')).toBe('Collected in person at the pickup point');
    expect(plain(section('Billing address').textContent)).toContain('ACME Polska Sp. z o.o.ul. Domaniewska 3902-672 WarszawaPolandTax ID (NIP): 7010150006');
    expect(valueOf(section('Contact'), 'Name')).toBe('Anna Nowak');
    expect(valueOf(section('Contact'), 'E-mail')).toBe('buyer@acme.test');
    expect(valueOf(section('Contact'), 'Buyer ID')).toBe('ACME-B-001');
    expect(valueOf(section('Payment'), 'Payment method')).toBe('Points budget');
    expect(valueOf(section('Payment'), 'Payment status')).toBe('No payment required');
    expect(valueOf(section('Payment'), 'Cost centre (MPK)')).toBe('MPK-100');
    expect(within(section('Comment')).getByText('For the new starters in the Warsaw office.')).toBeInTheDocument();

    act(() => setLocale('pl'));
    expect(screen.getByRole('heading', { level: 1, name: 'Zamówienie ACME-000001' })).toBeInTheDocument();
    expect(screen.getByText('Zrealizowane')).toBeInTheDocument();
    expect(within(rowOf('Classic T-shirt')).getByText('Kolor: Granatowy · Rozmiar: L')).toBeInTheDocument();
    expect(within(rowOf('Ceramic mug')).getAllByRole('cell').map((cell) => plain(cell.textContent))).toEqual(['6', '10 pkt', '60 pkt']);
  });

  it("shows a gross order's lines as unit × quantity = line total (the issue's globex cases), adding up with the delivery to the total", async () => {
    resetScreenPage('/user/orders/GLOBEX-000002', GROSS_SHOP);
    logInBuyer([]);
    // Stored as the server stores an order now: the shown gross unit and its line total, net from the VAT summary.
    const shop = { points: false, isGross: true };
    const lines = [
      { unit_price: 43.04, quantity: 120, vat: 23, vat_included: true },
      { unit_price: 30.74, quantity: 3, vat: 23, vat_included: true },
      { unit_price: 23.36, quantity: 10_000, vat: 23, vat_included: true },
    ];
    const totals = orderTotals(lines, moneyDeliveryCharge(19.99, true), shop);
    if (totals.kind !== 'money') throw new Error('money expected');
    const names = ['Hoodie', 'Cap', 'Pen'];
    const order = moneyOrder({
      name: 'GLOBEX-000002',
      total: totals.total,
      total_net: totals.net,
      total_gross: totals.gross,
      items: lines.map((line, index) =>
        item({ product_id: index + 1, variant_id: (index + 1) * 10, name: names[index]!, code: `GLX-${index}`, quantity: line.quantity, unit_price: line.unit_price, line_net: totals.lines[index]!.net, line_gross: totals.lines[index]!.gross, budget: null }),
      ),
    });
    stubApi(serve([order]));
    renderOrder('GLOBEX-000002');
    await screen.findByRole('region', { name: 'Products' });
    expect(cells('Hoodie')).toEqual(['120', 'PLN 43.04', 'PLN 5,164.80']);
    expect(cells('Cap')).toEqual(['3', 'PLN 30.74', 'PLN 92.22']);
    expect(cells('Pen')).toEqual(['10,000', 'PLN 23.36', 'PLN 233,600.00']);
    const summary = screen.getByLabelText('Order totals');
    expect(valueOf(summary, 'Products (gross)')).toBe('PLN 238,857.02');
    expect(valueOf(summary, 'Delivery cost (gross)')).toBe('PLN 24.59');
    expect(valueOf(summary, 'Total (gross)')).toBe('PLN 238,881.61');
    expect(valueOf(section('Delivery'), 'Delivery cost (gross)')).toBe('PLN 24.59');
  });

  it('shows an order placed before the rounding rule as it was charged (unit = line total / quantity) with net, VAT and gross totals', async () => {
    resetScreenPage('/user/orders/GLOBEX-000001', GROSS_SHOP);
    logInBuyer([]);
    stubApi(serve([moneyOrder()]));
    renderOrder('GLOBEX-000001');
    await screen.findByRole('region', { name: 'Products' });
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    // Stored under the earlier rule: a net unit (39.99) with a gross line rounded from the net line, so
    // the unit shown is the line total / quantity, as such orders were always shown.
    expect(within(rowOf('Classic T-shirt')).getAllByRole('cell').map((cell) => plain(cell.textContent))).toEqual(['10', 'PLN 49.19', 'PLN 491.88']);
    expect(screen.getByRole('columnheader', { name: 'Unit price (gross)' })).toBeInTheDocument();
    const summary = screen.getByLabelText('Order totals');
    expect(valueOf(summary, 'Products (gross)')).toBe('PLN 923.66');
    expect(valueOf(summary, 'Delivery cost (gross)')).toBe('PLN 24.59');
    expect(valueOf(summary, 'Net')).toBe('PLN 819.69');
    expect(valueOf(summary, 'VAT')).toBe('PLN 128.56');
    expect(valueOf(summary, 'Gross')).toBe('PLN 948.25');
    expect(valueOf(summary, 'Total (gross)')).toBe('PLN 948.25');
    expect(valueOf(section('Delivery'), 'Delivery cost (gross)')).toBe('PLN 24.59');
    expect(valueOf(section('Delivery'), 'Delivery address')).toContain('Globex Sp. z o.o.ul. Lubicz 1731-503 Kraków');
    expect(valueOf(section('Payment'), 'Payment method')).toBe('Invoice');
    expect(screen.queryByRole('region', { name: 'Comment' })).toBeNull();
  });

  it("shows Page not found, never an order, for a name that is not the buyer's, with the way back", async () => {
    stubApi(serve([pointsOrder()]));
    renderOrder('GLOBEX-000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no order GLOBEX-000001 in your account in this shop.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to order history' })).toHaveAttribute('href', '/user/orders');
    expect(screen.queryByRole('table')).toBeNull();

    act(() => setLocale('pl'));
    expect(screen.getByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeInTheDocument();
  });

  it('shows loading, then a failure with "Try again"', async () => {
    stubApi(noAnswer);
    const { unmount } = renderOrder('ACME-000001');
    expect(screen.getByText('Loading the order…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).closest('section')).toHaveAttribute('aria-busy', 'true');
    unmount();

    let fail = true;
    const calls = stubApi((call) => (fail ? json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500) : serve([pointsOrder()])(call)));
    renderOrder('ACME-000001');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Products' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('asks a guest to log in and loads nothing', () => {
    const calls = stubApi(serve([pointsOrder()]));
    sessionStatus.value = 'guest';
    renderOrder('ACME-000001');
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('orders again: available lines go to the cart at today’s prices, the rest is reported, with the cart link', async () => {
    const tee = product({ id: 1, name: 'Classic T-shirt', calculated_price: 45, variants: [variant({ id: 10, color_code: 'navy', size_code: 'L' })], budget: { id: 9, name: 'Welcome pack', color: '#2563eb' } });
    // The mug is no longer sold (not in the answer).
    const calls = stubApi(serve([pointsOrder()], [tee]));
    renderOrder('ACME-000001');
    await userEvent.click(await screen.findByRole('button', { name: 'Order again' }));

    expect(await screen.findByText('Products added to the cart: 1 of 2.')).toBeInTheDocument();
    const productCall = calls.find((call) => call.path === '/api/products');
    expect(productCall?.params.get('ids')).toBe('1,2');
    expect(productCall?.params.get('website_id')).toBe('5');
    expect(cartLines.value).toHaveLength(1);
    expect(cartLines.value[0]).toMatchObject({ product_id: 1, variant_id: 10, quantity: 1, pricing: { calculated_price: 45 } });
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');
    expect(alerts.value.map((alert) => [alert.type, alert.header, alert.content])).toEqual([
      ['success', 'Added to the cart', ['Classic T-shirt (Colour: Navy · Size: L): 1 pcs']],
      ['warning', 'No longer available', ['Ceramic mug (Colour: White): 6 pcs']],
    ]);
  });

  it('orders again a business card with its details, and reports a sold-out variant', async () => {
    const card = { name: 'Anna', surname: 'Nowak', email: 'anna@example.com', phone: '+48600700800', job: 'Designer', cost: '', address: 'ul. Długa 1, Warszawa' };
    const order = pointsOrder({
      items: [
        item({ product_id: 3, variant_id: 30, name: 'Business cards', code: 'ACME-CARD', color_code: null, size_code: null, quantity: 2, card_info: card }),
        item({ product_id: 4, variant_id: 40, name: 'Steel water bottle', code: 'ACME-BOTTLE-RED', color_code: 'red', size_code: null, quantity: 3 }),
      ],
    });
    const cards = product({ id: 3, name: 'Business cards', is_business_card: true, variants: [variant({ id: 30, color_code: null })] });
    const bottle = product({ id: 4, name: 'Steel water bottle', variants: [variant({ id: 40, color_code: 'red', stock: 0, availability: 'out_of_stock' })] });
    stubApi(serve([order], [cards, bottle]));
    renderOrder('ACME-000001');
    expect(await screen.findByText('Business card details: Anna Nowak')).toBeInTheDocument();
    expect(screen.getByText('Job title: Designer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Order again' }));
    await screen.findByText('Products added to the cart: 1 of 2.');
    expect(cartLines.value).toEqual([expect.objectContaining({ product_id: 3, quantity: 2, card_info: card })]);
    expect(alerts.value.at(-1)).toMatchObject({ type: 'warning', content: ['Steel water bottle (Colour: Red): 3 pcs'] });
  });

  it('says so when nothing can be ordered again, and when the products cannot be loaded', async () => {
    let productsFail = false;
    stubApi((call) => (call.path === '/api/products' && productsFail ? json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500) : serve([pointsOrder()])(call)));
    renderOrder('ACME-000001');
    await userEvent.click(await screen.findByRole('button', { name: 'Order again' }));
    expect(await screen.findByText('None of the products of this order can be ordered now.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the cart' })).toBeNull();
    expect(cartLines.value).toHaveLength(0);
    expect(alerts.value.at(-1)?.content).toEqual(['None of the products of this order can be ordered now.', 'Classic T-shirt (Colour: Navy · Size: L): 1 pcs', 'Ceramic mug (Colour: White): 6 pcs']);

    productsFail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Order again' }));
    expect(await screen.findByText('The products could not be added to the cart.')).toBeInTheDocument();
    expect(alerts.value.at(-1)).toMatchObject({ type: 'error', header: 'The products could not be added to the cart.' });
  });
});
