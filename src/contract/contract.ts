import * as v from 'valibot';
import {
  countryField,
  isValidPostalCode as isPostalCodeOk,
  emailField,
  idField,
  MPK_MAX_LENGTH,
  nipField,
  optionalLine,
  optionalPhoneField,
  optionalText,
  phoneField,
  quantityField,
  requiredLine,
  requiredText,
} from './fields.ts';
import { listOf, orDefault } from './tolerant.ts';
import { isPointsCurrency, POINTS_CURRENCY } from './points.ts';


/** Pieces in one box when a variant does not say (spec §9: "Default quantity in a box: 30"). */
export const DEFAULT_QUANTITY_IN_BOX = 30;

/**
 * The API contract between the storefront and a provider: the spec's calls (§7) plus what it leaves
 * "not shown" (DESIGN.md §4). Types are inferred from the valibot schemas, so the client checks every
 * answer at run time (a malformed answer becomes a clear error, never a crash) and the reference
 * server validates every request body with the same definitions. Documented in `docs/api.md`.
 *
 * Answers are read tolerantly (issue 16, `./tolerant.ts`): what must be there (ids, names, prices) is
 * required; an unknown enum value, a missing field or a `null` where a value was due gets the spec's
 * default (`orDefault`), and an unusable item of a list is left out (`listOf`), each warned once.
 * Unknown extra fields are ignored (`v.object` drops them). Request schemas stay strict.
 */

// ---------------------------------------------------------------------------------------------------
// Shared pieces

const nullableString = v.nullable(v.string());
/** Text of an answer that may vary: `fallback` when missing or not text. */
const textOr = (field: string, fallback = '') => orDefault(field, v.string(), fallback);
/** Text or `null` in an answer: `null` when missing or not text. */
const nullableTextOr = (field: string) => orDefault(field, nullableString, null);
/** A yes/no of an answer: `fallback` when missing or not a boolean. */
const flagOr = (field: string, fallback: boolean) => orDefault(field, v.boolean(), fallback);
/** A number or `null` in an answer: `null` (the documented default) when missing or not a number. */
const nullableNumberOr = (field: string) => orDefault(field, v.nullable(v.number()), null);
const isoDate = v.pipe(v.string(), v.isoTimestamp());
const money = v.number();

