/**
 * A shop from a JSON file (`npm run provision -- --shop-file shop.json`, docs/deploying.md): its settings,
 * payment and delivery methods, budgets, pages and its first coordinator. This is how a production
 * database gets its shops: production never seeds the demo data.
 *
 * The file is checked whole before anything is written ({@link parseShopFile}): every problem is
 * reported with the path of its field (`delivery_methods.1.price: …`), unknown fields are refused (a
 * typo must not silently fall back to a default), and nothing is written unless all is well.
 *
 * The coordinator's password is never in the file: a file like this ends up in repositories, tickets
 * and shell histories. The account is created without a usable password and a link to choose one is
 * mailed to the coordinator (the shop's "new password" page, valid {@link WELCOME_LINK_DAYS} days; after
 * that "Forgot password" in the shop sends a fresh one). The password they choose there passes the
 * project's password policy (`strongPassword`, like every password). A coordinator who already has an
 * account (of another shop) keeps their password and is told by mail that they coordinate this shop.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { HEX_COLOUR_PATTERN, isPointsCurrency, PageBlockSchema, PSEUDO_PAGE_SLUGS, EMAIL_PATTERN } from '../shared.ts';
import { storefrontUrl, type ServerConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import { hashPassword } from '../services/passwords.ts';
import { insertRows } from '../db/insert-rows.ts';
import { PSEUDO_PAGE_NAMES } from './pseudo-pages.ts';
import { addCoordinator, WELCOME_LINK_DAYS } from './coordinator.ts';

/** How long the link mailed to a new coordinator works (defined beside the mail). */
export { WELCOME_LINK_DAYS };
/** Serialises loading with the demo seed and other loads (same lock as the demo seed). */
const SEED_LOCK = 4173_0002;
/** Content pages with a fixed route of their own (not `/{slug}`). */
const FIXED_CONTENT_PAGES = new Set(['privacy-policy', 'terms-of-use']);

const text = (what: string, max = 255) =>
  v.pipe(v.string(`${what} must be text`), v.trim(), v.nonEmpty(`${what} must not be empty`), v.maxLength(max, `${what} is longer than ${max} characters`));
const optionalText = (what: string, max = 255) => v.optional(v.pipe(v.string(`${what} must be text`), v.trim(), v.maxLength(max, `${what} is longer than ${max} characters`)), '');
const flag = (what: string, fallback: boolean) => v.optional(v.boolean(`${what} must be true or false`), fallback);
const amount = (what: string) =>
  v.pipe(v.number(`${what} must be a number`), v.minValue(0, `${what} must not be negative`), v.maxValue(9_999_999_999.99, `${what} is too large`));
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const PickupAddressSchema = v.strictObject({
  street: text('the street'),
  city: text('the city'),
  zip: text('the postal code', 20),
  country: v.pipe(v.string('the country must be text'), v.regex(/^[A-Z]{2}$/, 'the country must be an ISO code such as PL')),
});

const DeliveryMethodFileSchema = v.pipe(
  v.strictObject({
    type: v.picklist(['courier', 'self_pickup', 'specific_address'], 'type must be courier, self_pickup or specific_address'),
    name: text('the name'),
    price: v.optional(amount('the price'), 0),
    pickup_address: v.optional(PickupAddressSchema),
  }),
  v.forward(
    v.check((method) => method.type !== 'self_pickup' || method.pickup_address !== undefined, 'a self_pickup method needs its pickup_address'),
    ['pickup_address'],
  ),
);

const PageFileSchema = v.variant(
  'type',
  [
    v.strictObject({
      type: v.literal('homepage'),
      name: v.optional(text('the name'), 'Homepage'),
      blocks: v.array(PageBlockSchema, 'blocks must be a list of homepage blocks'),
    }),
    v.strictObject({
      type: v.literal('content'),
      slug: v.pipe(
        v.string('the slug must be text'),
        v.regex(SLUG, 'the slug must be lower-case letters, digits and dashes'),
        v.check((slug) => !(PSEUDO_PAGE_SLUGS as readonly string[]).includes(slug) && slug !== 'homepage', 'this slug is reserved'),
      ),
      name: text('the name'),
      html: text('the html', 200_000),
    }),
  ],
  'type must be homepage or content',
);

