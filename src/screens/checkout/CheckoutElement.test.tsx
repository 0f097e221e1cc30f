import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../elements/checkout.ts';
import type { CheckoutGuardState } from '../../domain/guards.ts';
import { addToCart } from '../../store/cart.ts';
import { choosePaymentMethod, startCheckout } from '../../store/checkout.ts';
import { CLOSED_SHOP } from '../../contract/test-fixtures.ts';
import { GROSS_SHOP, json, logInBuyer, product } from '../product/test-fixtures.ts';
import { mountElement, resetScreenPage } from '../test-page.ts';
import { allowedStep } from './CheckoutElement.tsx';
import { stubApi } from './test-helpers.tsx';

const READY: CheckoutGuardState = {
  cartCount: 1,
  paymentType: 'invoice',
  hasActiveBudget: true,
  contactEmail: 'anna@example.com',
  contactName: 'Anna',
  deliveryDone: true,
  paymentDone: true,
  paymentMethod: 'invoice',
  checkoutComplete: true,
};

describe('allowedStep (the storefront step guards, applied by <shop-checkout>)', () => {
  it.each<[Parameters<typeof allowedStep>[0], Partial<CheckoutGuardState>, ReturnType<typeof allowedStep>]>([
    ['delivery', {}, 'delivery'],
    ['summary', {}, 'summary'],
    ['confirmation', {}, 'confirmation'],
    ['summary', { paymentMethod: null }, 'payment'],
    ['payment', { contactEmail: '' }, 'delivery'],
    ['payment', { deliveryDone: false }, 'delivery'],
    ['summary', { paymentDone: false }, 'payment'],
    ['summary', { contactName: ' ', paymentMethod: null }, 'delivery'],
    ['confirmation', { checkoutComplete: false, paymentMethod: null }, 'payment'],
    ['delivery', { cartCount: 0 }, 'cart'],
    ['payment', { cartCount: 0 }, 'cart'],
    ['delivery', { paymentType: 'budget', hasActiveBudget: false }, 'cart'],
    // After the order emptied the cart the confirmation still shows.
    ['confirmation', { cartCount: 0 }, 'confirmation'],
  ])('should show %s with %o as %s', (wanted, state, expected) => {
    expect(allowedStep(wanted, { ...READY, ...state })).toBe(expected);
  });
});

describe('<shop-checkout> on a page without a storefront', () => {
  beforeEach(() => {
    resetScreenPage('/intranet/order', GROSS_SHOP, false);
    startCheckout();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('should tell a guest of an open shop why to log in, how to get an account, and lead to Login and back', async () => {
    const { view } = await mountElement('<shop-checkout></shop-checkout>');
    expect(customElements.get('shop-checkout')).toBeDefined();
    expect(view.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(view.getByRole('region', { name: 'Log in to place your order' })).toHaveTextContent('Orders in Globex are placed from a buyer account');
    expect(view.getByRole('link', { name: 'Contact the shop' })).toBeInTheDocument();
    expect(view.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fcheckout%2Fdelivery');
  });

  it('should ask a guest of a login-required shop to log in', async () => {
    resetScreenPage('/intranet/order', CLOSED_SHOP, false);
    const { view } = await mountElement('<shop-checkout></shop-checkout>');
    expect(view.getByText('Please log in to continue.')).toBeInTheDocument();
    expect(view.queryByRole('region', { name: 'Log in to place your order' })).not.toBeInTheDocument();
  });

  it('should lead an empty cart to the cart through a cancelable shop-navigate', async () => {
    logInBuyer();
    startCheckout();
    const { element, view } = await mountElement('<shop-checkout></shop-checkout>');
    expect(view.getByText('Your cart is empty')).toBeInTheDocument();
    const paths: string[] = [];
    element.addEventListener('shop-navigate', (event) => {
      paths.push((event as CustomEvent<{ path: string }>).detail.path);
      event.preventDefault();
    });
    await userEvent.click(view.getByRole('link', { name: 'View cart' }));
    expect(paths).toEqual(['/cart']);
    expect(window.location.pathname).toBe('/intranet/order');
  });

  it('should start at the delivery step, with the steps list, without touching the page URL', async () => {
    logInBuyer();
    startCheckout();
    const mug = product({ id: 1, name: 'Mug' });
    addToCart(mug, mug.variants[0]!, 2);
    choosePaymentMethod('invoice');
    stubApi(({ path }) => (path === '/api/delivery-methods' || path === '/api/user/addresses' || path === '/api/payment' ? json([]) : json({ remainingTime: 0 })));
    const { view } = await mountElement('<shop-checkout></shop-checkout>');
    expect(await view.findByRole('heading', { level: 1, name: 'Delivery details' })).toBeInTheDocument();
    expect(view.getByRole('navigation', { name: 'Checkout' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/intranet/order');
  });
});
