import { expect, test, type Page } from '@playwright/test';
import { holdScript } from './support/hold.ts';
import { apiLogin } from './support/api.ts';
import { addToCart, openProduct } from './support/shop.ts';
import { CataloguePage, headerCartLink, plain, Storefront } from './support/pages.ts';
import { shopUrl } from './support/urls.ts';

/**
 * The storefront's first screen as the reference server renders it (a declarative shadow root in the
 * HTML) and as `<shop-storefront>` hydrates it: the same nodes before and after the scripts run, no
 * warning, no second request for what the page carries; and a buyer with JavaScript off can still
 * search, page and open a product. The same journeys run in Firefox ESR and WebKitGTK
 * (tests/engines/journeys.ts).
 */

/** `text` as React writes it into HTML. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** The HTML the server sends for `path` of the shop the page is on, as the browser receives it. */
async function htmlOf(page: Page, path: string): Promise<string> {
  return page.evaluate(async (where) => (await fetch(where)).text(), path);
}

/** What the console said (warnings and errors) and which API calls the page made. */
interface Watch {
  problems: string[];
  apiCalls: string[];
}

function watch(page: Page): Watch {
  const seen: Watch = { problems: [], apiCalls: [] };
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') seen.problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.apiCalls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** Whether React has taken the storefront's shadow root (hydrateRoot marks its container). */
const hydrated = (page: Page) => page.evaluate(() => Object.keys(document.querySelector('shop-storefront')?.shadowRoot ?? {}).some((key) => key.startsWith('__react')));

/**
 * Opens `url` with the storefront's script held back until the first screen's heading (the server's
 * node) is noted, then lets it run and waits until that node is React's: hydrated, not replaced.
 */
async function openAndHydrate(page: Page, url: string, heading: RegExp): Promise<void> {
  const script = await holdScript(page, '**/dist/storefront.js');
  await page.goto(url, { waitUntil: 'commit' });
  const serverHeading = page.getByRole('main').getByRole('heading', { level: 1, name: heading });
  // The server's markup shows (and is what a screen reader reads) before any script has run.
  await expect(serverHeading).toBeVisible();
  await serverHeading.evaluate((node) => ((window as unknown as { serverHeading: Element }).serverHeading = node));
  await script.release();
  await page.waitForFunction(() => {
    const node = (window as unknown as { serverHeading: Element }).serverHeading;
    return Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  });
  const sameNode = await page
    .getByRole('main')
    .getByRole('heading', { level: 1 })
    .evaluate((node) => node === (window as unknown as { serverHeading: Element }).serverHeading && node.isConnected);
  expect(sameNode).toBe(true);
}

test.describe('server-rendered first screen', () => {
  test("should carry globex's catalogue in the HTML, hydrate it in place and load nothing again", async ({ page }) => {
    await page.goto(shopUrl('globex', '/404'));
    const html = await htmlOf(page, '/products');
    const seen = watch(page);
    await openAndHydrate(page, shopUrl('globex', '/products'), /^Products$/);
    const catalogue = new CataloguePage(page);
    // Once scripts run the sort applies as it is chosen: the no-script "Sort" button goes.
    await expect(page.getByRole('main').getByRole('button', { name: 'Sort', exact: true })).toHaveCount(0);
    await expect(catalogue.cards.first()).toBeVisible();
    // Every card's name and price on screen came in the HTML itself.
    const names = await catalogue.cards.getByRole('heading').allTextContents();
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) expect(html).toContain(escapeHtml(name));
    const firstPrice = plain(await catalogue.cards.first().locator('[class*="price"]').first().innerText());
    expect(plain(html)).toContain(firstPrice.split('\n')[0]);
    expect(seen.apiCalls.filter((call) => call.startsWith('GET /api/products'))).toEqual([]);
    expect(seen.problems).toEqual([]);

    // The hydrated catalogue is the live one: a search asks the API.
    await catalogue.searchFor('mug');
    await expect(page).toHaveURL(/search=mug/);
    await expect(catalogue.cardsWith(/mug/i).first()).toBeVisible();
    expect(seen.apiCalls.some((call) => call.includes('search=mug'))).toBe(true);
  });

  test("should hydrate a product page and the homepage's rows without asking for them again", async ({ page }) => {
    const seen = watch(page);
    await page.goto(shopUrl('globex', '/products'));
    const card = new CataloguePage(page).cards.first();
    const name = (await card.getByRole('heading').innerText()).trim();
    const href = await card.getByRole('link', { name, exact: true }).getAttribute('href');
    expect(href).toMatch(/^\/products\/[a-z0-9-]+\/\d+$/);
    await page.goto('about:blank');
    seen.apiCalls.length = 0;

    await openAndHydrate(page, shopUrl('globex', href ?? ''), new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.getByRole('main').getByRole('button', { name: /Add to cart/ })).toBeEnabled();
    expect(seen.apiCalls.filter((call) => /^GET \/api\/products\/\d+/.test(call))).toEqual([]);

    seen.apiCalls.length = 0;
    await openAndHydrate(page, shopUrl('globex', '/'), /Globex/);
    // The homepage's product rows came with the page.
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    expect(seen.apiCalls.filter((call) => call.startsWith('GET /api/products'))).toEqual([]);
    expect(seen.problems).toEqual([]);

    // The shop's welcome popup shows once hydrated (which popups were closed lives in the browser).
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A link of the hydrated page navigates in place (no page load), and that screen loads as usual.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await new Storefront(page).nav.getByRole('link', { name: 'Products' }).first().click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(seen.problems).toEqual([]);
  });

  test("should show a signed-in acme buyer's prices and budget in the HTML, and a guest the login screen", async ({ page, request, context }) => {
    // A guest of the closed shop is sent to its login by the server itself.
    const guest = await page.goto(shopUrl('acme', '/products'));
    expect(guest?.request().redirectedFrom()?.url()).toBe(shopUrl('acme', '/products'));
    expect((await guest?.request().redirectedFrom()?.response())?.status()).toBe(302);
    await expect(page).toHaveURL(shopUrl('acme', '/login?redirect=%2Fproducts'));

    const token = await apiLogin(request, 'acme', 'buyer@acme.test');
    expect(token).not.toBeNull();
    await context.addCookies([{ name: 'Admin-Token', value: token ?? '', url: shopUrl('acme') }]);
    const html = await htmlOf(page, '/products');
    expect(html).toMatch(/\d\s?pts/);
    expect(html).toContain('shop-account-menu');
    const seen = watch(page);
    await openAndHydrate(page, shopUrl('acme', '/products'), /^Products$/);
    const storefront = new Storefront(page);
    // A points shop: the cards' prices and the menu's budget are points, as the server rendered them.
    await expect(new CataloguePage(page).cards.first()).toContainText(/\d\s?pts/);
    await expect(storefront.header.getByText(/[\d,]+\spts/).first()).toBeVisible();
    expect(seen.problems).toEqual([]);

    await context.clearCookies();
    await openAndHydrate(page, shopUrl('acme', '/login'), /^Log in$/);
    expect(seen.problems).toEqual([]);
  });

  test("should not move the first screen while its code loads and hydrates, and take a click on a card meanwhile", async ({ page }) => {
    // Where each part of the catalogue sits, in the page's coordinates.
    const layout = () =>
      page.evaluate(() => {
        const root = document.querySelector('shop-storefront')?.shadowRoot;
        const parts = ['.shop-catalogue__search input', '.shop-catalogue__sort', '.shop-catalogue__count', '.shop-product-card__link'];
        return parts.map((selector) => {
          const box = root?.querySelector(selector)?.getBoundingClientRect();
          return box ? `${selector} ${Math.round(box.left)},${Math.round(box.top + scrollY)} ${Math.round(box.width)}×${Math.round(box.height)}` : `${selector} missing`;
        });
      });
    await page.goto(shopUrl('globex', '/404'));
    // The text field's code held back: the element is defined and waits for it before it hydrates (the
    // page's styles, still filling, once undid the server's for the field, and the toolbar moved).
    const textField = await holdScript(page, '**/dist/chunks/TextField-*.js');
    await page.goto(shopUrl('globex', '/products?search=GLX'), { waitUntil: 'commit' });
    await expect.poll(() => textField.asked() && page.evaluate(() => customElements.get('shop-storefront') !== undefined)).toBe(true);
    const before = await layout();
    expect(await hydrated(page)).toBe(false);
    await textField.release();
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await layout()).toEqual(before);
    // Shown as it came: hydration marks nothing as loading (whose pointer block would swallow a click).
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    await new CataloguePage(page).cards.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+\/\d+$/);
  });

  test('should keep what a buyer typed into the search fields while the code loaded, and go on from it', async ({ page }) => {
    /** Opens `path` with the storefront's script held; resolves with the function that lets it run. */
    const openHeld = async (path: string) => {
      const script = await holdScript(page, '**/dist/storefront.js');
      await page.goto(shopUrl('globex', path), { waitUntil: 'commit' });
      return async () => {
        expect(await hydrated(page)).toBe(false);
        await script.release();
        await expect.poll(() => hydrated(page)).toBe(true);
      };
    };
    // Both searches are GET forms, open before any script runs: the server's fields take the keys.
    const headerSearch = page.getByRole('search').getByRole('searchbox');
    // A content page: globex's homepage opens its welcome popup, which takes the keys.
    let hydrate = await openHeld('/about-us');
    await headerSearch.pressSequentially('pe');
    await hydrate();
    await expect(headerSearch).toHaveValue('pe');
    await headerSearch.pressSequentially('n');
    await headerSearch.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=pen$/);

    const catalogueSearch = page.getByRole('main').getByRole('searchbox');
    hydrate = await openHeld('/products');
    await catalogueSearch.pressSequentially('mu');
    await hydrate();
    await expect(catalogueSearch).toHaveValue('mu');
    // The catalogue searches what the field shows, and the next key adds to it.
    await expect(page).toHaveURL(/[?&]search=mu(&|$)/);
    await catalogueSearch.press('End');
    await catalogueSearch.pressSequentially('g');
    await expect(catalogueSearch).toHaveValue('mug');
    await expect(page).toHaveURL(/[?&]search=mug(&|$)/);
    await expect(new CataloguePage(page).cards.first()).toContainText(/mug/i);
  });

  test("should hydrate initech's Polish homepage, fill in a stored cart's count, and give a visitor their own language", async ({ page }) => {
    const seen = watch(page);
    await openAndHydrate(page, shopUrl('initech', '/'), /./);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl');
    // The shop's Lora and Inter come declared in the head, so the text is in its face before the
    // scripts run; hydrated, the elements declare nothing again.
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        inter: document.querySelectorAll('#shop-elements-fonts').length,
        shop: [...document.querySelectorAll<HTMLElement>('#shop-elements-shop-font')].map((style) => style.dataset.font),
        lora: document.fonts.check('16px Lora'),
      };
    });
    expect(fonts).toEqual({ inter: 1, shop: ['Lora'], lora: true });
    expect(await htmlOf(page, '/')).toMatch(/<style id="shop-elements-shop-font" data-font="Lora">@font-face/);

    // A guest of globex added to the cart before: the badge shows 0 in the HTML and the stored count
    // once hydrated, in the space kept for it.
    await openProduct(page, 'globex', 'GLX-PEN', 'Ballpoint pen');
    await addToCart(page, { quantity: 50, expectedCount: 50 });
    const penPage = page.url();
    const html = await htmlOf(page, '/products');
    expect(html).toMatch(/aria-label="Cart \(0\)"/);
    await openAndHydrate(page, shopUrl('globex', '/products'), /^Products$/);
    await expect(headerCartLink(page)).toHaveAccessibleName(/^Cart \(50\)$/);
    // The product page hydrates as the server rendered it, with no cart, then counts the stored one
    // (a mismatch there rendered the page again, and for a moment twice).
    await openAndHydrate(page, penPage, /^Ballpoint pen$/);
    await expect(page.getByRole('main')).toContainText('Already in your cart: 50 pcs');
    expect(seen.problems).toEqual([]);

    // A visitor who chose Polish here before gets the page in Polish, rendered afresh in the browser.
    await page.evaluate(() => localStorage.setItem('shop-elements:globex:locale', JSON.stringify('pl')));
    await page.goto(shopUrl('globex', '/products'));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Produkty');
    await expect(headerCartLink(page)).toHaveAccessibleName(/^Koszyk \(50\)$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl');
    expect(seen.problems).toEqual([]);
  });

  test("should hydrate every server-rendered route of the three shops as React's first render has it: same nodes, no warning", async ({ page, context, request }) => {
    test.slow();
    const seen = watch(page);
    const checkRoutes = async (slug: string, paths: string[]) => {
      await page.goto(shopUrl(slug, '/404'));
      const product = await page.evaluate(async (shop) => {
        const { id } = (await (await fetch(`/api/slug/website?slug=${shop}`)).json()) as { id: number };
        const { data } = (await (await fetch(`/api/products?website_id=${id}&per_page=1&sort=name_asc`, { credentials: 'include' })).json()) as { data?: { id: number; slug: string }[] };
        return data?.[0] ? `/products/${data[0].slug}/${data[0].id}` : null;
      }, slug);
      // A guest of a closed shop is refused the products above: the routes' own console counts.
      seen.problems.length = 0;
      for (const path of [...paths, ...(product ? [product] : [])]) {
        const html = await htmlOf(page, path);
        expect(html, `${slug}${path}`).toContain('shadowrootmode="open"');
        await openAndHydrate(page, shopUrl(slug, path), /./);
        // One tree: the server's, hydrated (a differing one would be rendered again beside it, with a warning).
        expect(await page.locator('shop-storefront').evaluate((host) => host.shadowRoot?.querySelectorAll(':host > .shop-root, .shop-root').length), `${slug}${path}`).toBe(1);
        expect(seen.problems, `${slug}${path}`).toEqual([]);
      }
    };
    await checkRoutes('globex', ['/', '/products', '/products?search=mug&sort=price_asc', '/products?page=2', '/privacy-policy', '/terms-of-use', '/login', '/no-such-page']);
    await checkRoutes('acme', ['/login']);
    for (const [slug, email] of [
      ['acme', 'buyer@acme.test'],
      ['initech', 'buyer@initech.test'],
    ] as const) {
      const token = await apiLogin(request, slug, email);
      await context.addCookies([{ name: 'Admin-Token', value: token ?? '', url: shopUrl(slug) }]);
      await checkRoutes(slug, ['/', '/products', '/privacy-policy']);
    }
  });

  test('should let a buyer with JavaScript off search the catalogue, page through it and open a product', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(shopUrl('globex', '/'));
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      const search = page.getByRole('banner').getByRole('searchbox');
      await search.fill('t-shirt');
      await search.press('Enter');
      await expect(page).toHaveURL(/\/products\?search=t-shirt/);
      const cards = new CataloguePage(page).cards;
      await expect(cards.first()).toBeVisible();

      await page.goto(shopUrl('globex', '/products'));
      // 37 products, 24 a page: the pages are links.
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('2');
      await expect(cards).toHaveCount(13);
      const first = cards.first();
      const name = (await first.getByRole('heading').innerText()).trim();
      await first.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(/\/products\/[a-z0-9-]+\/\d+$/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