/** The four sort orders of spec §2. */
export const SORT_OPTIONS = ['price_asc', 'price_desc', 'name_asc', 'name_desc', 'code_asc', 'code_desc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const ButtonStyleSchema = v.picklist(['round', 'medium', 'square']);
export const AvailabilitySchema = v.picklist(['in_stock', 'in_delivery', 'out_of_stock']);
export const OrderStatusSchema = v.picklist(['new', 'in_progress', 'complete']);
export const PaymentMethodCodeSchema = v.picklist(['invoice', 'budget', 'online']);
export const AddressTypeSchema = v.picklist(['delivery', 'billing', 'specific']);
export type AddressType = v.InferOutput<typeof AddressTypeSchema>;
export const DeliveryTypeSchema = v.picklist(['courier', 'self_pickup', 'specific_address']);

/** Error body of every failed call: `code` is an i18n key; `errors` holds field texts (422). */
export const ApiErrorSchema = v.object({
  message: v.string(),
  code: v.optional(v.string()),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  error_keys: v.optional(v.record(v.string(), v.array(v.object({ key: v.string(), params: v.record(v.string(), v.unknown()) })))),
  qty: v.optional(v.number()),
  remainingTime: v.optional(v.number()),
  retry_after: v.optional(v.number()),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorSchema>;

/**
 * A page of a list: an unusable item is left out (the rest still shows); a missing or broken `meta`
 * reads as one page holding what came.
 */
export const paged = <T extends v.GenericSchema>(field: string, item: T) =>
  v.pipe(
    v.object({
      data: listOf(field, item),
      meta: orDefault(`${field} meta`, v.nullable(v.object({ total: v.number(), page: v.number(), per_page: v.number() })), null),
    }),
    v.transform(({ data, meta }) => ({ data, meta: meta ?? { total: data.length, page: 1, per_page: Math.max(data.length, 1) } })),
  );

// ---------------------------------------------------------------------------------------------------
// Website (shop config, spec §1 and §3)

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
     * The shop's country (ISO 3166-1 alpha-2, e.g. `PL`): address forms start from it (issue 27).
     * Absent, null or not a two-letter code (`shopCountry` of src/domain/checkout.ts): none, the forms start empty.
     */
    country: v.optional(nullableTextOr('website.country')),
    /**
     * True when the answer is what a guest of a login-required shop may see (issue 26): the shop's name,
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

export { isPointsCurrency, POINTS_CURRENCY };

// ---------------------------------------------------------------------------------------------------
// Catalogue (DESIGN.md §4)

export const BudgetSchema = v.object({ id: v.number(), name: v.string(), color: v.string() });
export type Budget = v.InferOutput<typeof BudgetSchema>;

export const PriceTierSchema = v.object({ min_quantity: v.number(), max_quantity: v.nullable(v.number()), price: money });
export type PriceTier = v.InferOutput<typeof PriceTierSchema>;

export const GroupBuySchema = v.object({
  isActive: v.boolean(),
  total_quantity: v.number(),
  ends_at: v.nullable(isoDate),
  tiers: v.array(PriceTierSchema),
});
export type GroupBuy = v.InferOutput<typeof GroupBuySchema>;

/** A variant: must have an id; the rest falls back (`availability` in stock, `quantity_in_box` 30). */
export const VariantSchema = v.object({
  id: v.number(),
  code: textOr('variant.code'),
  color_code: nullableTextOr('variant.color_code'),
  size_code: nullableTextOr('variant.size_code'),
  /** Pieces in a box; null means the default of 30 (spec §3); missing or not a whole number > 0: 30. */
  quantity_in_box: orDefault('variant.quantity_in_box', v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), DEFAULT_QUANTITY_IN_BOX),
  /** How many can be ordered now; null means no limit (the provider still checks the order). */
  stock: nullableNumberOr('variant.stock'),
  availability: orDefault('variant.availability', AvailabilitySchema, 'in_stock'),
  /**
   * The variant's own picture (a storage path or URL), usually its colour's: shown on the product page
   * and as the cart and order line's thumbnail when this variant is chosen. Missing or null: the
   * product's `images` show (`src/domain/variant-pictures.ts`).
   */
  image: nullableTextOr('variant.image'),
});
export type Variant = v.InferOutput<typeof VariantSchema>;

/** Best first: the product's availability is the best over its variants. */
const AVAILABILITY_ORDER = ['in_stock', 'in_delivery', 'out_of_stock'] as const;

/**
 * A product. Must have: `id`, `name`, `calculated_price` (a product without them is left out of a
 * list). The rest falls back: texts empty (`slug` "product"), `vat` null (the default 23 %), lists
 * empty with unusable items left out, `groupbuy`/`budget`/minimums null, flags off, `availability`
 * the best over the variants.
 */
export const ProductSchema = v.pipe(
  v.object({
    id: v.number(),
    name: v.string(),
    slug: textOr('product.slug', 'product'),
    code: textOr('product.code'),
    description: textOr('product.description'),
    /** Base unit price, net unless `vat_included`; points in a pkt shop. */
    calculated_price: money,
    vat: nullableNumberOr('product.vat'),
    vat_included: flagOr('product.vat_included', false),
    images: orDefault('product.images', listOf('product.images', v.string()), []),
    variants: orDefault('product.variants', listOf('product.variants', VariantSchema), []),
    thresholds: orDefault('product.thresholds', listOf('product.thresholds', PriceTierSchema), []),
    groupbuy: orDefault('product.groupbuy', v.nullable(GroupBuySchema), null),
    budget: orDefault('product.budget', v.nullable(BudgetSchema), null),
    /** Minimum per colour and size line. */
    minimum_quantity: nullableNumberOr('product.minimum_quantity'),
    /** Minimum across all colours and sizes of the product. */
    minimum_total_quantity: nullableNumberOr('product.minimum_total_quantity'),
    is_business_card: flagOr('product.is_business_card', false),
    /** Best availability over the variants. */
    availability: orDefault('product.availability', v.nullable(AvailabilitySchema), null),
  }),
  v.transform(({ availability, ...product }) => ({
    ...product,
    availability: availability ?? AVAILABILITY_ORDER.find((value) => product.variants.some((item) => item.availability === value)) ?? 'out_of_stock',
  })),
);
export type Product = v.InferOutput<typeof ProductSchema>;

export const ProductPageSchema = paged('products', ProductSchema);
export type ProductPage = v.InferOutput<typeof ProductPageSchema>;

export const ProductQuerySchema = v.object({
  website_id: v.pipe(v.string(), v.toNumber(), idField),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'validation.max_length')), ''),
  sort: v.optional(v.picklist(SORT_OPTIONS, 'validation.choice'), 'name_asc'),
  page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer('validation.integer'), v.minValue(1, 'validation.min_value')), '1'),
  per_page: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer('validation.integer'), v.minValue(1, 'validation.min_value'), v.maxValue(100, 'validation.max_value')),
    '24',
  ),
  ids: v.optional(v.pipe(v.string(), v.regex(/^\d+(,\d+){0,99}$/, 'validation.invalid'))),
});

