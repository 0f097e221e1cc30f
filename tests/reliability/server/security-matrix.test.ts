import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmRegistrationByMail, startTestServer, type TestServer } from '../../api/harness.ts';
import { OPERATOR_KEY_HEADER } from '../../../server/routes/designer.ts';
import { PREVIEW_HEADER } from '../../../server/http/preview-scope.ts';
import { issuePreviewSession } from '../../../server/services/preview-sessions.ts';
import { operatorKey } from '../../../server/services/operator-keys.ts';
import { tally } from '../report.ts';
import { cartLine, deliveryMethodId, one, registeredApiRoutes, userId, type RouteKey } from './security-helpers.ts';

/**
 * Security suite, access matrix (docs/reliability.md): every endpoint of the reference API against
 * every caller that must not reach it: a guest on each non-public call of login-required acme,
 * another shop's token on each shop-scoped call and on acme's objects, buyer B on buyer A's objects
 * (addresses, orders by name, budget assignments), a buyer on each coordinator call, acme's
 * coordinator on globex's objects and globex's coordinator on acme's. The table below has one row per
 * route; the first test fails when the server registers a route the table lacks.
 *
 * A probe "got through" when the answer is not the refusal expected, or when its body holds any of
 * the owner's data. After all probes, the owners' objects are checked to be untouched.
 */

type Access = 'public' | 'shop' | 'user' | 'coordinator' | 'payment' | 'operator';

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

interface World {
  acme: number;
  globex: number;
  tokens: { ownerA: string; buyerB: string; globexBuyer: string; acmeCoordinator: string; globexCoordinator: string };
  product: { product_id: number; variant_id: number; quantity: number };
  ownerAddressId: number;
  ownerOrderName: string;
  ownerAssignmentId: number;
  ownerAId: number;
  acmeRegistrationId: number;
  globexRegistrationId: number;
  globexAssignmentId: number;
  globexBuyerId: number;
  globexOnlineOrder: string;
  acmePickup: number;
  acmeCourier: number;
}

interface RouteProbes {
  access: Access;
  /** The call aimed at acme, and at buyer A's or acme's own objects where it names any. */
  acme: (w: World) => Call;
  /** The call names acme by `website_id`: a token of another shop must be refused. */
  namesShop?: true;
  /** The call names an object of buyer A: buyer B (and another shop's buyer) must not reach it. */
  ownedByA?: true;
  /** Coordinator calls: the same call aimed at globex's objects (acme's coordinator tries it). */
  globex?: (w: World) => Call;
  /** A list of the caller's own shop: another shop's coordinator may get 200, but none of acme's data. */
  ownList?: true;
}

const SAFE_PASSWORD = 'Str0ngPassw0rd';

function orderCall(w: World, extra: Record<string, unknown> = {}): Call {
  return {
    method: 'POST',
    path: '/api/order',
    headers: { 'Idempotency-Key': `matrix-${Math.random().toString(36).slice(2)}-key` },
    body: {
      website_id: w.acme,
      items: [w.product],
      delivery_method_id: w.acmePickup,
      billing_same_as_delivery: true,
      payment_method: 'budget',
      mpk_code: 'MPK-1',
      cost_centre_statement: true,
      contact: { name: 'Eve', surname: 'Probe', email: 'eve@example.com', phone: '+48 600 700 800' },
      ...extra,
    },
  };
}

function contactCall(w: World): Call {
  const form = new FormData();
  for (const [key, value] of Object.entries({ website_id: String(w.acme), name: 'Eve', email: 'eve@example.com', message: 'Probe' })) {
    form.append(key, value);
  }
  return { method: 'POST', path: '/api/contact-us', form };
}

