import type * as v from 'valibot';
import * as contract from '../src/contract/contract.ts';
import { idField } from '../src/contract/fields.ts';
import * as passwords from '../src/contract/password.ts';
import * as designerMessages from '../src/domain/designer.ts';
import { AddressListQuerySchema } from '../server/routes/addresses.ts';
import { ProductDetailQuerySchema } from '../server/routes/catalogue.ts';
import * as designerAnswers from '../server/routes/designer.ts';
import { OrderDetailQuerySchema, OrderListQuerySchema, OrderWaitQuerySchema } from '../server/routes/orders.ts';
import { BudgetsQuerySchema } from '../server/routes/user.ts';
import { SLUG } from '../server/routes/website.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../server/services/order-guards.ts';
import { ORDER_NAME_PATTERN } from '../server/services/order-reads.ts';

/**
 * Every call the reference server answers under `/api/`, as the OpenAPI document (build/openapi.ts)
 * describes it: method and path, who may call it, what it reads (path, query, headers, body) and what
 * it answers, each with the valibot schema the server validates or the storefront reads it with.
 * The errors every call of a kind can answer (a JSON body's 400, 413 and 422, the tenant check's 403
 * and 404, a user call's 401, …) are added by the generator from the call's properties; `errors` lists
 * only the call's own. build/openapi.test.ts checks the list against the Hono app's routes, and every
 * error code the server fails with against the document. Prose: docs/api.md.
 *
 * @module
 */

/**
 * Who may call (docs/api.md "Modes"):
 * - `none`: anyone, no credentials read;
 * - `public`: anyone; a bearer token sent along must be of this shop (the tenant check);
 * - `website`: anyone; the answer depends on the caller (a login-required shop's member or a store
 *   designer's preview session sees the whole shop config, others its guest view);
 * - `shop`: a guest only in an open shop (or, for reads, with a preview session), else a user of this shop;
 * - `user`: a bearer token of this shop;
 * - `coordinator`: a bearer token of a coordinator of this shop;
 * - `operator`: the shop's operator key (the store designer's calls).
 */
export type Access = 'none' | 'public' | 'website' | 'shop' | 'user' | 'coordinator' | 'operator';

/** A value read from the path or a header: a valibot schema of the parsed value, or the pattern the raw text must match. */
export type ParameterSchema = v.GenericSchema | RegExp;

/** A query or header parameter read without a valibot schema of its own. */
export interface RawParameter {
  name: string;
  in: 'query' | 'header';
  required: boolean;
  description: string;
  schema: ParameterSchema | 'text';
}

/** One call of the API. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI path (`{id}`); the Hono route is the same with `:id`. */
  path: string;
  operationId: string;
  tag: (typeof TAGS)[number]['name'];
  summary: string;
  description: string;
  access: Access;
  /** A `website_id` in the query or body goes through the tenant check (404 unknown shop, 403 another shop's token). */
  tenant?: boolean;
  params?: Record<string, { description: string; schema: ParameterSchema }>;
  /** The query's schema, each entry one parameter, and what each parameter means. */
  query?: { schema: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>; fields: Record<string, string> };
  /** Query and header parameters the server reads by hand. */
  parameters?: RawParameter[];
  /** A JSON body, or a multipart form (its fields' schema and the name of its optional file part). */
  body?: v.GenericSchema | { form: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>; file: string };
  /** The success status and its answer: none for 204; `document` is this OpenAPI document. */
  status: 200 | 201 | 204;
  answer?: v.GenericSchema | 'document';
  /** Public and cacheable: `Cache-Control` and `ETag` headers, and 304 to a matching `If-None-Match`. */
  cached?: true;
  /** This call's own error codes by status, beyond those of its kind. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 422 | 429, readonly string[]>>;
}

/** The document's tags, in the order a reader meets them. */
export const TAGS = [
  { name: 'Shop', description: 'The shop config and its payment methods (spec §7).' },
  { name: 'Sign-in', description: 'Login, logout, registration by request, the forgotten password and the one-time sign-in handoff between origins.' },
  { name: 'Account', description: "The signed-in user's profile, e-mail address, password and budgets." },
  { name: 'Catalogue', description: 'Products: a page of a search, chosen ids, or one product.' },
  { name: 'Address book', description: "The buyer's saved addresses in this shop." },
  { name: 'Checkout and orders', description: 'Delivery methods for a cart, placing an order, the wait before the next one, and the order history.' },
  { name: 'Coordinator', description: "The coordinator's area: registration requests, the shop's buyers and their budget assignments." },
  { name: 'Contact', description: 'The contact form, with an optional file.' },
  { name: 'Store designer', description: "The reference server's calls for the store designer (not part of the provider contract): drafts, publishing, preview sessions." },
  { name: 'Document', description: 'This document.' },
] as const;

