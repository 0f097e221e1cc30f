import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { etag } from 'hono/etag';
import { ROOT_DIR } from '../config.ts';
import type { AppEnv } from '../http/env.ts';

/** The release the built bundle belongs to (package.json), served under `/dist/<version>/` too. */
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;

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
