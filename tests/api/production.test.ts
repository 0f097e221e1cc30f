import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebsiteSchema } from '../../src/contract/contract.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig, productionProblems, ROOT_DIR, type ServerConfig } from '../../server/config.ts';
import { openDb, type Db } from '../../server/db/index.ts';
import { prepareDatabase } from '../../server/db/prepare.ts';
import { loadPlugins } from '../../server/plugins.ts';
import { liveChatOrigin, storefrontCsp } from '../../server/http/csp.ts';
import { loadShop, parseShopFile, ShopFileError } from '../../server/provisioning/shop-file.ts';
import { hashToken, newToken } from '../../server/services/tokens.ts';
import { DEMO_PASSWORD, httpClient, startTestServer, TEST_DATABASE_URL, type HttpClient, type TestServer } from './harness.ts';

/**
 * Production mode (NODE_ENV=production, issue 17): the server prepares its database as start.ts does
 * (`prepareDatabase`: migrations, no demo data), serves no `/demo/*` route and no demo payment
 * provider, and gets its shop from the committed example shop file through the seed CLI's loader.
 * The storefront page carries a CSP with a fresh nonce and `frame-ancestors` from DESIGNER_ORIGINS.
 */
const EXAMPLE = path.join(ROOT_DIR, 'docs', 'examples', 'shop.json');
const DESIGNER = 'https://designer.example';
const example = () => JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Record<string, any>;

interface ProductionServer extends HttpClient {
  db: Db;
  config: ServerConfig;
  close(): Promise<void>;
}

async function startProductionServer(): Promise<ProductionServer> {
  const schema = TEST_DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    production: true,
    port: 0,
    databaseUrl: TEST_DATABASE_URL,
    databaseSchema: schema,
    dataDir: 'memory://',
    providerDomain: 'localhost',
    designerOrigins: [DESIGNER],
    smtpUrl: 'smtp://127.0.0.1:1',
  });
  const db = await openDb({ databaseUrl: config.databaseUrl, schema, dataDir: config.dataDir });
  const plugins = await loadPlugins(config);
  await prepareDatabase(db, plugins);
  const app = createApp({ db, config, plugins });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  config.port = (server.address() as AddressInfo).port;
  const client = httpClient(`http://127.0.0.1:${config.port}`, {});
  return {
    ...client,
    db,
    config,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (schema) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}

/** A GET with its own Host header (fetch cannot set one): the storefront page of a shop host. */
async function shopPage(server: { config: ServerConfig }, host: string, pathname = '/'): Promise<{ status: number; csp: string | null; html: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.config.port, path: pathname, headers: { host } }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (html += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, csp: (res.headers['content-security-policy'] as string | undefined) ?? null, html }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The problems a shop file is refused with (none: accepted). */
function problemsOf(value: unknown): string[] {
  try {
    parseShopFile(value);
  } catch (error) {
    if (error instanceof ShopFileError) return error.problems;
    throw error;
  }
  return [];
}

