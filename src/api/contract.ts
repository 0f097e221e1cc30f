import * as v from 'valibot';
import {
  countryField,
  isValidPostalCode as isPostalCodeOk,
  emailField,
  idField,
  nipField,
  optionalLine,
  optionalPhoneField,
  optionalText,
  phoneField,
  quantityField,
  requiredLine,
  requiredText,
  strongPassword,
} from '../domain/validation.ts';

/**
 * The API contract between the storefront and a provider: the spec's calls (§7) plus what it leaves
 * "not shown" (DESIGN.md §4). Types are inferred from the valibot schemas, so the client checks every
 * answer at run time (a malformed answer becomes a clear error, never a crash) and the reference
 * server validates every request body with the same definitions. Documented in `docs/api.md`.
 */

// ---------------------------------------------------------------------------------------------------
// Shared pieces

const nullableString = v.nullable(v.string());
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

/** A page of a list. */
export const paged = <T extends v.GenericSchema>(item: T) =>
  v.object({
    data: v.array(item),
    meta: v.object({ total: v.number(), page: v.number(), per_page: v.number() }),
  });

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

export const PageSchema = v.object({
  id: v.number(),
  name: v.string(),
  slug: v.string(),
  type: v.picklist(['homepage', 'content', 'pseudo']),
  is_deletable: v.number(),
  content: v.object({ html: v.optional(v.string()), blocks: v.optional(v.array(PageBlockSchema)) }),
});
export type Page = v.InferOutput<typeof PageSchema>;

export const PopupSchema = v.object({
  id: v.number(),
  page_id: v.number(),
  popup_data: v.object({ title: v.string(), html: v.string() }),
});
export type Popup = v.InferOutput<typeof PopupSchema>;

export const WebsiteSettingsSchema = v.object({
  accent_colour: nullableString,
  font: nullableString,
  favicon: nullableString,
  logo: nullableString,
  button_style: ButtonStyleSchema,
});
export type WebsiteSettings = v.InferOutput<typeof WebsiteSettingsSchema>;

export const WebsiteSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  lang: v.picklist(['en', 'pl']),
  currency: v.string(),
  payment_type: v.picklist(['invoice', 'budget']),
  paymentMethods: v.array(PaymentMethodSchema),
  is_gross: v.boolean(),
  login_required: v.boolean(),
  registration_type: v.string(),
  shipping_only_to_specific_address: v.boolean(),
  pages: v.array(PageSchema),
  popups: v.array(PopupSchema),
  popup_enabled: v.boolean(),
  livechat_enabled: v.boolean(),
  livechat_script: nullableString,
  mpk_required: v.boolean(),
  settings: WebsiteSettingsSchema,
  /**
   * The most pieces of one variant a single order may take in this shop; absent or null: the variant's
   * stock when it is limited, else 10,000 (`maxLineQuantity` of src/domain/quantity.ts).
   */
  max_line_quantity: v.optional(v.nullable(v.number())),
});
export type Website = v.InferOutput<typeof WebsiteSchema>;

/** `currency: 'pkt'` marks a points (budget) shop (spec §1). */
export const POINTS_CURRENCY = 'pkt';

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

export const VariantSchema = v.object({
  id: v.number(),
  code: v.string(),
  color_code: nullableString,
  size_code: nullableString,
  /** Pieces in a box; null means the default of 30 (spec §3). */
  quantity_in_box: v.nullable(v.number()),
  /** How many can be ordered now; null means no limit. */
  stock: v.nullable(v.number()),
  availability: AvailabilitySchema,
});
export type Variant = v.InferOutput<typeof VariantSchema>;

export const ProductSchema = v.object({
  id: v.number(),
  name: v.string(),
  slug: v.string(),
  code: v.string(),
  description: v.string(),
  /** Base unit price, net unless `vat_included`; points in a pkt shop. */
  calculated_price: money,
  vat: v.nullable(v.number()),
  vat_included: v.boolean(),
  images: v.array(v.string()),
  variants: v.array(VariantSchema),
  thresholds: v.array(PriceTierSchema),
  groupbuy: v.nullable(GroupBuySchema),
  budget: v.nullable(BudgetSchema),
  /** Minimum per colour and size line. */
  minimum_quantity: v.nullable(v.number()),
  /** Minimum across all colours and sizes of the product. */
  minimum_total_quantity: v.nullable(v.number()),
  is_business_card: v.boolean(),
  /** Best availability over the variants. */
  availability: AvailabilitySchema,
});
export type Product = v.InferOutput<typeof ProductSchema>;

export const ProductPageSchema = paged(ProductSchema);
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

export const UserBudgetSchema = v.object({
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
  status: v.picklist(['active', 'expired', 'inactive', 'scheduled']),
});
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
  role: v.picklist(['buyer', 'coordinator']),
  website_id: v.number(),
  /** Whom a buyer contacts about budgets. */
  coordinator_email: nullableString,
  budgets: v.array(UserBudgetSchema),
  /**
   * A new e-mail address waiting for the buyer to open the link mailed to it (issue 22); until then
   * `email` stays the account's address. Missing in older providers' answers: none pending.
   */
  pending_email: v.optional(nullableString, null),
});
export type User = v.InferOutput<typeof UserSchema>;

