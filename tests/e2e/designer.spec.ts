import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from './browser.ts';
import { E2E_ORIGIN } from './playwright.config.ts';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { shopUrl } from './support/shop.ts';
import { DemoIndex, DesignerPage, Storefront, signInAs } from './support/pages.ts';

/**
 * Store-designer preview mode against the real server: the demo storefront page allows exactly the
 * demo's own origin (`DESIGNER_ORIGINS`, default `http://localhost:<port>`). A designer on that origin
 * switches the acme storefront (login required) into designer mode and previews settings and content;
 * the same messages from a foreign origin, a look-alike origin, or in a wrong shape change nothing.
 */
const port = new URL(E2E_ORIGIN).port;
const ENABLE = { source: 'shop-designer', version: 1, type: 'enable' };

/**
 * A host page that frames the acme storefront at `/` and posts `messages` to it (to any origin, as an
 * attacker would) as soon as it loads and then every 200 ms, recording every answer it gets.
 */
function hostPage(messages: unknown[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Designer host</title></head><body>
<h1>Designer host</h1>
<iframe id="shop" title="Shop" src="${shopUrl('acme', '/')}" style="width:1000px;height:700px"></iframe>
<script>
window.answers = [];
window.addEventListener('message', (event) => window.answers.push({ origin: event.origin, data: event.data }));
const frame = document.getElementById('shop');
const messages = ${JSON.stringify(messages)};
setInterval(() => { for (const message of messages) frame.contentWindow.postMessage(message, '*'); }, 200);
</script></body></html>`;
}

/**
 * Serves the host page at `origin` (a route, so no DNS is needed for made-up origins) and opens it.
 * `withoutCsp` drops the storefront page's Content-Security-Policy, whose `frame-ancestors` (only
 * DESIGNER_ORIGINS) makes the browser refuse the frame on any other origin before the storefront
 * sees a message: without it, the storefront's own origin check is what is tried (defence in depth).
 */
async function openHost(page: Page, origin: string, messages: unknown[], { withoutCsp = false } = {}): Promise<FrameLocator> {
  await page.route(`${origin}/designer-host.html`, (route) => route.fulfill({ contentType: 'text/html', body: hostPage(messages) }));
  if (withoutCsp) {
    await page.route(shopUrl('acme', '/'), async (route) => {
      // Fetched from Node, which does not resolve <shop>.localhost: loopback, with the shop's Host, and
      // marked as the frame's document, as the browser marks it (the server leaves a frame to the browser).
      const shop = new URL(shopUrl('acme', '/'));
      const headers = { ...route.request().headers(), host: shop.host, 'sec-fetch-dest': 'iframe' };
      const response = await route.fetch({ url: `http://127.0.0.1:${shop.port}/`, headers });
      const answered = { ...response.headers() };
      delete answered['content-security-policy'];
      await route.fulfill({ response, headers: answered });
    });
  }
  await page.goto(`${origin}/designer-host.html`);
  return page.frameLocator('#shop');
}

// Host pages made up by the tests are served by routes, which Chromium counts as public pages: let
// them frame the shop on loopback (a real designer is served by a real server, see the demo below).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1', '--disable-features=LocalNetworkAccessChecks'],
  },
});

const hero = (frame: FrameLocator) => frame.getByRole('heading', { level: 1, name: 'Welcome to the ACME merchandise store' });

