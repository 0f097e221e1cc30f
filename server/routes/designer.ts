import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { DesignerDraftSchema, type DesignerDraft, parseColor } from '../shared.ts';
import type { AppEnv, WebsiteRow } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { jsonBody } from '../http/validate.ts';
import { isOperatorKey } from '../services/operator-keys.ts';
import { issuePreviewSession } from '../services/preview-sessions.ts';
import { SLUG, websiteSettings } from './website.ts';

/** The header carrying a shop's operator key. */
export const OPERATOR_KEY_HEADER = 'Shop-Operator-Key';

const timestamp = v.pipe(v.string(), v.isoTimestamp());

/**
 * What the designer reads (`GET /api/designer/{slug}`): the shop's draft (null when none is saved) and
 * what the storefront shows. This and the three answers below are the designer's contract, written as
 * schemas for the OpenAPI document (build/openapi.ts).
 */
export const DesignerStateSchema = v.object({
  draft: v.nullable(v.object({ ...DesignerDraftSchema.entries, saved_at: timestamp })),
  published: DesignerDraftSchema,
  published_at: v.nullable(timestamp),
});
export type DesignerState = v.InferOutput<typeof DesignerStateSchema>;

/** `PUT /api/designer/{slug}/draft`: when the draft was saved. */
export const DraftSavedSchema = v.object({ saved_at: timestamp });
/** `POST /api/designer/{slug}/publish`: when the draft became what the storefront shows. */
export const DraftPublishedSchema = v.object({ published_at: timestamp });
/** `POST /api/designer/{slug}/preview-session`: the session for the `Shop-Preview` header, and its end. */
export const PreviewSessionSchema = v.object({ token: v.string(), expires_at: timestamp });

/**
 * The shop named by `:slug` when the request carries its operator key, else a refusal: 404 while the
 * designer's endpoints are off (production without SHOP_OPERATOR_SECRET) or for an unknown shop, 401
 * `errors.operator_key` for a missing or wrong key, another shop's included.
 */
async function operatedShop(c: Context<AppEnv>): Promise<WebsiteRow> {
  const secret = c.get('config').shopOperatorSecret;
  if (!secret) fail(404, 'errors.not_found');
  const slug = c.req.param('slug') ?? '';
  // The key is checked before the shop is looked up, so a wrong key learns nothing about slugs; a slug
  // that cannot name a shop (a NUL byte, 300 letters) is never sent to the database.
  if (!isOperatorKey(secret, slug, c.req.header(OPERATOR_KEY_HEADER))) fail(401, 'errors.operator_key');
  if (!SLUG.test(slug)) fail(404, 'errors.store_not_found');
  const { rows } = await c.get('db').query<WebsiteRow>('SELECT * FROM websites WHERE slug = $1', [slug]);
  const website = rows[0];
  if (!website) fail(404, 'errors.store_not_found');
  return website;
}

/**
 * A shop's accent colour as the draft writes it (`#rrggbb`): a shop config may hold any colour the
 * storefront reads (`rgb(37 99 235)`), so the published design can be saved back as a draft unchanged.
 * Transparency is dropped, as the designer's colour input does; an unreadable colour is none.
 */
