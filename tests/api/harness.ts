import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../../server/app.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import { openDb, type Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { httpServerOptions } from '../../server/http/timeouts.ts';
import type { ServerPlugin } from '../../server/plugin.ts';
import { loadPlugins } from '../../server/plugins.ts';
import { seedDemo } from '../../demo/seed/index.ts';
import { setStrictAnswers } from '../../src/contract/tolerant.ts';

// The reference server must answer the whole contract: a field the storefront would read with a
// fallback (src/contract/tolerant.ts) fails these tests instead of being warned about.
setStrictAnswers(true);

/**
 * Server tests talk real HTTP to a real server on a fresh database. With `TEST_DATABASE_URL` set
 * (CI points it at the PostgreSQL server on 127.0.0.1:5432) each server gets its own schema, dropped
 * on close; otherwise an in-memory PGlite.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** What a test needs to talk to one server over HTTP. */
export interface HttpClient {
  url: string;
  /** `fetch` against the server; JSON bodies are encoded, `token` becomes a bearer header. */
  request(path: string, init?: RequestOptions): Promise<Response>;
  /** Like request, then parses JSON: `{ status, body }` (an empty body is `undefined`). */
  json<T = any>(path: string, init?: RequestOptions): Promise<{ status: number; body: T; headers: Headers }>;
  /** Logs in with the demo password and returns the bearer token. */
  login(email: string, shop: string, password?: string): Promise<string>;
}

export interface TestServer extends HttpClient {
  db: Db;
  config: ServerConfig;
  /** The plugins the server runs with, as `npm start` picks them (the demo outside production). */
  plugins: readonly ServerPlugin[];
  /** Shop ids by slug (`acme`, `globex`, `initech`). */
  shops: Record<string, number>;
  close(): Promise<void>;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export const DEMO_PASSWORD = 'Passw0rd!';

/** Rate limits switched off (a limit of 0), for test servers whose suites are not about them. */
export const UNLIMITED_RATES: ServerConfig['rateLimits'] = {
  register: { perIp: 0, perEmail: 0, windowSeconds: 3600 },
  contact: { perIp: 0, perEmail: 0, windowSeconds: 3600 },
  emailChange: { perUser: 0, windowSeconds: 3600 },
};

/** A mail of the demo outbox (`GET /demo/outbox.json`, newest first). */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  shop: string | null;
}

/** The mails sent to `to` (case-insensitive), newest first, read from the demo outbox as a user would. */
export async function mailsTo(client: HttpClient, to: string): Promise<OutboxMail[]> {
  const { body } = await client.json<OutboxMail[]>('/demo/outbox.json');
  return body.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** The `token` of the link in the newest mail to `to` whose subject matches `subject`. */
export async function mailedToken(client: HttpClient, to: string, subject: RegExp): Promise<string> {
  const mail = (await mailsTo(client, to)).find((item) => subject.test(item.subject));
  const match = mail && /[?&]token=([^&\s]+)/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no link matching ${subject} mailed to ${to}`);
  return decodeURIComponent(match[1]);
}

/** The subject of the mail with a registration's confirmation link (issue 26). */
export const REGISTRATION_CONFIRM_SUBJECT = /: confirm your e-mail address$/;

/**
 * Confirms the newest registration request of `email` in shop `websiteId` with the token of the link
 * mailed to it (issue 26), as its applicant would; answers the confirmation's `{ status, body }`.
 */
export async function confirmRegistrationByMail(client: HttpClient, email: string, websiteId: number | undefined): Promise<{ status: number; body: any }> {
  if (websiteId === undefined) throw new Error(`no shop to confirm ${email} in`);
  const token = await mailedToken(client, email, REGISTRATION_CONFIRM_SUBJECT);
  return client.json('/api/register/confirm', { body: { website_id: websiteId, token } });
}

/** Starts a server on a random loopback port over a freshly migrated and seeded database. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const schema = TEST_DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    port: 0,
    databaseUrl: TEST_DATABASE_URL,
    databaseSchema: schema,
    dataDir: 'memory://',
    orderWaitSeconds: 0,
    // Suites that are not about rate limits make many requests from one address; those that are set their own.
    rateLimits: UNLIMITED_RATES,
    handoffRateLimit: { perIp: 0, windowSeconds: 60 },
    handoffIssueLimit: { perUser: 0, perIp: 0, windowSeconds: 60 },
    // The page the browser renders, whatever `npm run build` left in dist-ssr/: the server-rendering
    // suites turn it on with a renderer they build themselves.
    serverRender: false,
    ...overrides,
  });
  const db = await openDb({ databaseUrl: config.databaseUrl, schema, dataDir: config.dataDir });
  await migrate(db);
  await seedDemo(db);
  const plugins = await loadPlugins(config);
  const app = createApp({ db, config, plugins });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: httpServerOptions(config) }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  config.port = port;
  const url = `http://127.0.0.1:${port}`;
  const { rows } = await db.query<{ id: number; slug: string }>('SELECT id, slug FROM websites');
  const shops = Object.fromEntries(rows.map((row) => [row.slug, row.id]));

  const { request, json, login } = httpClient(url, shops);
  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Connections kept alive (65 s) would hold close() that long: a test's server goes with its clients.
    if ('closeAllConnections' in server) server.closeAllConnections();
    await closed;
    if (schema) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  };
  return { url, db, config, plugins, shops, request, json, login, close };
}

/** An HTTP client for the server at `url`, logging in to the shops named in `shops` (slug → id). */
export function httpClient(url: string, shops: Record<string, number>): HttpClient {
  const request = (path: string, init: RequestOptions = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: BodyInit | undefined;
    if (init.body instanceof FormData || typeof init.body === 'string') body = init.body;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    return fetch(url + path, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  };
  const json = async (path: string, init?: RequestOptions) => {
    const response = await request(path, init);
    const raw = await response.text();
    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      throw new Error(`${init?.method ?? 'GET'} ${url}${path} answered ${response.status} with non-JSON: ${raw.slice(0, 200)}`);
    }
    return { status: response.status, body: body as any, headers: response.headers };
  };
  const login = async (email: string, shop: string, password = DEMO_PASSWORD) => {
    const result = await json('/api/login', { body: { email, password, website_id: shops[shop] } });
    if (result.status !== 200) throw new Error(`login ${email}@${shop} on ${url} failed: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body.access_token as string;
  };
  return { url, request, json, login };
}

/** A page of the storefront as a browser gets it: status, headers and the HTML. */
export interface ShopPage {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
}

/** A GET of `path` on shop `slug`'s host at `port` (fetch cannot set Host), with extra headers (a cookie). */
export function shopPage(port: number, slug: string, path: string, headers: Record<string, string> = {}): Promise<ShopPage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `${slug}.localhost:${port}`, ...headers } }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (html += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, html }));
    });
    req.on('error', reject);
    req.end();
  });
}
