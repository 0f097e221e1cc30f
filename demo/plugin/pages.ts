import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { shopSlugFromHost } from '../../src/domain/tenant.ts';
import { ROOT_DIR, storefrontUrl, type ServerConfig } from '../../server/config.ts';
import type { AppEnv, WebsiteRow } from '../../server/http/env.ts';
import { escapeHtml, htmlPage } from '../../server/http/html.ts';
import { loadWebsiteConfig, SLUG } from '../../server/routes/website.ts';
import { operatorKey } from '../../server/services/operator-keys.ts';

const PAGES_DIR = path.join(ROOT_DIR, 'demo', 'pages');

/** Demo accounts shown on the index page (the seed creates them; password Passw0rd!). */
const ACCOUNTS: [email: string, shop: string, shows: string][] = [
  ['buyer@acme.test', 'acme', 'two active budgets (1000 and 300 pts), one expired'],
  ['nobudget@acme.test', 'acme', 'no active budget (checkout sends back to the cart)'],
  ['coordinator@acme.test', 'acme', 'coordinator of acme'],
  ['buyer@globex.test', 'globex', "globex buyer; no access to acme"],
  ['buyer@initech.test', 'initech', 'initech buyer with saved addresses'],
];

/** The intranet demo page (demo/pages/intranet.html) and the shop it hosts. */
const INTRANET_PATH = '/demo/intranet.html';
const INTRANET_SHOP = 'globex';
/**
 * The intranet's orders page (demo/pages/intranet-orders.html): the cart, checkout and account of
 * the same shop on the intranet itself. Served for every path under it: `<shop-account>` keeps its
 * sections in the address bar below this base path, so a reload or a shared link lands here too.
 */
const INTRANET_ORDERS_PATH = '/demo/intranet-orders';

/** The intranet page as the demo index links it: on the demo's own host, another origin than its shop's. */
function intranetUrl(config: ServerConfig, page = INTRANET_PATH): string {
  return `http://localhost:${config.port}${page}`;
}

const intranetSources = new Map<string, string>();

/**
 * An intranet page (`file` in demo/pages) for the host it is asked on. On another origin than its
 * shop's, its elements name the shop's API (`api-base`) and storefront (`storefront-url`), and its
 * "Company shop" link leads there; on the shop's own host it is served as it is.
 */
function intranetPage(config: ServerConfig, file: string, host: string): string {
  let source = intranetSources.get(file);
  if (source === undefined) {
    source = readFileSync(path.join(PAGES_DIR, file), 'utf8');
    intranetSources.set(file, source);
  }
  const shopOrigin = new URL(storefrontUrl(config, INTRANET_SHOP)).origin;
  const onShopHost = host === new URL(shopOrigin).host || shopSlugFromHost(host, config.providerDomain) === INTRANET_SHOP;
  if (onShopHost) return source;
  const attribute = escapeHtml(shopOrigin);
  return source
    .replace('storefront-url="/"', `storefront-url="${attribute}" api-base="${attribute}"`)
    .replace('<a href="/">Company shop</a>', `<a href="${attribute}/">Company shop</a>`);
}

/** A handler answering intranet page `file` for the host asked. */
function serveIntranet(file: string) {
  return (c: Context<AppEnv>) => c.html(intranetPage(c.get('config'), file, c.req.header('host') ?? new URL(c.req.url).host));
}