/** The shop file (docs/deploying.md "The shop file"). */
export const ShopFileSchema = v.pipe(
  v.strictObject({
    slug: v.pipe(v.string('the slug must be text'), v.regex(SLUG, 'the slug must be 1-63 lower-case letters, digits and dashes (it names the shop host <slug>.<PROVIDER_DOMAIN>)')),
    name: text('the name'),
    lang: v.optional(v.picklist(['en', 'pl'], 'lang must be en or pl'), 'en'),
    currency: v.pipe(v.string('the currency must be text'), v.regex(/^(pkt|[A-Z]{3})$/, 'the currency must be pkt (a points shop) or an ISO code such as PLN')),
    is_gross: flag('is_gross', false),
    login_required: flag('login_required', true),
    registration_type: v.picklist(['budget_form', 'budget_noform', 'invoice_form', 'invoice_noform'], 'registration_type must be budget_form, budget_noform, invoice_form or invoice_noform'),
    shipping_only_to_specific_address: flag('shipping_only_to_specific_address', false),
    mpk_required: flag('mpk_required', false),
    livechat_script: v.optional(
      v.nullable(v.pipe(v.string('livechat_script must be text'), v.regex(/^(https:\/\/|\/storage\/)\S+$/, 'livechat_script must be an https:// URL or a /storage/ path'))),
      null,
    ),
    max_line_quantity: v.optional(v.nullable(v.pipe(v.number('max_line_quantity must be a number'), v.integer('max_line_quantity must be a whole number'), v.minValue(1, 'max_line_quantity must be at least 1'))), null),
    country: v.optional(v.nullable(v.pipe(v.string('country must be text'), v.regex(/^[A-Z]{2}$/, 'country must be an ISO code in capitals, such as PL'))), null),
    settings: v.optional(
      v.strictObject({
        accent_colour: v.optional(v.nullable(v.pipe(v.string('accent_colour must be text'), v.maxLength(100, 'accent_colour is too long'))), null),
        font: v.optional(v.nullable(v.pipe(v.string('font must be text'), v.regex(/^[\w -]{1,60}$/, 'font must be a font family name'))), null),
        logo: v.optional(v.nullable(v.pipe(v.string('logo must be text'), v.maxLength(2000, 'logo is too long'))), null),
        favicon: v.optional(v.nullable(v.pipe(v.string('favicon must be text'), v.maxLength(2000, 'favicon is too long'))), null),
        button_style: v.optional(v.picklist(['round', 'medium', 'square'], 'button_style must be round, medium or square'), 'round'),
      }),
      {},
    ),
    payment_methods: v.pipe(
      v.array(
        v.strictObject({
          code: v.picklist(
            ['invoice', 'budget'],
            'code must be invoice or budget (online needs a payment provider: the reference server has only its demo one, which production does not serve)',
          ),
          name: text('the name'),
        }),
        'payment_methods must be a list',
      ),
      v.minLength(1, 'a shop needs at least one payment method'),
    ),
    delivery_methods: v.pipe(v.array(DeliveryMethodFileSchema, 'delivery_methods must be a list'), v.minLength(1, 'a shop needs at least one delivery method')),
    budgets: v.optional(
      v.array(
        v.strictObject({
          name: text('the name'),
          color: v.pipe(v.string('the color must be text'), v.regex(HEX_COLOUR_PATTERN, 'the color must be #rrggbb')),
        }),
        'budgets must be a list',
      ),
      [],
    ),
    pages: v.pipe(
      v.array(PageFileSchema, 'pages must be a list'),
      v.check((pages) => pages.filter((page) => page.type === 'homepage').length === 1, 'pages must hold exactly one page of type homepage'),
      v.check((pages) => {
        const slugs = pages.flatMap((page) => (page.type === 'content' ? [page.slug] : []));
        return new Set(slugs).size === slugs.length;
      }, 'two pages have the same slug'),
    ),
    coordinator: v.strictObject({
      email: v.pipe(v.string('the e-mail must be text'), v.trim(), v.regex(EMAIL_PATTERN, 'the e-mail must be an address such as name@example.com'), v.maxLength(254, 'the e-mail is too long')),
      name: text('the name', 100),
      surname: text('the surname', 100),
      phone: optionalText('the phone', 40),
      job_title: optionalText('the job title', 100),
    }),
  }),
  // A points shop pays with budgets only; a money shop never does (the same rule the order checks).
  v.forward(
    v.check(
      (shop) => shop.payment_methods.every((method) => (method.code === 'budget') === isPointsCurrency(shop.currency)),
      'a points shop (currency pkt) pays with budget only, a money shop with invoice only',
    ),
    ['payment_methods'],
  ),
  v.forward(
    v.check((shop) => shop.registration_type.startsWith(isPointsCurrency(shop.currency) ? 'budget_' : 'invoice_'), 'registration_type must start with budget_ in a points shop (currency pkt), else with invoice_'),
    ['registration_type'],
  ),
);
export type ShopFile = v.InferOutput<typeof ShopFileSchema>;

