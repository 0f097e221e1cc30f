import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartLines } from '../../store/cart.ts';
import { checkoutState, lastConfirmedOrder } from '../../store/checkout.ts';
import { GROSS_SHOP, NET_SHOP, POINTS_SHOP, assignment, json, plain, product } from '../product/test-fixtures.ts';
import { Summary } from './Summary.tsx';
import { courier, noAnswer, orderPlaced, renderStep, setUpCheckout, stubApi, userAnswer, type ApiCall, type CheckoutSetUp } from './test-helpers.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const mug = product({ id: 1, name: 'Mug' });
const moneySetUp = (overrides: Partial<CheckoutSetUp> = {}): CheckoutSetUp => ({
  website: GROSS_SHOP,
  path: '/checkout/summary',
  lines: [[mug, 3]],
  paymentMethod: 'invoice',
  ...overrides,
});

/** Answers the wait with `wait` seconds, `POST /api/order` with `order`, `GET /api/user` with the buyer. */
function serve(order: (call: ApiCall) => Response | Promise<Response>, wait = 0): ApiCall[] {
  return stubApi((call) => {
    if (call.path === '/api/order/wait') return json({ remainingTime: wait });
    if (call.path === '/api/order') return order(call);
    if (call.path === '/api/user') return userAnswer();
    return json({ message: 'Page not found', code: 'errors.not_found' }, 404);
  });
}

