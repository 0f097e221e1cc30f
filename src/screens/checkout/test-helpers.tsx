import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { Address, Order, PaymentMethod, Product, UserBudget, Website } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import type { CheckoutAddress, ChosenDeliveryMethod, DeliveryCostBudgetChoice, PaymentMethodCode } from '../../domain/checkout.ts';
import { addToCart } from '../../store/cart.ts';
import {
  checkoutState,
  chooseDeliveryAddress,
  chooseDeliveryBudget,
  chooseDeliveryMethod,
  choosePaymentMethod,
  completeCheckoutStep,
  setBillingAddress,
  setBillingSameAsDelivery,
  setMpkCode,
  startCheckout,
} from '../../store/checkout.ts';
import { buyer, json, logInBuyer } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { CheckoutNavigationProvider, type CheckoutTarget } from './CheckoutFrame.tsx';
import { GROSS_SHOP } from '../catalogue/test-fixtures.ts';

/** @internal Fixtures, a fetch stub and page set-up shared by the checkout steps' tests. */

/** One request the stub received. */
export interface ApiCall {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null;
}

type Answer = (call: ApiCall) => Response | Promise<Response>;

/** Stubs `fetch`: every call is recorded (method, path, headers, JSON body) and answered by `answer`. */
export function stubApi(answer: Answer): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const text = typeof init.body === 'string' ? init.body : '';
      const call: ApiCall = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        params: url.searchParams,
        headers: new Headers(init.headers),
        body: text ? (JSON.parse(text) as unknown) : undefined,
        signal: init.signal ?? null,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** An answer that never comes; like the real fetch it fails when its request is aborted (the client's timeout). */
export function noAnswer({ signal }: ApiCall): Promise<Response> {
  return new Promise<Response>((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** The payment methods of a shop, as `POST /api/payment` answers them. */
export function paymentMethods(...codes: PaymentMethodCode[]): PaymentMethod[] {
  const names: Record<PaymentMethodCode, string> = { invoice: 'Invoice', budget: 'Points budget', online: 'Online payment' };
  return codes.map((code, index) => ({ id: index + 1, code, name: names[code] }));
}

/** A courier (20.00 net) without delivery budgets unless overridden. */
export function courier(overrides: Partial<ChosenDeliveryMethod> = {}): ChosenDeliveryMethod {
  return { id: 1, type: 'courier', name: 'DPD courier', price: 20, pickup_address: null, budgets: [], ...overrides };
}

/** A saved delivery address with a tax ID unless overridden. */
export function address(overrides: Partial<CheckoutAddress> = {}): CheckoutAddress {
  return {
    id: 31,
    type: 'delivery',
    name: 'Anna',
    surname: 'Nowak',
    company: 'Globex Sp. z o.o.',
    street: 'ul. Długa 1',
    city: 'Warszawa',
    zip: '00-950',
    country: 'PL',
    nip: '5260001246',
    phone: '+48600700800',
    ...overrides,
  };
}

/** An address-book entry with empty fields (country PL) unless overridden. */
export function blankAddress(overrides: Partial<Address>): Address {
  return { id: 1, type: 'delivery', name: '', surname: '', company: '', street: '', city: '', zip: '', country: 'PL', nip: '', phone: '', ...overrides };
}

/** A money shop (gross prices) that takes invoices. */
export const INVOICE_SHOP: Website = { ...GROSS_SHOP, paymentMethods: [{ id: 1, code: 'invoice', name: 'Invoice' }] };

/** What a test's checkout starts from. */
export interface CheckoutSetUp {
  website: Website;
  path: string;
  budgets?: UserBudget[];
  lines: readonly [Product, number][];
  method?: ChosenDeliveryMethod | null;
  deliveryAddress?: CheckoutAddress | null;
  /** A billing address of its own (billing not the same as delivery). */
  billing?: { nip: string } | null;
  paymentMethod?: PaymentMethodCode | null;
  deliveryBudget?: DeliveryCostBudgetChoice | null;
  mpkCode?: string;
}

/**
 * A fresh page in `website` with the buyer logged in (contact pre-filled from the profile), the cart
 * filled with `lines`, and the checkout state as the earlier steps left it.
 */
export function setUpCheckout(setUp: CheckoutSetUp): void {
  resetScreenPage(setUp.path, setUp.website);
  logInBuyer(setUp.budgets ?? []);
  startCheckout();
  for (const [item, quantity] of setUp.lines) addToCart(item, item.variants[0]!, quantity);
  chooseDeliveryMethod(setUp.method === undefined ? courier() : setUp.method);
  chooseDeliveryAddress(setUp.deliveryAddress === undefined ? address() : setUp.deliveryAddress);
  if (setUp.billing) {
    setBillingSameAsDelivery(false);
    setBillingAddress({ name: 'Anna', surname: 'Nowak', company: 'Globex', street: 'ul. Krótka 2', city: 'Kraków', zip: '30-001', country: 'PL', nip: setUp.billing.nip });
  }
  if (setUp.paymentMethod) choosePaymentMethod(setUp.paymentMethod);
  if (setUp.deliveryBudget) chooseDeliveryBudget(setUp.deliveryBudget);
  if (setUp.mpkCode !== undefined) setMpkCode(setUp.mpkCode);
  // The earlier steps were completed with Continue.
  if (checkoutState.peek().deliveryMethod) completeCheckoutStep('delivery');
  if (setUp.paymentMethod) completeCheckoutStep('payment');
}

/** Renders a step inside an element shell, with a checkout navigation that records where it went. */
export function renderStep(step: ReactNode): { go: ReturnType<typeof vi.fn<(target: CheckoutTarget) => void>> } {
  const go = vi.fn<(target: CheckoutTarget) => void>();
  const host = document.createElement('div');
  document.body.append(host);
  render(
    <ElementShell host={host} root={document}>
      <CheckoutNavigationProvider value={{ go }}>{step}</CheckoutNavigationProvider>
    </ElementShell>,
    { container: host },
  );
  return { go };
}

/** The `GET /api/user` answer for the logged-in buyer holding `budgets`. */
export function userAnswer(budgets: UserBudget[] = []): Response {
  return json(buyer(budgets));
}

/** A `201` answer of `POST /api/order` for order `name` (`payment_url` set for an online payment). */
export function orderPlaced(name: string, paymentUrl: string | null = null): Response {
  const order: Order = {
    id: 123,
    name,
    date: '2026-05-04T10:00:00.000Z',
    status: 'new',
    currency: 'PLN',
    total: 61.5,
    items_count: 1,
    is_gross: true,
    total_net: 50,
    total_gross: 61.5,
    total_points: 0,
    delivery_price: 20,
    payment_method: paymentUrl ? 'online' : 'invoice',
    payment_status: paymentUrl ? 'pending' : 'not_required',
    delivery_method: { id: 1, type: 'courier', name: 'DPD courier', price: 20 },
    delivery_address: null,
    billing_address: null,
    contact: { name: 'Anna' },
    mpk_code: null,
    comment: '',
    items: [],
  };
  return json({ order, payment_url: paymentUrl }, 201);
}