// ---------------------------------------------------------------------------------------------------
// Users, budgets, addresses

/** A budget assignment; an unknown `status` reads as `active` when `is_active`, else `inactive`. */
export const UserBudgetSchema = v.pipe(
  v.object({
    /** The assignment's id (a buyer can hold several assignments of one budget over time). */
    id: v.number(),
    budget_id: v.number(),
    name: v.string(),
    color: v.string(),
    points: v.number(),
    points_left: v.number(),
    start_date: isoDate,
    expiry_date: isoDate,
    /** True when switched on and today lies between start and expiry. */
    is_active: v.boolean(),
    status: orDefault('budget.status', v.nullable(v.picklist(['active', 'expired', 'inactive', 'scheduled'])), null),
  }),
  v.transform(({ status, ...budget }) => ({ ...budget, status: status ?? (budget.is_active ? ('active' as const) : ('inactive' as const)) })),
);
export type UserBudget = v.InferOutput<typeof UserBudgetSchema>;

export const UserSchema = v.object({
  id: v.number(),
  email: v.string(),
  name: v.string(),
  surname: v.string(),
  phone: v.string(),
  job_title: v.string(),
  buyer_id: v.string(),
  cost_center: v.string(),
  /** An unknown role reads as `buyer` (the least rights; the provider checks every coordinator call). */
  role: orDefault('user.role', v.picklist(['buyer', 'coordinator']), 'buyer'),
  website_id: v.number(),
  /** Whom a buyer contacts about budgets. */
  coordinator_email: nullableString,
  /** Unusable assignments are left out. */
  budgets: listOf('user.budgets', UserBudgetSchema),
  /**
   * A new e-mail address waiting for the buyer to open the link mailed to it (issue 22); until then
   * `email` stays the account's address. Missing in older providers' answers: none pending.
   */
  pending_email: v.optional(nullableString, null),
});
export type User = v.InferOutput<typeof UserSchema>;

export const AddressSchema = v.object({
  id: v.number(),
  /** An unknown type reads as `delivery`. */
  type: orDefault('address.type', AddressTypeSchema, 'delivery'),
  name: v.string(),
  surname: v.string(),
  company: v.string(),
  street: v.string(),
  city: v.string(),
  zip: v.string(),
  country: v.string(),
  nip: v.string(),
  phone: v.string(),
});
export type Address = v.InferOutput<typeof AddressSchema>;

/**
 * Whether an address of `type` names its recipient (issue 27): a delivery or a one-off (`specific`)
 * address goes to a person, so its `name` and `surname` are required; a billing address may be a
 * company's alone. The checkout, the address book and the provider check the same rule.
 */
export function needsRecipient(type: AddressType): boolean {
  return type !== 'billing';
}

/**
 * An address as entered; the postal code is checked against the country, and a delivery or
 * specific address needs its recipient's name and surname ({@link needsRecipient}).
 */
export const AddressInputSchema = v.pipe(
  v.object({
    type: v.optional(AddressTypeSchema, 'delivery'),
    name: optionalText(100),
    surname: optionalText(100),
    company: optionalText(200),
    street: requiredText(200),
    city: requiredText(100),
    zip: requiredText(12),
    country: countryField,
    nip: nipField,
    phone: optionalPhoneField,
  }),
  // Checked once the fields are valid, one at a time (the provider names the first failing rule; the
  // storefront's forms check the recipient per field, `addressIssues`).
  v.forward(
    v.check((address) => !needsRecipient(address.type) || address.name !== '', 'validation.required'),
    ['name'],
  ),
  v.forward(
    v.check((address) => !needsRecipient(address.type) || address.surname !== '', 'validation.required'),
    ['surname'],
  ),
  v.forward(
    v.check((address) => isPostalCodeOk(address.zip, address.country), 'validation.postal_code'),
    ['zip'],
  ),
);
export type AddressInput = v.InferOutput<typeof AddressInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Auth requests (spec §7)

