import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { bodyLimit } from 'hono/body-limit';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR, type ServerConfig } from './config.ts';
import type { Db } from './db/index.ts';
import { authenticate } from './http/auth.ts';
import type { AppEnv } from './http/env.ts';
import { ApiError, fail } from './http/errors.ts';
import { text } from './http/messages.ts';
import { apiCors, securityHeaders, xsrf } from './http/security.ts';
import { registerAddressRoutes } from './routes/addresses.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerCatalogueRoutes } from './routes/catalogue.ts';
import { contactIpLimit, registerContactRoutes } from './routes/contact.ts';
import { registerCoordinatorRoutes } from './routes/coordinator.ts';
import { registerDeliveryRoutes } from './routes/delivery.ts';
import { registerOpenApiRoute } from './routes/openapi.ts';
import { previewScope } from './http/preview-scope.ts';
import { registerOrderRoutes } from './routes/orders.ts';
import { registerStorageRoutes } from './routes/storage.ts';
import { registerUserRoutes } from './routes/user.ts';
import { registerDesignerRoutes } from './routes/designer.ts';
import { registerDist } from './routes/dist.ts';
import { registerStorefrontPage } from './routes/storefront-page.ts';
import { homePath, paymentProvider, type ServerPlugin } from './plugin.ts';
import { registerWebsiteRoutes } from './routes/website.ts';

/** Largest request body: the contact form's 10 MB file plus form fields and multipart framing. */
const MAX_UPLOAD_BODY = 10_485_760 + 256 * 1024;
const MAX_JSON_BODY = 1024 * 1024;

/**
 * The reference provider: the spec's API (§7) and the contract of DESIGN.md §4 under `/api`, files
 * under `/storage`, the built bundle under `/dist`, the storefront page on every shop host, and the
 * routes of its `plugins` (the demo's under `/demo`, outside production only: server/plugins.ts).
 * It keeps no state in memory: everything lives in the database, so instances can run side by side.
 */
export function createApp(deps: { db: Db; config: ServerConfig; plugins?: readonly ServerPlugin[] }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const plugins = deps.plugins ?? [];
  const payment = paymentProvider(plugins);

  app.use('*', async (c, next) => {
    c.set('db', deps.db);
    c.set('config', deps.config);
    c.set('payment', payment);
    await next();
  });
  // API answers go out gzip-compressed to clients that accept them (at least 1 kB).
  // Not /dist (compressed at build time) nor /storage: compressing would turn its strong ETags weak,
  // and its conditional requests (304) compare them strongly.
  app.use('/api/*', compress());
  app.use('*', securityHeaders);
  app.use('/api/*', apiCors(deps.config));
  // The API's own document: public and cacheable, so answered before the XSRF cookie and the session are.
  registerOpenApiRoute(app);
  // Before the body limit, which reads a chunked body whole: a client over the contact form's per-IP
  // limit is refused before any of its upload is read.
  app.post('/api/contact-us', contactIpLimit);
  app.use('/api/*', async (c, next) => {
    const limit = c.req.path === '/api/contact-us' ? MAX_UPLOAD_BODY : MAX_JSON_BODY;
    return bodyLimit({ maxSize: limit, onError: () => fail(413, 'errors.payload_too_large') })(c, next);
  });
  app.use('/api/*', xsrf);
  app.use('/api/*', authenticate);
  app.use('/api/*', previewScope);

  registerWebsiteRoutes(app);
  registerDesignerRoutes(app);
  registerAuthRoutes(app);
  registerUserRoutes(app);
  registerCatalogueRoutes(app);
  registerAddressRoutes(app);
  registerDeliveryRoutes(app);
  registerOrderRoutes(app);
  registerCoordinatorRoutes(app);
  registerContactRoutes(app);
  registerStorageRoutes(app);
  for (const plugin of plugins) plugin.registerRoutes?.(app);
  const distDir = path.join(ROOT_DIR, 'dist');
  if (existsSync(distDir)) registerDist(app, distDir);
  registerStorefrontPage(app, { home: homePath(plugins) });

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ message: text('errors.not_found'), code: 'errors.not_found' }, 404);
    return c.text('Not found', 404);
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      if (error.status === 429 && typeof error.extra.retry_after === 'number') c.header('Retry-After', String(error.extra.retry_after));
      return c.json(error.toBody(), error.status);
    }
    // Anything else is a bug: log it, answer a generic JSON error, never a stack trace.
    console.error('[api] unexpected error on', c.req.method, c.req.path, error);
    return c.json({ message: text('errors.something_went_wrong'), code: 'errors.something_went_wrong' }, 500);
  });

  return app;
}
