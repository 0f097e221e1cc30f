import * as v from 'valibot';
import { flagOr, nullableTextOr, nullableNumberOr, textOr } from './answer-fields.ts';
import { isPointsCurrency, POINTS_CURRENCY } from './points.ts';
import { listOf, orDefault } from './tolerant.ts';

/**
 * The shop config (spec §1 and §3): the shop's settings and look, its pages, homepage blocks and
 * popups, and its payment methods. Read tolerantly: only the shop's `id` must be there.
 *
 * @module
 */

/** The three shapes of the shop's buttons. */
export const ButtonStyleSchema = v.picklist(['round', 'medium', 'square']);
/** How an order is paid. */
export const PaymentMethodCodeSchema = v.picklist(['invoice', 'budget', 'online']);

export const PaymentMethodSchema = v.object({ id: v.number(), code: PaymentMethodCodeSchema, name: v.string() });
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>;

const LinkSchema = v.object({ label: v.string(), href: v.string() });

/**
 * Homepage content blocks (the homepage page's `content.blocks`): page blocks (hero, rich text, product
 * carousel, image grid, call to action) and the shop's elements (catalogue, product, cart button).
 */
export const PageBlockSchema = v.variant('type', [
  v.object({ type: v.literal('hero'), title: v.string(), text: v.optional(v.string()), image: v.string(), link: v.optional(LinkSchema) }),
  v.object({ type: v.literal('rich_text'), html: v.string() }),
  v.object({
    type: v.literal('product_carousel'),
    title: v.optional(v.string()),
    product_ids: v.optional(v.array(v.number())),
    search: v.optional(v.string()),
    limit: v.optional(v.number()),
  }),
  v.object({
    type: v.literal('image_grid'),
    title: v.optional(v.string()),
    images: v.array(v.object({ src: v.string(), alt: v.string(), href: v.optional(v.string()) })),
  }),
  v.object({ type: v.literal('cta'), title: v.string(), text: v.optional(v.string()), link: LinkSchema }),
  // The shop's own elements placed on a page (the store designer composes pages from them).
  v.object({ type: v.literal('catalogue'), search: v.optional(v.string()), per_page: v.optional(v.number()) }),
  v.object({ type: v.literal('product'), product_id: v.number() }),
  v.object({ type: v.literal('cart_button') }),
]);
export type PageBlock = v.InferOutput<typeof PageBlockSchema>;

/** Fixed pseudo-pages that popups can target (spec §2 "Other UI"). */
export const PSEUDO_PAGE_SLUGS = ['cart', 'delivery-addresses', 'payment-methods', 'summary', 'order-confirmation'] as const;

/**
 * A page of the shop config. Must have: id, slug and a known `type` (a page of another type is left
 * out of the list). Name: the slug when missing; `is_deletable`: 1 (routed) when missing; content:
 * empty; a homepage block of an unknown type is left out.
 */
export const PageSchema = v.pipe(
  v.object({
    id: v.number(),
    name: textOr('page.name'),
    slug: v.string(),
    type: v.picklist(['homepage', 'content', 'pseudo']),
    is_deletable: orDefault('page.is_deletable', v.number(), 1),
    content: orDefault(
      'page.content',
      v.object({
        html: v.optional(textOr('page.content.html')),
        blocks: v.optional(orDefault('page.content.blocks', listOf('page.content.blocks', PageBlockSchema), [])),
      }),
      {},
    ),
  }),
  v.transform((page) => ({ ...page, name: page.name === '' ? page.slug : page.name })),
);
export type Page = v.InferOutput<typeof PageSchema>;

export const PopupSchema = v.object({
  id: v.number(),
  page_id: v.number(),
  popup_data: v.object({ title: v.string(), html: v.string() }),
});
export type Popup = v.InferOutput<typeof PopupSchema>;