const websiteId = idField;

export const LoginRequestSchema = v.object({
  email: emailField,
  password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(200, 'validation.max_length')),
  website_id: websiteId,
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

export const AuthResponseSchema = v.object({ access_token: v.string() });
export type AuthResponse = v.InferOutput<typeof AuthResponseSchema>;

export const RegisterResponseSchema = v.object({ status: orDefault('register.status', v.literal('pending'), 'pending'), message: v.string(), code: v.optional(v.string()) });

/**
 * `POST /api/register/confirm` (issue 26): the token of the link mailed to a registration's address;
 * no session needed. Answers {@link RegisterResponseSchema}: the request now waits for the coordinator.
 */
export const ConfirmRegistrationRequestSchema = v.object({
  website_id: websiteId,
  token: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(200, 'validation.max_length')),
});
export type ConfirmRegistrationRequest = v.InferOutput<typeof ConfirmRegistrationRequestSchema>;

export const ForgotPasswordRequestSchema = v.object({ email: emailField, website_id: websiteId });

/**
 * `POST /api/session/handoff` (issue 19): a one-time code for the calling session's user in this shop,
 * for a link into the storefront on another origin. The code goes in the link; the token never does.
 */
export const SignInHandoffRequestSchema = v.object({ website_id: websiteId });
export type SignInHandoffRequest = v.InferOutput<typeof SignInHandoffRequestSchema>;

/** The code (base64url, 256 bits) and the seconds it stays valid (at most 60); it works once. */
export const SignInHandoffResponseSchema = v.object({ code: v.string(), expires_in: v.number() });
export type SignInHandoffResponse = v.InferOutput<typeof SignInHandoffResponseSchema>;

/**
 * `POST /api/session/exchange`: the link's code for a new session in this shop; answers as login does
 * ({@link AuthResponseSchema}). Any string is taken as a code: a malformed one is refused exactly like
 * an unknown, used or expired one, so the answer never tells which it was.
 */
export const SignInExchangeRequestSchema = v.object({ code: v.string('validation.required'), website_id: websiteId });
export type SignInExchangeRequest = v.InferOutput<typeof SignInExchangeRequestSchema>;

/**
 * `POST /api/session/handoff/preview` (issue 26) takes the exchange's body ({@link SignInExchangeRequestSchema})
 * and answers whose account the code would sign in as, without using it up: the storefront shows it and
 * asks the person to continue before the exchange. Refusals are the exchange's, byte for byte.
 */
export const SignInHandoffPreviewSchema = v.object({ name: v.string(), surname: v.string(), email: v.string() });
export type SignInHandoffPreview = v.InferOutput<typeof SignInHandoffPreviewSchema>;

/**
 * `PUT /api/user/update`. A different `email` is not changed at once: it needs `current_password`,
 * and takes effect when the link mailed to the new address is opened (`POST /api/user/email/confirm`).
 */
export const UserUpdateRequestSchema = v.object({
  name: requiredLine(100),
  surname: requiredLine(100),
  email: emailField,
  phone: optionalPhoneField,
  job_title: optionalLine(100),
  /** Needed only when `email` changes. */
  current_password: v.optional(v.pipe(v.string('validation.required'), v.maxLength(200, 'validation.max_length')), ''),
});
export type UserUpdateRequest = v.InferOutput<typeof UserUpdateRequestSchema>;

/** `POST /api/user/email/confirm`: the token of the link mailed to the new address; no session needed. */
export const ConfirmEmailRequestSchema = v.object({
  website_id: websiteId,
  token: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(200, 'validation.max_length')),
});
export type ConfirmEmailRequest = v.InferOutput<typeof ConfirmEmailRequestSchema>;

/** A success answer: English `message` and its i18n key `code` (`notices.*`) for the client's locale. */
export const MessageResponseSchema = v.object({ message: v.string(), code: v.optional(v.string()) });

