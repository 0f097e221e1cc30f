import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { getCookie } from 'hono/cookie';
import { etag } from 'hono/etag';
import { AUTH_COOKIE } from '../../src/api/cookies.ts';
import { shopSlugFromHost } from '../../src/domain/tenant.ts';
import { ROOT_DIR, storefrontUrl, type ServerConfig } from '../config.ts';
import type { AppEnv, WebsiteRow } from '../http/env.ts';
import { cspNonce, liveChatOrigin, storefrontCsp } from '../http/csp.ts';
import { firstScreenHead, pageLang, readBuildManifest } from '../http/first-screen.ts';
import { escapeHtml, htmlPage } from '../http/html.ts';
import { sessionOfToken } from '../http/auth.ts';
import { loadVisibleWebsite, loadWebsiteConfig, SLUG } from './website.ts';
import { operatorKey } from '../services/operator-keys.ts';

const PAGES_DIR = path.join(ROOT_DIR, 'demo', 'pages');
/** The release the built bundle belongs to (package.json), served under `/dist/<version>/` too. */
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;
const STOREFRONT_PAGE = path.join(PAGES_DIR, 'storefront.html');

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

interface OutboxRow {
  id: number;
  to_email: string;
  subject: string;
  body: string;
  created_at: Date;
  slug: string | null;
}

/** Makes http(s) links in an escaped mail body clickable; nothing else becomes markup. */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

async function loadOutbox(c: Context<AppEnv>, limit: number): Promise<OutboxRow[]> {
  const { rows } = await c
    .get('db')
    .query<OutboxRow>(
      `SELECT o.id, o.to_email, o.subject, o.body, o.created_at, w.slug
         FROM outbox o LEFT JOIN websites w ON w.id = o.website_id
        ORDER BY o.id DESC LIMIT $1`,
      [limit],
    );
  return rows;
}

/**
 * Demo routes: the index of demo pages, the development outbox (every e-mail the provider "sent"),
 * static demo assets, the built bundle under /dist, and the storefront page on every shop host
 * (`http://<slug>.localhost:4173/…`), so deep links and reloads land on the storefront.
 * In production (`options.production`) only the bundle and the storefront page are served: every
 * `/demo/*` path is a 404.
 */
export function registerDemoRoutes(app: Hono<AppEnv>, options: { production: boolean }): void {
  if (!options.production) registerDemoPages(app);
  const distDir = path.join(ROOT_DIR, 'dist');
  if (existsSync(distDir)) registerDist(app, distDir);
  registerStorefrontPage(app, options);
}

