import * as fc from 'fast-check';
import * as v from 'valibot';
import { OPERATOR_KEY_HEADER } from '../../../server/routes/designer.ts';
import { operatorKey } from '../../../server/services/operator-keys.ts';
import { DesignerDraftSchema } from '../../../src/domain/designer.ts';
import {
  AddressInputSchema,
  AddressListSchema,
  AddressSchema,
  AddressTypeSchema,
  AssignBudgetRequestSchema,
  AuthResponseSchema,
  ConfirmEmailRequestSchema,
  ConfirmRegistrationRequestSchema,
  ConfirmEmailResponseSchema,
  ContactUsRequestSchema,
  DeliveryMethodListSchema,
  DeliveryMethodsRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  OrderPageSchema,
  OrderSchema,
  OrderWaitResponseSchema,
  PaymentMethodListSchema,
  PaymentMethodsRequestSchema,
  PlaceOrderRequestSchema,
  PlaceOrderResponseSchema,
  ProductPageSchema,
  ProductQuerySchema,
  ProductSchema,
  RegisterResponseSchema,
  RegistrationRequestSchema,
  RejectRegistrationRequestSchema,
  SignInExchangeRequestSchema,
  SignInHandoffRequestSchema,
  SignInHandoffPreviewSchema,
  SignInHandoffResponseSchema,
  UserBudgetListSchema,
  UserBudgetSchema,
  UserSchema,
  UserUpdateRequestSchema,
  WebsiteSchema,
} from '../../../src/contract/contract.ts';
import { ChangePasswordRequestSchema, RegisterRequestSchema, ResetPasswordRequestSchema } from '../../../src/contract/password.ts';
import { idField } from '../../../src/contract/fields.ts';
import type { TestServer } from '../../api/harness.ts';
import { fuzzedId, fuzzedObject, fuzzedQuery, type Hints } from './fuzz-arbitraries.ts';
import type { RouteKey } from './security-helpers.ts';

/**
 * The endpoints of the reference API that take input, each with generated requests (from the request
 * schemas of the contract, see fuzz-arbitraries.ts) and the contract schema its 2xx answers must
 * pass. Requests carry a valid session where the endpoint needs one.
 *
 * @module
 */

/** One generated request. */
export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  token?: string;
}

export interface FuzzEndpoint {
  route: RouteKey;
  requests: fc.Arbitrary<FuzzRequest>;
  /** What a 2xx answer must be: a contract schema, `null` for no body (204), `html` for a demo page. */
  ok: v.GenericSchema | null | 'html';
}

/** Ids and sessions of the seeded database the generators draw valid values from. */
export interface FuzzWorld {
  shops: number[];
  tokens: { buyer: string; profile: string; coordinator: string };
  productIds: number[];
  variantIds: number[];
  deliveryMethodIds: number[];
  addressIds: number[];
  assignmentIds: number[];
  budgetIds: number[];
  buyerIds: number[];
  registrationIds: number[];
  orderNames: string[];
  /** An online order waiting for payment and its payment token, for the demo payment page. */
  payment: { name: string; token: string };
  /** acme's shop-operator key (the store designer's calls). */
  operatorKey: string;
  /** Rows for the known-good requests the generators also vary one field of. */
  known: { acme: number; globex: number; mug: { product_id: number; variant_id: number }; pickup: number; welcomeBudget: number };
}