/** Runs the seed CLI with `args`; its exit code and everything it printed. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/seed/cli.ts', ...args], { cwd: ROOT_DIR, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** A session of shop `websiteId`'s first member, made in the database (the shop's new coordinator has no password yet). */
async function memberToken(db: Db, websiteId: number): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO sessions (user_id, website_id, token_hash, expires_at)
     SELECT user_id, website_id, $2, now() + interval '1 hour' FROM website_users WHERE website_id = $1 ORDER BY user_id LIMIT 1`,
    [websiteId, hashToken(token)],
  );
  return token;
}

describe('production mode', () => {
  let server: ProductionServer;
  let northwindId: number;

  beforeAll(async () => {
    server = await startProductionServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('should seed no demo data: no shop, no account, and the published demo password opens nothing', async () => {
    const { rows } = await server.db.query<{ shops: number; users: number }>('SELECT (SELECT count(*) FROM websites)::int AS shops, (SELECT count(*) FROM users)::int AS users');
    expect(rows[0]).toEqual({ shops: 0, users: 0 });
    expect((await server.json('/api/slug/website?slug=acme')).status).toBe(404);
  });

  it('should load the example shop file through the seed CLI loader, and answer its config', async () => {
    const loaded = await loadShop(server.db, parseShopFile(readFileSync(EXAMPLE, 'utf8'), EXAMPLE), server.config);
    northwindId = loaded.websiteId;
    expect(loaded).toMatchObject({ slug: 'northwind', pages: 4, deliveryMethods: 3, coordinator: 'coordinator@northwind.example', newAccount: true });

    // A login-required shop shows its pages to its members only (issue 26): its new coordinator asks.
    const guest = await server.json('/api/slug/website?slug=northwind');
    expect(v.parse(WebsiteSchema, guest.body).guest_view).toBe(true);
    const { status, body } = await server.json('/api/slug/website?slug=northwind', { token: await memberToken(server.db, northwindId) });
    expect(status).toBe(200);
    const website = v.parse(WebsiteSchema, body);
    expect(website).toMatchObject({ id: northwindId, name: 'Northwind Traders', currency: 'PLN', payment_type: 'invoice', is_gross: true, registration_type: 'invoice_form' });
    expect(website.settings).toMatchObject({ accent_colour: '#0f766e', button_style: 'medium' });
    expect(website.paymentMethods.map((method) => method.code)).toEqual(['invoice']);
    expect(website.pages.map((page) => [page.slug, page.type, page.is_deletable])).toEqual([
      ['homepage', 'homepage', 0],
      ['privacy-policy', 'content', 0],
      ['terms-of-use', 'content', 0],
      ['about-us', 'content', 1],
      ['cart', 'pseudo', 0],
      ['delivery-addresses', 'pseudo', 0],
      ['payment-methods', 'pseudo', 0],
      ['summary', 'pseudo', 0],
      ['order-confirmation', 'pseudo', 0],
    ]);
  });

  it('should refuse the demo accounts with the demo password in the loaded shop', async () => {
    const { status } = await server.json('/api/login', { body: { email: 'buyer@acme.test', password: DEMO_PASSWORD, website_id: northwindId } });
    expect([401, 422]).toContain(status);
  });

  it('should mail the coordinator a link to choose a password (never a password), which works once under the password policy', async () => {
    const { rows } = await server.db.query<{ to_email: string; subject: string; body: string }>('SELECT to_email, subject, body FROM outbox ORDER BY id');
    expect(rows).toHaveLength(1);
    const mail = rows[0]!;
    expect(mail).toMatchObject({ to_email: 'coordinator@northwind.example', subject: 'Northwind Traders: choose your password' });
    expect(mail.body).toContain('https://northwind.localhost/new-password?token=');
    const token = decodeURIComponent(/[?&]token=([^&\s]+)/.exec(mail.body)![1]!);
    const reset = (password: string) =>
      server.json('/api/resetPassword', { body: { website_id: northwindId, email: 'coordinator@northwind.example', token, password, password_confirmation: password } });

    expect((await reset('weakpass')).status).toBe(422);
    expect((await reset('N0rthwind-Start')).status).toBe(200);
    const login = await server.json('/api/login', { body: { email: 'coordinator@northwind.example', password: 'N0rthwind-Start', website_id: northwindId } });
    expect(login.status).toBe(200);
    const me = await server.json(`/api/user?website_id=${northwindId}`, { token: login.body.access_token });
    expect(me.body).toMatchObject({ email: 'coordinator@northwind.example', role: 'coordinator' });
  });

  it('should answer 404 on every /demo route: pages, outbox, designer, intranet, demo payment provider', async () => {
    for (const pathname of ['/demo', '/demo/', '/demo/outbox', '/demo/outbox.json', '/demo/operator-key.json?slug=northwind', '/demo/website.json?slug=northwind', '/demo/designer.html', '/demo/intranet.html', '/demo/widgets.html', '/demo/demo.css', '/demo/pay/NORTHWIND-000001?token=x']) {
      const response = await server.request(pathname, { headers: { accept: 'text/html' } });
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 404 });
    }
    const pay = await server.request('/demo/pay/NORTHWIND-000001', { method: 'POST', body: 'action=pay&token=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(pay.status).toBe(404);
    // The bare provider host no longer sends visitors to the demo index.
    const root = await server.request('/', { headers: { accept: 'text/html' } });
    expect(root.status).toBe(404);
    // On a shop host too.
    expect((await shopPage(server, `northwind.localhost:${server.config.port}`, '/demo/outbox')).status).toBe(404);
  });

  it('should neither offer nor take online payment (no provider in production)', async () => {
    await server.db.query(`INSERT INTO payment_methods (website_id, code, name, position) VALUES ($1, 'online', 'Online payment', 9)`, [northwindId]);
    const website = await server.json('/api/slug/website?slug=northwind', { token: await memberToken(server.db, northwindId) });
    expect(website.body.paymentMethods.map((method: { code: string }) => method.code)).toEqual(['invoice']);
    const login = await server.json('/api/login', { body: { email: 'coordinator@northwind.example', password: 'N0rthwind-Start', website_id: northwindId } });
    const methods = await server.json('/api/payment', { body: { website_id: northwindId }, token: login.body.access_token });
    expect(methods.status).toBe(200);
    expect(methods.body.map((method: { code: string }) => method.code)).toEqual(['invoice']);
    const order = await server.json('/api/order', {
      token: login.body.access_token,
      headers: { 'idempotency-key': 'production-online-1' },
      body: {
        website_id: northwindId,
        items: [{ product_id: 1, variant_id: 1, quantity: 1 }],
        delivery_method_id: 1,
        billing_same_as_delivery: true,
        payment_method: 'online',
        contact: { name: 'Maria', surname: 'Anders', email: 'coordinator@northwind.example', phone: '+48 600 700 800' },
        comment: '',
      },
    });
    expect(order.status).toBe(422);
    expect(order.body.code).toBe('errors.payment_method');
  });

  it('should send the storefront page with a CSP: a fresh nonce on its script, frame-ancestors from DESIGNER_ORIGINS', async () => {
    // Northwind requires login: a guest's page is its login screen (the server sends the others' 302 to it).
    const first = await shopPage(server, `northwind.localhost:${server.config.port}`, '/login');
    const second = await shopPage(server, `northwind.localhost:${server.config.port}`, '/login?redirect=%2Fproducts');
    expect(first.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(first.csp ?? '')?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.csp).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' https:; font-src 'self'; frame-src 'self'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors ${DESIGNER}`,
    );
    expect(first.html).toContain(`<script type="module" nonce="${nonce}" src="/dist/storefront.js"></script>`);
    expect(first.html).toContain(`designer-origins="${DESIGNER}"`);
    expect(first.html).toContain('<script type="application/json" id="shop-config" data-slug="northwind">');
    expect(first.html).not.toContain('{{');
    expect(second.csp).not.toContain(nonce);
  });

  it('should refuse the shop file of a slug already taken, changing nothing', async () => {
    const before = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pages');
    await expect(loadShop(server.db, parseShopFile(example()), server.config)).rejects.toThrow(/slug: a shop "northwind" already exists/);
    const after = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pages');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('should make an existing account coordinator of a second shop without touching its password or mailing a link', async () => {
    const second = { ...example(), slug: 'northwind-b2b', name: 'Northwind B2B', coordinator: { ...example().coordinator, email: 'Coordinator@Northwind.example' } };
    const loaded = await loadShop(server.db, parseShopFile(second), server.config);
    expect(loaded.newAccount).toBe(false);
    const login = await server.json('/api/login', { body: { email: 'coordinator@northwind.example', password: 'N0rthwind-Start', website_id: loaded.websiteId } });
    expect(login.status).toBe(200);
    const { rows } = await server.db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE website_id = $1', [loaded.websiteId]);
    expect(rows).toEqual([expect.objectContaining({ subject: 'Northwind B2B: you are its coordinator' })]);
    expect(rows[0]!.body).not.toContain('token=');
  });
});