/** A shop file that does not hold a usable shop: `problems` name each field (`path: what is wrong`). */
export class ShopFileError extends Error {
  constructor(
    readonly problems: string[],
    source = 'the shop file',
  ) {
    super(`${source} is not a usable shop:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ShopFileError';
  }
}

/**
 * Checks a shop file's text (or parsed value). Throws {@link ShopFileError} naming every field that
 * is wrong; answers the shop with defaults filled in.
 */
export function parseShopFile(input: string | unknown, source = 'the shop file'): ShopFile {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new ShopFileError([`not valid JSON (${error instanceof Error ? error.message : String(error)})`], source);
    }
  }
  const result = v.safeParse(ShopFileSchema, value);
  if (result.success) return result.output;
  throw new ShopFileError(
    result.issues.map((issue) => `${v.getDotPath(issue) ?? '(the file)'}: ${issue.message}`),
    source,
  );
}

/** What loading a shop did (no secret in it: safe to print). */
export interface LoadedShop {
  websiteId: number;
  slug: string;
  pages: number;
  deliveryMethods: number;
  coordinator: string;
  /** Whether the coordinator's account is new (a link to choose a password was mailed). */
  newAccount: boolean;
}

/**
 * Writes a checked shop into a migrated database, in one transaction: the shop, its methods, budgets
 * and pages (with the pseudo pages popups can target), and its coordinator, whose mail (the link to
 * choose a password, or the notice for an existing account) goes through the outbox like any other.
 * Refuses a slug that is taken: nothing is changed then.
 */
export async function loadShop(db: Db, shop: ShopFile, config: ServerConfig): Promise<LoadedShop> {
  // A random password nobody knows, hashed like any other, so a login attempt costs the same as for
  // every account; the coordinator chooses theirs through the mailed link.
  const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const taken = await tx.query('SELECT 1 FROM websites WHERE slug = $1', [shop.slug]);
    if (taken.rows.length > 0) throw new ShopFileError([`slug: a shop "${shop.slug}" already exists; nothing was changed`]);

    const [website] = await insertRows<{ id: number }>(
      tx,
      'websites',
      ['slug', 'name', 'lang', 'currency', 'payment_type', 'is_gross', 'login_required', 'registration_type', 'shipping_only_to_specific_address', 'popup_enabled', 'livechat_enabled', 'livechat_script', 'mpk_required', 'max_line_quantity', 'country', 'settings'],
      [
        [
          shop.slug,
          shop.name,
          shop.lang,
          shop.currency,
          isPointsCurrency(shop.currency) ? 'budget' : 'invoice',
          shop.is_gross,
          shop.login_required,
          shop.registration_type,
          shop.shipping_only_to_specific_address,
          false,
          shop.livechat_script !== null,
          shop.livechat_script,
          shop.mpk_required,
          shop.max_line_quantity,
          shop.country,
          // Fields left out fall back when read (websiteSettings: null, button style round).
          JSON.stringify(shop.settings),
        ],
      ],
      'id',
    );
    const websiteId = website!.id;

    await insertRows(tx, 'payment_methods', ['website_id', 'code', 'name', 'position'], shop.payment_methods.map((method, position) => [websiteId, method.code, method.name, position]));
    await insertRows(
      tx,
      'delivery_methods',
      ['website_id', 'type', 'name', 'price', 'pickup_address', 'position'],
      shop.delivery_methods.map((method, position) => [websiteId, method.type, method.name, method.price, method.pickup_address ? JSON.stringify(method.pickup_address) : null, position]),
    );
    if (shop.budgets.length > 0) await insertRows(tx, 'budgets', ['website_id', 'name', 'color'], shop.budgets.map((budget) => [websiteId, budget.name, budget.color]));

    const pages: [name: string, slug: string, type: string, deletable: number, content: object][] = shop.pages.map((page) =>
      page.type === 'homepage'
        ? [page.name, 'homepage', 'homepage', 0, { blocks: page.blocks }]
        : [page.name, page.slug, 'content', FIXED_CONTENT_PAGES.has(page.slug) ? 0 : 1, { html: page.html }],
    );
    for (const slug of PSEUDO_PAGE_SLUGS) pages.push([PSEUDO_PAGE_NAMES[slug], slug, 'pseudo', 0, {}]);
    await insertRows(
      tx,
      'pages',
      ['website_id', 'name', 'slug', 'type', 'is_deletable', 'content', 'position'],
      pages.map(([name, slug, type, deletable, content], position) => [websiteId, name, slug, type, deletable, JSON.stringify(content), position]),
    );

    const newAccount = await addCoordinator(tx, websiteId, shop, unusableHash, storefrontUrl(config, shop.slug));
    return { websiteId, slug: shop.slug, pages: shop.pages.length, deliveryMethods: shop.delivery_methods.length, coordinator: shop.coordinator.email, newAccount };
  });
}
