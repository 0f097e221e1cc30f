import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_KEY_HEADER } from '../../server/routes/designer.ts';
import { operatorKey } from '../../server/services/operator-keys.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The store designer saves and publishes a shop's design (issue 27 §5): only with that shop's operator
 * key, nothing reaches the storefront before publish, and the fonts are the ones the storefront ships.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const SECRET = 'designer-test-secret';
let server: TestServer;

const key = (slug: string) => ({ [OPERATOR_KEY_HEADER]: operatorKey(SECRET, slug) });
const DRAFT = {
  settings: { accent_colour: '#0f766e', font: 'Lora', logo: null, button_style: 'square' },
  blocks: [{ type: 'rich_text', html: '<h2>Saved by the designer</h2>' }],
};
/** The storefront's view of globex: its settings and homepage blocks. */
async function storefront() {
  const { body } = await server.json(`/api/slug/website?slug=globex`);
  const homepage = (body.pages as { type: string; content: { blocks?: unknown[] } }[]).find((page) => page.type === 'homepage');
  return { settings: body.settings as Record<string, unknown>, blocks: homepage?.content.blocks };
}

beforeAll(async () => {
  server = await startTestServer({ shopOperatorSecret: SECRET });
});

afterAll(async () => {
  await server?.close();
});

describe('the store designer: save and publish', () => {
  it('should refuse a missing key, a wrong key and another shop\'s key, and change nothing', async () => {
    const before = await storefront();
    for (const headers of [{}, { [OPERATOR_KEY_HEADER]: 'not-the-key' }, key('acme')]) {
      const saved = await server.json('/api/designer/globex/draft', { method: 'PUT', body: DRAFT, headers });
      expect(saved).toMatchObject({ status: 401, body: { code: 'errors.operator_key' } });
      expect((await server.json('/api/designer/globex/publish', { method: 'POST', headers })).status).toBe(401);
      expect((await server.json('/api/designer/globex', { headers })).status).toBe(401);
    }
    expect(await storefront()).toEqual(before);
  });

  it('should keep a saved draft from the storefront until it is published, then show it', async () => {
    const before = await storefront();
    const saved = await server.json('/api/designer/globex/draft', { method: 'PUT', body: DRAFT, headers: key('globex') });
    expect(saved.status).toBe(200);
    // Read back (a reload of the designer) and still not on the storefront.
    const state = await server.json('/api/designer/globex', { headers: key('globex') });
    expect(state.body.draft).toMatchObject(DRAFT);
    expect(state.body.published.blocks).toEqual(before.blocks);
    expect(await storefront()).toEqual(before);

    const published = await server.json('/api/designer/globex/publish', { method: 'POST', headers: key('globex') });
    expect(published.status).toBe(200);
    const after = await storefront();
    expect(after.settings).toMatchObject({ accent_colour: '#0f766e', font: 'Lora', button_style: 'square', logo: null });
    expect(after.blocks).toEqual(DRAFT.blocks);
    // The other shops are untouched.
    const acme = await server.json('/api/designer/acme', { headers: key('acme') });
    expect(acme.body.draft).toBeNull();
    expect(acme.body.published.settings.button_style).not.toBe('square');
  });

  it('should refuse a font the storefront does not ship, with a clear error, and keep the draft', async () => {
    const result = await server.json('/api/designer/globex/draft', { method: 'PUT', body: { ...DRAFT, settings: { ...DRAFT.settings, font: 'Georgia' } }, headers: key('globex') });
    expect(result.status).toBe(422);
    expect(JSON.stringify(result.body)).toContain('Choose Inter, Lora or the system font');
    expect((await server.json('/api/designer/globex', { headers: key('globex') })).body.draft.settings.font).toBe('Lora');
  });

  it('should refuse to publish a shop without a draft', async () => {
    expect(await server.json('/api/designer/initech/publish', { method: 'POST', headers: key('initech') })).toMatchObject({ status: 409, body: { code: 'errors.no_draft' } });
  });

  it('should answer the published design in a shape that saves back unchanged, its accent colour as #rrggbb', async () => {
    const colours: Record<string, unknown> = {};
    for (const slug of ['acme', 'globex', 'initech']) {
      const { body } = await server.json(`/api/designer/${slug}`, { headers: key(slug) });
      colours[slug] = body.published.settings.accent_colour;
      expect((await server.json(`/api/designer/${slug}/draft`, { method: 'PUT', body: body.published, headers: key(slug) })).status).toBe(200);
    }
    // acme has no accent colour; globex's was published above; initech's config holds rgb(5 150 105).
    expect(colours).toEqual({ acme: null, globex: '#0f766e', initech: '#059669' });
    expect((await server.json('/api/designer/initech', { headers: key('initech') })).body.draft.settings.accent_colour).toBe('#059669');
  });

  it('should be off without an operator secret (production without SHOP_OPERATOR_SECRET)', async () => {
    const off = await startTestServer({ shopOperatorSecret: undefined });
    try {
      expect((await off.json('/api/designer/globex', { headers: key('globex') })).status).toBe(404);
      expect((await off.json('/api/designer/globex/draft', { method: 'PUT', body: DRAFT, headers: key('globex') })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