/** The demo's own pages and tools under /demo (never in production). */
export function registerDemoPages(app: Hono<AppEnv>): void {
  app.get('/demo', (c) => c.redirect('/demo/', 301));

  app.get('/demo/', async (c) => {
    const config = c.get('config');
    const { rows: shops } = await c
      .get('db')
      .query<{ slug: string; name: string; currency: string; lang: string; login_required: boolean }>(
        'SELECT slug, name, currency, lang, login_required FROM websites ORDER BY id',
      );
    const shopRows = shops
      .map((shop) => {
        const url = storefrontUrl(config, shop.slug);
        return `<tr><td><a href="${escapeHtml(url)}/">${escapeHtml(shop.name)}</a></td><td><code>${escapeHtml(url)}/</code></td><td>${escapeHtml(shop.currency)}</td><td>${escapeHtml(shop.lang)}</td><td>${shop.login_required ? 'login required' : 'open shop'}</td><td>${config.shopOperatorSecret ? `<code>${escapeHtml(operatorKey(config.shopOperatorSecret, shop.slug))}</code>` : 'off'}</td></tr>`;
      })
      .join('\n');
    const accountRows = ACCOUNTS.map(
      ([email, shop, shows]) => `<tr><td><code>${email}</code></td><td>${shop}</td><td>${escapeHtml(shows)}</td></tr>`,
    ).join('\n');
    return c.html(
      htmlPage(
        'Storefront elements: demo',
        `<h1>Storefront elements: demo</h1>
<p>A white-label B2B ordering storefront shipped as custom elements, served with its reference provider API.</p>
<h2>Shops</h2>
<table><thead><tr><th scope="col">Shop</th><th scope="col">URL</th><th scope="col">Currency</th><th scope="col">Language</th><th scope="col">Access</th><th scope="col">Operator key (store designer)</th></tr></thead>
<tbody>${shopRows}</tbody></table>
<h2>Accounts</h2>
<p>Every account's password is <code>Passw0rd!</code>.</p>
<table><thead><tr><th scope="col">E-mail</th><th scope="col">Shop</th><th scope="col">What it shows</th></tr></thead>
<tbody>${accountRows}</tbody></table>
<h2>Demo pages</h2>
<ul>
<li><a href="/demo/designer.html">Store designer</a>: compose a shop's pages and preview them; with the shop's operator key (above; a new one at every start) save a draft and publish it.</li>
<li><a href="${escapeHtml(intranetUrl(config))}">Intranet page</a>: a company intranet with its own styles hosting the cart button, the catalogue and a product of globex, on its own origin: its links into the storefront carry the cart and, once you sign in on the page, the sign-in.</li>
<li><a href="${escapeHtml(intranetUrl(config, `${INTRANET_ORDERS_PATH}/`))}">Intranet orders page</a>: the same intranet with globex's login, cart, checkout and account on the page itself, calling the shop's API across origins.</li>
<li><a href="/demo/widgets.html">Widget kit</a>: every widget in both languages and all three button styles.</li>
</ul>
<h2>Tools</h2>
<ul>
<li><a href="/demo/outbox">Outbox</a>: e-mails the provider sent (password reset links, registration replies).</li>
<li><a href="/api/slug/website?slug=acme">Shop config of acme</a> (JSON, <code>GET /api/slug/website</code>).</li>
</ul>`,
      ),
    );
  });

  /**
   * A shop's whole saved config, members' content included, for the demo store designer
   * (demo/pages/designer.js), which edits every shop without signing in to it. A real designer is the
   * provider's own signed-in tool; this demo stand-in is never served in production, like the outbox.
   */
  app.get('/demo/website.json', async (c) => {
    const slug = c.req.query('slug') ?? '';
    const db = c.get('db');
    const { rows } = await db.query<WebsiteRow>('SELECT * FROM websites WHERE slug = $1', [slug]);
    const website = rows[0];
    if (!website) return c.json({ message: 'Store not found' }, 404);
    return c.json(await loadWebsiteConfig(db, website, true));
  });

  /**
   * A shop's operator key for the demo store designer, which fills it in so that its preview of a
   * login-required shop works at once (the key opens a preview session, routes/designer.ts). The demo
   * index shows the same keys; like it, never served in production, where an operator types the key.
   */
  app.get('/demo/operator-key.json', async (c) => {
    const secret = c.get('config').shopOperatorSecret;
    const slug = c.req.query('slug') ?? '';
    const { rows } = SLUG.test(slug) ? await c.get('db').query<{ slug: string }>('SELECT slug FROM websites WHERE slug = $1', [slug]) : { rows: [] };
    if (!secret || !rows[0]) return c.json({ message: 'Not found' }, 404);
    return c.json({ key: operatorKey(secret, rows[0].slug) });
  });

  // The intranet pages on any host but their shop's are an intranet of its own origin: their widgets
  // call the shop's API across origins and hand the cart and the sign-in over through their links into
  // the storefront (src/store/handoff-links.ts). On the shop's own host they are served as they are.
  app.get(INTRANET_PATH, serveIntranet('intranet.html'));
  app.get(INTRANET_ORDERS_PATH, (c) => c.redirect(`${INTRANET_ORDERS_PATH}/`, 301));
  app.get(`${INTRANET_ORDERS_PATH}/*`, serveIntranet('intranet-orders.html'));

  app.use('/demo/*', serveStatic({ root: path.relative(process.cwd(), PAGES_DIR) || '.', rewriteRequestPath: (p) => p.replace(/^\/demo/, '') }));
}
