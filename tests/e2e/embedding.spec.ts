import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ORIGIN } from './playwright.config.ts';
import { shopId } from './support/api.ts';
import { CartButtonElement, CatalogueElement, ProductElement, Storefront } from './support/pages.ts';

/**
 * The elements as widgets on a plain intranet page the shop does not control (served on the
 * provider's origin, like runtime.spec.ts), against the real server: `<shop-product>`,
 * `<shop-catalogue>` and `<shop-cart-button>` loaded from their own entry files share one cart, tell
 * the host page about it with events, leave navigation to the host page when it asks, and keep two
 * tabs of the same browser in step.
 */
const port = new URL(E2E_ORIGIN).port;
const STOREFRONT_URL = `http://globex.localhost:${port}`;
const HOST_PATH = '/intranet-test.html';

function hostPage(productId: number): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Company intranet</title>
<script type="module" src="/dist/catalogue.js"></script>
<script type="module" src="/dist/cart-button.js"></script>
<script type="module" src="/dist/product.js"></script>
</head>
<body>
<header>
<h1>Company intranet</h1>
<shop-cart-button shop="globex" storefront-url="${STOREFRONT_URL}"></shop-cart-button>
</header>
<main>
<section aria-label="Featured product">
<shop-product product-id="${productId}"></shop-product>
</section>
<section aria-label="Merchandise">
<shop-catalogue search="mug" per-page="6"></shop-catalogue>
</section>
</main>
</body>
</html>`;
}

/** The id of a globex product by its code (globex is an open shop: guests may read the catalogue). */
async function globexProductId(request: APIRequestContext, code: string): Promise<number> {
  const id = await shopId(request, 'globex');
  const answer = await request.get(`/api/products?website_id=${id}&search=${encodeURIComponent(code)}&per_page=50`);
  const product = ((await answer.json()) as { data: { id: number; code: string }[] }).data.find((item) => item.code === code);
  if (!product) throw new Error(`no product ${code} in globex`);
  return product.id;
}

/** Serves the host page on the provider's origin for every page of `context`. */
async function serveHostPage(context: BrowserContext, request: APIRequestContext) {
  const body = hostPage(await globexProductId(request, 'GLX-MUG'));
  await context.route(`**${HOST_PATH}`, (route) => route.fulfill({ contentType: 'text/html', body }));
}

/** Opens the host page and waits until the product and the cart button are ready. */
async function openHostPage(page: Page) {
  await page.goto(HOST_PATH);
  await expect(new ProductElement(page).heading('Ceramic mug')).toBeVisible();
  await expect(cartButton(page)).toBeVisible();
}

const cartButton = (page: Page) => new CartButtonElement(page).button;
const addMugs = (page: Page, count: number) => new ProductElement(page).add(count);
const cards = (page: Page) => new CatalogueElement(page).cards;

/** What the test's listeners keep on the host page's window. */
interface RecordingWindow {
  shopTestEvents?: Record<string, unknown[]>;
  shopTestPrevent?: boolean;
}

/**
 * Records the details of `name` events heard on `document` into `window.shopTestEvents[name]`, from the
 * moment the page starts (an init script), so an event fired while the elements start is caught too.
 * With `prevent`, the listener cancels each event until `window.shopTestPrevent` is set to false.
 */
async function recordEvents(page: Page, name: string, options: { prevent?: boolean } = {}) {
  await page.addInitScript(
    ({ name: eventName, prevent }) => {
      const store = ((window as unknown as RecordingWindow).shopTestEvents ??= {});
      store[eventName] = [];
      document.addEventListener(eventName, (event) => {
        const custom = event as CustomEvent;
        store[eventName]!.push({ detail: custom.detail, cancelable: custom.cancelable });
        if (prevent && (window as unknown as RecordingWindow).shopTestPrevent !== false) event.preventDefault();
      });
    },
    { name, prevent: options.prevent ?? false },
  );
}

async function recorded(page: Page, name: string): Promise<{ detail: Record<string, unknown>; cancelable: boolean }[]> {
  return page.evaluate((eventName) => ((window as unknown as RecordingWindow).shopTestEvents?.[eventName] ?? []) as never, name);
}

/** The counts of the `shop-cart-change` events recorded after the first `from` ones. */
async function cartCounts(page: Page, from: number): Promise<unknown[]> {
  return (await recorded(page, 'shop-cart-change')).slice(from).map((event) => event.detail.count);
}

test.describe('elements on an intranet page', () => {
  test('should share one cart: adding in <shop-product> counts in <shop-cart-button> and fires shop-cart-change', async ({ page, context, request }) => {
    await serveHostPage(context, request);
    await recordEvents(page, 'shop-cart-change');
    await openHostPage(page);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (0)');
    const atStart = (await recorded(page, 'shop-cart-change')).length;
    // The catalogue on the same page shows the shop's mugs (the shop comes from the cart button's attribute).
    await expect(cards(page).first()).toBeVisible();

    await addMugs(page, 2);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (2)');
    await expect.poll(() => cartCounts(page, atStart)).toEqual([2]);

    await addMugs(page, 3);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (5)');
    await expect.poll(() => cartCounts(page, atStart)).toEqual([2, 5]);

    // The drawer lists the one merged line.
    const cart = new CartButtonElement(page);
    await cart.open();
    const lines = cart.drawerLines;
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText('Ceramic mug');
    await expect(lines.first()).toContainText('Quantity: 5');
  });

  test('should fire a cancelable shop-navigate from "View cart" and follow storefront-url when the host does not cancel it', async ({ page, context, request }) => {
    await serveHostPage(context, request);
    await recordEvents(page, 'shop-navigate', { prevent: true });
    await openHostPage(page);
    await addMugs(page, 1);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (1)');

    // Cancelled: the host page handles navigation itself; the page stays.
    const cart = new CartButtonElement(page);
    await cart.open();
    await cart.viewCart.click();
    // The storefront is on another origin: its links carry the cart there (src/store/handoff-links.ts).
    const handoff = new RegExp(`^${STOREFRONT_URL.replaceAll('.', '\\.')}/cart#cart=1\\.[\\w-]+$`);
    await expect.poll(() => recorded(page, 'shop-navigate')).toEqual([{ detail: { path: '/cart', href: expect.stringMatching(handoff) }, cancelable: true }]);
    await expect(page).toHaveURL(`${E2E_ORIGIN}${HOST_PATH}`);

    // A product link in the catalogue is a shop-navigate too.
    const firstCard = cards(page).first();
    await firstCard.getByRole('heading').getByRole('link').click();
    await expect.poll(async () => (await recorded(page, 'shop-navigate')).at(-1)?.detail.path).toMatch(/^\/products\/[a-z0-9-]+\/\d+$/);
    await expect(page).toHaveURL(`${E2E_ORIGIN}${HOST_PATH}`);

    // Not cancelled: the browser follows storefront-url + path.
    await page.evaluate(() => ((window as unknown as RecordingWindow).shopTestPrevent = false));
    await cart.open();
    await expect(cart.viewCart).toHaveAttribute('href', handoff);
    await cart.viewCart.click();
    // The storefront took the cart out of the address bar, and has the line.
    await expect(page).toHaveURL(`${STOREFRONT_URL}/cart`);
    await expect(new Storefront(page).cartLink).toHaveAccessibleName('Cart (1)');
  });

  test('should keep two tabs of one browser in step without a reload', async ({ page, context, request }) => {
    await serveHostPage(context, request);
    const other = await context.newPage();
    await recordEvents(other, 'shop-cart-change');
    await openHostPage(page);
    await openHostPage(other);
    await expect(cartButton(other)).toHaveAccessibleName('Cart (0)');
    const atStart = (await recorded(other, 'shop-cart-change')).length;

    await addMugs(page, 4);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (4)');
    await expect(cartButton(other)).toHaveAccessibleName('Cart (4)');
    // The other tab's host page hears the change too.
    await expect.poll(() => cartCounts(other, atStart)).toEqual([4]);
    // The other tab's product knows what the cart holds now.
    await expect(new ProductElement(other).root.getByText('Already in your cart: 4 pcs')).toBeVisible();

    await addMugs(other, 6);
    await expect(cartButton(other)).toHaveAccessibleName('Cart (10)');
    await expect(cartButton(page)).toHaveAccessibleName('Cart (10)');
    const cart = new CartButtonElement(page);
    await cart.open();
    const lines = cart.drawerLines;
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText('Quantity: 10');
  });

  test('should not fire shop-cart-change for the cart the page starts with', async ({ page, context, request }) => {
    await serveHostPage(context, request);
    await recordEvents(page, 'shop-cart-change');
    await openHostPage(page);
    await expect(cards(page).first()).toBeVisible();
    expect(await recorded(page, 'shop-cart-change')).toEqual([]);
    await addMugs(page, 2);
    await expect.poll(() => cartCounts(page, 0)).toEqual([2]);
    // A reload starts with the stored cart of 2: not a change either.
    await page.reload();
    await expect(new ProductElement(page).root.getByText('Already in your cart: 2 pcs')).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    expect(await recorded(page, 'shop-cart-change')).toEqual([]);
  });
});