const orders = (calls: readonly ApiCall[]) => calls.filter((call) => call.path === '/api/order' && call.method === 'POST');
const placeButton = () => screen.getByRole('button', { name: /^Place order/ });
/** The amount shown for a term of the order's totals. */
const amount = (term: string) => plain(screen.getByText(term, { selector: '.shop-order-totals dt' }).nextElementSibling?.textContent);
/** A money amount as the English screens print it ("PLN 5,164.80") as a number. */
const money = (text: string) => Number(text.replace(/^PLN /, '').replaceAll(',', ''));
/** Every line row's [quantity, unit, total], as numbers. */
const lineRows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => money(plain(cell.textContent))));
const alertText = () => plain(screen.getByRole('alert').textContent);
/** Lets the answers (fetch, body parsing) and the renders after them settle under fake timers. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('Summary step', () => {
  it('should show everything chosen with links back, the lines and the totals with the delivery as the server charges it (gross shop)', async () => {
    setUpCheckout(moneySetUp());
    serve(() => orderPlaced('GLX-000123'));
    const { go } = renderStep(<Summary />);

    expect(screen.getByRole('heading', { level: 1, name: 'Summary' })).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contact information' });
    expect(within(contact).getByText('Anna Nowak')).toBeInTheDocument();
    expect(within(contact).getByText('anna@example.com')).toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Delivery method' });
    expect(within(delivery).getByText('DPD courier')).toBeInTheDocument();
    expect(within(delivery).getByText('ul. Długa 1')).toBeInTheDocument();
    expect(plain(within(delivery).getByText('Delivery cost').nextElementSibling?.textContent)).toBe('PLN 24.60');
    expect(within(screen.getByRole('region', { name: 'Billing address' })).getByText('Same as the delivery address')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payment method' })).getByText('Invoice')).toBeInTheDocument();

    // 3 × 10.00 net at 23 % = 36.90 gross; the courier's 20.00 net is 24.60 gross.
    const row = screen.getByRole('row', { name: /Mug/ });
    expect(within(row).getAllByRole('cell').map((cell) => plain(cell.textContent))).toEqual(['3', 'PLN 12.30', 'PLN 36.90']);
    expect(amount('Products (gross)')).toBe('PLN 36.90');
    expect(amount('Delivery cost (gross)')).toBe('PLN 24.60');
    expect(amount('Net')).toBe('PLN 50.00');
    expect(amount('VAT')).toBe('PLN 11.50');
    expect(amount('Gross')).toBe('PLN 61.50');
    expect(amount('Total (gross)')).toBe('PLN 61.50');

    await userEvent.click(screen.getByRole('link', { name: 'Edit: Contact information' }));
    expect(go).toHaveBeenLastCalledWith('delivery');
    await userEvent.click(screen.getByRole('link', { name: 'Edit: Payment method' }));
    expect(go).toHaveBeenLastCalledWith('payment');
  });

  it('should total a net shop in net, the delivery without VAT', async () => {
    setUpCheckout(moneySetUp({ website: NET_SHOP }));
    serve(() => orderPlaced('INI-000001'));
    renderStep(<Summary />);
    expect(amount('Products (net)')).toBe('PLN 30.00');
    expect(amount('Delivery cost (net)')).toBe('PLN 20.00');
    expect(amount('Total (net)')).toBe('PLN 50.00');
    expect(amount('Gross')).toBe('PLN 61.50');
  });

  // The issue's globex cases: net prices in a gross shop, each line its shown gross unit × quantity.
  const ISSUE_LINES: readonly [ReturnType<typeof product>, number][] = [
    [product({ id: 1, name: 'Hoodie', calculated_price: 34.99 }), 120],
    [product({ id: 2, name: 'Cap', calculated_price: 24.99 }), 3],
    [product({ id: 3, name: 'Pen', calculated_price: 18.99 }), 10_000],
  ];

  it('should show every line as its shown unit × quantity and add the lines and the delivery up to the total (gross shop)', async () => {
    setUpCheckout(moneySetUp({ lines: ISSUE_LINES, method: courier({ price: 19.99 }) }));
    serve(() => orderPlaced('GLX-000124'));
    renderStep(<Summary />);
    expect(lineRows()).toEqual([
      [120, 43.04, 5164.8],
      [3, 30.74, 92.22],
      [10_000, 23.36, 233_600],
    ]);
    for (const [quantity = 0, unit = 0, total = 0] of lineRows()) expect(Math.round(unit * quantity * 100)).toBe(Math.round(total * 100));
    expect(amount('Products (gross)')).toBe('PLN 238,857.02');
    expect(amount('Delivery cost (gross)')).toBe('PLN 24.59');
    expect(plain(within(screen.getByRole('region', { name: 'Delivery method' })).getByText('Delivery cost').nextElementSibling?.textContent)).toBe('PLN 24.59');
    expect(amount('Total (gross)')).toBe('PLN 238,881.61');
    expect(money(amount('Net')) * 100 + money(amount('VAT')) * 100).toBeCloseTo(money(amount('Gross')) * 100, 6);
    expect(amount('Gross')).toBe('PLN 238,881.61');
  });

  it('should show every line as its net unit × quantity and the delivery net (net shop)', async () => {
    setUpCheckout(moneySetUp({ website: NET_SHOP, lines: ISSUE_LINES, method: courier({ price: 19.99 }) }));
    serve(() => orderPlaced('INI-000002'));
    renderStep(<Summary />);
    expect(lineRows()).toEqual([
      [120, 34.99, 4198.8],
      [3, 24.99, 74.97],
      [10_000, 18.99, 189_900],
    ]);
    expect(amount('Delivery cost (net)')).toBe('PLN 19.99');
    expect(amount('Total (net)')).toBe('PLN 194,193.76');
    // VAT once for the 23 % rate: 194,193.76 × 0.23 = 44,664.5648 → 44,664.56.
    expect(amount('VAT')).toBe('PLN 44,664.56');
    expect(amount('Gross')).toBe('PLN 238,858.32');
  });

  it('should total a points shop with the chosen delivery budget’s price', async () => {
    const marketing = { id: 9, name: 'Marketing', color: '#2563eb' };
    setUpCheckout({
      website: POINTS_SHOP,
      path: '/checkout/summary',
      budgets: [assignment({ id: 70, budget_id: 9, points_left: 500 })],
      lines: [[product({ id: 1, name: 'Pen', calculated_price: 10, budget: marketing }), 3]],
      method: courier({ price: 20, budgets: [{ budget_id: 9, name: 'Marketing', color: '#2563eb', price: 15 }] }),
      paymentMethod: 'budget',
      deliveryBudget: { budget_id: 9, assignment_id: 70, name: 'Marketing', color: '#2563eb', price: 15 },
    });
    serve(() => orderPlaced('ACME-000001'));
    renderStep(<Summary />);

    expect(amount('Products')).toBe('30 pts');
    expect(amount('Delivery cost')).toBe('15 pts');
    expect(amount('Total')).toBe('45 pts');
    expect(screen.queryByText('VAT')).toBeNull();
    const payment = screen.getByRole('region', { name: 'Payment method' });
    expect(within(payment).getByText('Points budget')).toBeInTheDocument();
    expect(plain(within(payment).getByText('Budget for the delivery cost').nextElementSibling?.textContent)).toBe('Budget: Marketing');
  });

  it('should count the wait down and enable "Place order" only at 0', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setUpCheckout(moneySetUp());
    const calls = serve(() => orderPlaced('GLX-000123'), 3);
    renderStep(<Summary />);
    expect(placeButton()).toBeDisabled();
    await flush();

    expect(calls.find((call) => call.path === '/api/order/wait')?.params.get('website_id')).toBe(String(GROSS_SHOP.id));
    expect(screen.getByRole('timer')).toHaveTextContent('You can place the order in 3 s');
    expect(placeButton()).toBeDisabled();
    expect(placeButton()).toHaveAccessibleDescription('You can place the order in 3 s');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('You can place the order in 2 s');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('You can place the order in 1 s');
    expect(placeButton()).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(placeButton()).toBeEnabled();
  });

  it('should place one order for a double click, send the choices and the comment, and go to the confirmation', async () => {
    setUpCheckout(moneySetUp());
    const pending: ((response: Response) => void)[] = [];
    const calls = serve(() => new Promise<Response>((resolve) => pending.push(resolve)));
    const placed = vi.fn();
    document.addEventListener('shop-order-placed', placed);
    const { go } = renderStep(<Summary />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Order comment' }), 'Ring twice');
    expect(checkoutState.value.orderComment).toBe('Ring twice');
    await waitFor(() => expect(placeButton()).toBeEnabled());
    await userEvent.dblClick(placeButton());
    expect(orders(calls)).toHaveLength(1);
    expect(placeButton()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Placing your order…');
    await userEvent.click(placeButton());
    expect(orders(calls)).toHaveLength(1);

    const [request] = orders(calls);
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,200}$/);
    expect(request?.body).toMatchObject({
      website_id: GROSS_SHOP.id,
      items: [{ product_id: 1, variant_id: 10, quantity: 3 }],
      delivery_method_id: 1,
      delivery_address_id: 31,
      billing_same_as_delivery: true,
      payment_method: 'invoice',
      comment: 'Ring twice',
      cost_centre_statement: false,
    });

    pending[0]?.(orderPlaced('GLX-000123'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('confirmation'));
    expect(checkoutState.value.placedOrder).toMatchObject({ name: 'GLX-000123', paymentUrl: null });
    expect(placed).toHaveBeenCalledTimes(1);
    expect(placed.mock.calls[0]?.[0]).toMatchObject({ detail: { name: 'GLX-000123' } });
    document.removeEventListener('shop-order-placed', placed);
  });

  it('should ask for the cost-centre statement in an MPK shop before sending anything', async () => {
    setUpCheckout(moneySetUp({ website: { ...GROSS_SHOP, mpk_required: true }, mpkCode: 'MPK-7' }));
    const calls = serve(() => orderPlaced('GLX-000123'));
    const { go } = renderStep(<Summary />);
    expect(within(screen.getByRole('region', { name: 'Cost centre code (MPK)' })).getByText('MPK-7')).toBeInTheDocument();

    await waitFor(() => expect(placeButton()).toBeEnabled());
    await userEvent.click(placeButton());
    const statement = screen.getByRole('checkbox', { name: /I confirm that this order is placed for business purposes/ });
    expect(statement).toHaveAccessibleDescription('You must accept the cost-centre statement');
    expect(statement).toHaveFocus();
    expect(orders(calls)).toHaveLength(0);

    await userEvent.click(statement);
    expect(statement).not.toHaveAccessibleDescription('You must accept the cost-centre statement');
    await userEvent.click(placeButton());
    await waitFor(() => expect(go).toHaveBeenCalledWith('confirmation'));
    expect(orders(calls)[0]?.body).toMatchObject({ mpk_code: 'MPK-7', cost_centre_statement: true });
  });

  it('should show the server’s texts: insufficient budget, the quantity exceeded with its number, a field error', async () => {
    setUpCheckout(moneySetUp());
    const answers = [
      json({ message: 'Insufficient budget left - refresh page and try again', code: 'budgets.error.insufficient' }, 422),
      json({ message: 'Currently available maximum order quantity: 4', code: 'sale.qty.exceeded', qty: 4, product_id: 1 }, 422),
      json(
        {
          message: 'The given data was invalid.',
          code: 'validation.invalid',
          errors: { billing_address: ['Nip missing from address'] },
          error_keys: { billing_address: [{ key: 'validation.nip_missing', params: {} }] },
        },
        422,
      ),
    ];
    const calls = serve(() => answers.shift() ?? json({ message: 'Down' }, 500));
    const { go } = renderStep(<Summary />);
    await waitFor(() => expect(placeButton()).toBeEnabled());

    await userEvent.click(placeButton());
    await waitFor(() => expect(alertText()).toBe('Insufficient budget left - refresh page and try again'));
    // The balances are reloaded, as the text asks.
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user')).toBe(true));

    await userEvent.click(placeButton());
    await waitFor(() => expect(alertText()).toBe('Currently available maximum order quantity: 4'));
    await userEvent.click(placeButton());
    await waitFor(() => expect(alertText()).toBe('Nip missing from address'));

    // Each refused attempt was an answer: the next press is a new attempt with a new key.
    const keys = orders(calls).map((call) => call.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(3);
    expect(go).not.toHaveBeenCalled();
  });

  it('should restart the countdown from the remainingTime of a 429', async () => {
    setUpCheckout(moneySetUp());
    serve(() => json({ message: 'You can place your next order in 7 seconds.', code: 'errors.order_wait', remainingTime: 6.2, retry_after: 7 }, 429));
    renderStep(<Summary />);
    await waitFor(() => expect(placeButton()).toBeEnabled());
    await userEvent.click(placeButton());
    await waitFor(() => expect(alertText()).toBe('You can place your next order in 7 seconds.'));
    expect(screen.getByRole('timer')).toHaveTextContent('You can place the order in 7 s');
    expect(placeButton()).toBeDisabled();
  });

  it('should say that a timed-out order may be placed again, and retry it with the same Idempotency-Key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setUpCheckout(moneySetUp());
    let attempt = 0;
    const calls = serve((call) => (++attempt === 1 ? noAnswer(call) : orderPlaced('GLX-000125')));
    const { go } = renderStep(<Summary />);
    await flush();
    expect(placeButton()).toBeEnabled();

    fireEvent.click(placeButton());
    await flush();
    expect(placeButton()).toHaveAttribute('aria-busy', 'true');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(alertText()).toContain('The shop is taking too long to answer. Try again.');
    expect(alertText()).toContain('the order will not be placed twice');
    expect(placeButton()).toBeEnabled();
    expect(placeButton()).not.toHaveAttribute('aria-busy');

    fireEvent.click(placeButton());
    await flush();
    await flush();
    expect(go).toHaveBeenCalledWith('confirmation');
    const [first, second] = orders(calls);
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(orders(calls)).toHaveLength(2);
  });

  it('should send an online payment to the provider with the way back to /payment-processing, after clearing checkout and cart', async () => {
    setUpCheckout(moneySetUp({ paymentMethod: 'online' }));
    serve(() => orderPlaced('GLX-000124', 'http://localhost:4173/demo/pay/GLX-000124?token=s3cret'));
    const { go } = renderStep(<Summary />);
    await waitFor(() => expect(placeButton()).toBeEnabled());

    const assign = vi.fn();
    vi.stubGlobal('location', { origin: 'http://globex.localhost:4173', href: 'http://globex.localhost:4173/checkout/summary', assign });
    await userEvent.click(placeButton());
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));

    const target = new URL(String(assign.mock.calls[0]?.[0]));
    expect(`${target.origin}${target.pathname}`).toBe('http://localhost:4173/demo/pay/GLX-000124');
    expect(target.searchParams.get('token')).toBe('s3cret');
    expect(target.searchParams.get('return')).toBe('http://globex.localhost:4173/payment-processing?order=GLX-000124');
    expect(cartLines.value).toEqual([]);
    expect(lastConfirmedOrder.value).toMatchObject({ name: 'GLX-000124' });
    expect(go).not.toHaveBeenCalledWith('confirmation');
  });
});