/** `POST /api/user/email/confirm`: the notice and the account's address now in force. */
export const ConfirmEmailResponseSchema = v.object({ message: v.string(), code: v.optional(v.string()), email: v.string() });
export type ConfirmEmailResponse = v.InferOutput<typeof ConfirmEmailResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Delivery, payment and orders

export const DeliveryCostBudgetSchema = v.object({ budget_id: v.number(), name: v.string(), color: v.string(), price: money });
export type DeliveryCostBudget = v.InferOutput<typeof DeliveryCostBudgetSchema>;

export const DeliveryMethodSchema = v.object({
  id: v.number(),
  type: DeliveryTypeSchema,
  name: v.string(),
  price: money,
  pickup_address: v.nullable(v.object({ street: v.string(), city: v.string(), zip: v.string(), country: v.string() })),
  /** Budgets that may pay for this delivery, with the price in points (spec §3 "Delivery-cost budget"). */
  budgets: listOf('delivery_method.budgets', DeliveryCostBudgetSchema),
});
export type DeliveryMethod = v.InferOutput<typeof DeliveryMethodSchema>;

/** Business-card details a card product needs (spec §3 Cart item `cardInfo`). */
export const CardInfoSchema = v.object({
  name: requiredText(100),
  surname: requiredText(100),
  email: emailField,
  phone: phoneField,
  job: requiredText(100),
  cost: optionalText(50),
  address: requiredText(300),
});
export type CardInfo = v.InferOutput<typeof CardInfoSchema>;

/** One cart line as sent to the server: only identities and quantities, never prices. */
export const CartItemInputSchema = v.object({
  product_id: idField,
  variant_id: idField,
  quantity: quantityField,
  card_info: v.optional(v.nullable(CardInfoSchema)),
});
export type CartItemInput = v.InferOutput<typeof CartItemInputSchema>;

export const DeliveryMethodsRequestSchema = v.object({
  website_id: websiteId,
  address_id: v.optional(v.nullable(idField)),
  items: v.optional(v.array(CartItemInputSchema), []),
});

export const PaymentMethodsRequestSchema = v.object({ website_id: websiteId });

export const ContactSchema = v.object({
  name: requiredText(100),
  surname: requiredText(100),
  email: emailField,
  phone: phoneField,
  fax: optionalText(30),
  job_title: optionalText(100),
  buyer_id: optionalText(50),
});
export type Contact = v.InferOutput<typeof ContactSchema>;

export const BillingAddressInputSchema = v.pipe(
  v.object({
    name: requiredText(100),
    surname: requiredText(100),
    nip: nipField,
    company: optionalText(200),
    street: requiredText(200),
    city: requiredText(100),
    zip: requiredText(12),
    country: countryField,
  }),
  v.forward(
    v.check((address) => isPostalCodeOk(address.zip, address.country), 'validation.postal_code'),
    ['zip'],
  ),
);
export type BillingAddressInput = v.InferOutput<typeof BillingAddressInputSchema>;

/** Placing an order. Prices are never sent: the server computes them (DESIGN.md §3). */
export const PlaceOrderRequestSchema = v.object({
  website_id: websiteId,
  items: v.pipe(v.array(CartItemInputSchema), v.minLength(1, 'validation.required'), v.maxLength(500, 'validation.max_length')),
  delivery_method_id: idField,
  /** An address-book entry of the buyer… */
  delivery_address_id: v.optional(v.nullable(idField)),
  /** …or a new one-off address (saved as type `specific`). Not needed for self-pickup. */
  delivery_address: v.optional(v.nullable(AddressInputSchema)),
  billing_same_as_delivery: v.boolean(),
  billing_address: v.optional(v.nullable(BillingAddressInputSchema)),
  payment_method: PaymentMethodCodeSchema,
  /** A user-budget assignment (`UserBudget.id`) paying for delivery in points shops. */
  payment_for_delivery_budget: v.optional(v.nullable(idField)),
  mpk_code: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(MPK_MAX_LENGTH, 'validation.max_length')))),
  contact: ContactSchema,
  comment: optionalText(2000),
  cost_centre_statement: v.optional(v.boolean(), false),
});
export type PlaceOrderRequest = v.InferOutput<typeof PlaceOrderRequestSchema>;

export const AddressSnapshotSchema = v.object({
  name: v.string(),
  surname: v.string(),
  company: v.string(),
  street: v.string(),
  city: v.string(),
  zip: v.string(),
  country: v.string(),
  nip: v.string(),
});