/**
 * The contract's schemas by name (`ProductSchema` → `Product`): each becomes a component of the
 * document, referenced wherever the same schema is used; those no call reaches are left out.
 */
export const NAMED_SCHEMAS: Record<string, v.GenericSchema> = {
  ...schemasOf(contract),
  ...schemasOf(passwords),
  ...schemasOf(designerMessages),
  ...schemasOf(designerAnswers),
};

function schemasOf(module: Record<string, unknown>): Record<string, v.GenericSchema> {
  return Object.fromEntries(
    Object.entries(module)
      .filter((entry): entry is [string, v.GenericSchema] => entry[0].endsWith('Schema') && (entry[1] as { kind?: unknown } | null)?.kind === 'schema')
      .map(([name, schema]) => [name.slice(0, -'Schema'.length), schema]),
  );
}

const ID = { description: 'A row id, a positive whole number; anything else answers 404 `errors.not_found`.', schema: idField };
const IDEMPOTENCY_KEY: RawParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    'Names this order attempt: a fresh random value per attempt, sent again only when retrying that same attempt (after a timeout), ' +
    'which then answers the first result instead of placing a second order. Missing or malformed: 400 `errors.malformed_request`.',
  schema: IDEMPOTENCY_KEY_PATTERN,
};
const ORDER_LANGUAGE: RawParameter = {
  name: 'Accept-Language',
  in: 'header',
  required: false,
  description: "The order e-mail's language: the first of `en` and `pl` named here, else the shop's `lang`. Outside the body, so a language switch never changes the idempotency hash.",
  schema: 'text',
};
const DESIGNED_SHOP = { slug: { description: "The shop's slug.", schema: SLUG } };