const ADDRESS = { type: 'delivery', name: 'Hanna', surname: 'Hacker', street: 'Hacked 1', city: 'Kraków', zip: '30-001', country: 'PL' };
const ASSIGN = () => ({ budget_id: null, name: 'Probe budget', color: '#123456', points: 5, start_date: new Date(Date.now() - 1000).toISOString(), expiry_date: new Date(Date.now() + 86_400_000).toISOString() });

/** One row per endpoint of the reference API. */
const ROUTES: Record<RouteKey, RouteProbes> = {
  'GET /api/slug/website': { access: 'public', acme: () => ({ method: 'GET', path: '/api/slug/website?slug=acme' }) },
  // The API's own OpenAPI document: the same file for everyone, nothing of a shop in it.
  'GET /api/openapi.json': { access: 'public', acme: () => ({ method: 'GET', path: '/api/openapi.json' }) },
  'POST /api/payment': { access: 'shop', namesShop: true, acme: (w) => ({ method: 'POST', path: '/api/payment', body: { website_id: w.acme } }) },
  'POST /api/login': {
    access: 'public',
    namesShop: true,
    acme: (w) => ({ method: 'POST', path: '/api/login', body: { email: 'buyer@acme.test', password: 'Passw0rd!', website_id: w.acme } }),
  },
  'POST /api/logout': { access: 'user', acme: () => ({ method: 'POST', path: '/api/logout' }) },
  'POST /api/register': {
    access: 'public',
    namesShop: true,
    acme: (w) => ({
      method: 'POST',
      path: '/api/register',
      body: {
        website_id: w.acme,
        name: 'Eve',
        surname: 'Probe',
        email: 'eve.register@example.com',
        password: SAFE_PASSWORD,
        password_confirmation: SAFE_PASSWORD,
        coordinator_email: 'coordinator@acme.test',
        cost_center: 'MPK-1',
        job_title: 'Probe',
        buyer_id: 'EVE-1',
      },
    }),
  },
  'POST /api/register/confirm': {
    access: 'public',
    namesShop: true,
    acme: (w) => ({ method: 'POST', path: '/api/register/confirm', body: { website_id: w.acme, token: 'forged-token-0000000000' } }),
  },
  'POST /api/forgotPassword': {
    access: 'public',
    namesShop: true,
    acme: (w) => ({ method: 'POST', path: '/api/forgotPassword', body: { email: 'buyer@acme.test', website_id: w.acme } }),
  },
  'POST /api/resetPassword': {
    access: 'public',
    namesShop: true,
    acme: (w) => ({
      method: 'POST',
      path: '/api/resetPassword',
      body: { website_id: w.acme, email: 'buyer@acme.test', token: 'forged-token-0000000000', password: SAFE_PASSWORD, password_confirmation: SAFE_PASSWORD },
    }),
  },
  'POST /api/session/handoff': { access: 'user', namesShop: true, acme: (w) => ({ method: 'POST', path: '/api/session/handoff', body: { website_id: w.acme } }) },
  'POST /api/session/handoff/preview': {
    access: 'public',
    namesShop: true,
    acme: (w) => ({ method: 'POST', path: '/api/session/handoff/preview', body: { code: 'forged-code-0000000000000000000000000000000', website_id: w.acme } }),
  },
  'POST /api/session/exchange': {
    access: 'public',
    namesShop: true,
    acme: (w) => ({ method: 'POST', path: '/api/session/exchange', body: { code: 'forged-code-0000000000000000000000000000000', website_id: w.acme } }),
  },
  'GET /api/user': { access: 'user', acme: () => ({ method: 'GET', path: '/api/user' }) },
  'GET /api/user/budgets': { access: 'user', namesShop: true, acme: (w) => ({ method: 'GET', path: `/api/user/budgets?website_id=${w.acme}` }) },
  'PUT /api/user/update': {
    access: 'user',
    acme: () => ({ method: 'PUT', path: '/api/user/update', body: { name: 'Eve', surname: 'Probe', email: 'eve.update@example.com' } }),
  },
  'POST /api/user/email/confirm': {
    access: 'public',
    namesShop: true,
    acme: (w) => ({ method: 'POST', path: '/api/user/email/confirm', body: { website_id: w.acme, token: 'forged-token-0000000000' } }),
  },
  'POST /api/user/email/cancel': { access: 'user', acme: () => ({ method: 'POST', path: '/api/user/email/cancel' }) },
  'POST /api/user/changePassword': {
    access: 'user',
    acme: () => ({
      method: 'POST',
      path: '/api/user/changePassword',
      body: { current_password: 'Passw0rd!', password: SAFE_PASSWORD, password_confirmation: SAFE_PASSWORD },
    }),
  },
  'GET /api/products': { access: 'shop', namesShop: true, acme: (w) => ({ method: 'GET', path: `/api/products?website_id=${w.acme}` }) },
  'GET /api/products/:id': {
    access: 'shop',
    namesShop: true,
    acme: (w) => ({ method: 'GET', path: `/api/products/${w.product.product_id}?website_id=${w.acme}` }),
  },
  'GET /api/user/addresses': { access: 'user', acme: () => ({ method: 'GET', path: '/api/user/addresses' }) },
  'POST /api/user/addresses': { access: 'user', acme: () => ({ method: 'POST', path: '/api/user/addresses', body: ADDRESS }) },
  'PUT /api/user/addresses/:id': {
    access: 'user',
    ownedByA: true,
    acme: (w) => ({ method: 'PUT', path: `/api/user/addresses/${w.ownerAddressId}`, body: ADDRESS }),
  },
  'DELETE /api/user/addresses/:id': {
    access: 'user',
    ownedByA: true,
    acme: (w) => ({ method: 'DELETE', path: `/api/user/addresses/${w.ownerAddressId}` }),
  },
  'POST /api/delivery-methods': {
    access: 'user',
    namesShop: true,
    ownedByA: true,
    acme: (w) => ({ method: 'POST', path: '/api/delivery-methods', body: { website_id: w.acme, address_id: w.ownerAddressId, items: [w.product] } }),
  },
  'POST /api/order': {
    access: 'user',
    namesShop: true,
    ownedByA: true,
    // A's saved address and A's budget assignment paying the courier.
    acme: (w) => orderCall(w, { delivery_method_id: w.acmeCourier, delivery_address_id: w.ownerAddressId, payment_for_delivery_budget: w.ownerAssignmentId }),
  },
  'GET /api/order/wait': { access: 'user', namesShop: true, acme: (w) => ({ method: 'GET', path: `/api/order/wait?website_id=${w.acme}` }) },
  'GET /api/user/orders': { access: 'user', namesShop: true, acme: (w) => ({ method: 'GET', path: `/api/user/orders?website_id=${w.acme}` }) },
  'GET /api/user/order/:id': {
    access: 'user',
    namesShop: true,
    ownedByA: true,
    acme: (w) => ({ method: 'GET', path: `/api/user/order/${encodeURIComponent(w.ownerOrderName)}?website_id=${w.acme}` }),
  },
  'GET /demo/pay/:name': {
    access: 'payment',
    ownedByA: true,
    acme: (w) => ({ method: 'GET', path: `/demo/pay/${w.globexOnlineOrder}?token=forged-${w.globexOnlineOrder}` }),
  },
  'POST /demo/pay/:name': {
    access: 'payment',
    ownedByA: true,
    acme: (w) => {
      const form = new FormData();
      form.append('token', `forged-${w.globexOnlineOrder}`);
      form.append('action', 'pay');
      return { method: 'POST', path: `/demo/pay/${w.globexOnlineOrder}`, form };
    },
  },
  'GET /api/coordinator/registrations': { access: 'coordinator', ownList: true, acme: () => ({ method: 'GET', path: '/api/coordinator/registrations' }), globex: () => ({ method: 'GET', path: '/api/coordinator/registrations' }) },
  'POST /api/coordinator/registrations/:id/approve': {
    access: 'coordinator',
    acme: (w) => ({ method: 'POST', path: `/api/coordinator/registrations/${w.acmeRegistrationId}/approve` }),
    globex: (w) => ({ method: 'POST', path: `/api/coordinator/registrations/${w.globexRegistrationId}/approve` }),
  },
  'POST /api/coordinator/registrations/:id/reject': {
    access: 'coordinator',
    acme: (w) => ({ method: 'POST', path: `/api/coordinator/registrations/${w.acmeRegistrationId}/reject`, body: { reason: 'probe' } }),
    globex: (w) => ({ method: 'POST', path: `/api/coordinator/registrations/${w.globexRegistrationId}/reject`, body: { reason: 'probe' } }),
  },
  'GET /api/coordinator/buyers': { access: 'coordinator', ownList: true, acme: () => ({ method: 'GET', path: '/api/coordinator/buyers' }), globex: () => ({ method: 'GET', path: '/api/coordinator/buyers' }) },
  'GET /api/coordinator/budgets': { access: 'coordinator', ownList: true, acme: () => ({ method: 'GET', path: '/api/coordinator/budgets' }), globex: () => ({ method: 'GET', path: '/api/coordinator/budgets' }) },
  'POST /api/coordinator/buyers/:id/budgets': {
    access: 'coordinator',
    acme: (w) => ({ method: 'POST', path: `/api/coordinator/buyers/${w.ownerAId}/budgets`, body: ASSIGN() }),
    globex: (w) => ({ method: 'POST', path: `/api/coordinator/buyers/${w.globexBuyerId}/budgets`, body: ASSIGN() }),
  },
  'POST /api/coordinator/assignments/:id/deactivate': {
    access: 'coordinator',
    acme: (w) => ({ method: 'POST', path: `/api/coordinator/assignments/${w.ownerAssignmentId}/deactivate` }),
    globex: (w) => ({ method: 'POST', path: `/api/coordinator/assignments/${w.globexAssignmentId}/deactivate` }),
  },
  'POST /api/contact-us': { access: 'shop', namesShop: true, acme: (w) => contactCall(w) },
  // The store designer's calls: only acme's operator key opens acme (no session token does).
  'GET /api/designer/:slug': { access: 'operator', acme: () => ({ method: 'GET', path: '/api/designer/acme' }) },
  'PUT /api/designer/:slug/draft': {
    access: 'operator',
    acme: () => ({ method: 'PUT', path: '/api/designer/acme/draft', body: { settings: { accent_colour: '#ff0000', font: 'Inter', logo: null, button_style: 'square' }, blocks: [{ type: 'rich_text', html: '<h2>Defaced</h2>' }] } }),
  },
  'POST /api/designer/:slug/publish': { access: 'operator', acme: () => ({ method: 'POST', path: '/api/designer/acme/publish' }) },
  'POST /api/designer/:slug/preview-session': { access: 'operator', acme: () => ({ method: 'POST', path: '/api/designer/acme/preview-session' }) },
};

