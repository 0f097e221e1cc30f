import { expect, test, type Locator, type Page, type Request, type Route } from '@playwright/test';
import en from '../../../src/i18n/locales/en.ts';
import pl from '../../../src/i18n/locales/pl.ts';
import type { Product } from '../../../src/contract/contract.ts';
import { buildCartLine } from '../../../src/store/cart-line.ts';
import { tally } from '../../reliability/report.ts';
import { FAULTS, isAnswered, type Fault } from '../../reliability/client/fault-cases.ts';
import { E2E_ORIGIN } from '../playwright.config.ts';
import { postJson, shopId } from '../support/api.ts';
import { bearer, chooseCountry } from '../support/shop.ts';
import { CataloguePage, CheckoutPage, DEMO_PASSWORD, LoginPage, OrderHistoryPage, ProductPage, Storefront, signInAs } from '../support/pages.ts';
import { withoutInlinedConfig } from '../support/inlined-config.ts';

/**
 * Fault matrix, browser level (docs/reliability.md "Fault matrix"): one representative call of each
 * screen of the real storefront on the demo server, broken with `page.route` in each of the nine ways
 * of `fault-cases.ts`, one after the other in one page session per screen. After each fault: no
 * `pageerror`, the screen's message in the page's language (or, for a 401 on a signed-in screen, the
 * way back to Login), the cart in localStorage exactly as before; once the fault is removed, the
 * screen's retry (or a reload, or logging in again) brings it back. The 10 s client timeout is not
 * waited for: the request is held and `page.clock` jumps over it.
 */

/** The client's timeout (`API_TIMEOUT_MS` in src/api/client.ts). */
const API_TIMEOUT_MS = 10_000;
const dictionaries = { en, pl } as const;
type Lang = keyof typeof dictionaries;

