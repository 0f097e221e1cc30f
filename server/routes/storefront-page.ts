import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { AUTH_COOKIE, shopSlugFromHost } from '../shared.ts';
import { ROOT_DIR } from '../config.ts';
import type { AppEnv, WebsiteRow } from '../http/env.ts';
import { cspNonce, liveChatOrigin, storefrontCsp } from '../http/csp.ts';
import { firstScreenHead, pageLang, readBuildManifest } from '../http/first-screen.ts';
import { escapeHtml } from '../http/html.ts';
import { pageCacheHeaders, pageOrigin, storefrontPageMeta } from '../http/page-meta.ts';
import { requestIsHttps } from '../http/security.ts';
import { robotsTxt } from '../http/robots.ts';
import { sessionOfToken } from '../http/auth.ts';
import { loadRenderer, ownOrigin, renderedElementContent, type RenderResult } from '../http/server-render.ts';
import { loadVisibleWebsite } from './website.ts';

/** Where the page's `<shop-storefront>` ends: its server-rendered content goes just before. */
const ELEMENT_END = '</shop-storefront>';

/** The storefront's HTML page, filled per request (server/pages/storefront.html). */
const STOREFRONT_PAGE = path.join(ROOT_DIR, 'server', 'pages', 'storefront.html');

/**
 * Every other GET on a shop host is the storefront page (History-API routes, deep links, reloads),
 * sent with a Content-Security-Policy holding a fresh nonce (http/csp.ts): its bundle script carries
 * the nonce, and the elements give it to the shop's live-chat script. Only `DESIGNER_ORIGINS` may
 * frame it. The page carries what its first screen needs (http/first-screen.ts): the shop's config
 * as JSON, module preloads of the entry's and the first screen's chunks, the hero picture's preload.
 * `options.home`: where `/` on the provider's own host redirects (the demo index outside production).
 */
export function registerStorefrontPage(app: Hono<AppEnv>, options: { home: string | null }): void {
  const distDir = path.join(ROOT_DIR, 'dist');
  app.get('*', async (c, next) => {
    const config = c.get('config');
    const url = new URL(c.req.url);
    const reserved = /^\/(api|storage|demo|dist)(\/|$)/.test(url.pathname);
    const slug = reserved ? null : shopSlugFromHost(c.req.header('host') ?? url.host, config.providerDomain);
    if (!slug) {
      if (url.pathname === '/' && options.home) return c.redirect(options.home, 302);
      return next();
    }
    const db = c.get('db');
    const { rows } = await db.query<WebsiteRow>('SELECT * FROM websites WHERE slug = $1', [slug]);
    if (url.pathname === '/robots.txt') {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(robotsTxt(rows[0] !== undefined && !rows[0].login_required));
    }
    if (!existsSync(STOREFRONT_PAGE)) return next();
    // The session cookie decides, as the bearer token does on the API: a member of a login-required shop
    // gets its whole config in the page, anyone else its guest view.
    const cookie = getCookie(c, AUTH_COOKIE);
    const session = rows[0] ? await sessionOfToken(db, cookie) : null;
    const website = rows[0] ? await loadVisibleWebsite(db, rows[0], c.get('payment') !== null, session?.websiteId ?? null) : null;
    const hasSession = session !== null && session.websiteId === website?.id;
    const head = firstScreenHead({ website, pathname: url.pathname, hasSession, manifest: readBuildManifest(distDir) });
    // The page's title, description, canonical URL and product data (http/page-meta.ts).
    const meta = await storefrontPageMeta(db, { website, url, origin: pageOrigin(requestIsHttps(c), c.req.header('host') ?? url.host), hasSession });
    const nonce = cspNonce();
    const cache = pageCacheHeaders({ loginRequired: website?.login_required === true, sessionCookie: cookie !== undefined });
    c.header('Cache-Control', cache.cacheControl);
    c.header('Vary', cache.vary);
    c.header('Content-Security-Policy', storefrontCsp(nonce, config.designerOrigins, website ? liveChatOrigin(website) : null));
    // The page names the designers allowed to preview it (exact origins, `designer-origins`).
    const page = readFileSync(STOREFRONT_PAGE, 'utf8')
      .replace('{{LANG}}', escapeHtml(pageLang(website)))
      .replace('{{DESIGNER_ORIGINS}}', escapeHtml(config.designerOrigins.join(' ')))
      .replaceAll('{{NONCE}}', escapeHtml(nonce))
      // One pass for the two holding shop texts: a shop's name spelling the other placeholder is not filled in.
      .replace(/\{\{(PAGE_META|FIRST_SCREEN)\}\}/g, (_, name: string) => (name === 'PAGE_META' ? meta : head));
    const apiOrigin = ownOrigin(c);
    // A page loaded into a frame may be a store designer's preview, which the browser renders from
    // what the designer sends: the server's render would only be thrown away.
    const framed = c.req.header('sec-fetch-dest') === 'iframe';
    const renderer = website && config.serverRender && apiOrigin && !framed ? await loadRenderer(config.serverRendererDir) : null;
    if (!website || !renderer || !apiOrigin) return sendCompressed(c, page);
    const token = hasSession ? (cookie ?? null) : null;
    let rendered: RenderResult;
    try {
      rendered = await renderer.renderStorefront({ website, path: `${url.pathname}${url.search}`, lang: pageLang(website), token, apiOrigin });
    } catch (error) {
      console.error('[server-render] a render failed; the browser renders the page', error);
      return sendCompressed(c, page);
    }
    // Where the storefront's guards or routes would send the browser, the server sends it: no page in between.
    if (rendered.kind === 'redirect') return c.redirect(rendered.to, 302);
    if (rendered.kind === 'client') return sendCompressed(c, page);
    const closing = page.indexOf(ELEMENT_END);
    const screen = rendered.screen.then(
      (done) => renderedElementContent(done, pageLang(website)),
      (error: unknown) => {
        console.error('[server-render] a screen failed; the browser renders it', error);
        return '';
      },
    );
    // The head (preloads, the shop's config) goes out before the screen is rendered.
    return streamCompressed(c, page.slice(0, closing), screen.then((content) => `${content}${page.slice(closing)}`));
  });
}