/** Shop settings: each falls back on its own (text to `null`, the spec's defaults; `button_style` to round). */
export const WebsiteSettingsSchema = v.object({
  accent_colour: nullableTextOr('settings.accent_colour'),
  font: nullableTextOr('settings.font'),
  favicon: nullableTextOr('settings.favicon'),
  logo: nullableTextOr('settings.logo'),
  button_style: orDefault('settings.button_style', ButtonStyleSchema, 'round'),
});
const DEFAULT_SETTINGS: WebsiteSettings = { accent_colour: null, font: null, favicon: null, logo: null, button_style: 'round' };
export type WebsiteSettings = v.InferOutput<typeof WebsiteSettingsSchema>;

/**
 * The shop config. Only `id` must be there (an answer without one is "unknown shop", spec §7); every
 * other field falls back to its default (docs/api.md "Reading answers"), so a config with an id always
 * shows the shop: `lang` English (spec §1, §9), `button_style` round, booleans off except
 * `login_required` (on), lists empty with unusable items left out, `payment_type` budget in a `pkt`
 * shop else invoice, `currency` `pkt` in a budget shop else none (amounts without a currency sign).
 */
export const WebsiteSchema = v.pipe(
  v.object({
    id: v.number(),
    slug: textOr('website.slug'),
    name: textOr('website.name'),
    lang: orDefault('website.lang', v.picklist(['en', 'pl']), 'en'),
    currency: orDefault('website.currency', v.nullable(v.string()), null),
    payment_type: orDefault('website.payment_type', v.nullable(v.picklist(['invoice', 'budget'])), null),
    paymentMethods: orDefault('website.paymentMethods', listOf('website.paymentMethods', PaymentMethodSchema), []),
    is_gross: flagOr('website.is_gross', false),
    login_required: flagOr('website.login_required', true),
    registration_type: textOr('website.registration_type'),
    shipping_only_to_specific_address: flagOr('website.shipping_only_to_specific_address', false),
    pages: orDefault('website.pages', listOf('website.pages', PageSchema), []),
    popups: orDefault('website.popups', listOf('website.popups', PopupSchema), []),
    popup_enabled: flagOr('website.popup_enabled', false),
    livechat_enabled: flagOr('website.livechat_enabled', false),
    livechat_script: nullableTextOr('website.livechat_script'),
    mpk_required: flagOr('website.mpk_required', false),
    settings: orDefault('website.settings', WebsiteSettingsSchema, DEFAULT_SETTINGS),
    /**
     * The most pieces of one variant a single order may take in this shop; absent or null: the variant's
     * stock when it is limited, else 10,000 (`maxLineQuantity` of src/domain/quantity.ts).
     */
    max_line_quantity: v.optional(nullableNumberOr('website.max_line_quantity')),
    /**
     * The shop's country (ISO 3166-1 alpha-2, e.g. `PL`): address forms start from it.
     * Absent, null or not a two-letter code (`shopCountry` of src/domain/checkout.ts): none, the forms start empty.
     */
    country: v.optional(nullableTextOr('website.country')),
    /**
     * True when the answer is what a guest of a login-required shop may see: the shop's name,
     * look, languages and sign-in settings and its guest pages, but no homepage, other pages or popups.
     * The storefront asks again once a member is signed in. Absent (any other answer, or a provider
     * that never withholds anything): false.
     */
    guest_view: v.optional(flagOr('website.guest_view', false)),
  }),
  v.transform(({ currency, payment_type, ...website }) => {
    const type: 'invoice' | 'budget' = payment_type ?? (isPointsCurrency(currency) ? 'budget' : 'invoice');
    return { ...website, currency: currency ?? (type === 'budget' ? POINTS_CURRENCY : ''), payment_type: type };
  }),
);
export type Website = v.InferOutput<typeof WebsiteSchema>;

/** `POST /api/payment`: the shop's payment methods by position; a method of an unknown code is left out. */
export const PaymentMethodListSchema = listOf('payment methods', PaymentMethodSchema);
