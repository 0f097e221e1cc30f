import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server.ts';

/**
 * A plain intranet page for the Lighthouse benchmark (`tests/bench/pages/intranet.html`), served on
 * an origin of its own, with and without `<shop-cart-button>`: the "with" page loads the button's
 * script cross-origin from the reference server and talks to its API there, as a real intranet on
 * another host would. Comparing the two tells what the button costs a host page.
 *
 * @module
 */

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pages', 'intranet.html');

/** The two variants of the page. */
export type IntranetVariant = 'without-button' | 'with-button';

/** The intranet page's server. */
export interface IntranetServer {
  /** `http://127.0.0.1:<port>`: another site than the shop's `*.localhost` hosts. */
  origin: string;
  /** The page's URL for a variant; the button's script, API and links at `shopOrigin`. */
  url(variant: IntranetVariant, shopOrigin?: string): string;
  stop(): Promise<void>;
}

/** A shop origin the page may point at: a loopback shop host of a benchmark server. */
const SHOP_ORIGIN = /^http:\/\/[a-z0-9-]+\.localhost:\d+$/;

/** Escapes a value for an HTML attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The page's HTML: the template as it is, or with the button's module script in `<head>` and the
 * element in the masthead, pointing at `shopOrigin` (script, API and storefront links).
 */
export function intranetHtml(variant: IntranetVariant, shop: string, shopOrigin: string): string {
  const template = readFileSync(TEMPLATE, 'utf8');
  if (variant === 'without-button') return template;
  const origin = attribute(shopOrigin);
  return template
    .replace('<!--CART-BUTTON-SCRIPT-->', `<script type="module" src="${origin}/dist/cart-button.js"></script>`)
    .replace('<!--CART-BUTTON-ELEMENT-->', `<shop-cart-button shop="${attribute(shop)}" api-base="${origin}" storefront-url="${origin}/"></shop-cart-button>`);
}

/** The variant a request path names, if any. */
function variantOf(pathname: string): IntranetVariant | undefined {
  if (pathname === '/without-button.html') return 'without-button';
  if (pathname === '/with-button.html') return 'with-button';
  return undefined;
}

/**
 * Serves the page on a loopback port (`preferred` when free): `/without-button.html` and
 * `/with-button.html?shop-origin=<origin>`, for `shop` whose storefront and API answer at that
 * origin (a query parameter: the page's own origin must be known before the reference server starts,
 * to let it through the API's CORS, so the shop's origin is not known yet when this server starts).
 */
export async function startIntranetServer(preferred: number, shop: string): Promise<IntranetServer> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const variant = variantOf(url.pathname);
    const shopOrigin = url.searchParams.get('shop-origin') ?? '';
    if (!variant || (variant === 'with-button' && !SHOP_ORIGIN.test(shopOrigin))) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(intranetHtml(variant, shop, shopOrigin));
  });
  const port = await freePort(preferred);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (variant, shopOrigin) => `${origin}/${variant}.html${variant === 'with-button' && shopOrigin ? `?shop-origin=${encodeURIComponent(shopOrigin)}` : ''}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