describe('the shop file', () => {

  it('should accept the committed example', () => {
    expect(problemsOf(example())).toEqual([]);
  });

  it('should name each wrong field', () => {
    const file = example();
    file.coordinator.email = 'not an address';
    file.delivery_methods[1].pickup_address = undefined;
    file.payment_methods[0].code = 'online';
    file.login_requird = false;
    file.settings.button_style = 'pill';
    const problems = problemsOf(file);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^coordinator\.email: the e-mail must be an address/),
        expect.stringMatching(/^delivery_methods\.1\.pickup_address: a self_pickup method needs its pickup_address/),
        expect.stringMatching(/^payment_methods\.0\.code: code must be invoice or budget \(online needs a payment provider/),
        expect.stringMatching(/^login_requird: /),
        expect.stringMatching(/^settings\.button_style: button_style must be round, medium or square/),
      ]),
    );
  });

  it('should refuse a password in the file: the coordinator chooses it through the mailed link', () => {
    const file = example();
    file.coordinator.password = 'Sup3rSecret!';
    const problems = problemsOf(file);
    expect(problems).toEqual([expect.stringMatching(/^coordinator\.password: /)]);
    expect(problems.join('\n')).not.toContain('Sup3rSecret!');
  });

  it('should refuse a points shop paying by invoice, a missing homepage and bad JSON', () => {
    expect(problemsOf({ ...example(), currency: 'pkt' })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^payment_methods: a points shop/), expect.stringMatching(/^registration_type: /)]),
    );
    expect(problemsOf({ ...example(), pages: example().pages.slice(1) })).toEqual([expect.stringMatching(/^pages: pages must hold exactly one page of type homepage/)]);
    expect(() => parseShopFile('{"slug": ', 'shop.json')).toThrow(/shop\.json is not a usable shop:\n {2}- not valid JSON/);
  });
});

