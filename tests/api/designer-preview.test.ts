import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_KEY_HEADER } from '../../server/routes/designer.ts';
import { PREVIEW_HEADER } from '../../server/http/preview-scope.ts';
import { operatorKey } from '../../server/services/operator-keys.ts';
import { issuePreviewSession, PREVIEW_SESSION_SECONDS } from '../../server/services/preview-sessions.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The store designer's preview session (issue 27 §5): with a shop's operator key the designer gets a
 * short-lived session that lets its preview read that one login-required shop (products, the whole
 * config) without anyone signing in, and nothing else: no other shop, no writes, no user's data.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const SECRET = 'designer-preview-test-secret';
let server: TestServer;

const key = (slug: string) => ({ [OPERATOR_KEY_HEADER]: operatorKey(SECRET, slug) });
const preview = (token: string) => ({ [PREVIEW_HEADER]: token });

async function previewSession(slug: string): Promise<string> {
  const { status, body } = await server.json(`/api/designer/${slug}/preview-session`, { method: 'POST', headers: key(slug) });
  expect(status).toBe(200);
  return body.token as string;
}

beforeAll(async () => {
  server = await startTestServer({ shopOperatorSecret: SECRET });
});

afterAll(async () => {
  await server?.close();
});

describe('the store designer: preview sessions', () => {
  it('should issue a session for 15 minutes only with the shop\'s own operator key', async () => {
    const before = Date.now();
    const { status, body } = await server.json('/api/designer/acme/preview-session', { method: 'POST', headers: key('acme') });
    expect(status).toBe(200);
    const expires = Date.parse(body.expires_at);
    expect(expires - before).toBeGreaterThan((PREVIEW_SESSION_SECONDS - 5) * 1000);
    expect(expires - before).toBeLessThanOrEqual((PREVIEW_SESSION_SECONDS + 1) * 1000);
    for (const headers of [{}, { [OPERATOR_KEY_HEADER]: 'not-the-key' }, key('globex')]) {
      expect(await server.json('/api/designer/acme/preview-session', { method: 'POST', headers })).toMatchObject({ status: 401, body: { code: 'errors.operator_key' } });
    }
  });

  it('should show a login-required shop\'s products and whole config to its preview session', async () => {
    const acme = server.shops.acme!;
    expect((await server.json(`/api/products?website_id=${acme}`)).status).toBe(401);
    const guest = await server.json('/api/slug/website?slug=acme');
    expect(guest.body.guest_view).toBe(true);

    const token = await previewSession('acme');
    const products = await server.json(`/api/products?website_id=${acme}`, { headers: preview(token) });
    expect(products.status).toBe(200);
    expect(products.body.data.length).toBeGreaterThan(0);
    const first = products.body.data[0] as { id: number; name: string };
    expect(await server.json(`/api/products/${first.id}?website_id=${acme}`, { headers: preview(token) })).toMatchObject({ status: 200, body: { id: first.id, name: first.name } });
    const whole = await server.json('/api/slug/website?slug=acme', { headers: preview(token) });
    expect(whole.body.guest_view).toBe(false);
    expect((whole.body.pages as { type: string }[]).some((page) => page.type === 'homepage')).toBe(true);
    expect(whole.headers.get('vary')).toContain(PREVIEW_HEADER);
  });

  it('should open no other shop, no write and no user\'s data', async () => {
    const acme = server.shops.acme!;
    const initech = server.shops.initech!;
    const token = await previewSession('acme');
    const globexToken = await previewSession('globex');
    // Another shop's session opens nothing here.
    expect((await server.json(`/api/products?website_id=${acme}`, { headers: preview(globexToken) })).status).toBe(401);
    expect((await server.json('/api/slug/website?slug=acme', { headers: preview(globexToken) })).body.guest_view).toBe(true);
    // Another login-required shop stays closed to acme's session.
    expect((await server.json(`/api/products?website_id=${initech}`, { headers: preview(token) })).status).toBe(401);
    expect((await server.json('/api/slug/website?slug=initech', { headers: preview(token) })).body.guest_view).toBe(true);
    // Writes and a user's own data need a user, preview or not.
    expect((await server.json('/api/payment', { method: 'POST', body: { website_id: acme }, headers: preview(token) })).status).toBe(401);
    expect((await server.json('/api/user', { headers: preview(token) })).status).toBe(401);
    expect((await server.json(`/api/user/orders?website_id=${acme}`, { headers: preview(token) })).status).toBe(401);
    expect((await server.json(`/api/user/addresses`, { headers: preview(token) })).status).toBe(401);
  });

  it('should refuse an edited, ended or foreign-keyed session as a guest\'s call', async () => {
    const acme = server.shops.acme!;
    const token = await previewSession('acme');
    const [version, , expires, signature] = token.split('.');
    const otherShop = `${version}.${server.shops.globex}.${expires}.${signature}`;
    const longer = `${version}.${acme}.${Number(expires) + 3600}.${signature}`;
    const ended = issuePreviewSession(SECRET, acme, new Date(Date.now() - (PREVIEW_SESSION_SECONDS + 1) * 1000)).token;
    const otherSecret = issuePreviewSession('another-server-secret', acme).token;
    for (const bad of [otherShop, longer, ended, otherSecret, 'v1.1.1.x', 'x'.repeat(500)]) {
      expect((await server.json(`/api/products?website_id=${acme}`, { headers: preview(bad) })).status).toBe(401);
    }
  });

  it('should give a signed-in member what members get, whatever preview comes with the call', async () => {
    const acme = server.shops.acme!;
    const member = await server.login('buyer@acme.test', 'acme');
    const token = await previewSession('globex');
    expect((await server.json(`/api/products?website_id=${acme}`, { token: member, headers: preview(token) })).status).toBe(200);
    expect((await server.json('/api/user', { token: member, headers: preview(token) })).status).toBe(200);
  });

  it('should hand the demo designer a shop\'s operator key (outside production), and nothing for an unknown shop', async () => {
    expect(await server.json('/demo/operator-key.json?slug=acme')).toMatchObject({ status: 200, body: { key: operatorKey(SECRET, 'acme') } });
    for (const slug of ['nowhere', '', '../acme', 'ACME']) expect((await server.json(`/demo/operator-key.json?slug=${encodeURIComponent(slug)}`)).status).toBe(404);
  });

  it('should be off without an operator secret (production without SHOP_OPERATOR_SECRET)', async () => {
    const token = await previewSession('acme');
    const off = await startTestServer({ shopOperatorSecret: undefined });
    try {
      expect((await off.json('/api/designer/acme/preview-session', { method: 'POST', headers: key('acme') })).status).toBe(404);
      expect((await off.json(`/api/products?website_id=${off.shops.acme}`, { headers: preview(token) })).status).toBe(401);
    } finally {
      await off.close();
    }
  });
});
