import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { setLocale } from '../../store/locale.ts';
import { moneyOrder } from '../account/orders/test-fixtures.ts';
import { GROSS_SHOP, json, logInBuyer } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { PaymentProcessing } from './PaymentProcessing.tsx';
import { noAnswer, stubApi, type ApiCall } from './test-helpers.tsx';

const NAME = 'GLOBEX-000042';

/** An online order named {@link NAME} whose payment stands at `payment_status`. */
const onlineOrder = (payment_status: Order['payment_status']) => moneyOrder({ name: NAME, payment_method: 'online', payment_status });

/** Answers `GET /api/user/order/{NAME}` with the next of `answers` each time (the last one repeats). */
function serve(...answers: (() => Response | Promise<Response>)[]) {
  let index = 0;
  return (call: ApiCall) => {
    if (call.path !== `/api/user/order/${NAME}`) return json({ message: 'Page not found', code: 'errors.not_found' }, 404);
    const answer = answers[Math.min(index, answers.length - 1)]!;
    index++;
    return answer();
  };
}

function renderScreen() {
  const host = document.createElement('div');
  document.body.append(host);
  return render(
    <ElementShell host={host} root={document}>
      <PaymentProcessing routeId="payment-processing" />
    </ElementShell>,
    { container: host },
  );
}

beforeEach(() => {
  resetScreenPage(`/payment-processing?order=${NAME}&status=success`, GROSS_SHOP);
  logInBuyer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLocale('en');
  document.body.innerHTML = '';
});

describe('PaymentProcessing', () => {
  it('should ask the server, not the URL, and say the payment was received only when the order is paid', async () => {
    const calls = stubApi(serve(() => json(onlineOrder('paid'))));
    renderScreen();
    expect(screen.getByText('Checking your payment…')).toBeInTheDocument();
    expect(screen.queryByText('Your payment has been received.')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your payment has been received.');
    expect(screen.getByText(`Your order number: ${NAME}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', `/user/orders/${NAME}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params.get('website_id')).toBe(String(GROSS_SHOP.id));
  });

  it('should say a pending payment is not received yet, and check again on request until it is paid', async () => {
    stubApi(serve(() => json(onlineOrder('pending')), () => json(onlineOrder('paid'))));
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not received yet' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Awaiting payment');
    expect(screen.getByText(`Your order number: ${NAME}`)).toBeInTheDocument();
    expect(screen.queryByText('Your payment has been received.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Your payment has been received.')).toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'Payment cancelled, nothing charged'],
    ['expired', 'Payment expired, nothing charged'],
  ] as const)('should say a %s payment did not happen, with the way to the cart and the order', async (status, text) => {
    stubApi(serve(() => json(onlineOrder(status))));
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByText(/The order was cancelled\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', `/user/orders/${NAME}`);
    expect(screen.queryByText('Your payment has been received.')).not.toBeInTheDocument();
  });

  it('should show a failed check with Try again, then the answer', async () => {
    stubApi(serve(() => json({ message: 'Server error' }, 500), () => json(onlineOrder('paid'))));
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment status could not be checked.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your payment has been received.')).toBeInTheDocument();
  });

  it('should keep showing the check while the server has not answered', () => {
    stubApi(noAnswer);
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment status' })).toBeInTheDocument();
    expect(screen.getByText('Checking your payment…')).toBeInTheDocument();
  });

  it('should not claim anything for an order that is not the buyer\'s, nor without an order name', async () => {
    stubApi(serve(() => json({ message: 'Page not found', code: 'errors.not_found' }, 404)));
    const view = renderScreen();
    expect(await screen.findByText(`Order ${NAME} is not among your orders.`)).toBeInTheDocument();
    view.unmount();

    resetScreenPage('/payment-processing?status=success', GROSS_SHOP);
    const calls = stubApi(serve(() => json(onlineOrder('paid'))));
    renderScreen();
    expect(screen.getByText('Your orders show the payment of each one.')).toBeInTheDocument();
    expect(screen.queryByText('Your payment has been received.')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('should ask a guest to log in before telling the payment status', () => {
    resetScreenPage(`/payment-processing?order=${NAME}&status=success`, GROSS_SHOP);
    const calls = stubApi(serve(() => json(onlineOrder('paid'))));
    renderScreen();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('should speak Polish', async () => {
    setLocale('pl');
    stubApi(serve(() => json(onlineOrder('pending'))));
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Płatność jeszcze nie dotarła' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sprawdź ponownie' })).toBeInTheDocument();
  });
});
