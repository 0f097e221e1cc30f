import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutState } from '../../store/checkout.ts';
import { GROSS_SHOP, POINTS_SHOP, assignment, json, plain, product } from '../product/test-fixtures.ts';
import { Payment } from './Payment.tsx';
import { address, courier, paymentMethods, renderStep, setUpCheckout, stubApi, userAnswer, type CheckoutSetUp } from './test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const mug = product({ id: 1, name: 'Mug' });
const moneySetUp = (overrides: Partial<CheckoutSetUp> = {}): CheckoutSetUp => ({ website: GROSS_SHOP, path: '/checkout/payment', lines: [[mug, 3]], ...overrides });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
/** The block of one budget in the points overview. */
const budgetItem = (name: string) => {
  const item = screen.getAllByRole('listitem').find((node) => node.classList.contains('shop-checkout-budget') && within(node).queryByText(name));
  if (!item) throw new Error(`no budget ${name}`);
  return item;
};

describe('Payment step', () => {
  it('should load the payment methods, enable Continue once one is chosen, save it and go to the summary', async () => {
    setUpCheckout(moneySetUp());
    const calls = stubApi(({ path }) => (path === '/api/payment' ? json(paymentMethods('invoice', 'online')) : json({ message: 'Page not found' }, 404)));
    const { go } = renderStep(<Payment />);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment details' })).toBeInTheDocument();
    const online = await screen.findByRole('radio', { name: 'Online payment' });
    expect(calls.find((call) => call.path === '/api/payment')).toMatchObject({ method: 'POST', body: { website_id: GROSS_SHOP.id } });
    expect(screen.getByRole('radio', { name: 'Invoice' })).toHaveAttribute('aria-checked', 'false');
    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAccessibleDescription('Choose a payment method to continue.');

    await userEvent.click(online);
    expect(continueButton()).toBeEnabled();
    expect(checkoutState.value.paymentMethod).toBeNull();
    expect(checkoutState.value.paymentDone).toBeFalsy();
    await userEvent.click(continueButton());
    expect(checkoutState.value.paymentMethod).toBe('online');
    expect(checkoutState.value.paymentDone).toBe(true);
    expect(go).toHaveBeenCalledWith('summary');
  });

  it('should say when loading failed and load again on "Try again"', async () => {
    setUpCheckout(moneySetUp());
    let fail = true;
    const calls = stubApi(() => (fail ? json({ message: 'Down', code: 'errors.something_went_wrong' }, 500) : json(paymentMethods('invoice'))));
    renderStep(<Payment />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment methods could not be loaded. Something went wrong!');
    expect(continueButton()).toBeDisabled();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // A single method is chosen already.
    expect(await screen.findByRole('radio', { name: 'Invoice' })).toHaveAttribute('aria-checked', 'true');
    expect(calls.filter((call) => call.path === '/api/payment')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(continueButton()).toBeEnabled();
  });

  it('should say when the shop offers no payment method', async () => {
    setUpCheckout(moneySetUp());
    stubApi(() => json([]));
    renderStep(<Payment />);
    expect(await screen.findByText('No payment methods available')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  it('should block an invoice to a billing address without a tax ID, with a link back to the delivery step', async () => {
    setUpCheckout(moneySetUp({ deliveryAddress: address({ nip: '' }) }));
    stubApi(() => json(paymentMethods('invoice', 'online')));
    const { go } = renderStep(<Payment />);

    await userEvent.click(await screen.findByRole('radio', { name: 'Invoice' }));
    expect(screen.getByText(/Nip missing from address/)).toBeInTheDocument();
    expect(screen.getByText(/Nip missing from address/)).toHaveTextContent('Nip missing from address. Payment by invoice needs a tax ID (NIP) on the billing address. Change the billing address');
    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAccessibleDescription(/Nip missing from address/);
    await userEvent.click(screen.getByRole('link', { name: 'Change the billing address' }));
    expect(go).toHaveBeenCalledWith('delivery');

    // Online payment needs no tax ID.
    await userEvent.click(screen.getByRole('radio', { name: 'Online payment' }));
    expect(screen.queryByText(/Nip missing from address/)).toBeNull();
    expect(continueButton()).toBeEnabled();
  });

  it('should judge the billing address actually used: its own one with a tax ID passes', async () => {
    setUpCheckout(moneySetUp({ deliveryAddress: address({ nip: '' }), billing: { nip: '5260001246' } }));
    stubApi(() => json(paymentMethods('invoice')));
    renderStep(<Payment />);
    expect(await screen.findByRole('radio', { name: 'Invoice' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByText(/Nip missing from address/)).toBeNull();
    expect(continueButton()).toBeEnabled();
  });

  describe('in a points shop', () => {
    const marketing = { id: 9, name: 'Marketing', color: '#2563eb' };
    const sales = { id: 8, name: 'Sales', color: '#16a34a' };
    const budgets = [
      assignment({ id: 70, budget_id: 9, name: 'Marketing', points_left: 500 }),
      assignment({ id: 71, budget_id: 8, name: 'Sales', color: '#16a34a', points_left: 100 }),
      // Events: only an expired assignment, so it cannot pay the delivery.
      assignment({ id: 72, budget_id: 7, name: 'Events', points_left: 900, is_active: false, status: 'expired', expiry_date: '2025-12-31T23:59:59.000Z' }),
    ];
    const pen = product({ id: 1, name: 'Pen', calculated_price: 10, budget: marketing });
    const bag = product({ id: 2, name: 'Bag', calculated_price: 95, budget: sales });
    const delivery = courier({
      budgets: [
        { budget_id: 9, name: 'Marketing', color: '#2563eb', price: 15 },
        { budget_id: 8, name: 'Sales', color: '#16a34a', price: 10 },
        { budget_id: 7, name: 'Events', color: '#dc2626', price: 5 },
      ],
    });
    const pointsSetUp = (): CheckoutSetUp => ({ website: POINTS_SHOP, path: '/checkout/payment', budgets, lines: [[pen, 3], [bag, 1]], method: delivery });
    const serve = () => stubApi(({ path }) => (path === '/api/user' ? userAnswer(budgets) : json(paymentMethods('budget'))));

    it('should require the delivery budget, offer only budgets with an active assignment, and block one without enough points', async () => {
      setUpCheckout(pointsSetUp());
      const calls = serve();
      const { go } = renderStep(<Payment />);

      expect(await screen.findByRole('radio', { name: 'Points budget' })).toHaveAttribute('aria-checked', 'true');
      await waitFor(() => expect(calls.some((call) => call.path === '/api/user')).toBe(true));
      const group = screen.getByRole('group', { name: 'Budget for the delivery cost' });
      const options = within(group).getAllByRole('radio');
      expect(options.map((option) => plain(option.closest('label')?.textContent))).toEqual([
        'Budget: Marketing15 ptsPoints left after this order: 455 pts',
        'Budget: Sales10 ptsPoints left after this order: -5 pts',
      ]);
      expect(within(group).getByText('Choose the budget that pays for the delivery.')).toBeInTheDocument();
      expect(continueButton()).toBeDisabled();

      // Lines grouped by the budget that pays them, with the points left after this order.
      expect(plain(budgetItem('Marketing').textContent)).toContain('Pen × 330 pts');
      expect(plain(budgetItem('Sales').textContent)).toContain('Bag × 195 pts');
      expect(plain(budgetItem('Sales').textContent)).toContain('Left after this order5 pts');

      // Sales would pay 95 + 10 of its 100 points.
      await userEvent.click(within(group).getByRole('radio', { name: /Sales/ }));
      expect(within(budgetItem('Sales')).getByText("You don't have enough points in this budget")).toBeInTheDocument();
      expect(continueButton()).toBeDisabled();
      expect(continueButton()).toHaveAccessibleDescription("You don't have enough points in this budget");
      expect(calls.some((call) => call.path === '/api/order')).toBe(false);

      await userEvent.click(within(group).getByRole('radio', { name: /Marketing/ }));
      expect(screen.queryByText("You don't have enough points in this budget")).toBeNull();
      expect(plain(budgetItem('Marketing').textContent)).toContain('Delivery cost15 pts');
      expect(plain(budgetItem('Marketing').textContent)).toContain('Left after this order455 pts');
      await userEvent.click(continueButton());
      expect(checkoutState.value.paymentMethod).toBe('budget');
      expect(checkoutState.value.paymentForDeliveryBudget).toEqual({ budget_id: 9, assignment_id: 70, name: 'Marketing', color: '#2563eb', price: 15 });
      expect(go).toHaveBeenCalledWith('summary');
    });

    it('should block lines that take more points than a budget has, even with a free delivery', async () => {
      setUpCheckout({ ...pointsSetUp(), lines: [[bag, 2]], method: courier() });
      serve();
      renderStep(<Payment />);
      expect(await screen.findByText("You don't have enough points in this budget")).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Budget for the delivery cost' })).toBeNull();
      expect(plain(budgetItem('Sales').textContent)).toContain('Left after this order-90 pts');
      expect(continueButton()).toBeDisabled();
    });

    it('should say when none of the buyer’s active budgets can pay the delivery method', async () => {
      setUpCheckout({ ...pointsSetUp(), method: courier({ budgets: [{ budget_id: 7, name: 'Events', color: '#dc2626', price: 5 }] }) });
      serve();
      const { go } = renderStep(<Payment />);
      expect(await screen.findByText(/None of your active budgets can pay for this delivery method/)).toBeInTheDocument();
      expect(continueButton()).toBeDisabled();
      await userEvent.click(screen.getByRole('link', { name: 'Choose another delivery method' }));
      expect(go).toHaveBeenCalledWith('delivery');
    });

    it('should keep a delivery budget chosen before', async () => {
      setUpCheckout({ ...pointsSetUp(), paymentMethod: 'budget', deliveryBudget: { budget_id: 9, assignment_id: 70, name: 'Marketing', color: '#2563eb', price: 15 } });
      serve();
      renderStep(<Payment />);
      const group = await screen.findByRole('group', { name: 'Budget for the delivery cost' });
      expect(within(group).getByRole('radio', { name: /Marketing/ })).toBeChecked();
      expect(continueButton()).toBeEnabled();
    });
  });
});
