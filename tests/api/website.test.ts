import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, PaymentMethodSchema, WebsiteSchema } from '../../src/contract/contract.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/slug/website', () => {
  it('should answer the shop config matching the contract', async () => {
    const { status, body } = await server.json('/api/slug/website?slug=acme', { token: await server.login('buyer@acme.test', 'acme') });
    expect(status).toBe(200);
    const website = v.parse(WebsiteSchema, body);
    expect(website.id).toBe(server.shops.acme);
    expect(website.slug).toBe('acme');
    expect(website.currency).toBe('pkt');
    expect(website.payment_type).toBe('budget');
    expect(website.login_required).toBe(true);
    expect(website.mpk_required).toBe(true);
    // The shop's country, which address forms start from (migration 013).
    expect(website.country).toBe('PL');
  });

  it('should list payment methods in position order', async () => {
    const shopId = server.shops.globex;
    await server.db.query('DELETE FROM payment_methods WHERE website_id = $1', [shopId]);
    await server.db.query(
      `INSERT INTO payment_methods (website_id, code, name, position) VALUES ($1, 'online', 'Pay online', 2), ($1, 'invoice', 'Invoice', 1)`,
      [shopId],
    );
    const { status, body } = await server.json('/api/slug/website?slug=globex');
    expect(status).toBe(200);
    expect(v.parse(WebsiteSchema, body).paymentMethods.map((method) => method.code)).toEqual(['invoice', 'online']);
  });

  it('should include pages of every type in order, with their content as stored, for a member', async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    const { body } = await server.json('/api/slug/website?slug=acme', { token });
    const website = v.parse(WebsiteSchema, body);
    const { rows } = await server.db.query<{ id: number; type: string; content: unknown }>(
      'SELECT id, type, content FROM pages WHERE website_id = $1 ORDER BY position, id',
      [server.shops.acme],
    );
    expect(website.pages.map((page) => page.id)).toEqual(rows.map((row) => row.id));
    expect(new Set(website.pages.map((page) => page.type))).toEqual(new Set(rows.map((row) => row.type)));
    expect(website.pages.find((page) => page.type === 'homepage')).toBeDefined();
    expect(body.pages.map((page: { content: unknown }) => page.content)).toEqual(rows.map((row) => row.content));
  });

  it('should include the shop popups with their page and data', async () => {
    const { rows: pages } = await server.db.query<{ id: number }>("SELECT id FROM pages WHERE website_id = $1 AND slug = 'cart'", [
      server.shops.initech,
    ]);
    const pageId = pages[0]?.id;
    expect(pageId).toBeDefined();
    await server.db.query('INSERT INTO popups (website_id, page_id, popup_data) VALUES ($1, $2, $3)', [
      server.shops.initech,
      pageId,
      JSON.stringify({ title: 'Hello', html: '<p>Hi</p>' }),
    ]);
    const { body } = await server.json('/api/slug/website?slug=initech', { token: await server.login('buyer@initech.test', 'initech') });
    const website = v.parse(WebsiteSchema, body);
    expect(website.popups).toContainEqual(expect.objectContaining({ page_id: pageId, popup_data: { title: 'Hello', html: '<p>Hi</p>' } }));
  });

  it('should fill missing settings with null strings and the round button style', async () => {
    await server.db.query(`UPDATE websites SET settings = '{"font": "Lato", "button_style": "wavy", "logo": 42}'::jsonb WHERE id = $1`, [
      server.shops.globex,
    ]);
    const { status, body } = await server.json('/api/slug/website?slug=globex');
    expect(status).toBe(200);
    expect(v.parse(WebsiteSchema, body).settings).toEqual({
      accent_colour: null,
      font: 'Lato',
      favicon: null,
      logo: null,
      button_style: 'round',
    });
  });

  it('should keep a stored button style that the contract allows', async () => {
    await server.db.query(`UPDATE websites SET settings = settings || '{"button_style": "square"}'::jsonb WHERE id = $1`, [server.shops.initech]);
    const { body } = await server.json('/api/slug/website?slug=initech');
    expect(v.parse(WebsiteSchema, body).settings.button_style).toBe('square');
  });

  it('should answer 404 without an id for an unknown shop', async () => {
    const { status, body } = await server.json('/api/slug/website?slug=nosuchshop');
    expect(status).toBe(404);
    expect(v.parse(ApiErrorSchema, body)).toEqual({ message: 'Store not found', code: 'errors.store_not_found' });
    expect(body).not.toHaveProperty('id');
  });

  it('should answer 404 for a malformed or missing slug', async () => {
    for (const query of ['?slug=Bad_Slug!', '?slug=-acme', "?slug=acme'--", '']) {
      const { status, body } = await server.json(`/api/slug/website${query}`);
      expect(status).toBe(404);
      expect(body.code).toBe('errors.store_not_found');
      expect(body).not.toHaveProperty('id');
    }
  });
});

