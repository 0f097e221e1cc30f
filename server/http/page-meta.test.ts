import { describe, expect, it } from 'vitest';
import { CLOSED_SHOP, GROSS_SHOP, NET_SHOP, page, POINTS_SHOP, productFixture, websiteFixture } from '../../src/contract/test-fixtures.ts';
import type { Product, Website } from '../../src/contract/contract.ts';
import { describedProductId, pageCacheHeaders, pageMetaHead, pageOrigin, plainSummary, productJsonLd, type PageMetaInput } from './page-meta.ts';

const ORIGIN = 'https://globex.example';

/** The head for `path` of `website` (a guest, no product unless given). */
function head(website: Website | null, path: string, overrides: Partial<PageMetaInput> = {}): string {
  return pageMetaHead({ website, url: new URL(path, ORIGIN), origin: ORIGIN, product: null, hasSession: false, ...overrides });
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
/** An attribute's URL as the browser reads it (only `&` is escaped in these URLs). */
const unescapeUrl = (value: string | undefined) => value?.replaceAll('&amp;', '&');
const canonical = (html: string) => unescapeUrl(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]);
const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">/g)].map((match) => `${match[1]} ${unescapeUrl(match[2])}`);
/** The JSON-LD of a head, parsed as a search engine reads it. */
const jsonLd = (html: string): Record<string, any> | null => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, any>) : null;
};

const shop = websiteFixture({ name: 'Globex' });
const polishShop = websiteFixture({ name: 'Initech', lang: 'pl', currency: 'EUR' });

