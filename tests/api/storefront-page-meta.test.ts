import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE } from '../../src/api/cookies.ts';
import type { Product, Website } from '../../src/contract/contract.ts';
import { productDisplayPrice } from '../../src/kit/price.ts';
import { shopPage as pageOnShopHost, startTestServer, type ShopPage, type TestServer } from './harness.ts';

/**
 * The storefront page's head as search engines read it (server/http/page-meta.ts):
 * the title, description, canonical URL, hreflang alternates and product JSON-LD of the demo shops'
 * real pages, and the page's caching headers: globex (open, en, PLN gross), acme (login required: a
 * generic title, noindex, nothing from its data) and initech (pl, EUR; seeded login-required, then opened).
 */
let server: TestServer;

beforeAll(async () => {
  // One proxy in front that terminates TLS, as a deployment has: its X-Forwarded-Proto is believed.
  server = await startTestServer({ trustProxy: 1 });
});

afterAll(async () => {
  await server?.close();
});

/** A GET of `path` on shop `slug`'s host, with extra headers. */
const shopPage = (slug: string, path: string, headers: Record<string, string> = {}): Promise<ShopPage> => pageOnShopHost(server.config.port, slug, path, headers);

const hostOf = (slug: string) => `${slug}.localhost:${server.config.port}`;
const originOf = (slug: string) => `http://${hostOf(slug)}`;

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]?.replaceAll('&amp;', '&');
const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">/g)].map((match) => `${match[1]} ${match[2]?.replaceAll('&amp;', '&')}`);
const jsonLd = (html: string): Record<string, any> | null => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, any>) : null;
};
const noindex = (html: string) => html.includes('<meta name="robots" content="noindex">');

/** The first product of a shop's catalogue as the API answers it, with the shop's config. */
async function firstProduct(slug: string): Promise<{ product: Product; website: Website }> {
  const website = (await server.json<Website>(`/api/slug/website?slug=${slug}`)).body;
  const page = await server.json<{ data: Product[] }>(`/api/products?website_id=${server.shops[slug]}&per_page=1`);
  const id = page.body.data[0]?.id;
  const product = (await server.json<Product>(`/api/products/${id}?website_id=${server.shops[slug]}`)).body;
  return { product, website };
}

/** A product of a shop read from its database (a login-required shop's catalogue answers no guest). */
async function someProduct(slug: string): Promise<{ id: number; slug: string; name: string }> {
  const { rows } = await server.db.query<{ id: number; slug: string; name: string }>('SELECT id, slug, name FROM products WHERE website_id = $1 ORDER BY id LIMIT 1', [server.shops[slug]]);
  if (!rows[0]) throw new Error(`${slug} has no product`);
  return rows[0];
}

describe('the storefront page head of an open shop (globex, en)', () => {
  it('should title and describe the homepage, point canonical at it and name its language', async () => {
    const page = await shopPage('globex', '/?utm_source=newsletter');
    expect(page.status).toBe(200);
    expect(title(page.html)).toBe('Homepage · Globex');
    expect(description(page.html)).toBe('Globex online shop: browse the catalogue and order online.');
    expect(canonical(page.html)).toBe(`${originOf('globex')}/`);
    expect(alternates(page.html)).toEqual([`en ${originOf('globex')}/`, `x-default ${originOf('globex')}/`]);
    expect(noindex(page.html)).toBe(false);
    expect(page.html).not.toContain('<title>Shop</title>');
    expect(page.html).not.toContain('{{');
  });

  it('should keep only the catalogue parameters that change its content in its canonical URL, in one order', async () => {
    const page = await shopPage('globex', '/products?page=2&utm_campaign=x&sort=price_desc&search=mug&gclid=1');
    expect(title(page.html)).toBe('Products · Globex');
    expect(canonical(page.html)).toBe(`${originOf('globex')}/products?search=mug&sort=price_desc&page=2`);
  });

  it('should describe a product page with the product, its JSON-LD priced as its card shows it', async () => {
    const { product, website } = await firstProduct('globex');
    const page = await shopPage('globex', `/products/an-old-slug/${product.id}?fbclid=x`);
    const url = `${originOf('globex')}/products/${product.slug}/${product.id}`;
    expect(title(page.html)).toBe(`${product.name} · Globex`);
    expect(canonical(page.html)).toBe(url);
    expect(description(page.html)?.length).toBeGreaterThan(0);
    const data = jsonLd(page.html);
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: product.name, url, sku: product.code });
    expect(data?.['image']?.[0]).toMatch(new RegExp(`^${originOf('globex')}/storage/`));
    // The card's own price function, on the API's product and config: the JSON-LD says what the buyer sees.
    expect(data?.['offers']).toMatchObject({ '@type': 'Offer', price: productDisplayPrice(product, website, 'en').amount, priceCurrency: 'PLN' });
    expect(data?.['offers']?.['availability']).toMatch(/^https:\/\/schema\.org\/(InStock|BackOrder|OutOfStock)$/);
  });

  it("should not describe another shop's product, nor a path that names no screen", async () => {
    const product = await someProduct('initech');
    const foreign = await shopPage('globex', `/products/${product.slug}/${product.id}`);
    expect(title(foreign.html)).toBe('Page not found · Globex');
    expect(noindex(foreign.html)).toBe(true);
    expect(jsonLd(foreign.html)).toBeNull();
    expect(noindex((await shopPage('globex', '/no-such-page')).html)).toBe(true);
  });

  it('should mark per-person screens noindex', async () => {
    const page = await shopPage('globex', '/cart');
    expect(title(page.html)).toBe('Cart · Globex');
    expect(noindex(page.html)).toBe(true);
    expect(canonical(page.html)).toBeUndefined();
  });

  it('should let shared caches keep a page asked for without a session cookie, revalidating it each time', async () => {
    const page = await shopPage('globex', '/products', { 'accept-encoding': 'identity' });
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.headers['vary']).toBe('Cookie, Accept-Encoding');
  });

  it("should keep a page asked for with a session cookie in the browser only", async () => {
    const token = await server.login('buyer@globex.test', 'globex');
    const page = await shopPage('globex', '/products', { cookie: `${AUTH_COOKIE}=${token}` });
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['vary']).toBe('Cookie, Accept-Encoding');
    // Any session cookie, even one that opens nothing: the answer was made for whoever sent it.
    const stale = await shopPage('globex', '/products', { cookie: `${AUTH_COOKIE}=${'x'.repeat(43)}` });
    expect(stale.headers['cache-control']).toBe('private, no-cache');
  });

  it('should write https URLs when the trusted proxy says the browser came over https', async () => {
    const page = await shopPage('globex', '/products', { 'x-forwarded-proto': 'https' });
    expect(canonical(page.html)).toBe(`https://${hostOf('globex')}/products`);
  });
});

