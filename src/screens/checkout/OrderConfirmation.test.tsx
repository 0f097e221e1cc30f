import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../contract/contract.ts';
import { cartLines } from '../../store/cart.ts';
import { checkoutState, placedOrderAnswer, placeOrder, startCheckout } from '../../store/checkout.ts';
import { setLocale } from '../../store/locale.ts';
import { item, moneyOrder, pointsOrder } from '../account/orders/test-fixtures.ts';
import { GROSS_SHOP, POINTS_SHOP, json, plain, product } from '../product/test-fixtures.ts';
import { OrderConfirmation } from './OrderConfirmation.tsx';
import { renderStep, setUpCheckout, stubApi, type ApiCall } from './test-helpers.tsx';
import { reloadPage } from '../../store/test-reload.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setLocale('en');
  document.body.innerHTML = '';
});

const mug = product({ id: 1, name: 'Mug' });

/**
 * The provider's order: not what the cart held (one Mug), so the screen can only show it from the
 * server's answer. A T-shirt line with its picture, a tote bag without one.
 */
const serverOrder = (overrides: Partial<Order> = {}) =>
  moneyOrder({
    name: 'GLOBEX-000123',
    items: [
      item({ product_id: 1, variant_id: 10, name: 'Classic T-shirt', code: 'GLX-TEE-BLACK-M', color_code: 'black', size_code: 'M', quantity: 10, unit_price: 39.99, line_net: 399.9, line_gross: 491.88, budget: null, image: 'products/tee-black.png' }),
      item({ product_id: 2, variant_id: 20, name: 'Cotton tote bag', code: 'GLX-BAG-WHITE', color_code: 'white', size_code: null, quantity: 20, unit_price: 19.99, vat: 8, line_net: 399.8, line_gross: 431.78, budget: null }),
    ],
    ...overrides,
  });

/** Answers `POST /api/order` with `order`, `GET /api/user/order/{name}` with `stored` (404 without). */
function serve(order: Order, stored: Order | null = null): ApiCall[] {
  return stubApi((call) => {
    if (call.path === '/api/order' && call.method === 'POST') return json({ order, payment_url: null }, 201);
    if (stored && call.path === `/api/user/order/${stored.name}`) return json(stored);
    return json({ message: 'Page not found', code: 'errors.not_found' }, 404);
  });
}

/** The amount shown for a term of the order's totals. */
const amount = (term: string) => plain(screen.getByText(term, { selector: '.shop-order-totals dt' }).nextElementSibling?.textContent);

describe('OrderConfirmation', () => {
  it('should show what the server recorded: lines with pictures, totals, delivery, what happens next and the link to the order', async () => {
    setUpCheckout({ website: GROSS_SHOP, path: '/order-confirmation', lines: [[mug, 1]], paymentMethod: 'invoice' });
    const calls = serve(serverOrder());
    await placeOrder({ costCentreStatement: false });
    const { go } = renderStep(<OrderConfirmation />);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Your order number: GLOBEX-000123');
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(next).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      'We have sent the order details to buyer@globex.test.',
      'You pay for this order by invoice, issued to the billing address below.',
      'Follow its status in your account, under Order history.',
    ]);

    // The lines as the server answered them, not the cart's one mug.
    expect(screen.queryByText('Mug')).not.toBeInTheDocument();
    const tee = screen.getByRole('row', { name: /Classic T-shirt/ });
    expect(within(tee).getByRole('rowheader')).toHaveTextContent('Colour: Black · Size: M');
    // Quantity, unit price, line total (the unit price's rounding is the order page's rule, not this screen's).
    const cells = within(tee).getAllByRole('cell').map((cell) => plain(cell.textContent));
    expect(cells).toHaveLength(3);
    expect([cells[0], cells[2]]).toEqual(['10', 'PLN 491.88']);
    expect(cells[1]).toMatch(/^PLN 49\.\d+/);
    expect(tee.querySelector('img')).toHaveAttribute('src', '/storage/products/tee-black.png');
    const bag = screen.getByRole('row', { name: /Cotton tote bag/ });
    expect(bag.querySelector('img')).toBeNull();
    expect(amount('Total (gross)')).toBe('PLN 948.25');

    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByText('Courier')).toBeInTheDocument();
    expect(within(delivery).getByText('ul. Lubicz 17')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/user/orders/GLOBEX-000123');

    // The answer to placing it was enough: nothing asked again; checkout and cart are cleared.
    expect(calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/user/order/'))).toHaveLength(0);
    expect(cartLines.value).toHaveLength(0);
    expect(checkoutState.value.placedOrder).toBeNull();
    expect(go).not.toHaveBeenCalled();
  });

  it('should load the order by its name after a reload, in Polish, with the points taken from the budgets', async () => {
    setUpCheckout({ website: POINTS_SHOP, path: '/order-confirmation', lines: [[mug, 1]], paymentMethod: 'budget' });
    const order = pointsOrder({ name: 'ACME-000777', total_points: 125 });
    const calls = serve(order, order);
    await placeOrder({ costCentreStatement: true });
    // A reload: the stored checkout keeps the placed order's name, the answer in memory is gone.
    reloadPage();
    startCheckout();
    expect(placedOrderAnswer.value).toBeNull();
    expect(checkoutState.value.placedOrder?.name).toBe('ACME-000777');
    setLocale('pl');
    renderStep(<OrderConfirmation />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dziękujemy za zamówienie!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Numer Twojego zamówienia: ACME-000777');
    expect(await screen.findByRole('row', { name: /Ceramic mug/ })).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'Co dalej' });
    expect(plain(next.textContent)).toContain('Na to zamówienie pobraliśmy z Twoich budżetów 125 pkt.');
    expect(plain(next.textContent)).toContain('Szczegóły zamówienia wysłaliśmy na adres buyer@acme.test.');
    expect(screen.getByRole('link', { name: 'Zobacz zamówienie' })).toHaveAttribute('href', '/user/orders/ACME-000777');
    expect(calls.filter((call) => call.path === '/api/user/order/ACME-000777')).toHaveLength(1);
  });

  it('should clear nothing and go back to the summary when no order was placed', () => {
    setUpCheckout({ website: GROSS_SHOP, path: '/order-confirmation', lines: [[mug, 2]], paymentMethod: 'invoice' });
    stubApi(() => json({}, 404));
    const { go } = renderStep(<OrderConfirmation />);
    expect(go).toHaveBeenCalledWith('summary');
    expect(cartLines.value).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
