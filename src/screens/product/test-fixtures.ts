import * as v from 'valibot';
import { vi } from 'vitest';
import { ProductSchema, UserSchema, type Product, type User, type UserBudget, type Variant, type Website } from '../../api/contract.ts';

/** @internal Fixtures and a fetch stub shared by the product page's tests (store, screen, element). */

const BASE_WEBSITE: Website = {
  id: 3,
  slug: 'globex',
  name: 'Globex',
  lang: 'en',
  currency: 'PLN',
  payment_type: 'invoice',
  paymentMethods: [],
  is_gross: true,
  login_required: false,
  registration_type: 'invoice_noform',
  shipping_only_to_specific_address: false,
  pages: [],
  popups: [],
  popup_enabled: false,
  livechat_enabled: false,
  livechat_script: null,
  mpk_required: false,
  settings: { accent_colour: null, font: null, favicon: null, logo: null, button_style: 'round' },
};

/** An open money shop showing gross prices. */
export const GROSS_SHOP: Website = BASE_WEBSITE;
/** A money shop showing net prices. */
export const NET_SHOP: Website = { ...BASE_WEBSITE, id: 4, slug: 'initech', name: 'Initech', is_gross: false };
/** A points (budget) shop: currency `pkt`. */
export const POINTS_SHOP: Website = { ...BASE_WEBSITE, id: 5, slug: 'acme', name: 'Acme', currency: 'pkt', payment_type: 'budget' };
/** A money shop that requires login. */
export const CLOSED_SHOP: Website = { ...BASE_WEBSITE, id: 6, slug: 'umbrella', name: 'Umbrella', login_required: true };

/** A variant: in stock without a limit, black, no size, default box, unless overridden. */
export function variant(overrides: Partial<Variant> = {}): Variant {
  const id = overrides.id ?? 10;
  return { id, code: `V-${id}`, color_code: 'black', size_code: null, quantity_in_box: null, stock: null, availability: 'in_stock', ...overrides };
}

/** A product shaped like `ProductSchema` (checked against it), net 10.00 at 23 % VAT unless overridden. */
export function product(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  return v.parse(ProductSchema, {
    id,
    name: `Product ${id}`,
    slug: `product-${id}`,
    code: `P-${id}`,
    description: 'A fine product.',
    calculated_price: 10,
    vat: 23,
    vat_included: false,
    images: [`products/p${id}.svg`],
    variants: [variant({ id: id * 10 })],
    thresholds: [],
    groupbuy: null,
    budget: null,
    minimum_quantity: null,
    minimum_total_quantity: null,
    is_business_card: false,
    availability: 'in_stock',
    ...overrides,
  });
}

/** A budget assignment of budget `budget_id` (active, 500 points left unless overridden). */
export function assignment(overrides: Partial<UserBudget> = {}): UserBudget {
  return {
    id: 70,
    budget_id: 9,
    name: 'Marketing',
    color: '#2563eb',
    points: 1000,
    points_left: 500,
    start_date: '2026-01-01T00:00:00.000Z',
    expiry_date: '2026-12-31T23:59:59.000Z',
    is_active: true,
    status: 'active',
    ...overrides,
  };
}

/** A buyer of shop 5 with the given budget assignments. */
export function buyer(budgets: UserBudget[] = []): User {
  return v.parse(UserSchema, {
    id: 42,
    email: 'anna@example.com',
    name: 'Anna',
    surname: 'Nowak',
    phone: '+48600700800',
    job_title: 'Designer',
    buyer_id: 'B-1',
    cost_center: 'CC-1',
    role: 'buyer',
    website_id: 5,
    coordinator_email: 'boss@example.com',
    budgets,
  });
}

/** A real JSON `Response`. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** One request the stub received: its path, query parameters and abort signal. */
export interface ProductCall {
  path: string;
  params: URLSearchParams;
  signal: AbortSignal | null;
}

type Answer = (call: ProductCall) => Response | Promise<Response>;

/** An answer serving `products` by id, 404 `errors.not_found` for any other id. */
export function serve(...products: Product[]): Answer {
  return ({ path }) => {
    const id = Number(path.split('/').at(-1));
    const found = products.find((item) => item.id === id);
    return found ? json(found) : json({ message: 'Page not found', code: 'errors.not_found' }, 404);
  };
}

/** Stubs `fetch`: every call is recorded and answered by `answer`. The returned list grows as calls come in. */
export function stubProducts(answer: Answer): ProductCall[] {
  const calls: ProductCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const call = { path: url.pathname, params: url.searchParams, signal: init.signal ?? null };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** An answer the test releases later; like the real fetch it fails when its request is aborted. */
export function deferred(): { answer: Answer; resolve: (response: Response) => void } {
  let release: ((response: Response) => void) | undefined;
  return {
    answer: ({ signal }) =>
      new Promise<Response>((resolve, reject) => {
        release = resolve;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    resolve: (response) => release?.(response),
  };
}

/** Lets pending promises (fetch, body parsing, signal updates) settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise<void>((resolve) => queueMicrotask(resolve));
}

/** Intl separates amount and unit with a no-break space; tests compare with plain spaces. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
