import type { Queryable } from '../db/index.ts';
import { loadProduct } from '../services/products.ts';
import {
  buildPath,
  catalogueQueryFromParams,
  cataloguePath,
  displayPrice,
  isPointsCurrency,
  listUnitPrice,
  matchRoute,
  type Product,
  ROUTE_TITLES,
  type RouteId,
  storageUrl,
  type Website,
} from '../shared.ts';
import { jsonForScript, likelyFirstRoute, pageLang } from './first-screen.ts';
import { escapeHtml } from './html.ts';
import { textIn } from './messages.ts';

/**
 * What the storefront page's `<head>` tells search engines about the page: its `<title>`,
 * `<meta name="description">`, `<link rel="canonical">`, the `hreflang` alternates and, on a product
 * page, the product as schema.org `Product` JSON-LD; plus the page's `Cache-Control` and `Vary`.
 *
 * Only an open shop's public pages get the full set: a login-required shop's page gets a generic title
 * and `noindex`, and nothing read from its private data (its products and pages are for its members).
 * Everything is computed here from the shop's config, the URL and, on a product page, the product the
 * API would answer (`loadProduct`, the same call as `GET /api/products/{id}`); every value that enters
 * the HTML is escaped, since shop texts are untrusted.
 *
 * Languages: the storefront serves a shop in its own language (`website.lang`); a visitor's switch is
 * kept in their browser (src/store/locale-choice.ts), not in the URL, so a crawler reading any URL of
 * the shop gets the shop's language. The only correct `hreflang` alternate of a page is therefore the
 * page itself in the shop's language (and `x-default`, the same URL): naming the other language would
 * point search engines at a URL that does not serve it.
 *
 * @module
 */

/** The length of a `<meta name="description">` search engines show (about 160 characters). */
export const DESCRIPTION_MAX_LENGTH = 160;

/** The longest product description put into the JSON-LD (the whole text, within reason). */
const JSON_LD_DESCRIPTION_MAX_LENGTH = 5000;

/** Between a screen's title and the shop's name, as the storefront writes `document.title`. */
const TITLE_SEPARATOR = ' · ';

/**
 * The routes whose page is worth a search result in an open shop: what they show is the same for every
 * guest. The others (cart, checkout, account, one-time links, not found) are per person, empty for a
 * guest or carry a token in their URL: `noindex`, and no canonical or description.
 */
const INDEXABLE_ROUTES: ReadonlySet<RouteId> = new Set(['home', 'products', 'product', 'page', 'privacy-policy', 'terms-of-use', 'contact', 'login', 'register']);

/** The routes that show one of the shop's content pages, titled by the page's name. */
const CONTENT_ROUTES: ReadonlySet<RouteId> = new Set(['page', 'privacy-policy', 'terms-of-use']);

/** schema.org's availability for each of the contract's (`Product.availability`). */
const SCHEMA_AVAILABILITY: Record<Product['availability'], string> = {
  in_stock: 'https://schema.org/InStock',
  // Stock is on its way to the warehouse: it can be ordered now and ships when it arrives.
  in_delivery: 'https://schema.org/BackOrder',
  out_of_stock: 'https://schema.org/OutOfStock',
};

/** `https://globex.example` from the scheme the browser used and the request's Host. */
export function pageOrigin(https: boolean, host: string): string {
  return `${https ? 'https' : 'http'}://${host}`;
}

/**
 * A text as one line of plain text of at most `max` characters: HTML tags (and the contents of
 * `script`/`style`) removed, the common entities read back, whitespace collapsed, and a longer text
 * cut at the last word boundary before the limit with an ellipsis. Empty when nothing is left.
 */