/** Every call under `/api/`, in the order the server registers them. */
export const OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/api/slug/website',
    operationId: 'getShopConfig',
    tag: 'Shop',
    summary: 'The shop config',
    description:
      'The shop config the storefront loads first. A login-required shop answers its guest view (`guest_view: true`: what the sign-in pages need) ' +
      'to anyone but a member of the shop or a store designer\'s preview session; a stale or foreign token is read as a guest\'s, never refused. ' +
      'An unknown, malformed or missing slug answers 404 `errors.store_not_found`, whose body has no `id` ("unknown shop", spec §7).',
    access: 'website',
    parameters: [{ name: 'slug', in: 'query', required: true, description: "The shop's slug (the first label of its host name).", schema: SLUG }],
    status: 200,
    answer: contract.WebsiteSchema,
    errors: { 404: ['errors.store_not_found'] },
  },
  {
    method: 'post',
    path: '/api/payment',
    operationId: 'listPaymentMethods',
    tag: 'Shop',
    summary: "The shop's payment methods",
    description: "The shop's payment methods, by position. `online` only while an online-payment provider is connected.",
    access: 'shop',
    tenant: true,
    body: contract.PaymentMethodsRequestSchema,
    status: 200,
    answer: contract.PaymentMethodListSchema,
  },
  {
    method: 'get',
    path: '/api/designer/{slug}',
    operationId: 'getDesign',
    tag: 'Store designer',
    summary: "The shop's draft and published design",
    description: 'The saved draft (null when none) and what the storefront shows now, in the draft\'s shape.',
    access: 'operator',
    params: DESIGNED_SHOP,
    status: 200,
    answer: designerAnswers.DesignerStateSchema,
    errors: { 404: ['errors.store_not_found'] },
  },
  {
    method: 'put',
    path: '/api/designer/{slug}/draft',
    operationId: 'saveDesignDraft',
    tag: 'Store designer',
    summary: 'Save the draft',
    description: 'Saves the theme and homepage sections as the draft; the storefront does not show it until it is published.',
    access: 'operator',
    params: DESIGNED_SHOP,
    body: designerMessages.DesignerDraftSchema,
    status: 200,
    answer: designerAnswers.DraftSavedSchema,
    errors: { 404: ['errors.store_not_found'] },
  },
  {
    method: 'post',
    path: '/api/designer/{slug}/publish',
    operationId: 'publishDesign',
    tag: 'Store designer',
    summary: 'Publish the draft',
    description: "Makes the draft what the shop config answers (its settings and the homepage's blocks), in one transaction.",
    access: 'operator',
    params: DESIGNED_SHOP,
    status: 200,
    answer: designerAnswers.DraftPublishedSchema,
    errors: { 404: ['errors.store_not_found'], 409: ['errors.no_draft'] },
  },
  {
    method: 'post',
    path: '/api/designer/{slug}/preview-session',
    operationId: 'startPreviewSession',
    tag: 'Store designer',
    summary: 'A preview session',
    description: "A preview session of this one shop for 15 minutes: sent in the `Shop-Preview` header, it opens the shop's reads as if the shop were open.",
    access: 'operator',
    params: DESIGNED_SHOP,
    status: 200,
    answer: designerAnswers.PreviewSessionSchema,
    errors: { 404: ['errors.store_not_found'] },
  },
  {
    method: 'post',
    path: '/api/login',
    operationId: 'login',
    tag: 'Sign-in',
    summary: 'Log in',
    description:
      'A new session of this user in this shop. Failed attempts are throttled per address and IP, per IP, per address, and per known device; ' +
      'once a limit is used up the call is refused before the password is checked.',
    access: 'public',
    tenant: true,
    body: contract.LoginRequestSchema,
    status: 200,
    answer: contract.AuthResponseSchema,
    errors: { 403: ['errors.no_access'], 422: ['errors.invalid_login'], 429: ['errors.throttled'] },
  },
  {
    method: 'post',
    path: '/api/logout',
    operationId: 'logout',
    tag: 'Sign-in',
    summary: 'Log out',
    description: 'Ends the calling session; other sessions stay.',
    access: 'user',
    status: 200,
    answer: contract.MessageResponseSchema,
  },
  {
    method: 'post',
    path: '/api/register',
    operationId: 'register',
    tag: 'Sign-in',
    summary: 'Ask for an account',
    description:
      'Files a registration request for the named coordinator once the applicant confirms the address from the mailed link. ' +
      'Answers the same whatever became of the request, so it tells nobody which addresses have accounts.',
    access: 'public',
    tenant: true,
    body: passwords.RegisterRequestSchema,
    status: 201,
    answer: contract.RegisterResponseSchema,
    errors: { 403: ['errors.registration_closed'], 429: ['errors.too_many_requests'] },
  },
  {
    method: 'post',
    path: '/api/register/confirm',
    operationId: 'confirmRegistration',
    tag: 'Sign-in',
    summary: "Confirm a registration's address",
    description: 'The token of the link mailed by the registration: the request then waits for the coordinator.',
    access: 'public',
    tenant: true,
    body: contract.ConfirmRegistrationRequestSchema,
    status: 200,
    answer: contract.RegisterResponseSchema,
    errors: { 409: ['errors.registration_already_confirmed'], 422: ['errors.registration_link_expired'] },
  },
  {
    method: 'post',
    path: '/api/forgotPassword',
    operationId: 'forgotPassword',
    tag: 'Sign-in',
    summary: 'Ask for a reset link',
    description: 'Always the same answer, whether or not the address has an account in this shop.',
    access: 'public',
    tenant: true,
    body: contract.ForgotPasswordRequestSchema,
    status: 200,
    answer: contract.MessageResponseSchema,
  },
  {
    method: 'post',
    path: '/api/resetPassword',
    operationId: 'resetPassword',
    tag: 'Sign-in',
    summary: 'Set a new password from a reset link',
    description: "Sets the password, ends the user's sessions and opens a new one: the answer logs the user in.",
    access: 'public',
    tenant: true,
    body: passwords.ResetPasswordRequestSchema,
    status: 200,
    answer: contract.AuthResponseSchema,
    errors: { 422: ['errors.reset_expired'] },
  },
  {
    method: 'post',
    path: '/api/session/handoff',
    operationId: 'issueSignInHandoff',
    tag: 'Sign-in',
    summary: 'A one-time sign-in code',
    description: 'A code for a link into the storefront on another origin (the code travels in the link, never the token). It works once, for `expires_in` seconds.',
    access: 'user',
    tenant: true,
    body: contract.SignInHandoffRequestSchema,
    status: 200,
    answer: contract.SignInHandoffResponseSchema,
    errors: { 429: ['errors.too_many_requests'] },
  },
  {
    method: 'post',
    path: '/api/session/handoff/preview',
    operationId: 'previewSignInHandoff',
    tag: 'Sign-in',
    summary: "Whose account a sign-in code is",
    description: 'Whose account the code would sign in as, without using it up; refused exactly where the exchange refuses.',
    access: 'public',
    tenant: true,
    body: contract.SignInExchangeRequestSchema,
    status: 200,
    answer: contract.SignInHandoffPreviewSchema,
    errors: { 400: ['errors.handoff_invalid'], 429: ['errors.too_many_requests'] },
  },
  {
    method: 'post',
    path: '/api/session/exchange',
    operationId: 'exchangeSignInHandoff',
    tag: 'Sign-in',
    summary: 'Exchange a sign-in code for a session',
    description: 'A new session of the code\'s user in this shop, answered as a login. Every code that does not work gets the one 400.',
    access: 'public',
    tenant: true,
    body: contract.SignInExchangeRequestSchema,
    status: 200,
    answer: contract.AuthResponseSchema,
    errors: { 400: ['errors.handoff_invalid'], 429: ['errors.too_many_requests'] },
  },
  {
    method: 'get',
    path: '/api/user',
    operationId: 'getUser',
    tag: 'Account',
    summary: 'The signed-in user',
    description: 'The user as the token\'s shop sees them, with their budget assignments in this shop.',
    access: 'user',
    status: 200,
    answer: contract.UserSchema,
  },
  {
    method: 'get',
    path: '/api/user/budgets',
    operationId: 'listUserBudgets',
    tag: 'Account',
    summary: "The buyer's budget assignments",
    description: "The user's budget assignments in this shop, by start date.",
    access: 'user',
    tenant: true,
    query: { schema: BudgetsQuerySchema, fields: { website_id: 'The shop: the token\'s.' } },
    status: 200,
    answer: contract.UserBudgetListSchema,
  },
  {
    method: 'put',
    path: '/api/user/update',
    operationId: 'updateUser',
    tag: 'Account',
    summary: 'Save the profile',
    description:
      'Saves name, surname, phone and job title at once. Another e-mail address needs `current_password` and changes only when the link mailed to it is opened; ' +
      'until then the answer keeps `email` and sets `pending_email`.',
    access: 'user',
    body: contract.UserUpdateRequestSchema,
    status: 200,
    answer: contract.UserSchema,
    errors: { 429: ['errors.throttled', 'errors.too_many_requests'] },
  },
  {
    method: 'post',
    path: '/api/user/email/confirm',
    operationId: 'confirmEmailChange',
    tag: 'Account',
    summary: 'Confirm a new e-mail address',
    description: 'The token of the link mailed to the new address; no session needed. Other sessions of the user end.',
    access: 'public',
    tenant: true,
    body: contract.ConfirmEmailRequestSchema,
    status: 200,
    answer: contract.ConfirmEmailResponseSchema,
    errors: { 422: ['errors.email_link_expired'] },
  },
  {
    method: 'post',
    path: '/api/user/email/cancel',
    operationId: 'cancelEmailChange',
    tag: 'Account',
    summary: 'Drop a waiting e-mail change',
    description: 'Voids the e-mail change waiting for its link; answers the user without one.',
    access: 'user',
    status: 200,
    answer: contract.UserSchema,
  },
  {
    method: 'post',
    path: '/api/user/changePassword',
    operationId: 'changePassword',
    tag: 'Account',
    summary: 'Change the password',
    description: "Sets the new password and ends the user's other sessions; wrong current passwords are throttled like failed logins.",
    access: 'user',
    body: passwords.ChangePasswordRequestSchema,
    status: 200,
    answer: contract.MessageResponseSchema,
    errors: { 429: ['errors.throttled'] },
  },
  {
    method: 'get',
    path: '/api/products',
    operationId: 'listProducts',
    tag: 'Catalogue',
    summary: 'A page of products',
    description:
      'A page of the shop\'s products: searched (every word, ignoring case, accents and punctuation), sorted, or exactly the products `ids` names, in that order.',
    access: 'shop',
    tenant: true,
    query: {
      schema: contract.ProductQuerySchema,
      fields: {
        website_id: 'The shop.',
        search: 'Words that must all occur in the name or the code, ignoring case, accents and punctuation; blank is no search.',
        sort: 'The order: price as the product card shows it, name or code, each then by id.',
        page: 'The page, from 1; a page past the end has no products.',
        per_page: 'Products per page.',
        ids: 'Exactly these products of this shop, comma-separated, in this order (the sort is ignored); unknown ids are left out.',
      },
    },
    status: 200,
    answer: contract.ProductPageSchema,
  },
  {
    method: 'get',
    path: '/api/products/{id}',
    operationId: 'getProduct',
    tag: 'Catalogue',
    summary: 'One product',
    description: 'One product of this shop; a product of another shop answers 404 as an unknown one does.',
    access: 'shop',
    tenant: true,
    params: { id: ID },
    query: { schema: ProductDetailQuerySchema, fields: { website_id: 'The shop.' } },
    status: 200,
    answer: contract.ProductSchema,
    errors: { 404: ['errors.not_found'] },
  },
  {
    method: 'get',
    path: '/api/user/addresses',
    operationId: 'listAddresses',
    tag: 'Address book',
    summary: 'The saved addresses',
    description: "The buyer's addresses in the token's shop, newest first; `type` filters them.",
    access: 'user',
    query: { schema: AddressListQuerySchema, fields: { type: 'Only addresses of this type.' } },
    status: 200,
    answer: contract.AddressListSchema,
  },
  {
    method: 'post',
    path: '/api/user/addresses',
    operationId: 'createAddress',
    tag: 'Address book',
    summary: 'Save a new address',
    description: 'Saves an address in the token\'s shop and answers it with its id.',
    access: 'user',
    body: contract.AddressInputSchema,
    status: 201,
    answer: contract.AddressSchema,
  },
  {
    method: 'put',
    path: '/api/user/addresses/{id}',
    operationId: 'updateAddress',
    tag: 'Address book',
    summary: 'Replace an address',
    description: 'Replaces every field of one of the buyer\'s addresses in this shop.',
    access: 'user',
    params: { id: ID },
    body: contract.AddressInputSchema,
    status: 200,
    answer: contract.AddressSchema,
    errors: { 404: ['errors.not_found'] },
  },
  {
    method: 'delete',
    path: '/api/user/addresses/{id}',
    operationId: 'deleteAddress',
    tag: 'Address book',
    summary: 'Delete an address',
    description: 'Deletes one of the buyer\'s addresses in this shop; orders keep their own copies.',
    access: 'user',
    params: { id: ID },
    status: 204,
    errors: { 404: ['errors.not_found'] },
  },
  {
    method: 'post',
    path: '/api/delivery-methods',
    operationId: 'listDeliveryMethods',
    tag: 'Checkout and orders',
    summary: 'Delivery methods for a cart',
    description: "The shop's delivery methods for this cart and address, by position; none is `[]`, not an error.",
    access: 'user',
    tenant: true,
    body: contract.DeliveryMethodsRequestSchema,
    status: 200,
    answer: contract.DeliveryMethodListSchema,
    errors: { 404: ['errors.address'], 422: ['errors.product_unavailable'] },
  },
  {
    method: 'post',
    path: '/api/order',
    operationId: 'placeOrder',
    tag: 'Checkout and orders',
    summary: 'Place an order',
    description:
      'Places the order in one transaction: prices, stock, budgets and the order e-mail are the server\'s (no price is ever read from the body). ' +
      '`payment_url` is set for `online` orders only. A retry with the same `Idempotency-Key` and body answers the stored result again.',
    access: 'user',
    tenant: true,
    parameters: [IDEMPOTENCY_KEY, ORDER_LANGUAGE],
    body: contract.PlaceOrderRequestSchema,
    status: 201,
    answer: contract.PlaceOrderResponseSchema,
    errors: {
      404: ['errors.not_found'],
      422: [
        'errors.idempotency_mismatch',
        'errors.payment_method',
        'errors.delivery_method',
        'errors.address_specific_only',
        'errors.product_unavailable',
        'errors.card_info',
        'sale.qty.minimum',
        'sale.qty.exceeded',
        'sale.hold.exceeded',
        'budgets.error.no_budget',
        'budgets.inactive_in_cart',
        'budgets.error.insufficient',
      ],
      429: ['errors.order_wait'],
    },
  },
  {
    method: 'get',
    path: '/api/order/wait',
    operationId: 'getOrderWait',
    tag: 'Checkout and orders',
    summary: 'Seconds until the next order',
    description: 'Whole seconds until this buyer may order again in this shop, `0` when free; agrees with the 429 of placing an order.',
    access: 'user',
    tenant: true,
    query: { schema: OrderWaitQuerySchema, fields: { website_id: 'The shop.' } },
    status: 200,
    answer: contract.OrderWaitResponseSchema,
  },
  {
    method: 'get',
    path: '/api/user/orders',
    operationId: 'listOrders',
    tag: 'Checkout and orders',
    summary: 'The order history',
    description: "A page of this buyer's orders in this shop, newest first.",
    access: 'user',
    tenant: true,
    query: { schema: OrderListQuerySchema, fields: { website_id: 'The shop.', page: 'The page, from 1.', per_page: 'Orders per page.' } },
    status: 200,
    answer: contract.OrderPageSchema,
  },
  {
    method: 'get',
    path: '/api/user/order/{id}',
    operationId: 'getOrder',
    tag: 'Checkout and orders',
    summary: 'One order',
    description: "One of the buyer's orders by its name. Without `website_id` the token's shop is meant.",
    access: 'user',
    tenant: true,
    params: { id: { description: 'The order\'s name, e.g. `ACME-000001` (spec §7 calls it the id); anything else answers 404.', schema: ORDER_NAME_PATTERN } },
    query: { schema: OrderDetailQuerySchema, fields: { website_id: "The shop; without it, the token's." } },
    status: 200,
    answer: contract.OrderSchema,
    errors: { 404: ['errors.not_found'] },
  },
  {
    method: 'get',
    path: '/api/coordinator/registrations',
    operationId: 'listRegistrations',
    tag: 'Coordinator',
    summary: 'Registration requests',
    description: 'The confirmed requests of this shop that name the caller, pending first, then newest first.',
    access: 'coordinator',
    status: 200,
    answer: contract.RegistrationRequestListSchema,
  },
  {
    method: 'post',
    path: '/api/coordinator/registrations/{id}/approve',
    operationId: 'approveRegistration',
    tag: 'Coordinator',
    summary: 'Approve a registration request',
    description: 'Gives the applicant (and only the applicant) access to this shop, in one transaction, and mails them.',
    access: 'coordinator',
    params: { id: ID },
    status: 200,
    answer: contract.RegistrationRequestSchema,
    errors: { 404: ['errors.not_found'], 409: ['coordinator.errors.already_reviewed', 'coordinator.errors.already_member', 'coordinator.errors.account_changed'] },
  },
  {
    method: 'post',
    path: '/api/coordinator/registrations/{id}/reject',
    operationId: 'rejectRegistration',
    tag: 'Coordinator',
    summary: 'Reject a registration request',
    description: 'Rejects the request with a reason, which is mailed to the applicant.',
    access: 'coordinator',
    params: { id: ID },
    body: contract.RejectRegistrationRequestSchema,
    status: 200,
    answer: contract.RegistrationRequestSchema,
    errors: { 404: ['errors.not_found'], 409: ['coordinator.errors.already_reviewed'] },
  },
  {
    method: 'get',
    path: '/api/coordinator/buyers',
    operationId: 'listBuyers',
    tag: 'Coordinator',
    summary: "The shop's buyers",
    description: 'Every buyer of this shop with their budget assignments here.',
    access: 'coordinator',
    status: 200,
    answer: contract.CoordinatorBuyerListSchema,
  },
  {
    method: 'get',
    path: '/api/coordinator/budgets',
    operationId: 'listShopBudgets',
    tag: 'Coordinator',
    summary: "The shop's budgets",
    description: 'The budgets this shop defines, by name.',
    access: 'coordinator',
    status: 200,
    answer: contract.BudgetListSchema,
  },
  {
    method: 'post',
    path: '/api/coordinator/buyers/{id}/budgets',
    operationId: 'assignBudget',
    tag: 'Coordinator',
    summary: 'Assign points to a buyer',
    description: 'Assigns points of an existing budget of this shop (`budget_id`) or of a new one (`name` and `color`) to a buyer of this shop.',
    access: 'coordinator',
    params: { id: ID },
    body: contract.AssignBudgetRequestSchema,
    status: 201,
    answer: contract.UserBudgetSchema,
    errors: { 404: ['errors.not_found'], 422: ['coordinator.errors.no_budgets'] },
  },
  {
    method: 'post',
    path: '/api/coordinator/assignments/{id}/deactivate',
    operationId: 'deactivateAssignment',
    tag: 'Coordinator',
    summary: 'Switch a budget assignment off',
    description: 'Switches the assignment off; its points and spending stay recorded. Doing it again changes nothing.',
    access: 'coordinator',
    params: { id: ID },
    status: 200,
    answer: contract.UserBudgetSchema,
    errors: { 404: ['errors.not_found'] },
  },
  {
    method: 'post',
    path: '/api/contact-us',
    operationId: 'sendContactMessage',
    tag: 'Contact',
    summary: 'Send the contact form',
    description:
      'The contact form as `multipart/form-data`, with an optional `file`: a JPG, PNG or PDF (by name and by content) of at most 10 MB. ' +
      'Rate-limited per IP before the body is read, and per sender address.',
    access: 'shop',
    tenant: true,
    body: { form: contract.ContactUsRequestSchema, file: 'file' },
    status: 201,
    answer: contract.MessageResponseSchema,
    errors: { 429: ['errors.too_many_requests'] },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'Document',
    summary: 'This document',
    description: 'This OpenAPI document, as `docs/openapi.json` of the release the server runs. The same for everyone: no credentials are read and no cookie is set.',
    access: 'none',
    status: 200,
    answer: 'document',
    cached: true,
  },
];