export const AddressSchema = v.object({
  id: v.number(),
  type: AddressTypeSchema,
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

/** An address as entered; the postal code is checked against the country. */
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

/** Registration by request (spec §3 "Registration form"), reviewed by the coordinator. */
export const RegisterRequestSchema = v.pipe(
  v.object({
    website_id: websiteId,
    name: requiredLine(100),
    surname: requiredLine(100),
    email: emailField,
    phone: optionalPhoneField,
    password: strongPassword,
    password_confirmation: v.string('validation.required'),
    coordinator_email: emailField,
    cost_center: requiredLine(50),
    job_title: requiredLine(100),
    buyer_id: requiredLine(50),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, 'validation.password_match'),
    ['password_confirmation'],
  ),
);
export type RegisterRequest = v.InferOutput<typeof RegisterRequestSchema>;

export const RegisterResponseSchema = v.object({ status: v.literal('pending'), message: v.string(), code: v.optional(v.string()) });

export const ForgotPasswordRequestSchema = v.object({ email: emailField, website_id: websiteId });

export const ResetPasswordRequestSchema = v.pipe(
  v.object({
    website_id: websiteId,
    email: emailField,
    token: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(200)),
    password: strongPassword,
    password_confirmation: v.string('validation.required'),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, 'validation.password_match'),
    ['password_confirmation'],
  ),
);

export const ChangePasswordRequestSchema = v.pipe(
  v.object({
    current_password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
    password: strongPassword,
    password_confirmation: v.string('validation.required'),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, 'validation.password_match'),
    ['password_confirmation'],
  ),
);

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
  budgets: v.array(DeliveryCostBudgetSchema),
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
  mpk_code: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(50, 'validation.max_length')))),
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
});
export type OrderItem = v.InferOutput<typeof OrderItemSchema>;

export const OrderSummarySchema = v.object({
  id: v.number(),
  name: v.string(),
  date: isoDate,
  status: OrderStatusSchema,
  currency: v.string(),
  /** What the buyer paid: gross in gross shops, net otherwise, points in pkt shops. */
  total: money,
  items_count: v.number(),
});
export type OrderSummary = v.InferOutput<typeof OrderSummarySchema>;

export const OrderSchema = v.object({
  ...OrderSummarySchema.entries,
  is_gross: v.boolean(),
  total_net: money,
  total_gross: money,
  total_points: money,
  delivery_price: money,
  payment_method: PaymentMethodCodeSchema,
  /**
   * `pending`: an online payment not made yet (the order holds its stock until the hold ends);
   * `cancelled` (at the provider) and `expired` (not paid in time): the stock went back, nothing was charged.
   */
  payment_status: v.picklist(['not_required', 'pending', 'paid', 'cancelled', 'expired']),
  delivery_method: v.object({ id: v.number(), type: DeliveryTypeSchema, name: v.string(), price: money }),
  delivery_address: v.nullable(AddressSnapshotSchema),
  billing_address: v.nullable(AddressSnapshotSchema),
  contact: v.record(v.string(), v.string()),
  mpk_code: nullableString,
  comment: v.string(),
  items: v.array(OrderItemSchema),
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const OrderPageSchema = paged(OrderSummarySchema);

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

/** `POST /api/payment`: the shop's payment methods by position. */
export const PaymentMethodListSchema = v.array(PaymentMethodSchema);
/** `GET /api/user/budgets`: the buyer's budget assignments in the shop. */
export const UserBudgetListSchema = v.array(UserBudgetSchema);
/** `GET /api/user/addresses`: the address book, newest first. */
export const AddressListSchema = v.array(AddressSchema);
/** `POST /api/delivery-methods`: the methods for a cart and address (`[]` when none). */
export const DeliveryMethodListSchema = v.array(DeliveryMethodSchema);
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
  status: RegistrationStatusSchema,
  /** Why it was rejected; `null` unless rejected. */
  reason: nullableString,
  created_at: isoDate,
  reviewed_at: v.nullable(isoDate),
});
export type RegistrationRequest = v.InferOutput<typeof RegistrationRequestSchema>;
export const RegistrationRequestListSchema = v.array(RegistrationRequestSchema);

/** Body of `POST /api/coordinator/registrations/{id}/reject`. */
export const RejectRegistrationRequestSchema = v.object({ reason: requiredText(500) });
export type RejectRegistrationRequest = v.InferOutput<typeof RejectRegistrationRequestSchema>;

/** A buyer of the coordinator's shop with their budget assignments there (`GET /api/coordinator/buyers`). */
export const CoordinatorBuyerSchema = v.omit(UserSchema, ['role', 'website_id', 'pending_email']);
export type CoordinatorBuyer = v.InferOutput<typeof CoordinatorBuyerSchema>;
export const CoordinatorBuyerListSchema = v.array(CoordinatorBuyerSchema);

/** `GET /api/coordinator/budgets`: the budgets the shop defines, by name. */
export const BudgetListSchema = v.array(BudgetSchema);

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
