import { execFile } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ROOT_DIR } from '../../server/config.ts';
import { shopPage, startTestServer, type ShopPage, type TestServer } from './harness.ts';

/**
 * The storefront page with its first screen rendered on the server (the default; SERVER_RENDER=off turns it off): the
 * renderer built as `npm run build` builds it, every public route of the three demo shops, the
 * redirects the storefront's guards would make, a signed-in buyer's page, and the fallbacks to the
 * browser's rendering when the renderer or a screen fails.
 */

const run = promisify(execFile);
/** Builds land under `.data/` (git-ignored), inside the project so the renderer finds react and jsdom. */
const BUILDS = path.join(ROOT_DIR, '.data');

/** A GET of a shop host's page, with an optional session cookie. */
async function page(server: TestServer, slug: string, pathname: string, cookie?: string): Promise<{ status: number; headers: ShopPage['headers']; body: string }> {
  const answer = await shopPage(server.config.port, slug, pathname, cookie ? { cookie } : {});
  return { status: answer.status, headers: answer.headers, body: answer.html };
}

/** The server-rendered shadow root of the page's `<shop-storefront>`, or null. */
function shadowRoot(body: string): string | null {
  return /<shop-storefront[^>]*><template shadowrootmode="open">([\s\S]*?)<\/template>/.exec(body)?.[1] ?? null;
}

/** What the page carries about its first screen (the JSON beside the element). */
function carried(body: string) {
  return JSON.parse(/<script type="application\/json" id="shop-first-screen">([^<]*)<\/script>/.exec(body)?.[1] ?? 'null') as {
    route: string;
    userId: number | null;
    answers: Record<string, { data?: unknown[]; id?: number }>;
  };
}

/** The texts of the rendered screen's level-one headings. */
function headings(html: string): string[] {
  return [...html.matchAll(/<h1[^>]*>([^<]*)</g)].map((match) => match[1] ?? '');
}

let rendererDir = '';

beforeAll(async () => {
  mkdirSync(BUILDS, { recursive: true });
  rendererDir = mkdtempSync(path.join(BUILDS, 'ssr-test-'));
  await run(process.execPath, [path.join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '-c', 'vite.ssr.config.ts', '--outDir', rendererDir, '--logLevel', 'error'], { cwd: ROOT_DIR });
}, 180_000);

afterAll(() => {
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('server rendering of the storefront page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ serverRender: true, serverRendererDir: rendererDir });
  });
  afterAll(async () => server.close());

  it("should render an open shop's public routes into a declarative shadow root, in the shop's language", async () => {
    const products = await server.json(`/api/products?website_id=${server.shops.globex}&per_page=1&sort=name_asc`);
    const product = products.body.data[0] as { id: number; slug: string; name: string };
    const cases: Array<[string, string, RegExp]> = [
      ['globex', '/', /^Welcome to the Globex merchandise store$/],
      ['globex', '/products', /^Products$/],
      ['globex', '/products?search=mug&sort=name_desc', /^Products$/],
      ['globex', `/products/${product.slug}/${product.id}`, new RegExp(`^${product.name}$`)],
      ['globex', '/privacy-policy', /^Privacy policy$/],
      ['globex', '/login', /^Log in$/],
      ['initech', '/login', /^Logowanie$/],
      ['acme', '/login', /^Log in$/],
    ];
    for (const [slug, pathname, heading] of cases) {
      const answer = await page(server, slug, pathname);
      expect(answer.status, `${slug}${pathname}`).toBe(200);
      const root = shadowRoot(answer.body);
      expect(root, `${slug}${pathname}`).not.toBeNull();
      expect(headings(root ?? '').some((text) => heading.test(text)), `${slug}${pathname}: ${headings(root ?? '').join(' | ')}`).toBe(true);
      // No fallbacks or completion scripts inside: a declarative shadow root runs none.
      expect(root).not.toMatch(/<script|<!--\$\?-->/);
      expect(root).toMatch(/^<style>[\s\S]+<\/style><div class="shop-root"/);
      expect(answer.body).toContain(`<html lang="${slug === 'initech' ? 'pl' : 'en'}">`);
    }
  });

  it("should show the catalogue's products, the product's price and the homepage's rows in the HTML", async () => {
    const catalogue = shadowRoot((await page(server, 'globex', '/products?search=mug')).body) ?? '';
    expect(catalogue).toContain('value="mug"');
    expect(catalogue).toMatch(/<article class="shop-product-card"[\s\S]*Ceramic mug/);
    const home = await page(server, 'globex', '/');
    expect(shadowRoot(home.body)).toMatch(/<h2[^>]*>Bestsellers<\/h2>[\s\S]*<article class="shop-product-card"/);
    // The rows' answers travel in the page, so the browser starts from them.
    const state = /<script type="application\/json" id="shop-first-screen">([^<]*)<\/script>/.exec(home.body)?.[1] ?? '';
    const parsed = JSON.parse(state) as { route: string; lang: string; answers: Record<string, unknown> };
    expect(parsed.route).toBe('home');
    expect(Object.keys(parsed.answers).some((key) => key.startsWith('product-row:'))).toBe(true);
  });

  it("should carry the catalogue's page and the product the screens loaded, and the user it rendered for", async () => {
    const catalogue = carried((await page(server, 'globex', '/products?search=mug')).body);
    expect(catalogue.userId).toBeNull();
    expect(catalogue.answers['catalogue:/products?search=mug']?.data?.length).toBeGreaterThan(0);
    const products = await server.json(`/api/products?website_id=${server.shops.globex}&per_page=1&sort=name_asc`);
    const product = products.body.data[0] as { id: number; slug: string };
    const shown = carried((await page(server, 'globex', `/products/${product.slug}/${product.id}`)).body);
    expect(shown.answers[`product:${product.id}`]?.id).toBe(product.id);
  });

  it('should leave the cart, checkout, account screens and framed pages (a designer preview) to the browser', async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    for (const pathname of ['/cart', '/checkout/delivery', '/user', '/user/account-details']) {
      const answer = await page(server, 'acme', pathname, `Admin-Token=${token}`);
      expect({ pathname, status: answer.status, rendered: shadowRoot(answer.body) !== null }).toEqual({ pathname, status: 200, rendered: false });
    }
    const framed = await shopPage(server.config.port, 'globex', '/', { 'sec-fetch-dest': 'iframe' });
    expect(framed.status).toBe(200);
    expect(shadowRoot(framed.html)).toBeNull();
    expect(shadowRoot((await page(server, 'globex', '/')).body)).not.toBeNull();
  });

  it('should redirect where the storefront would: a guest of a login-required shop to its login, an unknown path to 404', async () => {
    const closed = await page(server, 'acme', '/products');
    expect(closed.status).toBe(302);
    expect(closed.headers.location).toBe('/login?redirect=%2Fproducts');
    const initech = await page(server, 'initech', '/');
    expect(initech.status).toBe(302);
    expect(initech.headers.location).toBe('/login?redirect=%2F');
    const unknown = await page(server, 'globex', '/no-such-page');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.location).toBe('/404');
  });

  it("should render a signed-in buyer's own view of a login-required shop, never for a shared cache", async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    const home = await page(server, 'acme', '/products', `Admin-Token=${token}`);
    expect(home.status).toBe(200);
    const root = shadowRoot(home.body) ?? '';
    expect(headings(root)).toContain('Products');
    expect(root).toMatch(/pts/);
    const me = (await server.json('/api/user', { token })).body as { name: string; last_name?: string };
    const name = /<span class="shop-account-menu__name">([^<]*)<\/span>/.exec(root)?.[1] ?? '';
    expect(name).not.toBe('');
    expect(name).toContain(me.name);
    // The points left in the menu, as the browser shows them once it has the buyer's budgets.
    // The points the buyer has left, in the menu, as the browser shows them once it has the budgets.
    expect(root).toMatch(/<span class="shop-account-menu__points">[\s\S]{0,200}?[\d,]+\spts<\/span>/);
    expect(home.headers['cache-control']).toBe('private, no-cache');
    expect(String(home.headers.vary)).toMatch(/Cookie/);
  });
});