/** Loads the ids the generators use (acme's, where the sessions live, plus a few of other shops). */
export async function loadFuzzWorld(server: TestServer, tokens: FuzzWorld['tokens'], payment: FuzzWorld['payment']): Promise<FuzzWorld> {
  const column = async <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
    (await server.db.query<{ value: T }>(sql, params)).rows.map((row) => row.value);
  const acme = server.shops.acme!;
  return {
    shops: Object.values(server.shops),
    tokens,
    payment,
    operatorKey: operatorKey(server.config.shopOperatorSecret ?? '', 'acme'),
    productIds: await column('SELECT id AS value FROM products WHERE website_id = $1 ORDER BY id LIMIT 12', [acme]),
    variantIds: await column('SELECT v.id AS value FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.website_id = $1 ORDER BY v.id LIMIT 24', [acme]),
    deliveryMethodIds: await column('SELECT id AS value FROM delivery_methods ORDER BY id'),
    addressIds: await column("SELECT a.id AS value FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.email = 'buyer@acme.test'"),
    assignmentIds: await column('SELECT id AS value FROM user_budgets ORDER BY id'),
    budgetIds: await column('SELECT id AS value FROM budgets ORDER BY id'),
    buyerIds: await column('SELECT user_id AS value FROM website_users WHERE website_id = $1', [acme]),
    registrationIds: await column('SELECT id AS value FROM registration_requests ORDER BY id'),
    orderNames: await column('SELECT name AS value FROM orders ORDER BY id'),
    known: {
      acme,
      globex: server.shops.globex!,
      mug: (
        await server.db.query<{ product_id: number; variant_id: number }>(
          "SELECT p.id AS product_id, v.id AS variant_id FROM products p JOIN product_variants v ON v.product_id = p.id WHERE v.code = 'ACME-MUG-WHITE'",
        )
      ).rows[0]!,
      pickup: (await column<number>("SELECT id AS value FROM delivery_methods WHERE website_id = $1 AND type = 'self_pickup'", [acme]))[0]!,
      welcomeBudget: (await column<number>("SELECT id AS value FROM budgets WHERE website_id = $1 AND name = 'Welcome pack'", [acme]))[0]!,
    },
  };
}

const DAY = 86_400_000;

/** Known-good requests per endpoint (acme, buyer@acme.test), varied one leaf at a time by the generators. */
function knownGood(w: FuzzWorld) {
  const { acme, globex, mug, pickup, welcomeBudget } = w.known;
  const address = { type: 'delivery', name: 'Fuzz', surname: 'Tester', street: 'ul. Fuzz 1', city: 'Warszawa', zip: '00-950', country: 'PL' };
  const password = 'Str0ngPassw0rd';
  return {
    payment: { website_id: acme },
    login: { email: 'buyer@acme.test', password: 'Passw0rd!', website_id: acme },
    register: {
      website_id: acme,
      name: 'Fuzz',
      surname: 'Applicant',
      email: 'fuzz-known@example.test',
      phone: '+48 600 100 200',
      password,
      password_confirmation: password,
      coordinator_email: 'coordinator@acme.test',
      cost_center: 'MPK-1',
      job_title: 'Tester',
      buyer_id: 'FZ-K',
    },
    forgot: { email: 'buyer@acme.test', website_id: acme },
    reset: { website_id: acme, email: 'buyer@acme.test', token: 'x'.repeat(43), password, password_confirmation: password },
    update: { name: 'Piotr', surname: 'Zieliński', email: 'nobudget@acme.test', phone: '+48 600 100 200', job_title: 'Buyer' },
    change: { current_password: 'not-the-password', password, password_confirmation: password },
    confirmEmail: { website_id: acme, token: 'x'.repeat(43) },
    confirmRegistration: { website_id: acme, token: 'x'.repeat(43) },
    handoff: { website_id: acme },
    exchange: { code: 'x'.repeat(43), website_id: acme },
    address,
    delivery: { website_id: acme, address_id: w.addressIds[0] ?? 1, items: [{ ...mug, quantity: 1 }] },
    order: {
      website_id: acme,
      items: [{ ...mug, quantity: 1 }],
      delivery_method_id: pickup,
      billing_same_as_delivery: true,
      payment_method: 'budget',
      mpk_code: 'MPK-1',
      cost_centre_statement: true,
      contact: { name: 'Anna', surname: 'Nowak', email: 'anna@example.com', phone: '+48 600 100 200' },
      comment: 'Fuzz',
    },
    reject: { reason: 'Not one of ours' },
    assign: { budget_id: welcomeBudget, points: 10, start_date: new Date(Date.now() - DAY).toISOString(), expiry_date: new Date(Date.now() + 30 * DAY).toISOString() },
    contact: { website_id: String(globex), name: 'Pat', email: 'pat@example.test', message: 'Hello' },
    products: { website_id: String(acme), search: 'mug', sort: 'price_asc', page: '1', per_page: '24' },
    shop: { website_id: String(acme) },
    orders: { website_id: String(acme), page: '1', per_page: '20' },
  };
}