describe('the storefront page head: title, description, canonical', () => {
  it('should title each screen as the storefront does, "Screen · Shop", in the shop language', () => {
    expect(title(head(shop, '/'))).toBe('Homepage · Globex');
    expect(title(head(shop, '/products'))).toBe('Products · Globex');
    expect(title(head(shop, '/login'))).toBe('Log in · Globex');
    expect(title(head(polishShop, '/'))).toBe('Strona główna · Initech');
    expect(title(head(polishShop, '/products'))).toBe('Produkty · Initech');
    expect(title(head(shop, '/about-us'))).toBe('About us · Globex');
    expect(title(head(shop, '/privacy-policy'))).toBe('Privacy at Acme · Globex');
  });

  it("should title a product page with the product's name", () => {
    const product = productFixture({ id: 7, name: 'Mug', slug: 'mug' });
    expect(title(head(shop, '/products/mug/7', { product }))).toBe('Mug · Globex');
  });

  it('should describe the homepage and the catalogue with the shop name in a sentence of its language', () => {
    expect(description(head(shop, '/'))).toBe('Globex online shop: browse the catalogue and order online.');
    expect(description(head(shop, '/products'))).toBe('Browse the products of Globex and order them online.');
    expect(description(head(polishShop, '/'))).toBe('Sklep internetowy Initech: przeglądaj katalog i zamawiaj online.');
    expect(description(head(polishShop, '/products'))).toBe('Przeglądaj produkty sklepu Initech i zamawiaj je online.');
  });

  it("should describe a content page by its text, HTML stripped, and a product by its description", () => {
    const withPage = websiteFixture({ name: 'Globex', pages: [page({ id: 9, slug: 'about-us', name: 'About us', content: { html: '<h1>Who we are</h1><p>Merch &amp; more since 1999.</p>' } })] });
    expect(description(head(withPage, '/about-us'))).toBe('Who we are Merch &amp; more since 1999.');
    const product = productFixture({ id: 7, slug: 'mug', description: '<b>Stoneware</b> mug, 330 ml.' });
    expect(description(head(shop, '/products/mug/7', { product }))).toBe('Stoneware mug, 330 ml.');
  });

  it('should fall back to the shop sentence for a product without a description', () => {
    const product = productFixture({ id: 7, slug: 'mug', description: '' });
    expect(description(head(polishShop, '/products/mug/7', { product }))).toBe('Przeglądaj produkty sklepu Initech i zamawiaj je online.');
  });

  it('should point canonical at the page without tracking parameters, the catalogue keeping its content parameters in one order', () => {
    expect(canonical(head(shop, '/?utm_source=mail&fbclid=x'))).toBe(`${ORIGIN}/`);
    expect(canonical(head(shop, '/products?page=2&utm_campaign=x&sort=price_asc&search=red%20mug'))).toBe(`${ORIGIN}/products?search=red%20mug&sort=price_asc&page=2`);
    // Defaults are left out, as the storefront writes its URLs.
    expect(canonical(head(shop, '/products?sort=name_asc&page=1&search='))).toBe(`${ORIGIN}/products`);
    expect(canonical(head(shop, '/about-us/?ref=x'))).toBe(`${ORIGIN}/about-us`);
  });

  it("should spell a product's canonical with its current slug", () => {
    const product = productFixture({ id: 7, slug: 'mug' });
    expect(canonical(head(shop, '/products/old-name/7?utm_source=x', { product }))).toBe(`${ORIGIN}/products/mug/7`);
  });

  it("should name only the shop language's page as alternate, and x-default: the URL serves no other language", () => {
    expect(alternates(head(polishShop, '/products?page=2'))).toEqual([`pl ${ORIGIN}/products?page=2`, `x-default ${ORIGIN}/products?page=2`]);
    expect(alternates(head(shop, '/'))).toEqual([`en ${ORIGIN}/`, `x-default ${ORIGIN}/`]);
  });

  it('should mark per-person screens, unknown paths and unknown products noindex, with a title and nothing else', () => {
    for (const path of ['/cart', '/checkout/delivery', '/user/orders', '/new-password?token=abc']) {
      const html = head(shop, path);
      expect({ path, noindex: html.includes('<meta name="robots" content="noindex">'), canonical: canonical(html), description: description(html) }).toEqual({ path, noindex: true, canonical: undefined, description: undefined });
    }
    expect(title(head(shop, '/no-such-page'))).toBe('Page not found · Globex');
    expect(head(shop, '/products/mug/404')).toContain('noindex');
    expect(title(head(null, '/'))).toBe('Store not found');
    expect(head(null, '/')).toContain('noindex');
  });

  it("should give a login-required shop's page a generic title and noindex, nothing from its data", () => {
    const closed = websiteFixture({ ...CLOSED_SHOP, pages: shop.pages });
    const guest = head(closed, '/products/mug/7', { product: productFixture({ id: 7, name: 'Secret mug', description: 'Private' }) });
    expect(title(guest)).toBe('Log in · Umbrella');
    expect(guest).toContain('<meta name="robots" content="noindex">');
    expect(guest).not.toMatch(/Secret|Private|canonical|ld\+json|description/);
    // A member sees the product, yet the head stays generic.
    expect(title(head(closed, '/products/mug/7', { hasSession: true }))).toBe('Umbrella');
    expect(title(head(closed, '/about-us', { hasSession: true }))).toBe('Umbrella');
    expect(title(head(closed, '/cart', { hasSession: true }))).toBe('Cart · Umbrella');
  });

  it('should escape shop texts in every tag', () => {
    const evil = websiteFixture({ name: '</title><script>alert(1)</script>"\'' });
    const html = head(evil, '/');
    expect(html).not.toContain('<script>');
    expect(title(html)).toBe('Homepage · &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;');
    expect(description(html)).toContain('&quot;&#39;');
    const product = productFixture({ id: 7, slug: 'mug', name: 'Mug"</script><script>alert(1)</script>', description: 'Say "hi" </script>' });
    const productHead = head(shop, '/products/mug/7', { product });
    expect(productHead.match(/<\/script>/g)).toHaveLength(1);
    expect(productHead).not.toContain('<script>alert');
    expect(jsonLd(productHead)?.['name']).toBe('Mug"</script><script>alert(1)</script>');
  });
});