export function plainSummary(text: string, max: number = DESCRIPTION_MAX_LENGTH): string {
  const plain = text
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const boundary = cut.lastIndexOf(' ');
  // A single word longer than the limit is cut where it must be rather than dropped.
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** The entities {@link plainSummary} reads back (`&` last in the source is fine: one pass, no re-reading). */
const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/**
 * The product a storefront page at `pathname` shows and whose data its head describes: its id on an
 * open shop's product route, else null (a login-required shop's products are not described publicly,
 * whoever asks: the page head is the same for every visitor of the route).
 */
export function describedProductId(website: Pick<Website, 'pages' | 'login_required'> | null, pathname: string): number | null {
  if (!website || website.login_required) return null;
  const match = matchRoute(pathname, website.pages);
  return match?.route.id === 'product' ? Number(match.params['id']) : null;
}

/** What {@link pageMetaHead} describes. */
export interface PageMetaInput {
  /** The shop's config as the page carries it, or null for an unknown shop. */
  website: Website | null;
  /** The request's URL path and query (`/products?search=mug`); its origin is not used. */
  url: URL;
  /** The page's origin as the browser reached it ({@link pageOrigin}): canonical and image URLs are absolute. */
  origin: string;
  /** The product on a product page ({@link describedProductId}), or null (none, unknown or withheld). */
  product: Product | null;
  /** Whether the request carries a session of this shop (a guest of a login-required shop sees the login screen). */
  hasSession: boolean;
  /** The clock (a running group buy's price depends on it). */
  now?: Date;
}

/**
 * The storefront page's head tags describing the page: `<title>`, and for an open shop's public page
 * `<meta name="description">`, `<link rel="canonical">`, the `hreflang` alternates and a product's
 * JSON-LD; `<meta name="robots" content="noindex">` for every other page (a login-required shop's, an
 * unknown shop's or path's, a per-person screen's).
 */
export function pageMetaHead(input: PageMetaInput): string {
  const { website, url } = input;
  const lang = pageLang(website);
  const noindex = '<meta name="robots" content="noindex">';
  if (!website) return [titleTag(textIn(lang, ROUTE_TITLES['store-not-found'])), noindex].join('\n');
  if (website.login_required) {
    // Generic: the screen a visitor will see (a guest's is the login screen), never a product's or page's name.
    const route = likelyFirstRoute(url.pathname, website, input.hasSession) ?? 'not-found';
    const title = route === 'product' || CONTENT_ROUTES.has(route) ? website.name : withShopName(textIn(lang, ROUTE_TITLES[route]), website);
    return [titleTag(title), noindex].join('\n');
  }
  const match = matchRoute(url.pathname, website.pages);
  const route = match?.route.id;
  if (!match || !route || (route === 'product' && !input.product)) {
    return [titleTag(withShopName(textIn(lang, ROUTE_TITLES['not-found']), website)), noindex].join('\n');
  }
  const page = CONTENT_ROUTES.has(route) ? website.pages.find((item) => item.slug === (match.params['slug'] ?? route)) : undefined;
  const screenTitle = route === 'product' && input.product ? input.product.name : (page?.name ?? textIn(lang, ROUTE_TITLES[route]));
  const tags = [titleTag(withShopName(screenTitle, website))];
  if (!INDEXABLE_ROUTES.has(route)) return [...tags, noindex].join('\n');

  const canonical = `${input.origin}${canonicalPath(route, match.params, url, input.product)}`;
  const description = pageDescription(route, website, lang, input.product, page?.content);
  if (description) tags.push(`<meta name="description" content="${escapeHtml(description)}">`);
  tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
  tags.push(`<link rel="alternate" hreflang="${lang}" href="${escapeHtml(canonical)}">`);
  tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(canonical)}">`);
  if (route === 'product' && input.product) {
    tags.push(`<script type="application/ld+json">${jsonForScript(productJsonLd(input.product, website, canonical, input.origin, input.now))}</script>`);
  }
  return tags.join('\n');
}

/**
 * The head tags of the storefront page ({@link pageMetaHead}), loading the product a product page of
 * an open shop shows through the API's own `loadProduct` (filtered by shop: another shop's product id
 * is "not found" here as on the API).
 */
export async function storefrontPageMeta(db: Queryable, input: Omit<PageMetaInput, 'product'>): Promise<string> {
  const id = describedProductId(input.website, input.url.pathname);
  const product = id !== null && input.website ? await loadProduct(db, input.website.id, id, input.now) : null;
  return pageMetaHead({ ...input, product });
}

/** The `Cache-Control` and `Vary` of the storefront page. */
export interface PageCacheHeaders {
  cacheControl: string;
  vary: string;
}

/**
 * How caches may keep the storefront page. A page rendered for a session cookie, and every page of a
 * login-required shop (whose page carries a member's whole config), is the browser's only:
 * `private, no-cache`. An open shop's page without a session cookie is the same for every guest and
 * may be stored by shared caches, but revalidated on every use (`max-age=0, must-revalidate`), not
 * served from them: it carries the response's CSP nonce, which a cached copy would hand to every
 * visitor, and prices and stock that change. `Vary: Cookie` either way (a cookie changes the page);
 * the page's sender adds `Accept-Encoding` as it compresses.
 */
export function pageCacheHeaders({ loginRequired, sessionCookie }: { loginRequired: boolean; sessionCookie: boolean }): PageCacheHeaders {
  const shared = !loginRequired && !sessionCookie;
  return { cacheControl: shared ? 'public, max-age=0, must-revalidate' : 'private, no-cache', vary: 'Cookie' };
}

