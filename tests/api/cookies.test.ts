import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The cookie the server sets (`XSRF-TOKEN`, spec §7): `Secure` only when the browser came over https
 * (WebKit drops a Secure cookie on `http://*.localhost`, so the demo shops would lose it there), read
 * from the request URL or, behind a proxy the operator trusts, from `X-Forwarded-Proto`. `SameSite=Lax`
 * in every case: a cross-site widget's page could not echo a cookie its calls carried.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** The attributes of the XSRF-TOKEN cookie set by an answer, lower-cased, without its value. */
function xsrfAttributes(response: Response): string[] {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
  expect(cookie, 'an XSRF-TOKEN cookie is set').toBeDefined();
  const [nameValue, ...attributes] = (cookie ?? '').split(';').map((part) => part.trim());
  expect(nameValue).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{20,}$/);
  return attributes.map((attribute) => attribute.toLowerCase());
}

/** A GET through the app itself, so the request URL may say https or a shop host. */
function appGet(url: string, headers: Record<string, string> = {}, trustProxy = 0): Promise<Response> {
  const app = createApp({ db: server.db, config: { ...server.config, trustProxy }, plugins: server.plugins });
  return Promise.resolve(app.fetch(new Request(url, { headers })));
}

describe('XSRF-TOKEN cookie attributes', () => {
  it('should be SameSite=Lax without Secure over http on loopback', async () => {
    const attributes = xsrfAttributes(await server.request('/api/slug/website?slug=acme'));
    expect(attributes).toEqual(expect.arrayContaining(['path=/', 'samesite=lax']));
    expect(attributes).not.toContain('secure');
    expect(attributes.some((attribute) => attribute.startsWith('samesite=none'))).toBe(false);
  });

  it('should be SameSite=Lax without Secure over http on a shop host (*.localhost)', async () => {
    const attributes = xsrfAttributes(await appGet(`http://acme.localhost:${server.config.port}/api/slug/website?slug=acme`));
    expect(attributes).toContain('samesite=lax');
    expect(attributes).not.toContain('secure');
  });

  it('should be Secure (and still SameSite=Lax) over https', async () => {
    const attributes = xsrfAttributes(await appGet('https://acme.shop.example/api/slug/website?slug=acme'));
    expect(attributes).toEqual(expect.arrayContaining(['path=/', 'samesite=lax', 'secure']));
  });

  it('should be Secure behind a trusted proxy that says X-Forwarded-Proto: https', async () => {
    const url = `http://127.0.0.1:${server.config.port}/api/slug/website?slug=acme`;
    expect(xsrfAttributes(await appGet(url, { 'x-forwarded-proto': 'https' }, 1))).toContain('secure');
    expect(xsrfAttributes(await appGet(url, { 'x-forwarded-proto': 'http, HTTPS' }, 1))).toContain('secure');
    // The proxy appended its own entry on the right: what the client wrote to its left is not believed.
    expect(xsrfAttributes(await appGet(url, { 'x-forwarded-proto': 'https, http' }, 1))).not.toContain('secure');
    // Two trusted hops: the outer one (second from the right) saw the browser's scheme.
    expect(xsrfAttributes(await appGet(url, { 'x-forwarded-proto': 'http, https, http' }, 2))).toContain('secure');
    expect(xsrfAttributes(await appGet(url, { 'x-forwarded-proto': 'http' }, 1))).not.toContain('secure');
  });

  it('should ignore X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const url = `http://127.0.0.1:${server.config.port}/api/slug/website?slug=acme`;
    expect(xsrfAttributes(await appGet(url, { 'x-forwarded-proto': 'https' }, 0))).not.toContain('secure');
  });
});

/** A login POST through the app, carrying an XSRF cookie but not echoing it, from `origin`. */
/** A login POST through the app, carrying an XSRF cookie but not echoing it, from `origin`. */
async function loginWithUnechoedCookie(url: string, origin: string | null): Promise<{ status: number; code?: string }> {
  const app = createApp({ db: server.db, config: server.config, plugins: server.plugins });
  const headers: Record<string, string> = { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=token-the-page-cannot-read' };
  if (origin) headers.origin = origin;
  const answer = await app.fetch(new Request(url, { method: 'POST', headers, body: JSON.stringify({ email: 'buyer@globex.test', password: 'Passw0rd!', website_id: server.shops.globex }) }));
  const body = (await answer.json()) as { code?: string };
  return { status: answer.status, code: body.code };
}

describe('XSRF double submit across origins', () => {
  it("should let an allowed page on another origin write without echoing this host's cookie (WebKit sends it)", async () => {
    const api = `http://globex.localhost:${server.config.port}/api/login`;
    expect(await loginWithUnechoedCookie(api, `http://localhost:${server.config.port}`)).toMatchObject({ status: 200 });
  });

  it('should still ask a page on this host, a foreign origin and a request without Origin to echo the cookie', async () => {
    const api = `http://globex.localhost:${server.config.port}/api/login`;
    const refused = { status: 403, code: 'errors.csrf' };
    expect(await loginWithUnechoedCookie(api, `http://globex.localhost:${server.config.port}`)).toEqual(refused);
    expect(await loginWithUnechoedCookie(api, 'http://evil.example')).toEqual(refused);
    expect(await loginWithUnechoedCookie(api, `http://localhost:${server.config.port + 1}`)).toEqual(refused);
    expect(await loginWithUnechoedCookie(api, 'null')).toEqual(refused);
    expect(await loginWithUnechoedCookie(api, null)).toEqual(refused);
  });
});