describe('GET /api/slug/website of a login-required shop (issue 26)', () => {
  const GUEST_PAGES = ['privacy-policy', 'terms-of-use'];

  it('should give a guest only what the login and guest screens need, in the contract', async () => {
    const { status, body, headers } = await server.json('/api/slug/website?slug=acme');
    expect(status).toBe(200);
    const website = v.parse(WebsiteSchema, body);
    expect(website).toMatchObject({ id: server.shops.acme, slug: 'acme', name: 'ACME Corporation', lang: 'en', login_required: true, registration_type: 'budget_form', guest_view: true });
    expect(website.settings.logo).toMatch(/acme/);
    expect(website.pages.map((page) => page.slug)).toEqual(GUEST_PAGES);
    expect(website.popups).toEqual([]);
    expect(website.paymentMethods).toEqual([]);
    expect(JSON.stringify(body)).not.toMatch(/Welcome to the ACME|about-us|Your points are waiting/);
    // The answer depends on the token: no shared cache may keep it.
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('vary')).toMatch(/Authorization/);
  });

  it('should give the same guest view for a stale token and for another shop\'s member', async () => {
    const guest = (await server.json('/api/slug/website?slug=acme')).body;
    const stale = await server.json('/api/slug/website?slug=acme', { token: 'x'.repeat(40) });
    const foreign = await server.json('/api/slug/website?slug=acme', { token: await server.login('buyer@globex.test', 'globex') });
    expect(stale.status).toBe(200);
    expect(foreign.status).toBe(200);
    expect(stale.body).toEqual(guest);
    expect(foreign.body).toEqual(guest);
  });

  it('should give a member of the shop everything: homepage, every page, popups, payment methods', async () => {
    const { body } = await server.json('/api/slug/website?slug=acme', { token: await server.login('buyer@acme.test', 'acme') });
    const website = v.parse(WebsiteSchema, body);
    expect(website.guest_view).toBe(false);
    expect(website.pages.map((page) => page.slug)).toEqual(expect.arrayContaining(['homepage', 'about-us', ...GUEST_PAGES, 'cart']));
    expect(website.popups.map((popup) => popup.popup_data.title)).toContain('Welcome to the ACME store');
    expect(website.paymentMethods.map((method) => method.code)).toEqual(['budget']);
  });

  it('should give a guest of an open shop (globex) everything, as before', async () => {
    const guest = await server.json('/api/slug/website?slug=globex');
    const member = await server.json('/api/slug/website?slug=globex', { token: await server.login('buyer@globex.test', 'globex') });
    const website = v.parse(WebsiteSchema, guest.body);
    expect(website.guest_view).toBe(false);
    expect(website.pages.find((page) => page.type === 'homepage')).toBeDefined();
    expect(website.popups.length).toBeGreaterThan(0);
    expect(guest.body).toEqual(member.body);
  });
});

describe('POST /api/payment', () => {
  it('should list the payment methods of an open shop to a guest', async () => {
    const { status, body } = await server.json('/api/payment', { body: { website_id: server.shops.globex } });
    expect(status).toBe(200);
    const methods = v.parse(v.array(PaymentMethodSchema), body);
    const { rows } = await server.db.query<{ code: string }>('SELECT code FROM payment_methods WHERE website_id = $1 ORDER BY position, id', [
      server.shops.globex,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(methods.map((method) => method.code)).toEqual(rows.map((row) => row.code));
  });

  it('should refuse a guest in a shop that requires login', async () => {
    const { status, body } = await server.json('/api/payment', { body: { website_id: server.shops.acme } });
    expect(status).toBe(401);
    expect(body.code).toBe('errors.unauthenticated');
  });

  it('should list the payment methods of the shop to its logged-in user', async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    const { status, body } = await server.json('/api/payment', { body: { website_id: server.shops.acme }, token });
    expect(status).toBe(200);
    expect(v.parse(v.array(PaymentMethodSchema), body).map((method) => method.code)).toContain('budget');
  });

  it('should refuse a token issued for another shop', async () => {
    const token = await server.login('buyer@globex.test', 'globex');
    const { status, body } = await server.json('/api/payment', { body: { website_id: server.shops.acme }, token });
    expect(status).toBe(403);
    expect(body.message).toBe("This account doesn't have access to this website");
  });

  it('should answer 404 for an unknown shop and 422 for a missing website id', async () => {
    const unknown = await server.json('/api/payment', { body: { website_id: 999_999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('errors.store_not_found');
    const missing = await server.json('/api/payment', { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.website_id).toHaveLength(1);
  });
});