function hexColour(colour: string | null): string | null {
  const rgba = colour === null ? null : parseColor(colour);
  if (!rgba) return null;
  return `#${[rgba.r, rgba.g, rgba.b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** What the storefront shows now: the shop's settings and its homepage's blocks, in the draft's shape. */
async function publishedDesign(c: Context<AppEnv>, website: WebsiteRow): Promise<DesignerDraft> {
  const { rows } = await c.get('db').query<{ content: { blocks?: unknown } }>(
    "SELECT content FROM pages WHERE website_id = $1 AND type = 'homepage' ORDER BY position, id LIMIT 1",
    [website.id],
  );
  const settings = websiteSettings(website.settings);
  const blocks = rows[0]?.content.blocks;
  return {
    settings: { accent_colour: hexColour(settings.accent_colour), font: settings.font ?? 'Inter', logo: settings.logo, button_style: settings.button_style },
    blocks: Array.isArray(blocks) ? (blocks as DesignerDraft['blocks']) : [],
  };
}

/**
 * The store designer's calls (reference server only, outside the provider contract; docs/api.md
 * "Store designer"). Each needs the shop's operator key in `Shop-Operator-Key`:
 * - `GET /api/designer/{slug}`: the saved draft (or null) and the published design;
 * - `PUT /api/designer/{slug}/draft` `{settings, blocks}`: saves the draft (checked with the designer's
 *   own rules, `DesignerDraftSchema`: only the fonts the storefront ships, at most 50 sections); the
 *   storefront does not show it;
 * - `POST /api/designer/{slug}/publish`: makes the draft what the storefront shows (the shop's settings
 *   and its homepage's sections), in one transaction; 409 `errors.no_draft` without a draft;
 * - `POST /api/designer/{slug}/preview-session`: `{token, expires_at}`, a preview session of this one
 *   shop for 15 minutes (services/preview-sessions.ts). The designer hands it to its framed preview,
 *   whose reads send it in `Shop-Preview`: a login-required shop's products and pages then show
 *   without anyone signing in, read-only (http/preview-scope.ts).
 * Rich-text HTML in the sections is stored as sent and sanitised by the storefront when it renders, as
 * every HTML of the shop config is.
 */
export function registerDesignerRoutes(app: Hono<AppEnv>): void {
  app.get('/api/designer/:slug', async (c) => {
    const website = await operatedShop(c);
    const { rows } = await c.get('db').query<{ settings: DesignerDraft['settings']; blocks: DesignerDraft['blocks']; saved_at: Date; published_at: Date | null }>(
      'SELECT settings, blocks, saved_at, published_at FROM website_drafts WHERE website_id = $1',
      [website.id],
    );
    const row = rows[0];
    const state: DesignerState = {
      draft: row ? { settings: row.settings, blocks: row.blocks, saved_at: new Date(row.saved_at).toISOString() } : null,
      published: await publishedDesign(c, website),
      published_at: row?.published_at ? new Date(row.published_at).toISOString() : null,
    };
    return c.json(state);
  });

  app.put('/api/designer/:slug/draft', async (c) => {
    const website = await operatedShop(c);
    const draft = await jsonBody(c, DesignerDraftSchema);
    const { rows } = await c.get('db').query<{ saved_at: Date }>(
      `INSERT INTO website_drafts (website_id, settings, blocks, saved_at) VALUES ($1, $2::jsonb, $3::jsonb, clock_timestamp())
       ON CONFLICT (website_id) DO UPDATE SET settings = EXCLUDED.settings, blocks = EXCLUDED.blocks, saved_at = EXCLUDED.saved_at
       RETURNING saved_at`,
      [website.id, JSON.stringify(draft.settings), JSON.stringify(draft.blocks)],
    );
    return c.json({ saved_at: new Date(rows[0]!.saved_at).toISOString() } satisfies v.InferOutput<typeof DraftSavedSchema>);
  });

  app.post('/api/designer/:slug/publish', async (c) => {
    const website = await operatedShop(c);
    const publishedAt = await c.get('db').transaction(async (tx) => {
      const { rows } = await tx.query<{ settings: DesignerDraft['settings']; blocks: DesignerDraft['blocks'] }>(
        'SELECT settings, blocks FROM website_drafts WHERE website_id = $1 FOR UPDATE',
        [website.id],
      );
      const draft = rows[0];
      if (!draft) fail(409, 'errors.no_draft');
      await tx.query('UPDATE websites SET settings = settings || $2::jsonb WHERE id = $1', [website.id, JSON.stringify(draft.settings)]);
      const updated = await tx.query(
        "UPDATE pages SET content = jsonb_set(content, '{blocks}', $2::jsonb) WHERE website_id = $1 AND type = 'homepage'",
        [website.id, JSON.stringify(draft.blocks)],
      );
      if (updated.rowCount === 0) {
        await tx.query("INSERT INTO pages (website_id, name, slug, type, content) VALUES ($1, 'Homepage', 'homepage', 'homepage', $2::jsonb)", [
          website.id,
          JSON.stringify({ blocks: draft.blocks }),
        ]);
      }
      const stamped = await tx.query<{ published_at: Date }>('UPDATE website_drafts SET published_at = clock_timestamp() WHERE website_id = $1 RETURNING published_at', [website.id]);
      return new Date(stamped.rows[0]!.published_at).toISOString();
    });
    return c.json({ published_at: publishedAt } satisfies v.InferOutput<typeof DraftPublishedSchema>);
  });

  app.post('/api/designer/:slug/preview-session', async (c) => {
    const website = await operatedShop(c);
    // operatedShop refused the call unless the secret is set.
    const session = issuePreviewSession(c.get('config').shopOperatorSecret ?? '', website.id);
    return c.json({ token: session.token, expires_at: session.expiresAt.toISOString() } satisfies v.InferOutput<typeof PreviewSessionSchema>);
  });
}