const pick = <T>(values: readonly T[], fallback: T): fc.Arbitrary<T> => fc.constantFrom(...(values.length > 0 ? values : [fallback]));

/** Valid values for fields the schemas cannot tell (ids of the seeded rows, demo passwords, formats). */
function jsonHints(w: FuzzWorld): Hints {
  return {
    website_id: pick(w.shops, 1),
    product_id: pick(w.productIds, 1),
    variant_id: pick(w.variantIds, 1),
    quantity: fc.integer({ min: 1, max: 5 }),
    delivery_method_id: pick(w.deliveryMethodIds, 1),
    delivery_address_id: pick(w.addressIds, 1),
    address_id: pick(w.addressIds, 1),
    payment_for_delivery_budget: pick(w.assignmentIds, 1),
    budget_id: pick(w.budgetIds, 1),
    payment_method: fc.constantFrom('budget', 'invoice', 'online'),
    mpk_code: fc.constantFrom('MPK-1', 'MPK-4410'),
    cost_centre_statement: fc.constant(true),
    billing_same_as_delivery: fc.boolean(),
    email: fc.constantFrom('buyer@acme.test', 'coordinator@acme.test', 'nobody@example.test', 'BUYER@ACME.TEST'),
    coordinator_email: fc.constantFrom('coordinator@acme.test', 'coordinator@globex.test'),
    password: fc.constantFrom('Passw0rd!', 'Str0ngPassw0rd'),
    password_confirmation: fc.constantFrom('Passw0rd!', 'Str0ngPassw0rd'),
    current_password: fc.constantFrom('Passw0rd!', 'wrong'),
    country: fc.constantFrom('PL', 'DE', 'XX'),
    zip: fc.constantFrom('00-950', '10115', '31-503'),
    phone: fc.constantFrom('+48 600 100 200', ''),
    nip: fc.constantFrom('6772480003', ''),
    color: fc.constantFrom('#123456', '#ABCDEF'),
    points: fc.integer({ min: 1, max: 100 }),
  };
}

/** The same hints as query-string text (`website_id=1`), for GET parameters and multipart fields. */
function textHints(hints: Hints): Hints {
  return Object.fromEntries(Object.entries(hints).map(([key, arbitrary]) => [key, arbitrary.map(String)]));
}

const idempotencyKey = fc.oneof(
  { arbitrary: fc.uuid(), weight: 4 },
  { arbitrary: fc.stringMatching(/^[\x20-\x7e]{0,250}$/), weight: 1 },
);

/** A contact-form body: the fields as text, and sometimes a file with random bytes and name. */
function contactForm(hints: Hints, base: Record<string, string>): fc.Arbitrary<FormData> {
  const file = fc.option(
    fc.record({
      name: fc.oneof(fc.constantFrom('a.png', 'b.pdf', 'c.jpg', '../x.png', 'x.exe', ''), fc.string({ maxLength: 300 })),
      bytes: fc.oneof(fc.uint8Array({ maxLength: 2000 }), fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]))),
    }),
    { freq: 2 },
  );
  return fc.tuple(fuzzedObject(ContactUsRequestSchema, textHints(hints), base), file).map(([fields, upload]) => {
    const form = new FormData();
    if (fields !== null && typeof fields === 'object' && !Array.isArray(fields)) {
      for (const [key, value] of Object.entries(fields)) form.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    } else {
      form.append('website_id', JSON.stringify(fields) ?? '');
    }
    if (upload) form.append('file', new Blob([new Uint8Array(upload.bytes)]), upload.name);
    return form;
  });
}