export const OrderItemSchema = v.object({
  product_id: v.nullable(v.number()),
  variant_id: v.nullable(v.number()),
  name: v.string(),
  code: v.string(),
  color_code: nullableString,
  size_code: nullableString,
  quantity: v.number(),
  unit_price: money,
  vat: v.number(),
  line_net: money,
  line_gross: money,
  budget: v.nullable(BudgetSchema),
  card_info: v.nullable(v.record(v.string(), v.string())),
  /** The line's picture when it was ordered (the chosen variant's, a storage path or URL); absent or null: none. */
  image: v.optional(nullableTextOr('order.items.image'), null),
});
export type OrderItem = v.InferOutput<typeof OrderItemSchema>;

/** An order in the history: an unknown `status` reads as `in_progress`, a missing currency as none. */
export const OrderSummarySchema = v.object({
  id: v.number(),
  name: v.string(),
  date: isoDate,
  status: orDefault('order.status', OrderStatusSchema, 'in_progress'),
  currency: textOr('order.currency'),
  /** What the buyer paid: gross in gross shops, net otherwise, points in pkt shops. */
  total: money,
  items_count: orDefault('order.items_count', v.number(), 0),
});
export type OrderSummary = v.InferOutput<typeof OrderSummarySchema>;

export const OrderSchema = v.object({
  ...OrderSummarySchema.entries,
  is_gross: v.boolean(),
  total_net: money,
  total_gross: money,
  total_points: money,
  delivery_price: money,
  /** An unknown method reads as `invoice` (the label only). */
  payment_method: orDefault('order.payment_method', PaymentMethodCodeSchema, 'invoice'),
  /**
   * `pending`: an online payment not made yet (the order holds its stock until the hold ends);
   * `cancelled` (at the provider) and `expired` (not paid in time): the stock went back, nothing was charged.
   */
  payment_status: orDefault('order.payment_status', v.picklist(['not_required', 'pending', 'paid', 'cancelled', 'expired']), 'not_required'),
  /** An unknown type reads as `courier` (the label and whether a pickup address shows). */
  delivery_method: v.object({ id: v.number(), type: orDefault('order.delivery_method.type', DeliveryTypeSchema, 'courier'), name: v.string(), price: money }),
  delivery_address: v.nullable(AddressSnapshotSchema),
  billing_address: v.nullable(AddressSnapshotSchema),
  contact: v.record(v.string(), v.string()),
  mpk_code: nullableString,
  comment: textOr('order.comment'),
  /** Unusable lines are left out. */
  items: listOf('order.items', OrderItemSchema),
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const OrderPageSchema = paged('orders', OrderSummarySchema);

export const PlaceOrderResponseSchema = v.object({
  order: OrderSchema,
  /** For the online payment method: where to send the buyer; it returns to /payment-processing. */
  payment_url: nullableString,
});
export type PlaceOrderResponse = v.InferOutput<typeof PlaceOrderResponseSchema>;

export const OrderWaitResponseSchema = v.object({ remainingTime: v.number() });

// ---------------------------------------------------------------------------------------------------
// Contact us

/** Contact form fields (sent as multipart with an optional `file`). */
export const ContactUsRequestSchema = v.object({
  website_id: v.pipe(v.string(), v.toNumber(), idField),
  name: requiredLine(100),
  email: emailField,
  phone: optionalPhoneField,
  /** Line breaks become spaces (issue 22: nothing a stranger types can start a mail header). */
  subject: optionalLine(200),
  message: requiredText(5000),
});

/** Upload limits of spec §5 and §9. */
export const UPLOAD_MAX_BYTES = 10_485_760;
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;

// ---------------------------------------------------------------------------------------------------
// Answers that are lists or plain messages (the client validates every answer, so each has a schema)

// Each list leaves out an item it cannot use (a payment or delivery method of an unknown code or type)
// and shows the rest.

/** `POST /api/payment`: the shop's payment methods by position. */
export const PaymentMethodListSchema = listOf('payment methods', PaymentMethodSchema);
/** `GET /api/user/budgets`: the buyer's budget assignments in the shop. */
export const UserBudgetListSchema = listOf('budgets', UserBudgetSchema);
/** `GET /api/user/addresses`: the address book, newest first. */
export const AddressListSchema = listOf('addresses', AddressSchema);
/** `POST /api/delivery-methods`: the methods for a cart and address (`[]` when none). */
export const DeliveryMethodListSchema = listOf('delivery methods', DeliveryMethodSchema);
export type MessageResponse = v.InferOutput<typeof MessageResponseSchema>;
export type RegisterResponse = v.InferOutput<typeof RegisterResponseSchema>;
export type OrderPage = v.InferOutput<typeof OrderPageSchema>;
export type OrderWaitResponse = v.InferOutput<typeof OrderWaitResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Coordinator area (issue 7): registration requests, the shop's buyers and their budget assignments

export const RegistrationStatusSchema = v.picklist(['pending', 'approved', 'rejected']);

/** A registration request that names the calling coordinator (`GET /api/coordinator/registrations`). */
export const RegistrationRequestSchema = v.object({
  ...v.pick(UserSchema, ['id', 'email', 'name', 'surname', 'phone', 'job_title', 'cost_center', 'buyer_id']).entries,
  /** An unknown status reads as `pending` (the provider decides on approve and reject). */
  status: orDefault('registration.status', RegistrationStatusSchema, 'pending'),
  /** Why it was rejected; `null` unless rejected. */
  reason: nullableString,
  created_at: isoDate,
  reviewed_at: v.nullable(isoDate),
});
export type RegistrationRequest = v.InferOutput<typeof RegistrationRequestSchema>;
export const RegistrationRequestListSchema = listOf('registrations', RegistrationRequestSchema);

/** Body of `POST /api/coordinator/registrations/{id}/reject`. */
export const RejectRegistrationRequestSchema = v.object({ reason: requiredText(500) });
export type RejectRegistrationRequest = v.InferOutput<typeof RejectRegistrationRequestSchema>;

/** A buyer of the coordinator's shop with their budget assignments there (`GET /api/coordinator/buyers`). */
export const CoordinatorBuyerSchema = v.omit(UserSchema, ['role', 'website_id', 'pending_email']);
export type CoordinatorBuyer = v.InferOutput<typeof CoordinatorBuyerSchema>;
export const CoordinatorBuyerListSchema = listOf('buyers', CoordinatorBuyerSchema);

/** `GET /api/coordinator/budgets`: the budgets the shop defines, by name. */
export const BudgetListSchema = listOf('shop budgets', BudgetSchema);

/** A budget colour: `#rrggbb`. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** Most points one assignment may hold. */
export const ASSIGNMENT_POINTS_MAX = 1_000_000_000;

const timestampField = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.isoTimestamp('coordinator.validation.date'));

/**
 * Body of `POST /api/coordinator/buyers/{id}/budgets`: an existing budget of the shop (`budget_id`) or
 * a new one (`name` + `color`), whole points > 0, and a period with the start before the expiry.
 */
export const AssignBudgetRequestSchema = v.pipe(
  v.object({
    budget_id: v.optional(v.nullable(idField)),
    name: optionalText(100),
    color: v.optional(
      v.pipe(v.string('validation.invalid'), v.trim(), v.check((value) => value === '' || HEX_COLOUR_PATTERN.test(value), 'coordinator.validation.color')),
      '',
    ),
    points: v.pipe(
      v.number('validation.integer'),
      v.integer('validation.integer'),
      v.minValue(1, 'validation.min_value'),
      v.maxValue(ASSIGNMENT_POINTS_MAX, 'validation.max_value'),
    ),
    start_date: timestampField,
    expiry_date: timestampField,
  }),
  v.forward(
    v.partialCheck([['budget_id'], ['name']], (input) => (input.budget_id ?? null) !== null || input.name !== '', 'validation.required'),
    ['name'],
  ),
  v.forward(
    v.partialCheck([['budget_id'], ['color']], (input) => (input.budget_id ?? null) !== null || input.color !== '', 'validation.required'),
    ['color'],
  ),
  v.forward(
    v.partialCheck(
      [['start_date'], ['expiry_date']],
      (input) => Date.parse(input.start_date) < Date.parse(input.expiry_date),
      'coordinator.validation.expiry_after_start',
    ),
    ['expiry_date'],
  ),
);
export type AssignBudgetRequest = v.InferOutput<typeof AssignBudgetRequestSchema>;
