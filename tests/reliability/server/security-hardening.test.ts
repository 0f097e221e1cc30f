import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE } from '../../../src/api/cookies.ts';
import type { AppEnv } from '../../../server/http/env.ts';
import { registerDist } from '../../../server/routes/dist.ts';
import { startTestServer, type TestServer } from '../../api/harness.ts';
import { tally } from '../report.ts';

/**
 * Security suite, hardening (issue 26, low): a login-required shop's content kept from guests in the
 * API and in the storefront page, the storefront page's Content-Security-Policy, and the build's own
 * files under /dist kept from browsers.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ designerOrigins: ['http://localhost:4173'] });
});

afterAll(async () => {
  await server?.close();
});

/** The storefront page of `host` as a browser asks for it (fetch cannot set Host), with an optional cookie. */
function shopPage(host: string, cookie?: string): Promise<{ status: number; csp: string; html: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host };
    if (cookie !== undefined) headers.cookie = cookie;
    const req = httpRequest({ host: '127.0.0.1', port: server.config.port, path: '/', headers }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (html += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, csp: String(res.headers['content-security-policy'] ?? ''), html }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Texts only acme's members may read: its homepage hero, its "about us" page and its two popups. */
const ACME_MEMBERS_ONLY = [/Welcome to the ACME merchandise store/, /about-us/, /Welcome to the ACME store/, /Have your cost centre ready/, /"type":"homepage"/];

describe('security: closed shop content to guests', () => {
  it("should keep acme's homepage, pages and popups out of every guest's API answer and page", async () => {
    const host = `acme.localhost:${server.config.port}`;
    const globexToken = await server.login('buyer@globex.test', 'globex');
    const acmeToken = await server.login('buyer@acme.test', 'acme');
    // A member's session that has ended: revoked by logging out.
    const endedToken = await server.login('nobudget@acme.test', 'acme');
    await server.request('/api/logout', { method: 'POST', token: endedToken }).then((answer) => answer.body?.cancel());
    const api = (token?: string) => server.request('/api/slug/website?slug=acme', token === undefined ? {} : { token }).then((answer) => answer.text());
    const probes: [string, () => Promise<string>][] = [
      ['API, no token', () => api()],
      ['API, made-up token', () => api('x'.repeat(43))],
      ['API, malformed token', () => api('not a token')],
      ["API, another shop's member", () => api(globexToken)],
      ['API, ended session', () => api(endedToken)],
      ['page, no cookie', () => shopPage(host).then((page) => page.html)],
      ['page, made-up cookie', () => shopPage(host, `${AUTH_COOKIE}=${'x'.repeat(43)}`).then((page) => page.html)],
      ["page, another shop's member", () => shopPage(host, `${AUTH_COOKIE}=${globexToken}`).then((page) => page.html)],
      ['page, ended session', () => shopPage(host, `${AUTH_COOKIE}=${endedToken}`).then((page) => page.html)],
      ['page, malformed cookie', () => shopPage(host, `${AUTH_COOKIE}=%3Cscript%3E`).then((page) => page.html)],
    ];
    const leaked: string[] = [];
    for (const [name, probe] of probes) {
      const text = await probe();
      if (ACME_MEMBERS_ONLY.some((secret) => secret.test(text))) leaked.push(name);
    }
    tally({ suite: 'security', check: 'closed shop content to guests (homepage, pages, popups in the API and the page)', tried: probes.length, gotThrough: leaked.length, note: 'no, made-up, malformed, foreign-shop and ended tokens and cookies' });
    expect(leaked).toEqual([]);

    // The member still gets everything, in the API and in the page.
    expect(await api(acmeToken)).toMatch(/Welcome to the ACME store/);
    expect((await shopPage(host, `${AUTH_COOKIE}=${acmeToken}`)).html).toMatch(/Welcome to the ACME merchandise store/);
  });
});

describe('security: storefront page CSP', () => {
  it('should send default-src, connect-src, img-src and form-action, none of them open to any origin', async () => {
    const shops = ['acme', 'globex', 'initech'];
    const wanted: Record<string, (value: string) => boolean> = {
      'default-src': (value) => value === "'self'",
      'connect-src': (value) => value === "'self'",
      'img-src': (value) => !/(^|\s)(\*|data:|http:|blob:)(\s|$)/.test(value) && value.includes("'self'"),
      'form-action': (value) => value === "'self'",
    };
    const open: string[] = [];
    for (const shop of shops) {
      const { csp } = await shopPage(`${shop}.localhost:${server.config.port}`);
      const directives = new Map(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values.join(' ')]));
      for (const [name, ok] of Object.entries(wanted)) {
        const value = directives.get(name);
        if (value === undefined || !ok(value)) open.push(`${shop}: ${name} ${value ?? '(missing)'}`);
      }
    }
    tally({ suite: 'security', check: 'storefront page CSP: default-src, connect-src, img-src, form-action missing or open', tried: shops.length * Object.keys(wanted).length, gotThrough: open.length, note: '4 directives on the pages of acme, globex and initech (live chat)' });
    expect(open).toEqual([]);
  });
});

describe('security: the build manifest', () => {
  const distDir = mkdtempSync(path.join(tmpdir(), 'dist-hidden-'));
  mkdirSync(path.join(distDir, '.vite'));
  writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{"elements/storefront.ts":{"file":"storefront.js"}}');
  writeFileSync(path.join(distDir, '.env'), 'SECRET=1');
  writeFileSync(path.join(distDir, 'storefront.js'), 'export{};');
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));
  const app = new Hono<AppEnv>();
  registerDist(app, distDir);

  it('should answer 404 for /dist/.vite/manifest.json and every other dot-file, however spelt', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const probes = [
      '/dist/.vite/manifest.json',
      `/dist/${version}/.vite/manifest.json`,
      '/dist/%2evite/manifest.json',
      '/dist/%2Evite%2Fmanifest.json',
      '/dist/.vite%2fmanifest.json',
      '/dist/.vite%5cmanifest.json',
      '/dist/chunks/../.vite/manifest.json',
      '/dist/./.vite/manifest.json',
      '/dist/.vite/',
      '/dist/.vite',
      '/dist/.env',
      `/dist/${version}/.env`,
    ];
    const served: string[] = [];
    for (const probe of probes) {
      const answer = await app.request(probe, { headers: { 'Accept-Encoding': 'identity' } });
      const body = await answer.text();
      if (answer.status !== 404 || /storefront\.ts|SECRET/.test(body)) served.push(`${probe}: ${answer.status}`);
    }
    tally({ suite: 'security', check: '/dist/.vite/manifest.json and other dot-files under /dist served', tried: probes.length, gotThrough: served.length, note: 'plain, under /dist/<version>/, percent-encoded, backslash, dot segments' });
    expect(served).toEqual([]);
    // The bundle itself is still served.
    expect((await app.request('/dist/storefront.js')).status).toBe(200);
  });
});
