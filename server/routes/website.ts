import type { Hono } from 'hono';
import { type Page, type PaymentMethod, type Popup, type Website, type WebsiteSettings, ButtonStyleSchema, PaymentMethodsRequestSchema, guestView } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv, WebsiteRow } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { PREVIEW_HEADER } from '../http/preview-scope.ts';
import { jsonBody } from '../http/validate.ts';

/** Same rule as the `websites.slug` CHECK: anything else cannot name a shop, so it is not looked up. */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A shop's payment methods in the order the shop arranged them. Without an online-payment provider
 * (none is connected in production, where the demo's is not served) `online` is left out.
 */
export async function loadPaymentMethods(db: Queryable, websiteId: number, { online = true } = {}): Promise<PaymentMethod[]> {
  const { rows } = await db.query<PaymentMethod>(
    'SELECT id, code, name FROM payment_methods WHERE website_id = $1 ORDER BY position, id',
    [websiteId],
  );
  return online ? rows : rows.filter((method) => method.code !== 'online');
}

/** A settings value as the contract wants it: a string, or null when missing or not a string. */
function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The `settings` jsonb with every contract field present: a shop that never set its look gets the
 * defaults (the client falls back to its own accent colour and font on null, spec §9), and a stored
 * button style outside the three allowed values becomes 'round' rather than breaking the client.
 */
export function websiteSettings(raw: Record<string, unknown>): WebsiteSettings {
  const buttonStyle = ButtonStyleSchema.options.find((style) => style === raw.button_style) ?? 'round';
  return {
    accent_colour: stringOrNull(raw.accent_colour),
    font: stringOrNull(raw.font),
    favicon: stringOrNull(raw.favicon),
    logo: stringOrNull(raw.logo),
    button_style: buttonStyle,
  };
}

/**
 * The whole shop config the storefront loads at start-up (contract `WebsiteSchema`): the answer of
 * `GET /api/slug/website`, and what the storefront page carries inline (routes/storefront-page.ts).
 */
export async function loadWebsiteConfig(db: Queryable, website: WebsiteRow, online: boolean): Promise<Website> {
  const [paymentMethods, pages, popups] = await Promise.all([
    loadPaymentMethods(db, website.id, { online }),
    db.query<Page>(
      'SELECT id, name, slug, type, is_deletable, content FROM pages WHERE website_id = $1 ORDER BY position, id',
      [website.id],
    ),
    db.query<Popup>('SELECT id, page_id, popup_data FROM popups WHERE website_id = $1 ORDER BY id', [website.id]),
  ]);
  return {
    id: website.id,
    slug: website.slug,
    name: website.name,
    lang: website.lang,
    currency: website.currency,
    payment_type: website.payment_type,
    paymentMethods,
    is_gross: website.is_gross,
    login_required: website.login_required,
    registration_type: website.registration_type,
    shipping_only_to_specific_address: website.shipping_only_to_specific_address,
    pages: pages.rows,
    popups: popups.rows,
    popup_enabled: website.popup_enabled,
    livechat_enabled: website.livechat_enabled,
    livechat_script: website.livechat_script,
    mpk_required: website.mpk_required,
    settings: websiteSettings(website.settings),
    max_line_quantity: website.max_line_quantity,
    country: website.country ?? null,
    guest_view: false,
  };
}

/**
 * The shop config as the caller may see it: whole for an open shop and for a member of a
 * login-required one (a session of this very shop), else its guest view (`guestView`,
 * src/domain/closed-shop.ts): no homepage, other pages or popups. `sessionWebsiteId` is the shop of the
 * caller's session (or of a store designer's preview session), or null for a guest, a stale token or
 * another shop's.
 */
export async function loadVisibleWebsite(db: Queryable, website: WebsiteRow, online: boolean, sessionWebsiteId: number | null): Promise<Website> {
  const config = await loadWebsiteConfig(db, website, online);
  return sessionWebsiteId === website.id ? config : guestView(config);
}

/**
 * Registers the shop-config calls:
 * - `GET /api/slug/website?slug=` (public): the shop config; an unknown shop is a 404 whose body has
 *   no `id`, which is how the spec's client recognises "unknown shop". A login-required shop answers a
 *   guest with its guest view and a member of the shop with everything; a stale or foreign
 *   token is read as a guest's, never refused (it must not stop the shop from loading);
 * - `POST /api/payment` `{website_id}` (guests only in open shops): the shop's payment methods.
 */
export function registerWebsiteRoutes(app: Hono<AppEnv>): void {
  app.get('/api/slug/website', async (c) => {
    const slug = c.req.query('slug') ?? '';
    if (!SLUG.test(slug)) fail(404, 'errors.store_not_found');
    const db = c.get('db');
    const { rows } = await db.query<WebsiteRow>('SELECT * FROM websites WHERE slug = $1', [slug]);
    const website = rows[0];
    if (!website) fail(404, 'errors.store_not_found');
    // A login-required shop's content is for its members: the answer depends on the token (API answers
    // are never stored, http/security.ts). A token that does not count (stale, another shop's) is a guest's, never a 401.
    if (website.login_required) c.header('Vary', `Authorization, ${PREVIEW_HEADER}`);
    // A store designer's preview session of this shop sees it whole, as a member does (http/preview-scope.ts).
    const viewer = c.get('auth')?.websiteId ?? c.get('preview')?.websiteId ?? null;
    return c.json(await loadVisibleWebsite(db, website, c.get('payment') !== null, viewer));
  });

  app.post('/api/payment', async (c) => {
    const { website_id } = await jsonBody(c, PaymentMethodsRequestSchema);
    const { website } = await shopAccess(c, website_id, 'shop');
    return c.json(await loadPaymentMethods(c.get('db'), website.id, { online: c.get('payment') !== null }));
  });
}