describe('the seed CLI with --shop-file', () => {

  it('should refuse a bad file with the field named and exit 1, before touching any database', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-file-'));
    const file = path.join(dir, 'shop.json');
    writeFileSync(file, JSON.stringify({ ...example(), currency: 'euro' }));
    const { code, out } = await runCli(['--shop-file', file], { NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(out).toContain(`${file} is not a usable shop:`);
    expect(out).toContain('currency: the currency must be pkt (a points shop) or an ISO code such as PLN');
  }, 30_000);

  it('should refuse to seed the demo data in production', async () => {
    const { code, out } = await runCli([], { NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(out).toContain('NODE_ENV=production: the demo data is never seeded');
  }, 30_000);
});

describe('production start-up', () => {
  it('should refuse to start without SMTP_URL, saying so', async () => {
    expect(productionProblems(loadConfig({ production: true, smtpUrl: undefined }))).toEqual([expect.stringMatching(/^SMTP_URL is not set/)]);
    expect(productionProblems(loadConfig({ production: true, smtpUrl: 'http://mail.example' }))).toEqual(['SMTP_URL must start with smtp:// or smtps://']);
    expect(productionProblems(loadConfig({ production: true, smtpUrl: 'smtp://u:p@mail.example:587' }))).toEqual([]);
    expect(productionProblems(loadConfig({ production: false, smtpUrl: undefined }))).toEqual([]);

    const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
        cwd: ROOT_DIR,
        env: { ...process.env, NODE_ENV: 'production', SMTP_URL: '', PORT: '4339', PGLITE_DIR: 'memory://', DATABASE_URL: '' },
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('close', (exit) => resolve({ code: exit, out: text }));
    });
    expect(code).toBe(1);
    expect(out).toContain('[server] NODE_ENV=production: SMTP_URL is not set');
  }, 30_000);

  it('should start in production with SMTP_URL and log the mode, database and SMTP host without secrets', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      cwd: ROOT_DIR,
      env: { ...process.env, NODE_ENV: 'production', SMTP_URL: 'smtp://mailer:s3cret-pw@127.0.0.1:1', PORT: '4338', PGLITE_DIR: 'memory://', DATABASE_URL: '', DESIGNER_ORIGINS: '' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      // A cold start (tsx compiling the server, PGlite starting, migrations) took 20 s on a loaded 2-core run.
      await expect.poll(() => out, { timeout: 50_000, interval: 100 }).toContain('Storefront API ready');
      expect(out).toContain('production mode, PGlite (memory://), SMTP smtp://127.0.0.1:1 from no-reply@localhost');
      expect(out).toContain('designers allowed to frame the shops: none');
      expect(out).toContain('no shops yet');
      expect(out).not.toContain('s3cret-pw');
      expect(out).not.toContain('mailer:');
      const demo = await fetch('http://127.0.0.1:4338/demo/outbox');
      expect(demo.status).toBe(404);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('close', resolve));
    }
  }, 60_000);
});

/** The `lang` of a page's `<html>`. */
const htmlLang = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];