let server: TestServer;
let world: World;
/** Data of buyer A and of acme that no attacker may see. */
let acmeSecrets: string[];
/** Data of globex that acme's coordinator may not see. */
let globexSecrets: string[];

async function call(request: Call, token?: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { ...request.headers };
  const response = await server.request(request.path, {
    method: request.method,
    ...(request.form ? { body: request.form } : request.body !== undefined ? { body: request.body } : {}),
    ...(token ? { token } : {}),
    headers,
  });
  return { status: response.status, text: await response.text() };
}

interface Verdict {
  probe: string;
  status: number;
  leaked: string[];
}

/** Runs one attack set and records its tally: a probe gets through on an unexpected status or a leak. */
interface Probe {
  name: string;
  request: Call;
  token?: string;
  /** The refusals expected; anything else got through. */
  expected: number[];
  /** A 200 is fine too when its body holds none of the secrets (a list of the caller's own shop). */
  okIfClean?: boolean;
}

async function attack(check: string, probes: Probe[], secrets: string[]): Promise<Verdict[]> {
  const through: Verdict[] = [];
  for (const probe of probes) {
    const answer = await call(probe.request, probe.token);
    const leaked = secrets.filter((secret) => answer.text.includes(secret));
    const statusOk = probe.expected.includes(answer.status) || (probe.okIfClean === true && answer.status === 200);
    if (!statusOk || leaked.length > 0) through.push({ probe: probe.name, status: answer.status, leaked });
  }
  tally({ suite: 'security', check, tried: probes.length, gotThrough: through.length });
  return through;
}