/** Every endpoint that takes input (JSON body, query string, path id or multipart). */
export function fuzzEndpoints(w: FuzzWorld): FuzzEndpoint[] {
  const hints = jsonHints(w);
  const query = textHints(hints);
  const { buyer, profile, coordinator } = w.tokens;
  const shopToken = fc.constantFrom<string | undefined>(buyer, undefined);
  const good = knownGood(w);
  const body = (schema: v.GenericSchema, base: Record<string, unknown>) => fuzzedObject(schema, hints, base);
  const id = (values: number[]) => fuzzedId(pick(values, 1));
  const nameSegment = fc.oneof(pick([...w.orderNames, w.payment.name], 'ACME-000001').map(encodeURIComponent), fuzzedId(fc.integer({ min: 1, max: 99 })));
  const paySegment = fc.oneof({ arbitrary: fc.constant(encodeURIComponent(w.payment.name)), weight: 3 }, { arbitrary: nameSegment, weight: 1 });
  const payToken = fc.oneof({ arbitrary: fc.constant(w.payment.token), weight: 3 }, { arbitrary: fc.string({ maxLength: 60 }), weight: 1 });
  const returnUrl = fc.constantFrom('http://globex.localhost:4173/payment-processing', 'javascript:alert(1)', '//evil.example', 'http://user:pw@localhost:4173/', 'http://evil.localhost.evil.example:4173/');

  return [
    {
      route: 'GET /api/slug/website',
      ok: WebsiteSchema,
      requests: fuzzedQuery(v.object({ slug: v.picklist(['acme', 'globex', 'initech', 'nope', 'ACME', '']) })).map((q) => ({ method: 'GET', path: `/api/slug/website${q}` })),
    },
    // The store designer (reference server only): acme's key or none, a slug or a wrong one, generated drafts.
    ...designerEndpoints(w, body),
    { route: 'POST /api/payment', ok: PaymentMethodListSchema, requests: fc.tuple(body(PaymentMethodsRequestSchema, good.payment), shopToken).map(([b, token]) => ({ method: 'POST', path: '/api/payment', body: b, token })) },
    { route: 'POST /api/login', ok: AuthResponseSchema, requests: body(LoginRequestSchema, good.login).map((b) => ({ method: 'POST', path: '/api/login', body: b })) },
    { route: 'POST /api/register', ok: RegisterResponseSchema, requests: body(RegisterRequestSchema, good.register).map((b) => ({ method: 'POST', path: '/api/register', body: b })) },
    {
      route: 'POST /api/register/confirm',
      ok: RegisterResponseSchema,
      requests: body(ConfirmRegistrationRequestSchema, good.confirmRegistration).map((b) => ({ method: 'POST', path: '/api/register/confirm', body: b })),
    },
    { route: 'POST /api/forgotPassword', ok: MessageResponseSchema, requests: body(ForgotPasswordRequestSchema, good.forgot).map((b) => ({ method: 'POST', path: '/api/forgotPassword', body: b })) },
    { route: 'POST /api/resetPassword', ok: AuthResponseSchema, requests: body(ResetPasswordRequestSchema, good.reset).map((b) => ({ method: 'POST', path: '/api/resetPassword', body: b })) },
    {
      route: 'POST /api/session/handoff',
      ok: SignInHandoffResponseSchema,
      requests: fc.tuple(body(SignInHandoffRequestSchema, good.handoff), shopToken).map(([b, token]) => ({ method: 'POST', path: '/api/session/handoff', body: b, token })),
    },
    {
      route: 'POST /api/session/handoff/preview',
      ok: SignInHandoffPreviewSchema,
      requests: body(SignInExchangeRequestSchema, good.exchange).map((b) => ({ method: 'POST', path: '/api/session/handoff/preview', body: b })),
    },
    { route: 'POST /api/session/exchange', ok: AuthResponseSchema, requests: body(SignInExchangeRequestSchema, good.exchange).map((b) => ({ method: 'POST', path: '/api/session/exchange', body: b })) },
    {
      route: 'GET /api/user/budgets',
      ok: UserBudgetListSchema,
      requests: fuzzedQuery(v.object({ website_id: v.pipe(v.string(), v.toNumber(), idField) }), query, good.shop).map((q) => ({ method: 'GET', path: `/api/user/budgets${q}`, token: buyer })),
    },
    { route: 'PUT /api/user/update', ok: UserSchema, requests: body(UserUpdateRequestSchema, good.update).map((b) => ({ method: 'PUT', path: '/api/user/update', body: b, token: profile })) },
    {
      route: 'POST /api/user/email/confirm',
      ok: ConfirmEmailResponseSchema,
      requests: body(ConfirmEmailRequestSchema, good.confirmEmail).map((b) => ({ method: 'POST', path: '/api/user/email/confirm', body: b })),
    },
    { route: 'POST /api/user/changePassword', ok: MessageResponseSchema, requests: body(ChangePasswordRequestSchema, good.change).map((b) => ({ method: 'POST', path: '/api/user/changePassword', body: b, token: profile })) },
    { route: 'GET /api/products', ok: ProductPageSchema, requests: fc.tuple(fuzzedQuery(ProductQuerySchema, { ...query, ids: fc.constant(w.productIds.slice(0, 4).join(',')) }, good.products), shopToken).map(([q, token]) => ({ method: 'GET', path: `/api/products${q}`, token })) },
    {
      route: 'GET /api/products/:id',
      ok: ProductSchema,
      requests: fc
        .tuple(id(w.productIds), fuzzedQuery(v.object({ website_id: v.pipe(v.string(), v.toNumber(), idField) }), query), shopToken)
        .map(([segment, q, token]) => ({ method: 'GET', path: `/api/products/${segment}${q}`, token })),
    },
    {
      route: 'GET /api/user/addresses',
      ok: AddressListSchema,
      requests: fuzzedQuery(v.object({ type: v.optional(AddressTypeSchema) })).map((q) => ({ method: 'GET', path: `/api/user/addresses${q}`, token: buyer })),
    },
    { route: 'POST /api/user/addresses', ok: AddressSchema, requests: body(AddressInputSchema, good.address).map((b) => ({ method: 'POST', path: '/api/user/addresses', body: b, token: buyer })) },
    {
      route: 'PUT /api/user/addresses/:id',
      ok: AddressSchema,
      requests: fc.tuple(id(w.addressIds), body(AddressInputSchema, good.address)).map(([segment, b]) => ({ method: 'PUT', path: `/api/user/addresses/${segment}`, body: b, token: buyer })),
    },
    { route: 'DELETE /api/user/addresses/:id', ok: null, requests: id(w.addressIds).map((segment) => ({ method: 'DELETE', path: `/api/user/addresses/${segment}`, token: buyer })) },
    { route: 'POST /api/delivery-methods', ok: DeliveryMethodListSchema, requests: body(DeliveryMethodsRequestSchema, good.delivery).map((b) => ({ method: 'POST', path: '/api/delivery-methods', body: b, token: buyer })) },
    {
      route: 'POST /api/order',
      ok: PlaceOrderResponseSchema,
      requests: fc.tuple(body(PlaceOrderRequestSchema, good.order), idempotencyKey).map(([b, key]) => ({ method: 'POST', path: '/api/order', body: b, token: buyer, headers: { 'Idempotency-Key': key } })),
    },
    {
      route: 'GET /api/order/wait',
      ok: OrderWaitResponseSchema,
      requests: fuzzedQuery(v.object({ website_id: v.pipe(v.string(), v.toNumber(), idField) }), query, good.shop).map((q) => ({ method: 'GET', path: `/api/order/wait${q}`, token: buyer })),
    },
    {
      route: 'GET /api/user/orders',
      ok: OrderPageSchema,
      requests: fuzzedQuery(
        v.object({
          website_id: v.pipe(v.string(), v.toNumber(), idField),
          page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100_000))),
          per_page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100))),
        }),
        query,
        good.orders,
      ).map((q) => ({ method: 'GET', path: `/api/user/orders${q}`, token: buyer })),
    },
    {
      route: 'GET /api/user/order/:id',
      ok: OrderSchema,
      requests: fc
        .tuple(nameSegment, fuzzedQuery(v.object({ website_id: v.optional(v.pipe(v.string(), v.toNumber(), idField)) }), query))
        .map(([segment, q]) => ({ method: 'GET', path: `/api/user/order/${segment}${q}`, token: buyer })),
    },
    {
      route: 'GET /demo/pay/:name',
      ok: 'html',
      requests: fc
        .tuple(paySegment, fuzzedQuery(v.object({ token: v.string(), return: v.optional(v.string()) }), { token: payToken, return: returnUrl }, { token: w.payment.token }))
        .map(([segment, q]) => ({ method: 'GET', path: `/demo/pay/${segment}${q}` })),
    },
    {
      route: 'POST /demo/pay/:name',
      ok: 'html',
      requests: fc
        .tuple(paySegment, fc.record({ token: payToken, action: fc.oneof(fc.constantFrom('pay', 'cancel'), fc.string({ maxLength: 20 })), return: fc.oneof(returnUrl, fc.string({ maxLength: 50 })) }, { requiredKeys: [] }))
        .map(([segment, fields]) => {
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) form.append(key, value);
          return { method: 'POST', path: `/demo/pay/${segment}`, form };
        }),
    },
    {
      route: 'POST /api/coordinator/registrations/:id/approve',
      ok: RegistrationRequestSchema,
      requests: id(w.registrationIds).map((segment) => ({ method: 'POST', path: `/api/coordinator/registrations/${segment}/approve`, token: coordinator })),
    },
    {
      route: 'POST /api/coordinator/registrations/:id/reject',
      ok: RegistrationRequestSchema,
      requests: fc
        .tuple(id(w.registrationIds), body(RejectRegistrationRequestSchema, good.reject))
        .map(([segment, b]) => ({ method: 'POST', path: `/api/coordinator/registrations/${segment}/reject`, body: b, token: coordinator })),
    },
    {
      route: 'POST /api/coordinator/buyers/:id/budgets',
      ok: UserBudgetSchema,
      requests: fc
        .tuple(id(w.buyerIds), body(AssignBudgetRequestSchema, good.assign))
        .map(([segment, b]) => ({ method: 'POST', path: `/api/coordinator/buyers/${segment}/budgets`, body: b, token: coordinator })),
    },
    {
      route: 'POST /api/coordinator/assignments/:id/deactivate',
      ok: UserBudgetSchema,
      requests: id(w.assignmentIds).map((segment) => ({ method: 'POST', path: `/api/coordinator/assignments/${segment}/deactivate`, token: coordinator })),
    },
    { route: 'POST /api/contact-us', ok: MessageResponseSchema, requests: fc.tuple(contactForm(hints, good.contact), shopToken).map(([form, token]) => ({ method: 'POST', path: '/api/contact-us', form, token })) },
  ];
}