describe('the storefront page in development', () => {
  let dev: TestServer;
  beforeAll(async () => {
    dev = await startTestServer({ designerOrigins: ['http://localhost:4173'] });
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('should carry the CSP too, letting the demo designer origin frame the shop', async () => {
    const page = await shopPage(dev, `acme.localhost:${dev.config.port}`, '/');
    expect(page.status).toBe(200);
    expect(page.csp).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/=]+'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' https:; font-src 'self'; frame-src 'self'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors http:\/\/localhost:4173$/);
    // The demo's own pages stay.
    expect((await dev.request('/demo/outbox.json')).status).toBe(200);
  });

  it("should carry the shop's config as the API answers it, and the hero's preload on the homepage (issue 20)", async () => {
    // globex is an open shop: a guest sees its homepage (acme's guests are sent to the login first).
    const page = await shopPage(dev, `globex.localhost:${dev.config.port}`, '/');
    const inline = /<script type="application\/json" id="shop-config" data-slug="globex">([^<]*)<\/script>/.exec(page.html);
    expect(inline).not.toBeNull();
    const api = await dev.json('/api/slug/website?slug=globex');
    expect(JSON.parse(inline?.[1] ?? '')).toEqual(api.body);
    expect(v.safeParse(WebsiteSchema, JSON.parse(inline?.[1] ?? '')).success).toBe(true);
    // The hero as the homepage's <img> asks for it; a data block needs no nonce, the one script keeps it.
    const hero = (api.body.pages as { type: string; content: { blocks?: { type: string; image: string }[] } }[]).find((p) => p.type === 'homepage')?.content.blocks?.[0];
    expect(hero?.type).toBe('hero');
    expect(page.html).toContain(`<link rel="preload" as="image" href="/storage/${hero?.image}" fetchpriority="high">`);
    expect(page.html.match(/<script type="module"/g)).toHaveLength(1);
    expect(page.html).not.toContain('{{');
    // Compressed for a browser that accepts it (the config makes the page about 10 kB).
    const { request } = await import('node:http');
    const { brotliDecompressSync } = await import('node:zlib');
    const compressed = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: dev.config.port, path: '/', headers: { host: `globex.localhost:${dev.config.port}`, 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(compressed.encoding).toBe('br');
    expect(brotliDecompressSync(compressed.body).toString()).toContain('id="shop-config" data-slug="globex"');
    // An unknown shop's page carries no config: the client asks and shows Store not found.
    const unknown = await shopPage(dev, `nosuch.localhost:${dev.config.port}`, '/');
    expect(unknown.html).not.toContain('shop-config');
  });

  it("should serve each shop's page in the shop's language: <html lang> pl for initech, en for globex and an unknown shop", async () => {
    expect(htmlLang((await shopPage(dev, `initech.localhost:${dev.config.port}`, '/products')).html)).toBe('pl');
    expect(htmlLang((await shopPage(dev, `globex.localhost:${dev.config.port}`, '/')).html)).toBe('en');
    expect(htmlLang((await shopPage(dev, `nosuch.localhost:${dev.config.port}`, '/')).html)).toBe('en');
  });

  it("should say frame-ancestors 'none' without designers, and drop anything that is not an exact origin", () => {
    expect(storefrontCsp('n', [])).toContain("frame-ancestors 'none'");
    expect(storefrontCsp('n', ['https://ok.example', 'https://bad.example/path', "https://x.example; script-src *", '*'])).toContain('frame-ancestors https://ok.example');
    expect(storefrontCsp('n', ['https://bad.example/path'])).toContain("frame-ancestors 'none'");
  });

  it("should let a live chat on another https origin connect, frame, style and load fonts from there, and nothing else widen (issue 26)", () => {
    const chat = liveChatOrigin({ livechat_enabled: true, livechat_script: 'https://chat.example/widget.js' });
    expect(chat).toBe('https://chat.example');
    const csp = storefrontCsp('n', [], chat);
    for (const directive of ['connect-src', 'frame-src', 'style-src', 'font-src']) expect(csp).toMatch(new RegExp(`${directive} 'self'[^;]* https://chat\\.example`));
    expect(csp).toContain("default-src 'self';");
    expect(csp).toContain("form-action 'self';");
    expect(liveChatOrigin({ livechat_enabled: true, livechat_script: '/storage/livechat/initech-chat.js' })).toBeNull();
    expect(liveChatOrigin({ livechat_enabled: false, livechat_script: 'https://chat.example/widget.js' })).toBeNull();
    expect(liveChatOrigin({ livechat_enabled: true, livechat_script: 'http://chat.example/widget.js' })).toBeNull();
    expect(storefrontCsp('n', [], "https://x.example; script-src *")).not.toContain('script-src *');
  });
});