describe('the product JSON-LD', () => {
  const url = `${ORIGIN}/products/mug/7`;

  it("should describe a money shop's product with its card price (gross per the shop), currency, availability, pictures and sku", () => {
    const product = productFixture({ id: 7, slug: 'mug', code: 'MUG-1', images: ['products/mug.svg', 'https://cdn.example/mug.png'] });
    expect(productJsonLd(product, GROSS_SHOP, url, ORIGIN)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Product 7',
      url,
      description: 'A fine product.',
      image: [`${ORIGIN}/storage/products/mug.svg`, 'https://cdn.example/mug.png'],
      sku: 'MUG-1',
      offers: {
        '@type': 'Offer',
        url,
        price: 12.3,
        priceCurrency: 'PLN',
        availability: 'https://schema.org/InStock',
        priceSpecification: { '@type': 'UnitPriceSpecification', price: 12.3, priceCurrency: 'PLN', valueAddedTaxIncluded: true },
      },
    });
    expect(productJsonLd(product, NET_SHOP, url, ORIGIN)['offers']).toMatchObject({ price: 10, priceSpecification: { valueAddedTaxIncluded: false } });
  });

  it('should offer the lowest tier price the card shows as "from …"', () => {
    const product = productFixture({ id: 7, thresholds: [{ min_quantity: 1, max_quantity: 9, price: 10 }, { min_quantity: 10, max_quantity: null, price: 8 }] } as Partial<Product>);
    expect(productJsonLd(product, NET_SHOP, url, ORIGIN)['offers']).toMatchObject({ price: 8 });
  });

  it('should map availability: in delivery is a back order, out of stock is out of stock', () => {
    expect(productJsonLd(productFixture({ availability: 'in_delivery' }), GROSS_SHOP, url, ORIGIN)['offers']).toMatchObject({ availability: 'https://schema.org/BackOrder' });
    expect(productJsonLd(productFixture({ availability: 'out_of_stock' }), GROSS_SHOP, url, ORIGIN)['offers']).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('should leave the offer out in a points shop: points are not a currency', () => {
    const data = productJsonLd(productFixture({ id: 7 }), POINTS_SHOP, url, ORIGIN);
    expect(data['offers']).toBeUndefined();
    expect(data['name']).toBe('Product 7');
    expect(productJsonLd(productFixture({ id: 7 }), { ...GROSS_SHOP, currency: '' }, url, ORIGIN)['offers']).toBeUndefined();
  });

  it('should leave out the description, pictures and sku a product does not have', () => {
    const product = productFixture({ id: 7, description: '  ', images: [], code: '', variants: [] });
    const data = productJsonLd(product, GROSS_SHOP, url, ORIGIN);
    expect(Object.keys(data)).toEqual(['@context', '@type', 'name', 'url', 'offers']);
  });

  it("should take the variants' pictures when the product has none of its own", () => {
    const product = productFixture({ id: 7, images: [], variants: [{ id: 1, code: 'A', color_code: 'red', size_code: null, quantity_in_box: null, stock: null, availability: 'in_stock', image: 'products/red.svg' }] });
    expect(productJsonLd(product, GROSS_SHOP, url, ORIGIN)['image']).toEqual([`${ORIGIN}/storage/products/red.svg`]);
  });

  it('should appear in the head of an open shop\'s product page, escaped so no "</script>" ends it early', () => {
    const product = productFixture({ id: 7, slug: 'mug', name: 'Mug </script><!-- x', description: 'Ends <!-- here' });
    const html = head(polishShop, '/products/mug/7', { product });
    expect(html).toContain('"name":"Mug \\u003c/script>\\u003c!-- x"');
    expect(jsonLd(html)).toMatchObject({ name: 'Mug </script><!-- x', description: 'Ends <!-- here', offers: { priceCurrency: 'EUR' } });
  });
});

describe('the storefront page head helpers', () => {
  it('should cut a long text at a word boundary with an ellipsis, within the limit', () => {
    const text = `${'word '.repeat(50)}end`;
    const summary = plainSummary(text);
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/^(word )+word…$/);
    expect(plainSummary('a'.repeat(300))).toHaveLength(160);
    expect(plainSummary('<style>p{}</style><p>Short&nbsp;text</p>\n\n')).toBe('Short text');
  });

  it('should find the product an open shop page shows, and none in a login-required shop', () => {
    expect(describedProductId(shop, '/products/mug/7')).toBe(7);
    expect(describedProductId(shop, '/products')).toBeNull();
    expect(describedProductId({ ...shop, login_required: true }, '/products/mug/7')).toBeNull();
    expect(describedProductId(null, '/products/mug/7')).toBeNull();
  });

  it('should build the origin from the scheme and the Host', () => {
    expect(pageOrigin(true, 'globex.example')).toBe('https://globex.example');
    expect(pageOrigin(false, 'globex.localhost:4173')).toBe('http://globex.localhost:4173');
  });

  it("should let shared caches keep only an open shop's page asked for without a session cookie, revalidated each time", () => {
    expect(pageCacheHeaders({ loginRequired: false, sessionCookie: false })).toEqual({ cacheControl: 'public, max-age=0, must-revalidate', vary: 'Cookie' });
    expect(pageCacheHeaders({ loginRequired: false, sessionCookie: true })).toEqual({ cacheControl: 'private, no-cache', vary: 'Cookie' });
    expect(pageCacheHeaders({ loginRequired: true, sessionCookie: false })).toEqual({ cacheControl: 'private, no-cache', vary: 'Cookie' });
  });
});