/** Bodies that are not JSON at all, sent to every JSON endpoint once each. */
export const RAW_BODIES: readonly string[] = ['', '{', 'null', '[]', '"text"', '1', '{"a":', '\u0000', '{"website_id":1}garbage', `${'['.repeat(100_000)}${']'.repeat(100_000)}`];

/** The header carrying `key` as the operator key. */
const operatorHeaders = (key: string) => ({ [OPERATOR_KEY_HEADER]: key });

/** The store designer's calls, with acme's operator key most of the time and generated drafts. */
function designerEndpoints(w: FuzzWorld, body: (schema: v.GenericSchema, base: Record<string, unknown>) => fc.Arbitrary<unknown>): FuzzEndpoint[] {
  const slug = fc.constantFrom('acme', 'acme', 'acme', 'globex', 'nope', '%00', 'a'.repeat(300));
  const key = fc.oneof({ arbitrary: fc.constant(w.operatorKey), weight: 3 }, { arbitrary: fc.string({ maxLength: 80 }).filter((text) => /^[\x21-\x7e]*$/.test(text)), weight: 1 });
  const good = { settings: { accent_colour: '#0f766e', font: 'Lora', logo: null, button_style: 'medium' }, blocks: [{ type: 'rich_text', html: '<p>Fuzz</p>' }] };
  const ok = v.object({});
  return [
    { route: 'GET /api/designer/:slug', ok, requests: fc.tuple(slug, key).map(([s, k]) => ({ method: 'GET', path: `/api/designer/${s}`, headers: operatorHeaders(k) })) },
    { route: 'PUT /api/designer/:slug/draft', ok, requests: fc.tuple(slug, key, body(DesignerDraftSchema, good)).map(([s, k, b]) => ({ method: 'PUT', path: `/api/designer/${s}/draft`, headers: operatorHeaders(k), body: b })) },
    { route: 'POST /api/designer/:slug/publish', ok, requests: fc.tuple(slug, key).map(([s, k]) => ({ method: 'POST', path: `/api/designer/${s}/publish`, headers: operatorHeaders(k) })) },
    { route: 'POST /api/designer/:slug/preview-session', ok, requests: fc.tuple(slug, key).map(([s, k]) => ({ method: 'POST', path: `/api/designer/${s}/preview-session`, headers: operatorHeaders(k) })) },
  ];
}
