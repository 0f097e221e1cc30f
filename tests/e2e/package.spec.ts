import { expect, test, type Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import { buildConsumerApps, checkProviderWithPackage, COUNT_REACT_COPIES, importOnServer, lintTarball, typeCheck, type ConsumerApps } from './support/consumer-apps.ts';
import { CONSUMER_PORT, E2E_ORIGIN, NEXT_PORT } from './playwright.config.ts';
import { CartButtonElement, ProductElement } from './support/pages.ts';

/**
 * The package from its users' side: `npm run package`'s tarball installed into a fresh Vite + React 19
 * app, a Vite + Vue 3 app and a Next.js App Router app (the module build), and loaded by a plain HTML
 * page (the standalone build), each on an origin of its own, calling the reference server; and every
 * entry imported in Node, as a framework's server pass does. Packing, installing and building take
 * about a minute and a half, once for the file.
 */
test.describe.configure({ mode: 'serial' });

let apps: ConsumerApps;
let mugId = 0;

test.beforeAll(async ({ request }) => {
  // Packing, three installs and three builds (Next.js the longest).
  test.setTimeout(600_000);
  apps = await buildConsumerApps(E2E_ORIGIN, CONSUMER_PORT, NEXT_PORT);
  const site = (await (await request.get(`${E2E_ORIGIN}/api/slug/website?slug=globex`)).json()) as { id: number };
  const products = (await (await request.get(`${E2E_ORIGIN}/api/products?website_id=${site.id}&search=GLX-MUG&per_page=50`)).json()) as { data: { id: number; code: string }[] };
  mugId = products.data.find((product) => product.code === 'GLX-MUG')?.id ?? 0;
  expect(mugId).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await new Promise((resolve) => apps?.server.close(resolve));
  await apps?.next.stop();
  if (apps) rmSync(apps.dir, { recursive: true, force: true });
});

/** Adds two mugs with the page's `<shop-product>` and checks the cart button and the host's listener. */
async function addTwoMugs(page: Page, heard: string) {
  const product = new ProductElement(page);
  await expect(product.heading('Ceramic mug')).toBeVisible();
  await product.add(2);
  await expect(new CartButtonElement(page).counting(2)).toBeVisible();
  await expect(page.locator('#host-count')).toHaveText(heard);
}

/** How many copies of react-dom registered with the stand-in DevTools hook, and their versions. */
const reactCopies = (page: Page) =>
  page.evaluate(() => {
    const hook = Reflect.get(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__') as { renderers: Map<number, { version: string }> };
    return [...hook.renderers.values()].map((renderer) => renderer.version);
  });

test('a Vite + React 19 app installs the package, uses the module build and runs one React', async ({ page }) => {
  await page.addInitScript(COUNT_REACT_COPIES);
  await page.goto(`${apps.origin}/app/?product=${mugId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchandise' })).toBeVisible();
  // The app's own React re-renders from the element's event: the app and the elements share one React.
  await addTwoMugs(page, 'The app heard: 2 in the cart');
  expect(await reactCopies(page)).toEqual([expect.stringMatching(/^19\./)]);
});

test('a Vue 3 app binds the attributes with `:`, hears the cart with `@shop-cart-change` and runs the module build', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') problems.push(message.text());
  });
  await page.addInitScript(COUNT_REACT_COPIES);
  await page.goto(`${apps.origin}/vue/?product=${mugId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchandise' })).toBeVisible();
  await addTwoMugs(page, 'The app heard: 2 in the cart');
  expect(await reactCopies(page)).toHaveLength(1);
  // Vue knows the tags are custom elements: no "Failed to resolve component".
  expect(problems.filter((text) => /resolve component/i.test(text))).toEqual([]);
});

test('a Next.js App Router page, built and served by Next, renders the elements on the client and puts a product in the cart', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  // The server's HTML holds the tags (the import ran on the server and threw nothing).
  const html = await (await request.get(`${apps.next.origin}/?product=${mugId}`)).text();
  expect(html).toContain('<shop-cart-button');
  expect(html).toMatch(/<shop-product[^>]*product-id="\d+"/);
  await page.goto(`${apps.next.origin}/?product=${mugId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchandise' })).toBeVisible();
  await addTwoMugs(page, 'The app heard: 2 in the cart');
  expect(problems).toEqual([]);
});

test('a plain HTML page loads the standalone build with script tags, React inside', async ({ page }) => {
  await page.addInitScript(COUNT_REACT_COPIES);
  await page.goto(`${apps.origin}/plain/?product=${mugId}`);
  await addTwoMugs(page, 'The page heard: 2 in the cart');
  expect(await reactCopies(page)).toHaveLength(1);
});

test("the typings check the app, and catch a misused element's attributes", async () => {
  const good = await typeCheck(apps, 'tsconfig.json');
  expect(good, good.output).toMatchObject({ code: 0 });
  const bad = await typeCheck(apps, 'tsconfig.misuse.json');
  expect(bad.code).not.toBe(0);
  const errors = bad.output.split('\n').filter((line) => /src\/misuse\.tsx\(\d+,\d+\): error TS/.test(line));
  // One error on each misused line (3, 4, 5) and none on the correct one (6).
  expect(errors.map((line) => Number(/\((\d+),/.exec(line)?.[1]))).toEqual([3, 4, 5]);
  expect(bad.output).toMatch(/shopp/);
});

test('every entry imports on a server: with no DOM it defines nothing, with a DOM shim it defines its elements', async () => {
  const plain = await importOnServer(apps, 'plain');
  // The module build's entries, `define-all`, and each file of the standalone build.
  expect(plain.imports.map((each) => each.specifier)).toEqual(expect.arrayContaining(['storefront-elements', 'storefront-elements/define-all', 'storefront-elements/cart-button', 'storefront-elements/storefront', 'storefront-elements/standalone/cart-button.js']));
  expect(plain.imports.length).toBeGreaterThan(30);
  expect(plain.imports.filter((each) => each.error)).toEqual([]);
  expect(plain.defined).toBeNull();
  const shimmed = await importOnServer(apps, 'shim');
  expect(shimmed.imports.filter((each) => each.error)).toEqual([]);
  expect(shimmed.defined).toEqual(['shop-storefront', 'shop-cart-button', 'shop-catalogue', 'shop-product', 'shop-cart', 'shop-checkout', 'shop-account', 'shop-login']);
});

test("the package's command checks a provider: the reference server passes every read-only row, CORS for the app's origin included", async () => {
  const config = { shop: 'globex', buyer: { email: 'buyer@globex.test', password: 'Passw0rd!' }, product_id: mugId };
  const result = await checkProviderWithPackage(apps, E2E_ORIGIN, config, apps.origin);
  expect(result, result.output).toMatchObject({ code: 0 });
  expect(result.output).toMatch(new RegExp(`^ 3 {2}PASS {4}OPTIONS /api/order`, 'm'));
  expect(result.output).toContain('21 passed, 0 failed, 0 warned, 5 skipped');
  const refused = await checkProviderWithPackage(apps, E2E_ORIGIN, config, 'https://not-allowed.example');
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('preflight: no Access-Control-Allow-Origin');
});

test('the tarball passes publint (strict) and arethetypeswrong (ESM only)', async () => {
  const results = await lintTarball(apps.tarball);
  expect(results.map(({ tool, code }) => ({ tool, code })), results.map((result) => result.output).join('\n')).toEqual([
    { tool: 'publint', code: 0 },
    { tool: 'attw', code: 0 },
  ]);
  expect(results[0]?.output).toContain('All good!');
});