/** The demo's own pages and tools under /demo (never in production). */
function registerDemoPages(app: Hono<AppEnv>): void {
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

  app.get('/demo/outbox', async (c) => {
    const mails = await loadOutbox(c, 100);
    const list = mails.length
      ? mails
          .map(
            (mail) => `<article class="mail" aria-labelledby="mail-${mail.id}">
<h2 id="mail-${mail.id}">${escapeHtml(mail.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.to_email)}</strong>${mail.slug ? ` · shop ${escapeHtml(mail.slug)}` : ''} · <time datetime="${mail.created_at.toISOString()}">${escapeHtml(mail.created_at.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></p>
<pre>${linkify(escapeHtml(mail.body))}</pre>
</article>`,
          )
          .join('\n')
      : '<p>No e-mails yet. Request a password reset or register in a shop, then reload this page.</p>';
    return c.html(htmlPage('Outbox', `<h1>Outbox</h1>\n<p><a href="/demo/">Back to the demo index</a></p>\n${list}`));
  });

  /** The outbox as JSON, for tests and scripts (newest first). */
  app.get('/demo/outbox.json', async (c) => {
    const mails = await loadOutbox(c, 200);
    return c.json(
      mails.map((mail) => ({
        id: mail.id,
        to: mail.to_email,
        subject: mail.subject,
        body: mail.body,
        shop: mail.slug,
        created_at: mail.created_at.toISOString(),
      })),
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

/**
 * Every other GET on a shop host is the storefront page (History-API routes, deep links, reloads),
 * sent with a Content-Security-Policy holding a fresh nonce (http/csp.ts): its bundle script carries
 * the nonce, and the elements give it to the shop's live-chat script. Only `DESIGNER_ORIGINS` may
 * frame it. The page carries what its first screen needs (http/first-screen.ts): the shop's config
 * as JSON, module preloads of the entry's and the first screen's chunks, the hero picture's preload.
 */
function registerStorefrontPage(app: Hono<AppEnv>, options: { production: boolean }): void {
  const distDir = path.join(ROOT_DIR, 'dist');
  app.get('*', async (c, next) => {
    const config = c.get('config');
    const url = new URL(c.req.url);
    const reserved = /^\/(api|storage|demo|dist)(\/|$)/.test(url.pathname);
    const slug = reserved ? null : shopSlugFromHost(c.req.header('host') ?? url.host, config.providerDomain);
    if (!slug) {
      if (url.pathname === '/' && !options.production) return c.redirect('/demo/', 302);
      return next();
    }
    if (!existsSync(STOREFRONT_PAGE)) return next();
    const db = c.get('db');
    const { rows } = await db.query<WebsiteRow>('SELECT * FROM websites WHERE slug = $1', [slug]);
    // The session cookie decides, as the bearer token does on the API: a member of a login-required shop
    // gets its whole config in the page, anyone else its guest view (issue 26).
    const session = rows[0] ? await sessionOfToken(db, getCookie(c, AUTH_COOKIE)) : null;
    const website = rows[0] ? await loadVisibleWebsite(db, rows[0], !options.production, session?.websiteId ?? null) : null;
    const head = firstScreenHead({ website, pathname: url.pathname, hasSession: session !== null && session.websiteId === website?.id, manifest: readBuildManifest(distDir) });
    const nonce = cspNonce();
    // A login-required shop's page differs by who asks: no shared cache may keep it.
    c.header('Cache-Control', website?.login_required ? 'private, no-cache' : 'no-cache');
    if (website?.login_required) c.header('Vary', 'Cookie');
    c.header('Content-Security-Policy', storefrontCsp(nonce, config.designerOrigins, website ? liveChatOrigin(website) : null));
    // The page names the designers allowed to preview it (exact origins, `designer-origins`).
    const page = readFileSync(STOREFRONT_PAGE, 'utf8')
      .replace('{{LANG}}', escapeHtml(pageLang(website)))
      .replace('{{DESIGNER_ORIGINS}}', escapeHtml(config.designerOrigins.join(' ')))
      .replaceAll('{{NONCE}}', escapeHtml(nonce))
      .replace('{{FIRST_SCREEN}}', () => head);
    return sendCompressed(c, page);
  });
}

/**
 * Sends an HTML page compressed when the browser accepts it (brotli, else gzip): the storefront page
 * carries the shop's config (about 10 kB of JSON for the demo shops), which on a slow link is worth
 * the fraction of a millisecond it takes to compress. Not through `hono/compress` on `*`: that would
 * also compress `/storage` (weakening its ETags).
 */
function sendCompressed(c: Context<AppEnv>, html: string): Response {
  const accepted = c.req.header('accept-encoding') ?? '';
  c.header('Vary', 'Accept-Encoding', { append: true });
  c.header('Content-Type', 'text/html; charset=UTF-8');
  if (/\bbr\b/.test(accepted)) {
    c.header('Content-Encoding', 'br');
    // Quality 5: within a few per cent of the best for a page this size, at a fraction of the time.
    return c.body(new Uint8Array(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })));
  }
  if (/\bgzip\b/.test(accepted)) {
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(gzipSync(html)));
  }
  return c.html(html);
}

/**
 * Whether a URL path names a dot-file or passes through a dot-folder (`/dist/.vite/manifest.json`),
 * once percent-decoded, with `\` read as `/` as some servers do; an undecodable path counts as hidden.
 */
export function isHiddenPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return decoded.split(/[\\/]/).some((segment) => segment.startsWith('.'));
}

/**
 * The built bundle, at `/dist/…` and at the release's own `/dist/<version>/…`: entry files at
 * `/dist/` revalidate, content-hashed chunks and everything under the version are cached for a year. Every file
 * may be read from any origin: an intranet on another host loads the elements with
 * `<script type="module" src="…/dist/cart-button.js">`, and module scripts and the fonts their CSS
 * declares are fetched in CORS mode (without credentials, so `*` is enough), which a file without
 * `Access-Control-Allow-Origin` fails.
 */
export function registerDist(app: Hono<AppEnv>, distDir: string): void {
  // The build's own files beside the bundle (`.vite/manifest.json`, the map of every source module to
  // its chunk) and any other dot-file or dot-folder are for the server, not for browsers: 404, however
  // the path is spelt (`%2e`, `%2f`, a backslash, under `/dist/<version>/`).
  app.use('/dist/*', async (c, next) => {
    if (isHiddenPath(new URL(c.req.url).pathname)) return c.notFound();
    await next();
  });
  const revalidate = etag();
  app.use('/dist/*', async (c, next) => {
    // Entry files keep their names, so browsers revalidate them (an ETag makes that a 304 without a
    // body); everything else is content-hashed by the build or under the release's version
    // (`/dist/1.0.0/cart-button.js`), and cached for a year.
    const entry = /\/dist\/[\w-]+\.js$/.test(c.req.path);
    await (entry ? revalidate(c, next) : next());
    if (!c.res.ok && c.res.status !== 304) return;
    c.header('Cache-Control', entry ? 'no-cache' : 'public, max-age=31536000, immutable');
    c.header('Access-Control-Allow-Origin', '*');
  });
  // The release's own path, `/dist/<version>/…`, for pages that pin a version (with `integrity`,
  // dist/integrity.json): the same files, every one of them immutable, entries included.
  const versioned = `/dist/${PACKAGE_VERSION}`;
  app.use(`${versioned}/*`, serveStatic({ root: path.relative(process.cwd(), distDir) || '.', precompressed: true, rewriteRequestPath: (p) => p.slice(versioned.length) }));
  // The build writes brotli and gzip copies beside each file (build/precompress.ts).
  app.use('/dist/*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.', precompressed: true, rewriteRequestPath: (p) => p.replace(/^\/dist/, '') }));
}
