import type { Hono } from 'hono';
import { etag } from 'hono/etag';
import document from '../../docs/openapi.json' with { type: 'json' };
import type { AppEnv } from '../http/env.ts';

/** Where the API's OpenAPI document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

/** The document as sent: `docs/openapi.json` (written by build/openapi.ts), bundled into the server build. */
const BODY = JSON.stringify(document);

/** A public file that changes only with a release: any cache may keep it for an hour, then revalidate. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document of this API, the same for everyone. app.ts
 * registers it before the API's XSRF cookie, authentication and body checks, so it reads no
 * credentials and sets no cookie (a cached copy must not hand one out); its ETag turns a
 * revalidation into a 304 without a body.
 */
export function registerOpenApiRoute(app: Hono<AppEnv>): void {
  app.get(OPENAPI_PATH, etag(), (c) => {
    c.header('Cache-Control', CACHE_CONTROL);
    return c.body(BODY, 200, { 'Content-Type': 'application/json' });
  });
}