/** A renderer module of its own in a folder of its own: what `renderStorefront` does is the test's. */
function fakeRenderer(source: string): string {
  const dir = mkdtempSync(path.join(BUILDS, 'ssr-fake-'));
  writeFileSync(path.join(dir, 'storefront-server.js'), source);
  return dir;
}

describe('server rendering falls back to the browser', () => {
  const cases: Array<[string, string]> = [
    ['a renderer that throws', 'export async function renderStorefront() { throw new Error("the provider failed"); }'],
    ['a screen that fails', 'export async function renderStorefront() { return { kind: "page", screen: Promise.reject(new Error("a load failed")) }; }'],
    ['a renderer that leaves the screen to the browser', 'export async function renderStorefront() { return { kind: "client" }; }'],
  ];
  for (const [name, source] of cases) {
    it(`should send the page the browser renders, whole, with ${name}`, async () => {
      const dir = fakeRenderer(source);
      const server = await startTestServer({ serverRender: true, serverRendererDir: dir });
      try {
        const answer = await page(server, 'globex', '/');
        expect(answer.status).toBe(200);
        expect(shadowRoot(answer.body)).toBeNull();
        expect(answer.body).toMatch(/<shop-storefront designer-origins="[^"]*"><\/shop-storefront>\s*<\/body>\s*<\/html>\s*$/);
        expect(answer.body).toContain('id="shop-config"');
      } finally {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('should keep serving when a browser goes away while its page is still rendering', async () => {
    // The screen is ready 300 ms after the head went out; the browser has gone by then.
    const dir = fakeRenderer('export async function renderStorefront() { return { kind: "page", screen: new Promise((resolve) => setTimeout(() => resolve({ html: "<div class=\\"shop-root\\">late</div>", css: "", routeId: "home", userId: null, answers: {} }), 300)) }; }');
    const server = await startTestServer({ serverRender: true, serverRendererDir: dir });
    try {
      for (const encoding of ['br', 'gzip', 'identity']) {
        await new Promise<void>((resolve, reject) => {
          const request = http.get({ host: '127.0.0.1', port: server.config.port, path: '/', headers: { host: `globex.localhost:${server.config.port}`, 'accept-encoding': encoding } }, (answer) => {
            // The head arrived (flushed before the screen): the browser leaves.
            answer.once('data', () => {
              request.destroy();
              resolve();
            });
          });
          request.on('error', reject);
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      const answer = await page(server, 'globex', '/');
      expect(answer.status).toBe(200);
      expect(shadowRoot(answer.body)).toContain('late');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should render on the server by default, and not with SERVER_RENDER=off or with a test server left as it is', async () => {
    const before = process.env.SERVER_RENDER;
    try {
      delete process.env.SERVER_RENDER;
      expect(loadConfig({}).serverRender).toBe(true);
      process.env.SERVER_RENDER = 'off';
      expect(loadConfig({}).serverRender).toBe(false);
    } finally {
      if (before === undefined) delete process.env.SERVER_RENDER;
      else process.env.SERVER_RENDER = before;
    }
    const server = await startTestServer({ serverRendererDir: rendererDir });
    try {
      expect(shadowRoot((await page(server, 'globex', '/')).body)).toBeNull();
    } finally {
      await server.close();
    }
  });
});
