import path from 'node:path';
import { createAdaptorServer, serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { describeSmtp, loadConfig, productionProblems, ROOT_DIR, storefrontUrl } from './config.ts';
import { openDb } from './db/index.ts';
import { httpServerOptions } from './http/timeouts.ts';
import { prepareDatabase } from './db/prepare.ts';
import { loadPlugins } from './plugins.ts';
import { startMailWorker } from './services/mailer.ts';
import { startHoldSweeper } from './services/payment-holds.ts';
import { startMaintenance } from './services/maintenance.ts';

/**
 * The reference server (`npm run serve`; built, `node dist-server/start.js`; `npm start` builds the
 * elements first, build/dev-start.ts). Serves the built `dist/` as it finds it and never builds: the
 * build is a dev-time tool, absent from a production install. Opens the database
 * (PGlite under .data/ by default, PostgreSQL with DATABASE_URL), applies migrations, seeds the demo
 * data on an empty database, and serves API, storage, demo pages and shop hosts. While it runs, unpaid
 * online payments whose hold ended are expired once a minute (their stock goes back), old rate-limit
 * events, contact-form attachments past their retention and registration requests whose confirmation
 * link expired are deleted every ten minutes, and with
 * SMTP_URL the mail worker delivers the outbox.
 * With NODE_ENV=production (docs/deploying.md): migrations only, never the demo data; no /demo routes;
 * start-up is refused with a clear message when SMTP_URL is missing.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const problems = productionProblems(config);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`[server] NODE_ENV=production: ${problem}`);
    console.error('[server] not started (docs/deploying.md lists the settings)');
    process.exit(1);
  }

  const db = await openDb({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir });
  // Migrations, then each plugin's preparation (the demo seeds an empty database); production has no
  // plugin, and its shops come from shop files (npm run provision -- --shop-file), never the demo's.
  const plugins = await loadPlugins(config);
  const applied = await prepareDatabase(db, plugins);
  if (applied.length) console.log(`[db] applied ${applied.join(', ')}`);

  const app = createApp({ db, config, plugins });
  const stopSweeper = startHoldSweeper(db);
  // The outbox is the mail queue: with SMTP_URL every instance delivers from it (rows are claimed, never sent twice).
  const mailWorker = config.smtpUrl ? startMailWorker(db, config) : undefined;
  // Old rate-limit events, attachments past their retention and expired unconfirmed registrations, every ten minutes.
  const stopMaintenance = startMaintenance(db, config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir.includes('://') ? `PGlite (${config.dataDir})` : `PGlite at ${path.relative(ROOT_DIR, config.dataDir)}`;
  const mail = config.smtpUrl ? `SMTP ${describeSmtp(config.smtpUrl)} from ${config.mailFrom}` : 'SMTP off (mails stay in the outbox)';
  const { rows: shops } = config.production ? await db.query<{ slug: string }>('SELECT slug FROM websites ORDER BY id') : { rows: [] };
  const serverOptions = httpServerOptions(config);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.hostname, serverOptions }, () => {
    if (config.production) {
      // No secrets here: the SMTP URL without its credentials, the database by kind only.
      console.log(`Storefront API ready in ${Date.now() - started} ms: production mode, ${where}, ${mail}, on ${config.hostname}:${config.port}`);
      console.log(`  designers allowed to frame the shops: ${config.designerOrigins.join(' ') || 'none'}`);
      console.log(shops.length > 0 ? `  shops: ${shops.map((shop) => `${storefrontUrl(config, shop.slug)}/`).join(' ')}` : '  no shops yet: load one with npm run provision -- --shop-file shop.json');
      return;
    }
    console.log(`Storefront demo ready in ${Date.now() - started} ms on ${where}, ${mail}:`);
    console.log(`  demo index   http://localhost:${config.port}/demo/`);
    for (const slug of ['acme', 'globex', 'initech']) console.log(`  ${slug.padEnd(12)} ${storefrontUrl(config, slug)}/`);
    console.log(`  outbox       http://localhost:${config.port}/demo/outbox`);
    console.log(`  API          http://localhost:${config.port}/api/slug/website?slug=acme`);
  });

  // Browsers may resolve <shop>.localhost to ::1 first: listen on IPv6 loopback too when serving loopback.
  const ipv6 = config.hostname === '127.0.0.1' ? createAdaptorServer({ fetch: app.fetch, serverOptions }) : undefined;
  ipv6?.on('error', () => undefined).listen(config.port, '::1');

  const shutdown = (signal: string) => {
    console.log(`[server] ${signal}: closing`);
    stopSweeper();
    stopMaintenance();
    server.close();
    ipv6?.close();
    // A mail being sent is finished (and marked) before the database closes.
    void Promise.resolve(mailWorker?.stop())
      .catch(() => undefined)
      .then(() => db.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[server] failed to start:', error);
  process.exit(1);
});