beforeAll(async () => {
  server = await startTestServer();
  const acme = server.shops.acme!;
  const globex = server.shops.globex!;
  const [ownerA, buyerB, globexBuyer, acmeCoordinator, globexCoordinator] = await Promise.all([
    server.login('buyer@acme.test', 'acme'),
    server.login('nobudget@acme.test', 'acme'),
    server.login('buyer@globex.test', 'globex'),
    server.login('coordinator@acme.test', 'acme'),
    server.login('coordinator@globex.test', 'globex'),
  ]);
  const address = await server.json('/api/user/addresses', {
    method: 'POST',
    token: ownerA,
    body: { type: 'delivery', name: 'Olga', surname: 'Owner', street: 'Sekretna 7', city: 'Warszawa', zip: '00-950', country: 'PL', company: 'Owner Secret Sp. z o.o.' },
  });
  if (address.status !== 201) throw new Error(`owner's address: ${address.status} ${JSON.stringify(address.body)}`);
  const ownerAId = await userId(server, 'buyer@acme.test');
  const globexBuyerId = await userId(server, 'buyer@globex.test');
  const ownerOrder = await one<{ name: string }>(server, 'SELECT name FROM orders WHERE user_id = $1 AND website_id = $2 ORDER BY id LIMIT 1', [ownerAId, acme]);
  const ownerAssignment = await one<{ id: number }>(
    server,
    "SELECT ub.id FROM user_budgets ub JOIN budgets b ON b.id = ub.budget_id WHERE ub.user_id = $1 AND b.name = 'Team events'",
    [ownerAId],
  );

  // An acme registration request (through the API) and a globex one (globex has no form: written directly).
  const registered = await server.json('/api/register', {
    method: 'POST',
    body: {
      website_id: acme,
      name: 'Applicant',
      surname: 'Acme',
      email: 'applicant-acme@example.test',
      password: SAFE_PASSWORD,
      password_confirmation: SAFE_PASSWORD,
      coordinator_email: 'coordinator@acme.test',
      cost_center: 'MPK-7',
      job_title: 'Tester',
      buyer_id: 'APP-1',
    },
  });
  if (registered.status !== 201) throw new Error(`acme registration: ${registered.status} ${JSON.stringify(registered.body)}`);
  const confirmed = await confirmRegistrationByMail(server, 'applicant-acme@example.test', acme);
  if (confirmed.status !== 200) throw new Error(`acme registration's confirmation: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const acmeRegistration = await one<{ id: number }>(server, "SELECT id FROM registration_requests WHERE email = 'applicant-acme@example.test'");
  const globexCoordinatorId = await userId(server, 'coordinator@globex.test');
  const globexRegistration = await one<{ id: number }>(
    server,
    `INSERT INTO registration_requests (website_id, email, name, surname, password_hash, coordinator_id)
     VALUES ($1, 'applicant-globex@example.test', 'Applicant', 'Globex', 'scrypt$x$y', $2) RETURNING id`,
    [globex, globexCoordinatorId],
  );
  // globex is a money shop without budgets; one assignment is written so acme's coordinator has a target.
  const globexBudget = await one<{ id: number }>(server, "INSERT INTO budgets (website_id, name, color) VALUES ($1, 'Globex secret budget', '#000000') RETURNING id", [globex]);
  const globexAssignment = await one<{ id: number }>(
    server,
    `INSERT INTO user_budgets (budget_id, user_id, points, start_date, expiry_date, is_active)
     VALUES ($1, $2, 100, now() - interval '1 day', now() + interval '30 days', true) RETURNING id`,
    [globexBudget.id, globexBuyerId],
  );

  // A globex order waiting for online payment: its payment page is reachable only with its token.
  const globexMug = await one<{ product_id: number; variant_id: number }>(
    server,
    "SELECT p.id AS product_id, v.id AS variant_id FROM products p JOIN product_variants v ON v.product_id = p.id WHERE p.code = 'GLX-MUG' ORDER BY v.position LIMIT 1",
  );
  const online = await server.json('/api/order', {
    method: 'POST',
    token: globexBuyer,
    headers: { 'Idempotency-Key': 'matrix-online-order' },
    body: {
      website_id: globex,
      items: [{ ...globexMug, quantity: 1 }],
      delivery_method_id: await deliveryMethodId(server, 'globex', 'self_pickup'),
      billing_same_as_delivery: false,
      billing_address: { name: 'John', surname: 'Smith', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
      payment_method: 'online',
      contact: { name: 'John', surname: 'Smith', email: 'john@example.com', phone: '+48 601 200 300' },
    },
  });
  if (online.status !== 201) throw new Error(`globex online order: ${online.status} ${JSON.stringify(online.body)}`);

  world = {
    acme,
    globex,
    tokens: { ownerA, buyerB, globexBuyer, acmeCoordinator, globexCoordinator },
    product: await cartLine(server, 'ACME-MUG', 'ACME-MUG-WHITE', 1),
    ownerAddressId: address.body.id,
    ownerOrderName: ownerOrder.name,
    ownerAssignmentId: ownerAssignment.id,
    ownerAId,
    acmeRegistrationId: acmeRegistration.id,
    globexRegistrationId: globexRegistration.id,
    globexAssignmentId: globexAssignment.id,
    globexBuyerId,
    globexOnlineOrder: online.body.order.name,
    acmePickup: await deliveryMethodId(server, 'acme', 'self_pickup'),
    acmeCourier: await deliveryMethodId(server, 'acme', 'courier'),
  };
  acmeSecrets = ['Sekretna 7', 'Owner Secret', 'buyer@acme.test', 'ACME-B-001', world.ownerOrderName, 'applicant-acme@example.test', 'nobudget@acme.test'];
  globexSecrets = ['buyer@globex.test', 'GLX-B-001', 'applicant-globex@example.test', 'Globex secret budget', world.globexOnlineOrder];
});

afterAll(async () => {
  await server?.close();
});

const entries = () => Object.entries(ROUTES) as [RouteKey, RouteProbes][];

describe('security: cross-tenant and cross-user matrix over every endpoint', () => {
  it('should cover every route the reference server registers, and no route it does not', () => {
    const registered = registeredApiRoutes(server);
    expect(registered.length).toBeGreaterThan(20);
    expect(Object.keys(ROUTES).sort()).toEqual(registered);
  });

  it('should refuse a guest on every non-public call of login-required acme (401; 404 for a payment page)', async () => {
    const probes = entries()
      .filter(([, route]) => route.access !== 'public')
      .map(([key, route]) => ({ name: key, request: route.acme(world), expected: route.access === 'payment' ? [404] : [401] }));
    const through = await attack('guest on every non-public acme call', probes, acmeSecrets);
    expect(through).toEqual([]);
  });

  it("should refuse another shop's token on every acme-scoped call and on acme's objects", async () => {
    const probes = entries()
      .filter(([, route]) => route.namesShop || route.ownedByA)
      .map(([key, route]) => ({ name: key, request: route.acme(world), token: world.tokens.globexBuyer, expected: [403, 404] }));
    const through = await attack("globex buyer's token on acme-scoped calls and objects", probes, acmeSecrets);
    expect(through).toEqual([]);
  });

  it("should never let buyer B reach buyer A's addresses, orders and budget assignments", async () => {
    const probes: Probe[] = entries()
      .filter(([, route]) => route.ownedByA)
      // Ordering with A's address or A's assignment: refused before anything is written (404 or 422).
      .map(([key, route]) => ({ name: key, request: route.acme(world), token: world.tokens.buyerB, expected: [404, 422] }));
    // A's assignment paying for B's own order, and A's address on B's order, as separate probes.
    probes.push(
      { name: "order paid from A's assignment", request: orderCall(world, { delivery_method_id: world.acmeCourier, delivery_address: ADDRESS, payment_for_delivery_budget: world.ownerAssignmentId }), token: world.tokens.buyerB, expected: [404, 422] },
      { name: "order to A's address", request: orderCall(world, { delivery_method_id: world.acmeCourier, delivery_address_id: world.ownerAddressId }), token: world.tokens.buyerB, expected: [404, 422] },
    );
    const through = await attack("buyer B on buyer A's objects", probes, acmeSecrets);
    expect(through).toEqual([]);
  });

  it('should refuse a buyer on every coordinator call (403)', async () => {
    const probes = entries()
      .filter(([, route]) => route.access === 'coordinator')
      .map(([key, route]) => ({ name: key, request: route.acme(world), token: world.tokens.ownerA, expected: [403] }));
    const through = await attack('buyer on coordinator calls', probes, ['applicant-acme@example.test', 'nobudget@acme.test']);
    expect(through).toEqual([]);
  });

  it("should refuse the store designer's calls to every session token and to another shop's operator key (401)", async () => {
    const operatorRoutes = entries().filter(([, route]) => route.access === 'operator');
    const globexKey = operatorKey(server.config.shopOperatorSecret ?? '', 'globex');
    const probes: Probe[] = operatorRoutes.flatMap(([key, route]) => [
      ...[world.tokens.ownerA, world.tokens.acmeCoordinator, world.tokens.globexCoordinator].map((token) => ({ name: key, request: route.acme(world), token, expected: [401] })),
      { name: `${key} with globex's key`, request: { ...route.acme(world), headers: { [OPERATOR_KEY_HEADER]: globexKey } }, expected: [401] },
    ]);
    const through = await attack("session tokens and globex's operator key on acme's designer calls", probes, ['Defaced']);
    expect(through).toEqual([]);
    // Nothing was saved for acme.
    expect((await one<{ n: number }>(server, 'SELECT count(*)::int AS n FROM website_drafts WHERE website_id = $1', [world.acme])).n).toBe(0);
  });

  it("should open to a designer's preview session only its own shop's product reads: every other call answers it as a guest's", async () => {
    const secret = server.config.shopOperatorSecret ?? '';
    const acmePreview = { [PREVIEW_HEADER]: issuePreviewSession(secret, world.acme).token };
    const globexPreview = { [PREVIEW_HEADER]: issuePreviewSession(secret, world.globex).token };
    // What acme's session may read: acme's products (GET, `shop` access); the rest stays a guest's.
    const opened = new Set(['GET /api/products', 'GET /api/products/:id']);
    const probes: Probe[] = entries()
      .filter(([, route]) => route.access !== 'public')
      .flatMap(([key, route]) => {
        const request = route.acme(world);
        const asGuest = route.access === 'payment' ? [404] : [401];
        return [
          ...(opened.has(key) ? [] : [{ name: `${key} with acme's preview session`, request: { ...request, headers: { ...request.headers, ...acmePreview } }, expected: asGuest }]),
          { name: `${key} with globex's preview session`, request: { ...request, headers: { ...request.headers, ...globexPreview } }, expected: asGuest },
        ];
      });
    const through = await attack("designer preview sessions on acme's non-public calls", probes, acmeSecrets);
    expect(through).toEqual([]);
  });

  it("should keep acme's coordinator off globex's objects, and globex's coordinator off acme's", async () => {
    const coordinatorRoutes = entries().filter(([, route]) => route.access === 'coordinator');
    const onGlobex = coordinatorRoutes.map(([key, route]) => ({
      name: key,
      request: (route.globex ?? route.acme)(world),
      token: world.tokens.acmeCoordinator,
      expected: [404],
      okIfClean: route.ownList === true,
    }));
    const onAcme = coordinatorRoutes.map(([key, route]) => ({
      name: key,
      request: route.acme(world),
      token: world.tokens.globexCoordinator,
      expected: [404],
      okIfClean: route.ownList === true,
    }));
    const throughGlobex = await attack("acme's coordinator on globex's registrations, buyers and assignments", onGlobex, globexSecrets);
    const throughAcme = await attack("globex's coordinator on acme's registrations, buyers and assignments", onAcme, acmeSecrets);
    expect([...throughGlobex, ...throughAcme]).toEqual([]);
  });

  it('should leave every attacked object as it was', async () => {
    const failures: string[] = [];
    const checks: [string, () => Promise<boolean>][] = [
      ["A's address unchanged", async () => (await server.db.query("SELECT 1 FROM addresses WHERE id = $1 AND street = 'Sekretna 7'", [world.ownerAddressId])).rows.length === 1],
      ['both registration requests still pending', async () => (await server.db.query("SELECT 1 FROM registration_requests WHERE id = ANY($1::int[]) AND status = 'pending'", [[world.acmeRegistrationId, world.globexRegistrationId]])).rows.length === 2],
      ['both attacked assignments still active', async () => (await server.db.query('SELECT 1 FROM user_budgets WHERE id = ANY($1::int[]) AND is_active', [[world.ownerAssignmentId, world.globexAssignmentId]])).rows.length === 2],
      ['no budget assigned by an attacker', async () => (await server.db.query("SELECT 1 FROM budgets WHERE name = 'Probe budget'")).rows.length === 0],
      ['no order placed by an attacker in acme', async () => (await server.db.query("SELECT 1 FROM orders o JOIN users u ON u.id = o.user_id WHERE o.website_id = $1 AND u.email <> 'buyer@acme.test'", [world.acme])).rows.length === 0],
      ['no order placed by A in the probes', async () => (await server.db.query('SELECT 1 FROM orders WHERE user_id = $1 AND created_at > now() - interval \'10 minutes\'', [world.ownerAId])).rows.length === 0],
      ["globex's online order still unpaid", async () => (await server.db.query("SELECT 1 FROM orders WHERE name = $1 AND payment_status = 'pending'", [world.globexOnlineOrder])).rows.length === 1],
      ['no registration by another shop\'s token', async () => (await server.db.query("SELECT 1 FROM registration_requests WHERE email = 'eve.register@example.com'")).rows.length === 0],
      ['no reset mail asked by another shop\'s token', async () => (await server.db.query('SELECT 1 FROM password_resets')).rows.length === 0],
      ['no sign-in handoff code issued to a guest or another shop\'s token', async () => (await server.db.query('SELECT 1 FROM signin_handoffs')).rows.length === 0],
      ["A's password and profile unchanged", async () => (await server.json('/api/login', { method: 'POST', body: { email: 'buyer@acme.test', password: 'Passw0rd!', website_id: world.acme } })).status === 200],
    ];
    for (const [name, check] of checks) if (!(await check())) failures.push(name);
    tally({ suite: 'security', check: 'attacked objects left intact after the matrix', tried: checks.length, gotThrough: failures.length });
    expect(failures).toEqual([]);
  });
});