describe('the storefront page head of a login-required shop (acme)', () => {
  it('should give a guest a generic title and noindex, nothing from its products, and no shared caching', async () => {
    const product = await someProduct('acme');
    const page = await shopPage('acme', `/products/${product.slug}/${product.id}`);
    expect(title(page.html)).toBe('Log in · ACME Corporation');
    expect(noindex(page.html)).toBe(true);
    expect(page.html).not.toContain(product.name);
    expect(description(page.html)).toBeUndefined();
    expect(canonical(page.html)).toBeUndefined();
    expect(jsonLd(page.html)).toBeNull();
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['vary']).toBe('Cookie, Accept-Encoding');
  });

  it("should keep a member's page generic too", async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    const page = await shopPage('acme', '/cart', { cookie: `${AUTH_COOKIE}=${token}` });
    expect(title(page.html)).toBe('Cart · ACME Corporation');
    expect(noindex(page.html)).toBe(true);
    expect(page.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('the storefront page head of a Polish shop (initech)', () => {
  it('should title a guest\'s page in Polish, generically, while the shop requires login (as the demo seeds it)', async () => {
    const page = await shopPage('initech', '/products');
    expect(title(page.html)).toBe('Logowanie · Initech');
    expect(noindex(page.html)).toBe(true);
    expect(description(page.html)).toBeUndefined();
  });

  it('should, once the shop is open to guests, title and describe its pages in Polish and name Polish as their language', async () => {
    // The demo seeds initech login-required: opened here, after every other check of this server.
    await server.db.query('UPDATE websites SET login_required = false WHERE slug = $1', ['initech']);
    const page = await shopPage('initech', '/');
    expect(title(page.html)).toBe('Strona główna · Initech');
    expect(description(page.html)).toBe('Sklep internetowy Initech: przeglądaj katalog i zamawiaj online.');
    expect(alternates(page.html)).toEqual([`pl ${originOf('initech')}/`, `x-default ${originOf('initech')}/`]);
    expect(title((await shopPage('initech', '/products')).html)).toBe('Produkty · Initech');
  });

  it("should price a product's JSON-LD in euros, net as the shop shows it", async () => {
    const { product, website } = await firstProduct('initech');
    const page = await shopPage('initech', `/products/${product.slug}/${product.id}`);
    expect(title(page.html)).toBe(`${product.name} · Initech`);
    expect(jsonLd(page.html)?.['offers']).toMatchObject({ price: productDisplayPrice(product, website, 'pl').amount, priceCurrency: 'EUR', priceSpecification: { valueAddedTaxIncluded: website.is_gross } });
  });
});

describe("a shop host's robots.txt", () => {
  it('should let crawlers read an open shop (globex) and keep them out of a login-required one (acme)', async () => {
    const open = await shopPage('globex', '/robots.txt');
    expect(open.status).toBe(200);
    expect(open.headers['content-type']).toMatch(/^text\/plain/);
    expect(open.html).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(open.html).toContain('Disallow: /checkout\n');
    const closed = await shopPage('acme', '/robots.txt');
    expect(closed.html).toBe('User-agent: *\nDisallow: /\n');
  });
});