/** The text of a dotted key in `lang`. */
function text(lang: Lang, key: string): string {
  let node: unknown = dictionaries[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no ${lang} text ${key}`);
  return node;
}

/** The message the client shows for a fault (`errorMessage`): the faults carry no error code of the contract. */
function faultText(lang: Lang, fault: Fault): string {
  const key = { http: 'errors.something_went_wrong', malformed: 'errors.malformed_response', timeout: 'errors.timeout', network: 'errors.network' }[fault.kind];
  return text(lang, key);
}

const main = (page: Page) => new Storefront(page).main;
const cards = (page: Page) => new CataloguePage(page).cards;
const placeOrder = (page: Page) => new CheckoutPage(page).placeButton(new RegExp(`^${text('en', 'checkout.place_order')}$`));
const alertWith = (scope: Page | Locator, message: string) => scope.getByRole('alert').filter({ hasText: message });
const retryButton = (scope: Page | Locator, lang: Lang) => scope.getByRole('button', { name: text(lang, 'app.retry') });

/** The cart entries of localStorage (every shop and person), as stored text. */
async function storedCarts(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((key) => key.endsWith(':cart')).map((key) => [key, localStorage.getItem(key)])));
}

async function simpleProduct(page: Page, slug: string, headers: Record<string, string> = {}): Promise<Product> {
  const answer = await page.request.get(`${E2E_ORIGIN}/api/products?website_id=${await shopId(page.request, slug)}&per_page=50`, { headers });
  const products = ((await answer.json()) as { data: Product[] }).data;
  const found = products.find((product) => !product.is_business_card && product.minimum_quantity === null && product.groupbuy === null && product.variants.length > 0);
  if (!found) throw new Error(`no simple product in ${slug}`);
  return found;
}

/** A stored cart line for `quantity` pieces of the product's first variant, as the cart store writes it. */
function cartLine(product: Product, quantity: number) {
  const variant = product.variants[0];
  if (!variant) throw new Error(`${product.name} has no variant`);
  return buildCartLine(product, variant, quantity);
}

/** Writes storage entries on the shop's origin (the page must be on it), then reloads. */
async function seed(page: Page, entries: Record<string, unknown>): Promise<void> {
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, JSON.stringify(value));
  }, entries);
  await page.reload();
}


/**
 * The account the matrix places its globex orders as: each order saves the typed address in the
 * account's book, so it is not buyer@globex.test, whose empty book checkout.spec starts from (globex
 * takes no registrations, so no account of the matrix's own can be made). The shop's coordinator
 * orders like a buyer; no spec reads its address book.
 */
const matrixBuyer = async () => ({ email: 'coordinator@globex.test', password: DEMO_PASSWORD });

/**
 * Signs in to globex as the matrix's buyer and stores a cart and a checkout complete up to the summary
 * (a courier to a typed address, invoice), as the checkout screens would have left them.
 */
const checkoutReady = (page: Page) => checkoutReadyAs(page, matrixBuyer);

/** A demo account the matrix only reads from (its seeded order history). */
const globexDemoBuyer = async () => ({ email: 'buyer@globex.test', password: DEMO_PASSWORD });

/** {@link checkoutReady} as `account`. */
async function checkoutReadyAs(page: Page, account: (page: Page) => Promise<{ email: string; password: string }>): Promise<void> {
  const buyer = await account(page);
  await signInAs(page, 'globex', buyer.email, buyer.password);
  const headers = await bearer(page, 'globex');
  const me = (await (await page.request.get(`${E2E_ORIGIN}/api/user`, { headers })).json()) as { id: number; name: string; surname: string; email: string; phone: string; job_title: string; buyer_id: string };
  const product = await simpleProduct(page, 'globex');
  const line = cartLine(product, 2);
  const websiteId = await shopId(page.request, 'globex');
  const methods = (await (await postJson(page.request, `${E2E_ORIGIN}/api/delivery-methods`, { website_id: websiteId, items: [{ product_id: line.product_id, variant_id: line.variant_id, quantity: 2 }] }, headers)).json()) as { id: number; type: string }[];
  const courier = methods.find((method) => method.type === 'courier') ?? methods[0];
  if (!courier) throw new Error('no delivery method');
  const address = { id: null, type: 'specific', name: me.name, surname: me.surname, company: 'Globex', street: 'Prosta 20', city: 'Warszawa', zip: '00-850', country: 'PL', nip: '5260250274', phone: me.phone };
  const state = {
    contactInformation: { name: me.name, surname: me.surname, email: me.email, phone: me.phone || '+48601200300', fax: '', job_title: me.job_title, buyer_id: me.buyer_id },
    deliveryMethod: courier,
    deliveryAddress: address,
    paymentMethod: 'invoice',
    mpkCode: '',
    paymentForDeliveryBudget: null,
    billingAddress: { name: '', surname: '', nip: '', company: '', street: '', city: '', zip: '', country: '' },
    billingAddressSameAsDelivery: true,
    orderComment: 'fault matrix',
    checkoutComplete: true,
    locationInCheckout: true,
    savedSpecificAddress: address,
    deliveryDone: true,
    paymentDone: true,
    placedOrder: null,
  };
  await seed(page, {
    [`shop-elements:globex:u${me.id}:cart`]: { version: 1, lines: [line] },
    [`shop-elements:globex:u${me.id}:checkout`]: { version: 1, state, attempt: null },
  });
}

/** A guest of globex with one line in the cart (so that "the cart is unchanged" means something). */
async function guestWithCart(page: Page): Promise<void> {
  await new Storefront(page).open('globex', '/404');
  const product = await simpleProduct(page, 'globex');
  await seed(page, { 'shop-elements:globex:guest:cart': { version: 1, lines: [cartLine(product, 3)] } });
}

/** One screen of the matrix. */
interface Screen {
  name: string;
  slug: string;
  lang: Lang;
  /** The account the screen needs, if any (a 401 ends its session: the way back is logging in again). */
  account?: (page: Page) => Promise<{ email: string; password: string }>;
  /** The call broken: method and a test of the URL's path. */
  method: string;
  path: (pathname: string) => boolean;
  /** Stores what the screen needs (once per test). */
  setup: (page: Page) => Promise<void>;
  /** Opens the screen, healthy, ready for `trigger` (at the start, and after a 401 or a failed case). */
  open: (page: Page) => Promise<void>;
  /** Makes the screen send the call. */
  trigger: (page: Page) => Promise<void>;
  /** The screen's message for the fault is visible. */
  message: (page: Page, fault: Fault) => Promise<void>;
  /** Once the fault is gone: the screen's own retry (or a reload), and its healthy state, ready for the next `trigger`. */
  recover: (page: Page) => Promise<void>;
  /** A 429 held the screen back (e.g. the order wait): let that time pass. */
  afterFault?: (page: Page, fault: Fault) => Promise<void>;
  /** Whether recovering leaves the cart as it was (false: placing the order empties it, logging in merges it). */
  recoveryKeepsCart: boolean;
  /**
   * Whether the screen recovers after every fault (a load's retry), or only after the last one (a form
   * that stays filled under its message: placing the order, logging in, saving an address succeed once).
   */
  retryAfterEach: boolean;
  /** A guest refused with a 401 is asked to log in (the product page), instead of the screen's message. */
  asksGuestToLogIn?: boolean;
}

/**
 * Leaves the screen and comes back to it inside the page, as a buyer following links does: the server
 * renders the first screen of a page load with its own data, so a load the browser makes (and a
 * fault in it) comes with a navigation.
 */
async function reopenInPage(page: Page): Promise<void> {
  const path = await page.evaluate(() => `${location.pathname}${location.search}`);
  const go = (to: string) =>
    page.evaluate((where) => {
      history.pushState(null, '', where);
      dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  await go('/404');
  await expect(new Storefront(page).heading(text('en', 'app.not_found_title'))).toBeVisible();
  await go(path);
}

const globexGuest = { slug: 'globex', lang: 'en' as const, setup: guestWithCart };
const globexBuyer = { slug: 'globex', lang: 'en' as const, account: matrixBuyer, setup: checkoutReady };

const SCREENS: Screen[] = [
  {
    ...globexGuest,
    name: 'shop config load',
    method: 'GET',
    path: (path) => path === '/api/slug/website',
    open: async (page) => {
      // The page the server sends carries the config (issue 20): without it the storefront asks the API.
      await withoutInlinedConfig(page);
      await new Storefront(page).open('globex', '/');
      await expect(new Storefront(page).header).toBeVisible();
    },
    trigger: async (page) => {
      await new Storefront(page).open('globex', '/products');
    },
    // Spec §8: a presets failure shows Store not found (the shop's language is not known yet: English).
    message: async (page) => {
      await expect(new Storefront(page).heading(text('en', 'app.store_not_found'))).toBeVisible();
    },
    recover: async (page) => {
      await page.reload();
      await expect(cards(page).first()).toBeVisible();
    },
    recoveryKeepsCart: true,
    retryAfterEach: true,
  },
  {
    ...globexGuest,
    name: 'catalogue list',
    method: 'GET',
    path: (path) => path === '/api/products',
    open: async (page) => {
      await new Storefront(page).open('globex', '/products');
      await expect(cards(page).first()).toBeVisible();
    },
    trigger: async (page) => {
      await reopenInPage(page);
    },
    message: async (page, fault) => {
      await expect(alertWith(main(page), faultText('en', fault))).toBeVisible();
    },
    recover: async (page) => {
      await retryButton(main(page), 'en').click();
      await expect(cards(page).first()).toBeVisible();
    },
    recoveryKeepsCart: true,
    retryAfterEach: true,
  },
  {
    ...globexGuest,
    name: 'product page',
    method: 'GET',
    path: (path) => /^\/api\/products\/\d+$/.test(path),
    open: async (page) => {
      const product = await simpleProduct(page, 'globex');
      await new Storefront(page).open('globex', `/products/${product.slug}/${product.id}`);
      await expect(new ProductPage(page).heading(product.name)).toBeVisible();
    },
    trigger: async (page) => {
      await reopenInPage(page);
    },
    message: async (page, fault) => {
      await expect(alertWith(main(page), faultText('en', fault))).toBeVisible();
    },
    recover: async (page) => {
      // A 401 shows the login prompt (no retry there): a reload stands in for it.
      const retry = retryButton(main(page), 'en');
      if (await retry.isVisible()) await retry.click();
      else await page.reload();
      await expect(new ProductPage(page).addButton).toBeVisible();
    },
    recoveryKeepsCart: true,
    retryAfterEach: true,
    asksGuestToLogIn: true,
  },
  {
    ...globexBuyer,
    name: 'delivery methods',
    method: 'POST',
    path: (path) => path === '/api/delivery-methods',
    open: async (page) => {
      await new Storefront(page).open('globex', '/checkout/delivery');
      await expect(main(page).getByRole('radio').first()).toBeVisible();
    },
    trigger: async (page) => {
      await page.reload();
    },
    message: async (page, fault) => {
      await expect(alertWith(main(page), `${text('en', 'checkout.delivery_step.methods_failed')} ${faultText('en', fault)}`)).toBeVisible();
    },
    recover: async (page) => {
      await retryButton(main(page), 'en').click();
      await expect(alertWith(main(page), text('en', 'checkout.delivery_step.methods_failed'))).toHaveCount(0);
      await expect(main(page).getByRole('radio').first()).toBeVisible();
    },
    recoveryKeepsCart: true,
    retryAfterEach: true,
  },
  {
    ...globexBuyer,
    name: 'payment methods',
    method: 'POST',
    path: (path) => path === '/api/payment',
    open: async (page) => {
      await new Storefront(page).open('globex', '/checkout/payment');
      await expect(main(page).getByRole('radio').first()).toBeVisible();
    },
    trigger: async (page) => {
      await page.reload();
    },
    message: async (page, fault) => {
      await expect(alertWith(main(page), `${text('en', 'checkout.payment_step.methods_failed')} ${faultText('en', fault)}`)).toBeVisible();
    },
    recover: async (page) => {
      await retryButton(main(page), 'en').click();
      await expect(main(page).getByRole('radio').first()).toBeVisible();
    },
    recoveryKeepsCart: true,
    retryAfterEach: true,
  },
  {
    ...globexBuyer,
    name: 'place order',
    method: 'POST',
    path: (path) => path === '/api/order',
    open: async (page) => {
      await new Storefront(page).open('globex', '/checkout/summary');
      await expect(placeOrder(page)).toBeEnabled();
    },
    trigger: async (page) => {
      await placeOrder(page).click();
    },
    message: async (page, fault) => {
      await expect(alertWith(main(page), faultText('en', fault))).toBeVisible();
    },
    // A 429 starts the wait before the next order (its Retry-After): let it pass.
    afterFault: async (page, fault) => {
      if (fault.name === '429') await page.clock.fastForward(31_000);
      await expect(placeOrder(page)).toBeEnabled();
    },
    recover: async (page) => {
      await placeOrder(page).click();
      await expect(page).toHaveURL(/\/order-confirmation/);
    },
    recoveryKeepsCart: false,
    retryAfterEach: false,
  },
  {
    // The history of the demo buyer, whose seeded orders it shows; nothing here places an order.
    ...globexBuyer,
    account: globexDemoBuyer,
    setup: (page) => checkoutReadyAs(page, globexDemoBuyer),
    name: 'order history',
    method: 'GET',
    path: (path) => path === '/api/user/orders',
    open: async (page) => {
      await new OrderHistoryPage(page).open('globex', '/orders');
      await expect(main(page).getByText('GLOBEX-000001')).toBeVisible();
    },
    trigger: async (page) => {
      await page.reload();
    },
    message: async (page, fault) => {
      await expect(alertWith(main(page), `${text('en', 'orders.screen.load_failed')} ${faultText('en', fault)}`)).toBeVisible();
    },
    recover: async (page) => {
      await retryButton(main(page), 'en').click();
      await expect(main(page).getByText('GLOBEX-000001')).toBeVisible();
    },
    recoveryKeepsCart: true,
    retryAfterEach: true,
  },
  {
    ...globexGuest,
    name: 'login',
    method: 'POST',
    path: (path) => path === '/api/login',
    open: async (page) => {
      const login = new LoginPage(page);
      await login.open('globex');
      await expect(login.email).toBeVisible();
    },
    trigger: async (page) => {
      await new LoginPage(page).logIn('buyer@globex.test');
    },
    // A refused login (even a 401) is a message on the form; the visitor stays a guest.
    message: async (page, fault) => {
      await expect(alertWith(page, faultText('en', fault))).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
    },
    recover: async (page) => {
      await new LoginPage(page).logIn('buyer@globex.test');
      await expect(page).not.toHaveURL(/\/login/);
    },
    recoveryKeepsCart: false,
    retryAfterEach: false,
  },
  {
    name: 'address save',
    slug: 'initech',
    lang: 'pl',
    account: async () => ({ email: 'buyer@initech.test', password: DEMO_PASSWORD }),
    method: 'POST',
    path: (path) => path === '/api/user/addresses',
    setup: async (page) => {
      await signInAs(page, 'initech', 'buyer@initech.test');
      const headers = await bearer(page, 'initech');
      const product = await simpleProduct(page, 'initech', headers);
      const me = (await (await page.request.get(`${E2E_ORIGIN}/api/user`, { headers })).json()) as { id: number };
      await seed(page, { [`shop-elements:initech:u${me.id}:cart`]: { version: 1, lines: [cartLine(product, 1)] } });
    },
    open: async (page) => {
      await new Storefront(page).open('initech', '/user/addresses');
      await main(page).getByRole('button', { name: 'Dodaj adres' }).click();
      const dialog = new Storefront(page).dialog();
      await dialog.getByRole('textbox', { name: /^Imię odbiorcy/ }).fill('Ewa');
      await dialog.getByRole('textbox', { name: /^Nazwisko odbiorcy/ }).fill('Lis');
      await dialog.getByRole('textbox', { name: /^Firma/ }).fill('Initech fault matrix');
      await dialog.getByRole('textbox', { name: /^Ulica i numer/ }).fill('ul. Awaryjna 9');
      await dialog.getByRole('textbox', { name: /^Miejscowość/ }).fill('Kraków');
      await dialog.getByRole('textbox', { name: /^Kod pocztowy/ }).fill('30-001');
      await chooseCountry(dialog, 'Polska');
    },
    trigger: async (page) => {
      await new Storefront(page).dialog().getByRole('button', { name: 'Zapisz adres' }).click();
    },
    message: async (page, fault) => {
      await expect(alertWith(new Storefront(page).dialog(), `${text('pl', 'account.addresses_screen.save_failed')} ${faultText('pl', fault)}`)).toBeVisible();
    },
    recover: async (page) => {
      await new Storefront(page).dialog().getByRole('button', { name: 'Zapisz adres' }).click();
      await expect(new Storefront(page).dialog()).toBeHidden();
      await expect(main(page).getByText('ul. Awaryjna 9').first()).toBeVisible();
    },
    recoveryKeepsCart: true,
    retryAfterEach: false,
  },
];

/**
 * Runs in the page before its scripts: counts the API calls still open, the answer's body included,
 * in `window.openApiCalls`. The client clears a call's timer only once it has read the body, so a
 * jump of the fake clock while another call of the screen is still on its way (a slow machine) would
 * time that call out too: a second error on the screen that the fault did not cause.
 */
function countOpenApiCalls(): void {
  const page = window as unknown as { openApiCalls: number };
  page.openApiCalls = 0;
  const closed = () => {
    page.openApiCalls -= 1;
  };
  const fetchOfPage = window.fetch.bind(window);
  const readers = ['json', 'text', 'arrayBuffer', 'blob', 'formData'] as const;
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!new URL(url, location.href).pathname.includes('/api/')) return fetchOfPage(input, init);
    page.openApiCalls += 1;
    return fetchOfPage(input, init).then(
      (response) => {
        // No body to read (as fetch clients skip it): the call is over with its headers.
        if (!response.body || [204, 205, 304].includes(response.status) || init?.method?.toUpperCase() === 'HEAD') {
          closed();
          return response;
        }
        let open = true;
        const once = () => {
          if (open) closed();
          open = false;
        };
        for (const reader of readers) {
          const read = response[reader].bind(response) as () => Promise<unknown>;
          Object.defineProperty(response, reader, { value: () => read().finally(once) });
        }
        return response;
      },
      (error: unknown) => {
        closed();
        throw error;
      },
    );
  };
}

/**
 * Breaks `screen`'s call with `fault` until the returned function is called. A timeout holds the
 * request (no answer ever) and answers with the held routes' list so the test can jump the clock.
 */
async function breakCall(page: Page, screen: Screen, fault: Fault): Promise<{ seen: () => number; held: () => number; heal: () => Promise<void> }> {
  const held: Route[] = [];
  let seen = 0;
  const matches = (request: Request) => request.method() === screen.method && screen.path(new URL(request.url()).pathname);
  const handler = async (route: Route) => {
    if (!matches(route.request())) return route.fallback();
    seen += 1;
    if (isAnswered(fault)) return route.fulfill({ status: fault.status, contentType: fault.contentType, body: fault.body, headers: fault.headers });
    if (fault.kind === 'network') return route.abort('connectionreset');
    held.push(route);
    return undefined;
  };
  await page.route('**/api/**', handler);
  return {
    seen: () => seen,
    held: () => held.length,
    heal: async () => {
      await page.unroute('**/api/**', handler);
      // The page gave up on held requests long ago; drop them quietly.
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    },
  };
}

test.describe('fault matrix (browser)', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const screen of SCREENS) {
    test(`${screen.name} (${screen.slug}, ${screen.lang}) × ${FAULTS.length} faults`, async ({ page }) => {
      test.setTimeout(120_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Time runs as usual; the timeout fault jumps it forward instead of waiting 10 s.
      await page.clock.install();
      await page.addInitScript(countOpenApiCalls);
      await screen.setup(page);
      await screen.open(page);
      const failures: string[] = [];
      for (const fault of FAULTS) {
        // Each fault is tried even when an earlier one failed (from a freshly opened screen): the figure counts them all.
        const problem = await test.step(fault.name, () => tryFault(page, screen, fault, errors)).then(
          () => null,
          (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error)),
        );
        if (problem) {
          failures.push(`${fault.name}: ${problem}`);
          await screen.open(page).catch(() => undefined);
        }
      }
      tally({
        suite: 'fault matrix',
        check: `browser: ${screen.name} (${screen.slug}, ${screen.lang}) × ${FAULTS.length} faults`,
        tried: FAULTS.length,
        gotThrough: failures.length,
        note: 'page.route on the demo server; got through = a page error, no message in the page language, a changed cart, or no recovery',
      });
      expect(failures).toEqual([]);
    });
  }
});

/** One fault on one screen: message, cart, no page error, recovery (see the module comment). */
async function tryFault(page: Page, screen: Screen, fault: Fault, errors: string[]): Promise<void> {
  const cartBefore = await storedCarts(page);
  expect(Object.keys(cartBefore).length, 'a stored cart to keep').toBeGreaterThan(0);
  const broken = await breakCall(page, screen, fault);
  try {
    await screen.trigger(page);
    await expect.poll(broken.seen, { message: `${screen.name} sent its call` }).toBeGreaterThan(0);
    if (fault.kind === 'timeout') {
      // Only the held call may be open when the clock jumps over the client's timeout.
      const others = () => page.evaluate((held) => (window as unknown as { openApiCalls: number }).openApiCalls - held, broken.held());
      await expect.poll(others, { message: `${screen.name}: the screen's other calls answered` }).toBe(0);
      await page.clock.fastForward(API_TIMEOUT_MS + 500);
    }
    if (fault.name === '401' && screen.account !== undefined) {
      // The session ended: the screen sends the buyer to log in again.
      await expect(page.getByText(text(screen.lang, 'errors.unauthenticated')).or(new LoginPage(page).email).first()).toBeVisible();
    } else if (fault.name === '401' && screen.asksGuestToLogIn) {
      // A guest refused a product: "Please log in to continue." with the way to Login.
      await expect(main(page).getByText(text(screen.lang, 'errors.unauthenticated'))).toBeVisible();
    } else {
      await screen.message(page, fault);
    }
    expect(await storedCarts(page), 'cart in localStorage unchanged').toEqual(cartBefore);
  } finally {
    await broken.heal();
  }
  if (fault.name === '401' && screen.account) {
    const { email, password } = await screen.account(page);
    await signInAs(page, screen.slug, email, password);
    await screen.open(page);
  } else {
    await screen.afterFault?.(page, fault);
    if (screen.retryAfterEach || fault === FAULTS.at(-1)) {
      await screen.recover(page);
      if (screen.recoveryKeepsCart) expect(await storedCarts(page), 'cart unchanged after the retry').toEqual(cartBefore);
    }
  }
  expect(errors, 'no uncaught page errors').toEqual([]);
}