test.describe('designer preview mode', () => {
  test('should switch on from the allowed origin: a guest sees the homepage the designer brings, and the answer goes to that origin only', async ({ page }) => {
    // A login-required shop gives a guest none of its pages (issue 26): the designer brings the homepage it previews.
    const homepage = { ...ENABLE, type: 'page', page: { slug: 'homepage', content: { blocks: [{ type: 'hero', title: 'Designed hero', image: 'shops/acme/hero.svg' }] } } };
    const frame = await openHost(page, E2E_ORIGIN, [ENABLE, homepage]);
    await expect(frame.getByRole('heading', { level: 1, name: 'Designed hero' })).toBeVisible();
    // The saved homepage never reached the guest's browser.
    await expect(hero(frame)).toHaveCount(0);
    await expect(page.frameLocator('#shop').getByRole('textbox', { name: /e-mail/i })).toHaveCount(0);
    const answers = await page.evaluate(() => (window as unknown as { answers: { origin: string; data: { type: string } }[] }).answers);
    expect(answers.map((answer) => answer.origin)).toContain(shopUrl('acme', '').replace(/\/$/, ''));
    expect(answers.map((answer) => answer.data.type)).toEqual(expect.arrayContaining(['ready', 'enabled']));
  });

  for (const [label, origin] of [
    ['a foreign origin', `http://designer.evil.test:${port}`],
    ['a look-alike origin (another port)', `http://localhost:${Number(port) + 1}`],
    ['a look-alike origin (a longer host)', `http://localhost.evil.test:${port}`],
  ] as const) {
    test(`should not let ${label} frame the shop at all (CSP frame-ancestors)`, async ({ page }) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/frame-ancestors/.test(message.text())) refused.push(message.text());
      });
      const frame = await openHost(page, origin, [ENABLE]);
      await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await expect(frame.locator('shop-storefront')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { answers: unknown[] }).answers)).toEqual([]);
    });

    test(`should ignore the designer's messages from ${label} even where the page could be framed`, async ({ page }) => {
      const frame = await openHost(page, origin, [ENABLE], { withoutCsp: true });
      // The storefront waits for a designer only briefly; then the guard sends the guest to log in.
      await expect(frame.getByRole('heading', { level: 1, name: /log in/i })).toBeVisible({ timeout: 10_000 });
      await page.waitForTimeout(1_000);
      await expect(hero(frame)).toHaveCount(0);
      // Nothing is told to a page that is not an allowed designer.
      expect(await page.evaluate(() => (window as unknown as { answers: unknown[] }).answers)).toEqual([]);
    });
  }

  test('should ignore malformed messages from the allowed origin', async ({ page }) => {
    const malformed = [
      'enable',
      { type: 'enable' },
      { ...ENABLE, version: 2 },
      { ...ENABLE, source: 'shop-designer-x' },
      { ...ENABLE, extra: true },
      { ...ENABLE, type: 'settings', settings: { accent_colour: 'red; background: url(https://evil.test)' }, more: 1 },
      null,
      [ENABLE],
    ];
    const frame = await openHost(page, E2E_ORIGIN, malformed);
    await expect(frame.getByRole('heading', { level: 1, name: /log in/i })).toBeVisible({ timeout: 10_000 });
    await page.waitForTimeout(1_000);
    await expect(hero(frame)).toHaveCount(0);
    const answers = await page.evaluate(() => (window as unknown as { answers: { data: { type: string } }[] }).answers);
    expect(answers.map((answer) => answer.data.type)).toEqual(['ready']);
  });
});

const preview = (page: Page) => new DesignerPage(page).preview;

const accentOf = (page: Page) =>
  new DesignerPage(page)
    .previewStorefront()
    .evaluate((element) => getComputedStyle(element.shadowRoot!.querySelector('.shop-root')!).getPropertyValue('--accent').trim());


