import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Files change only with a new seed or upload under a new name, so a day of caching is safe. */
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * Stops a file opened directly from running anything: an SVG with a `<script>` or an event handler
 * is shown as a picture only. Inline styles stay allowed because SVG artwork commonly uses them.
 */
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const PREFIX = '/storage/';
const MAX_PATH_LENGTH = 500;

/**
 * The `files.path` a request path names, or null when it is not a plain relative path: traversal
 * (`..`, also percent-encoded), backslashes, NUL and other control characters, empty or `.` segments
 * and undecodable escapes are all refused. Files live in the database, so no path can reach the disk;
 * refusing these anyway keeps the rule simple should storage ever move to a folder.
 */
export function storagePath(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  let path: string;
  try {
    path = decodeURIComponent(pathname.slice(PREFIX.length));
  } catch {
    return null;
  }
  if (path === '' || path.length > MAX_PATH_LENGTH) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(path)) return null;
  if (path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return path;
}

/** A strong validator from the bytes themselves, so equal content always gets the same ETag. */
function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/** Whether an `If-None-Match` header (a list, possibly weak tags or `*`) matches `etag`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

function notFound(c: Context<AppEnv>): Response {
  return c.text('Not found', 404);
}

/**
 * `GET /storage/*`: product images, logos and other files kept in the `files` table (so every
 * instance serves the same ones). Public and cacheable, with an ETag for cheap revalidation.
 */
export function registerStorageRoutes(app: Hono<AppEnv>): void {
  app.get('/storage/*', async (c) => {
    // The raw path, not a decoded one: decoding is done once, here, before the checks.
    const path = storagePath(new URL(c.req.url).pathname);
    if (path === null) return notFound(c);
    const { rows } = await c
      .get('db')
      .query<{ content_type: string; data: Uint8Array }>('SELECT content_type, data FROM files WHERE path = $1', [path]);
    const file = rows[0];
    if (!file) return notFound(c);

    const bytes = new Uint8Array(file.data);
    const etag = etagOf(bytes);
    c.header('ETag', etag);
    c.header('Cache-Control', CACHE_CONTROL);
    c.header('X-Content-Type-Options', 'nosniff');
    // PDF viewers break under `default-src 'none'`; a PDF cannot script the page anyway.
    if (!file.content_type.toLowerCase().startsWith('application/pdf')) c.header('Content-Security-Policy', FILE_CSP);
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    c.header('Content-Type', file.content_type);
    return c.body(bytes, 200);
  });
}