/** Brotli quality 5: within a few per cent of the best for a page this size, at a fraction of the time. */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * How an HTML page goes out to this browser: brotli, else gzip, else as it is; sets the headers that
 * say so. The storefront page carries the shop's config (about 10 kB of JSON for the demo shops),
 * which on a slow link is worth the fraction of a millisecond it takes to compress. Not through
 * `hono/compress` on `*`: that would also compress `/storage` (weakening its ETags).
 */
function htmlEncoding(c: Context<AppEnv>): 'br' | 'gzip' | null {
  const accepted = c.req.header('accept-encoding') ?? '';
  c.header('Vary', 'Accept-Encoding', { append: true });
  c.header('Content-Type', 'text/html; charset=UTF-8');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (encoding) c.header('Content-Encoding', encoding);
  return encoding;
}

/** Sends an HTML page at once, compressed as {@link htmlEncoding} chose. */
function sendCompressed(c: Context<AppEnv>, html: string): Response {
  const encoding = htmlEncoding(c);
  if (encoding === 'br') return c.body(new Uint8Array(brotliCompressSync(html, BROTLI_OPTIONS)));
  if (encoding === 'gzip') return c.body(new Uint8Array(gzipSync(html)));
  return c.body(html);
}

/**
 * Sends an HTML page in two parts as they are ready, compressed as {@link htmlEncoding} chose and
 * flushed after the first: the browser starts on the head's preloads while the server still renders.
 * A browser that goes away meanwhile (a navigation, a closed tab) cancels the stream: what the
 * compressor still gives is dropped, never written to a closed stream.
 */
function streamCompressed(c: Context<AppEnv>, first: string, rest: Promise<string>): Response {
  const encoding = htmlEncoding(c);
  const text = new TextEncoder();
  const encoder = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : encoding === 'gzip' ? createGzip() : null;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const push = (bytes: Uint8Array) => {
        if (open) controller.enqueue(bytes);
      };
      const finish = (error?: unknown) => {
        if (!open) return;
        open = false;
        if (error === undefined) controller.close();
        else controller.error(error);
      };
      if (!encoder) {
        push(text.encode(first));
        push(text.encode(await rest));
        finish();
        return;
      }
      encoder.on('data', (chunk: Buffer) => push(new Uint8Array(chunk)));
      encoder.on('end', () => finish());
      encoder.on('error', (error) => finish(error));
      encoder.write(first);
      encoder.flush(encoding === 'br' ? zlibConstants.BROTLI_OPERATION_FLUSH : zlibConstants.Z_SYNC_FLUSH);
      const tail = await rest;
      if (open) encoder.end(tail);
    },
    cancel() {
      open = false;
      encoder?.destroy();
    },
  });
  return c.body(body);
}