/**
 * The schema.org `Product` of a product page, as its card shows it: name, description, pictures (absolute
 * URLs), `sku` (the product's code) and one `Offer` with the price a list shows for one piece (the
 * domain's `listUnitPrice`, gross or net per the shop's `is_gross` as `displayPrice` makes it: the lowest
 * tier's where more pieces cost less, which the card shows as "from …"), its currency and availability.
 * A points shop's product has no `Offer`: points are not a currency (`priceCurrency` is an ISO 4217
 * code) and no one can buy the product with money, so an offer would advertise a price that does not exist.
 */
export function productJsonLd(product: Product, website: Pick<Website, 'currency' | 'is_gross'>, url: string, origin: string, now: Date = new Date()): Record<string, unknown> {
  const description = plainSummary(product.description, JSON_LD_DESCRIPTION_MAX_LENGTH);
  const pictures = product.images.length > 0 ? product.images : product.variants.flatMap((variant) => (variant.image ? [variant.image] : []));
  const images = [...new Set(pictures.flatMap((picture) => absoluteUrl(storageUrl(picture), origin) ?? []))];
  const data: Record<string, unknown> = { '@context': 'https://schema.org', '@type': 'Product', name: product.name, url };
  if (description) data['description'] = description;
  if (images.length > 0) data['image'] = images;
  if (product.code) data['sku'] = product.code;
  const currency = website.currency ?? '';
  if (!isPointsCurrency(currency) && /^[A-Z]{3}$/.test(currency)) {
    const { price } = listUnitPrice(product, now);
    // Rounded as the card rounds it (displayPrice): cents, or more places for a price under a cent's worth.
    const amount = displayPrice(price, product, website.is_gross);
    data['offers'] = {
      '@type': 'Offer',
      url,
      price: amount,
      priceCurrency: currency,
      availability: SCHEMA_AVAILABILITY[product.availability],
      priceSpecification: { '@type': 'UnitPriceSpecification', price: amount, priceCurrency: currency, valueAddedTaxIncluded: website.is_gross },
    };
  }
  return data;
}

/** `<title>` with the text escaped. */
function titleTag(title: string): string {
  return `<title>${escapeHtml(title)}</title>`;
}

/** `Title · Shop`, as the storefront sets `document.title`. */
function withShopName(title: string, website: Pick<Website, 'name'>): string {
  return website.name ? `${title}${TITLE_SEPARATOR}${website.name}` : title;
}

/**
 * The page's own path, spelled one way: a product's with its current slug, the catalogue's with only
 * the parameters that change its content (search, sort, page) in the order the storefront writes them
 * and without their defaults (`cataloguePath`), no other query (tracking parameters, one-time codes).
 */
function canonicalPath(route: RouteId, params: Readonly<Record<string, string>>, url: URL, product: Product | null): string {
  if (route === 'products') return cataloguePath(catalogueQueryFromParams(url.searchParams));
  if (route === 'product' && product) return buildPath('product', { slug: product.slug, id: product.id });
  if (route === 'page') return buildPath('page', { slug: params['slug'] ?? '' });
  return route === 'product' ? url.pathname : buildPath(route as Exclude<RouteId, 'page' | 'product' | 'user-order'>);
}

/**
 * The page's description: a product's own text, a content page's first words, else the shop's name in a
 * sentence of the shop's language (homepage, catalogue and the other public screens).
 */
function pageDescription(route: RouteId, website: Website, lang: 'en' | 'pl', product: Product | null, content: Website['pages'][number]['content'] | undefined): string {
  const own = route === 'product' ? plainSummary(product?.description ?? '') : content ? plainSummary(contentText(content)) : '';
  if (own) return own;
  const key = route === 'products' || route === 'product' ? 'catalogue.meta_description' : 'home.meta_description';
  return plainSummary(textIn(lang, key, { shop: website.name }));
}

/** A content page's text: its HTML, else the text of its blocks (rich text, heroes, calls to action), in order. */
function contentText(content: Website['pages'][number]['content']): string {
  if (content.html) return content.html;
  return (content.blocks ?? [])
    .map((block) => {
      if (block.type === 'rich_text') return block.html;
      if (block.type === 'hero' || block.type === 'cta') return `${block.title}. ${block.text ?? ''}`;
      return '';
    })
    .join(' ');
}

/** A same-origin path or an absolute http(s) URL as an absolute URL, or null. */
function absoluteUrl(path: string | null, origin: string): string | null {
  if (!path) return null;
  try {
    return new URL(path, `${origin}/`).href;
  } catch {
    return null;
  }
}