test.describe('store designer demo', () => {
  test('should preview the accent colour, the button style and composed sections live, and pass axe', async ({ page }) => {
    test.slow();
    const designer = new DesignerPage(page);
    await designer.open();
    await expect(designer.status).toHaveText(/Designer mode on/);
    // The acme homepage shows to the designer without logging in.
    await expect(hero(preview(page))).toBeVisible();
    const before = await accentOf(page);

    await designer.accent.fill('#ff0000');
    await expect.poll(() => accentOf(page)).not.toBe(before);
    expect(await accentOf(page)).toMatch(/#ff0000|rgb\(255,? 0,? 0\)/i);

    await designer.buttonStyle('Square').check();
    await expect
      .poll(() => designer.previewStorefront().evaluate((element) => getComputedStyle(element.shadowRoot!.querySelector('.shop-root')!).getPropertyValue('--button-radius').trim()))
      .toMatch(/^0(px)?$/);

    // Compose: a text section with hostile HTML (sanitised by the storefront) and a cart button element.
    await designer.addText('<h2>Designed live</h2><img src=x onerror="window.__designerXss=1">');
    await expect(preview(page).getByRole('heading', { level: 2, name: 'Designed live' })).toBeVisible();
    const shopFrame = page.frames().find((frame) => frame.url().startsWith(shopUrl('acme', '/')));
    expect(await shopFrame?.evaluate(() => (window as unknown as Record<string, unknown>)['__designerXss'])).toBeUndefined();
    await designer.add('cart_button');
    await expect(preview(page).getByRole('main').getByRole('button', { name: /^Cart \(\d+\)$/ })).toBeVisible();
    // Moving the text section to the top puts it first in the preview.
    const sections = designer.sections;
    const count = await sections.count();
    await designer.moveUp('Text', count - 1);
    await expect(sections.nth(count - 3).getByRole('heading', { level: 3 })).toHaveText(`${count - 2}. Text`);
    await axe(page);

    // Nothing was saved: a storefront opened on its own shows the saved design.
    const shell = new Storefront(page);
    await shell.open('acme', '/privacy-policy');
    await expect(shell.main.getByRole('heading', { level: 2, name: 'Designed live' })).toHaveCount(0);
  });

  test('should save a draft with the shop operator key, show it again after a reload, and keep it off the storefront until published', async ({ page }) => {
    test.slow();
    // The demo index shows each shop's operator key (a new one at every start).
    const demo = new DemoIndex(page);
    await demo.open();
    const row = demo.shopRow('Initech');
    const key = (await row.locator('td code').last().innerText()).trim();
    expect(key).toMatch(/^[\w-]{20,}$/);

    const designer = new DesignerPage(page);
    await designer.open();
    await designer.previewShop('initech', /Designer mode on: previewing Initech/);
    await designer.buttonStyle('Medium').check();
    await designer.addText('<h2>Saved as a draft</h2>');
    // Only the fonts the storefront ships are offered.
    expect(await designer.font.locator('option').allInnerTexts()).toEqual(['Inter', 'Lora', 'System font']);

    // A wrong key saves nothing and says so.
    const saveStatus = designer.saveStatus;
    await designer.operatorKey.fill('not-the-key');
    await designer.saveDraft.click();
    await expect(saveStatus).toHaveText(/^Not saved: This shop's operator key is missing or wrong\.$/);

    await designer.operatorKey.fill(key);
    await designer.saveDraft.click();
    await expect(saveStatus).toHaveText(/^Draft saved at .+\. The storefront shows it once you publish\.$/);

    // A reload brings the draft back (the key is kept for the tab), and the preview shows it.
    await page.reload();
    await designer.previewShop('initech', /Designer mode on: previewing Initech/);
    await expect(saveStatus).toHaveText(/^Draft saved .+ loaded\.$/);
    await expect(designer.buttonStyle('Medium')).toBeChecked();
    await expect(designer.lastHtml).toHaveValue('<h2>Saved as a draft</h2>');
    await expect(preview(page).getByRole('heading', { level: 2, name: 'Saved as a draft' })).toBeVisible();
    await axe(page);

    // The storefront itself still shows the published design.
    const answer = await page.request.get(`${E2E_ORIGIN}/api/designer/initech`, { headers: { 'Shop-Operator-Key': key } });
    const state = (await answer.json()) as { draft: { blocks: unknown[] }; published: { blocks: unknown[] } };
    expect(JSON.stringify(state.draft.blocks)).toContain('Saved as a draft');
    expect(JSON.stringify(state.published.blocks)).not.toContain('Saved as a draft');
  });

  test("should preview a login-required shop whole with the operator key's preview session: products, pages, and the account area as not available", async ({ page }) => {
    test.slow();
    const designer = new DesignerPage(page);
    await designer.open();
    // The demo fills in the key; it opens a preview session, so acme's own products show without a sign-in.
    await expect(designer.status).toHaveText('Designer mode on: previewing ACME Corporation.');
    await expect(designer.operatorKey).not.toHaveValue('');
    const main = designer.preview.getByRole('main');
    await expect(main.getByRole('region', { name: 'Bestsellers' }).getByRole('article')).toHaveCount(4);
    await expect(main.getByRole('region', { name: 'Drinkware' }).getByRole('article').first()).toBeVisible();

    await designer.previewPage.selectOption('/products');
    await expect(designer.status).toHaveText('Designer mode on: previewing ACME Corporation.');
    await expect(main.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(main.getByRole('article').first()).toBeVisible();
    await expect(main.getByText('Please log in to continue.')).toHaveCount(0);
    // A product opens with its price, as a guest of an open shop would see it.
    await main.getByRole('article').first().getByRole('link').first().click();
    await expect(main.getByRole('button', { name: /add to cart/i })).toBeVisible();

    // The account area holds a buyer's own data: the preview signs nobody in and says so.
    await designer.previewPage.selectOption('/user');
    await expect(main.getByRole('heading', { level: 1, name: 'Not available in the preview' })).toBeVisible();
    await designer.previewPage.selectOption('/checkout/delivery');
    await expect(main.getByRole('heading', { level: 1, name: 'Not available in the preview' })).toBeVisible();
    await axe(page);

    // A wrong key opens no session, and the status says why rather than that the key is missing.
    await designer.previewPage.selectOption('/');
    await designer.operatorKey.fill('not-the-key');
    await designer.operatorKey.blur();
    await expect(designer.status).toHaveText(
      "Designer mode on: previewing ACME Corporation. The preview session was refused (This shop's operator key is missing or wrong.): the preview shows what a visitor who has not signed in sees.",
    );
    await expect(main.getByRole('region', { name: 'Bestsellers' }).getByRole('article')).toHaveCount(0);

    // Without the key there is no session: the preview shows what a visitor who has not signed in sees.
    await designer.operatorKey.fill('');
    await designer.operatorKey.blur();
    await designer.previewPage.selectOption('/');
    await expect(designer.status).toHaveText(/Without the shop's operator key the preview shows what a visitor who has not signed in sees\.$/);
    await expect(main.getByRole('region', { name: 'Bestsellers' }).getByRole('article')).toHaveCount(0);
  });

  test('should publish a saved draft to the storefront: change, save, reload, publish, and the shop shows it', async ({ page, browser }) => {
    test.slow();
    // Acme's published design, put back at the end (one server serves every spec; the save test above
    // runs beside this one on initech, the other designer tests only preview acme); the draft starts
    // from it. Called from Node, as an operator's script would: no cookies, so no XSRF echo is needed.
    const key = ((await (await fetch(`${E2E_ORIGIN}/demo/operator-key.json?slug=acme`)).json()) as { key: string }).key;
    const headers = { 'Shop-Operator-Key': key, 'Content-Type': 'application/json' };
    const original = ((await (await fetch(`${E2E_ORIGIN}/api/designer/acme`, { headers })).json()) as { published: unknown }).published;
    const saveDraft = async (draft: unknown) => expect((await fetch(`${E2E_ORIGIN}/api/designer/acme/draft`, { method: 'PUT', headers, body: JSON.stringify(draft) })).status).toBe(200);
    const putBack = async () => {
      await saveDraft(original);
      expect((await fetch(`${E2E_ORIGIN}/api/designer/acme/publish`, { method: 'POST', headers })).status).toBe(200);
    };
    await saveDraft(original);
    const buyer = await browser.newPage();
    try {
      const designer = new DesignerPage(page);
      await designer.open();
      await designer.previewShop('acme', 'Designer mode on: previewing ACME Corporation.');
      await designer.addText('<h2>Published by the designer</h2>');
      const saveStatus = designer.saveStatus;
      await designer.saveDraft.click();
      await expect(saveStatus).toHaveText(/^Draft saved at .+\. The storefront shows it once you publish\.$/);

      // Saved, not published: the storefront does not show it.
      const storefront = new Storefront(buyer);
      await signInAs(buyer, 'acme', 'buyer@acme.test');
      await storefront.open('acme', '/');
      await expect(storefront.heading('Welcome to the ACME merchandise store')).toBeVisible();
      await expect(storefront.main.getByRole('heading', { level: 2, name: 'Published by the designer' })).toHaveCount(0);

      // A reload keeps the draft, in the form and in the preview.
      await page.reload();
      await designer.previewShop('acme', 'Designer mode on: previewing ACME Corporation.');
      await expect(designer.lastHtml).toHaveValue('<h2>Published by the designer</h2>');
      await expect(preview(page).getByRole('heading', { level: 2, name: 'Published by the designer' })).toBeVisible();

      await designer.publish.click();
      await expect(saveStatus).toHaveText('Published: the storefront now shows the saved draft.');
      await buyer.reload();
      await expect(storefront.main.getByRole('heading', { level: 2, name: 'Published by the designer' })).toBeVisible();
    } finally {
      await buyer.close();
      await putBack();
    }
  });

  test("should show another shop's homepage without its popup, which blocks the view", async ({ page }) => {
    const designer = new DesignerPage(page);
    await designer.open();
    await expect(designer.status).toHaveText(/Designer mode on/);
    await designer.previewShop('globex', /Designer mode on: previewing Globex/);
    await expect(preview(page).getByRole('heading', { level: 1, name: 'Welcome to the Globex merchandise store' })).toBeVisible();
    // Globex shows a homepage popup to every visitor (its dialog would be up within this); the designer sees none.
    await page.waitForTimeout(1_500);
    await expect(preview(page).getByRole('dialog')).toHaveCount(0);
  });
});
