/**
 * The store designer's messages (spec §1: "A store-designer preview mode exists, switched on by a
 * message from the embedding window"). The storefront in a designer's iframe accepts a message only
 * when it comes from the window that frames it, from an origin on the page's allowed list (exact
 * match, never a wildcard), and has one of the shapes below; everything else is ignored.
 * The shapes are documented in `docs/designer.md`.
 *
 * @module
 */
import * as v from 'valibot';
import { ButtonStyleSchema, PageBlockSchema } from '../contract/contract.ts';

/** Every designer message carries this marker, so other messages on the page are told apart at once. */
export const DESIGNER_SOURCE = 'shop-designer';
/** What the storefront marks its own answers with. */
export const STOREFRONT_SOURCE = 'shop-storefront';
/** The version of the message shapes; a message of another version is ignored. */
export const DESIGNER_PROTOCOL_VERSION = 1;

/** A settings value the designer may push: a short plain string, or `null` to clear it. */
const settingValue = v.nullable(v.pipe(v.string(), v.maxLength(2048)));

/**
 * The fonts a shop may choose (`settings.font`): the ones the storefront can show on every device.
 * Inter is always declared, Lora ships as files (`src/theme/shop-fonts.ts`), and `system-ui` is the
 * device's own interface font. The store designer offers these only and the reference server refuses
 * any other on save: a font the storefront does not ship (Georgia, Verdana) would fall back to Inter
 * on many devices while the designer showed it.
 */
export const SHOP_FONTS = ['Inter', 'Lora', 'system-ui'] as const;

/** Whether `font` is one of {@link SHOP_FONTS}. */
export function isShopFont(font: string): boolean {
  return (SHOP_FONTS as readonly string[]).includes(font);
}

/** The homepage sections and theme a shop operator saves as a draft, then publishes (`PUT /api/designer/{slug}/draft`). */
export const DesignerDraftSchema = v.strictObject({
  settings: v.strictObject({
    accent_colour: v.nullable(v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/i, 'validation.invalid'))),
    font: v.pipe(v.string(), v.check(isShopFont, 'errors.font_not_shipped')),
    logo: v.nullable(v.pipe(v.string(), v.maxLength(300), v.regex(/^[a-z0-9][a-z0-9/._-]*$/i, 'validation.invalid'))),
    button_style: ButtonStyleSchema,
  }),
  blocks: v.pipe(v.array(PageBlockSchema), v.maxLength(50)),
});
export type DesignerDraft = v.InferOutput<typeof DesignerDraftSchema>;

/** Theme settings to preview (spec §1 `settings`); keys left out keep their current value. */
export const DesignerSettingsSchema = v.strictObject({
  accent_colour: v.optional(settingValue),
  font: v.optional(settingValue),
  logo: v.optional(settingValue),
  button_style: v.optional(ButtonStyleSchema),
});
export type DesignerSettings = v.InferOutput<typeof DesignerSettingsSchema>;

/** A page's content to preview: blocks for the homepage, HTML for a content page. */
export const DesignerPageSchema = v.strictObject({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,99}$/)),
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
  content: v.strictObject({
    html: v.optional(v.pipe(v.string(), v.maxLength(200_000))),
    blocks: v.optional(v.pipe(v.array(PageBlockSchema), v.maxLength(50))),
  }),
});
export type DesignerPage = v.InferOutput<typeof DesignerPageSchema>;

const envelope = { source: v.literal(DESIGNER_SOURCE), version: v.literal(DESIGNER_PROTOCOL_VERSION) };

/** The messages a designer sends. */
export const DesignerMessageSchema = v.variant('type', [
  v.strictObject({ ...envelope, type: v.literal('enable') }),
  v.strictObject({ ...envelope, type: v.literal('disable') }),
  v.strictObject({ ...envelope, type: v.literal('settings'), settings: DesignerSettingsSchema }),
  v.strictObject({ ...envelope, type: v.literal('page'), page: DesignerPageSchema }),
  // A preview session from the provider (docs/designer.md "Previewing a login-required shop"): opaque
  // here, checked by the provider, which it reaches only in the `Shop-Preview` header of reads.
  v.strictObject({ ...envelope, type: v.literal('session'), token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._~-]{1,512}$/)) }),
]);
export type DesignerMessage = v.InferOutput<typeof DesignerMessageSchema>;

/** What the storefront answers: `ready` when it can take messages, `enabled`/`disabled` as receipts. */
export interface StorefrontMessage {
  source: typeof STOREFRONT_SOURCE;
  version: typeof DESIGNER_PROTOCOL_VERSION;
  type: 'ready' | 'enabled' | 'disabled' | 'applied';
  /** The shop's slug, when known. */
  shop?: string | null;
}

/** A message to the designer. */
export function storefrontMessage(type: StorefrontMessage['type'], shop?: string | null): StorefrontMessage {
  return { source: STOREFRONT_SOURCE, version: DESIGNER_PROTOCOL_VERSION, type, ...(shop === undefined ? {} : { shop }) };
}

/**
 * The exact origins a `designer-origins` value names (separated by spaces or commas). Only a full
 * http(s) origin counts, `scheme://host[:port]` with nothing after it: `*`, wildcard hosts, `null`,
 * paths, user names and anything `URL` would have to repair are dropped, so a typo can never widen the list.
 */
export function parseDesignerOrigins(value: string | null | undefined): string[] {
  if (!value) return [];
  const origins = new Set<string>();
  for (const candidate of value.split(/[\s,]+/)) {
    if (!candidate) continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    const exact = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === candidate;
    // A host of letters, digits, dots and hyphens (or an IPv6 literal): `https://*.example` is no origin.
    if (exact && /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/.test(url.hostname)) origins.add(candidate);
  }
  return [...origins];
}

/**
 * The designer message in `data` when `origin` is exactly one of `allowed`; `null` for a message from
 * any other origin (a look-alike such as `https://designer.example.evil` included) or of another shape.
 */
export function readDesignerMessage(origin: string, data: unknown, allowed: readonly string[]): DesignerMessage | null {
  if (!allowed.includes(origin)) return null;
  const parsed = v.safeParse(DesignerMessageSchema, data);
  return parsed.success ? parsed.output : null;
}
