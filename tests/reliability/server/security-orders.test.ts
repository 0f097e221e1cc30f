import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaceOrderResponseSchema, type Order } from '../../../src/contract/contract.ts';
import { expireHolds } from '../../../server/services/payment-holds.ts';
import { variantHoldCap } from '../../../src/domain/stock-holds.ts';
import { startTestServer, type TestServer } from '../../api/harness.ts';
import { ORDER_CONTACT } from '../../api/order-fixtures.ts';
import { tally } from '../report.ts';
import {
  acmeOrderBody,
  assignmentId,
  budgetLedgerState,
  cartLine,
  deliveryMethodId,
  one,
  postOrder,
  userId,
} from './security-helpers.ts';

/**
 * Security suite, tampered orders (docs/reliability.md): nothing a client claims about money is
 * trusted. Every payload below is a valid order with one thing changed. Two kinds:
 * - payloads that must be refused (another shop's product, a bad quantity, someone else's budget or
 *   address, no cost centre, over budget…): an order created from one got through;
 * - payloads that carry client-side money claims (prices, totals, points, status) next to a valid
 *   cart: the server may accept them, but an order whose totals differ from the same cart ordered
 *   plainly got through.
 * Afterwards no assignment may be overspent and every assignment's spend must equal its ledger.
 *
 * Then unpaid online orders (issue 22): pending, cancelled or expired, they must never move a group
 * buy nor keep stock once their payment ended, a late payment must never turn them paid, and no line
 * may go above the shop's line maximum.
 */

let server: TestServer;
let buyerA: string;
let buyerB: string;
let globexBuyer: string;
/** The plain orders: what the server charges for the carts the tampered payloads reuse. */
let baseline: { acmeMug: Order; acmeCourier: Order; globexMug: Order };

type Body = Record<string, unknown>;

interface Case {
  name: string;
  body: () => Promise<Body>;
  token?: () => string;
  /** The same cart ordered plainly: the payload may be accepted, with these totals. */
  sameAs?: () => Order;
  /** The error code the refusal must carry (a refusal for another reason would hide the case). */
  refusedWith?: string;
}

const mug = () => cartLine(server, 'ACME-MUG', 'ACME-MUG-WHITE', 1);
const acmeMugOrder = async (overrides: Body = {}, lineExtra: Body = {}) => acmeOrderBody(server, [{ ...(await mug()), ...lineExtra }], overrides);

async function courierOrder(overrides: Body = {}): Promise<Body> {
  const address = await one<{ id: number }>(server, "SELECT id FROM addresses WHERE user_id = $1 AND type = 'delivery'", [await userId(server, 'buyer@acme.test')]);
  return acmeMugOrder({
    delivery_method_id: await deliveryMethodId(server, 'acme', 'courier'),
    delivery_address_id: address.id,
    payment_for_delivery_budget: await assignmentId(server, 'buyer@acme.test', 'Team events'),
    ...overrides,
  });
}

async function globexMugOrder(overrides: Body = {}, lineExtra: Body = {}): Promise<Body> {
  return {
    website_id: server.shops.globex,
    items: [{ ...(await cartLine(server, 'GLX-MUG', 'GLX-MUG-WHITE', 1)), ...lineExtra }],
    delivery_method_id: await deliveryMethodId(server, 'globex', 'self_pickup'),
    billing_same_as_delivery: false,
    billing_address: { name: 'John', surname: 'Smith', company: 'Globex Sp. z o.o.', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
    payment_method: 'invoice',
    contact: ORDER_CONTACT,
    ...overrides,
  };
}

/** Money fields of an order that must come out the same as the plain order's. */
function money(order: Order) {
  return {
    total: order.total,
    total_net: order.total_net,
    total_gross: order.total_gross,
    total_points: order.total_points,
    delivery_price: order.delivery_price,
    status: order.status,
    payment_status: order.payment_status,
    lines: order.items.map((item) => [item.product_id, item.variant_id, item.quantity, item.unit_price, item.line_net, item.line_gross]),
  };
}

const moneyClaims = { unit_price: 0.01, price: 0, calculated_price: 0, line_net: 0, line_gross: 0, points: 0, total: 0, vat: 0 };
const totalClaims = { total: 0, total_net: 0, total_gross: 0, total_points: 0, delivery_price: 0, price: 0, discount: 100 };

const CASES: Case[] = [
  // Money claims next to a valid cart: recomputed by the server.
  { name: 'client prices on the line (unit_price, price, line totals, points)', body: () => acmeMugOrder({}, moneyClaims), sameAs: () => baseline.acmeMug },
  { name: 'client totals on the order (total, total_points, discount)', body: () => acmeMugOrder(totalClaims), sameAs: () => baseline.acmeMug },
  { name: 'client delivery price 0 for a courier paid in points', body: () => courierOrder({ delivery_price: 0, delivery_method: { price: 0 } }), sameAs: () => baseline.acmeCourier },
  {
    name: 'extra fields: user_id, status, payment_status, name, currency, is_gross',
    body: async () =>
      acmeMugOrder({ user_id: await userId(server, 'nobudget@acme.test'), status: 'complete', payment_status: 'paid', name: 'ACME-000001', id: 1, currency: 'PLN', is_gross: true }),
    sameAs: () => baseline.acmeMug,
  },
  { name: 'a budget chosen on the line (budget, budget_id)', body: async () => acmeMugOrder({}, { budget: { id: 999 }, budget_id: 999, user_budget_id: 1 }), sameAs: () => baseline.acmeMug },
  { name: '__proto__ and constructor keys carrying totals', body: async () => JSON.parse(JSON.stringify(await acmeMugOrder()).replace('{', '{"__proto__":{"total":0,"total_points":0},"constructor":{"prototype":{"total":0}},')), sameAs: () => baseline.acmeMug },
  { name: 'client prices in an invoice shop (globex)', body: () => globexMugOrder(totalClaims, moneyClaims), token: () => globexBuyer, sameAs: () => baseline.globexMug },
  // Must be refused.
  { name: "another shop's product and variant", refusedWith: 'errors.product_unavailable', body: async () => acmeOrderBody(server, [await cartLine(server, 'GLX-MUG', 'GLX-MUG-WHITE', 1)]) },
  { name: "own product with another shop's variant", refusedWith: 'errors.product_unavailable', body: async () => acmeMugOrder({}, { variant_id: (await cartLine(server, 'GLX-MUG', 'GLX-MUG-WHITE', 1)).variant_id }) },
  { name: "another shop's product with an own variant", refusedWith: 'errors.product_unavailable', body: async () => acmeMugOrder({}, { product_id: (await cartLine(server, 'GLX-MUG', 'GLX-MUG-WHITE', 1)).product_id }) },
  { name: 'variant of another product of the shop', refusedWith: 'errors.product_unavailable', body: async () => acmeMugOrder({}, { variant_id: (await cartLine(server, 'ACME-TEE', 'ACME-TEE-BLACK-M', 1)).variant_id }) },
  ...[0, -1, -1000, 1.5, 0.0001, 1_000_001, 1e9, 1e300, '1', null, true, [1], { n: 1 }].map(
    (quantity): Case => ({ name: `quantity ${JSON.stringify(quantity)}`, refusedWith: 'validation.invalid', body: () => acmeMugOrder({}, { quantity }) }),
  ),
  { name: 'quantity 1000000 (allowed by the schema, over the 10,000 line maximum)', refusedWith: 'sale.qty.exceeded', body: () => acmeMugOrder({}, { quantity: 1_000_000 }) },
  { name: 'quantity 10000 (the line maximum, far over budget)', refusedWith: 'budgets.error.insufficient', body: () => acmeMugOrder({}, { quantity: 10_000 }) },
  { name: 'no items', refusedWith: 'validation.invalid', body: () => acmeOrderBody(server, []) },
  { name: '501 items', refusedWith: 'validation.invalid', body: async () => acmeOrderBody(server, Array.from({ length: 501 }, () => ({ product_id: 1, variant_id: 1, quantity: 1 }))) },
  { name: 'unknown delivery budget id', refusedWith: 'budgets.error.no_budget', body: () => courierOrder({ payment_for_delivery_budget: 999_999 }) },
  { name: "another buyer's active budget paying the delivery", refusedWith: 'budgets.error.no_budget', body: async () => courierOrder({ payment_for_delivery_budget: await otherBuyersAssignment() }) },
  { name: "another buyer's expired budget paying the delivery", refusedWith: 'budgets.error.no_budget', body: async () => courierOrder({ payment_for_delivery_budget: await assignmentId(server, 'nobudget@acme.test', 'Welcome pack') }) },
  { name: 'a budget of the wrong kind paying the delivery (Winter 2025, expired)', refusedWith: 'budgets.error.no_budget', body: async () => courierOrder({ payment_for_delivery_budget: await assignmentId(server, 'buyer@acme.test', 'Winter 2025') }) },
  { name: 'courier without a delivery budget', refusedWith: 'budgets.error.no_budget', body: () => courierOrder({ payment_for_delivery_budget: null }) },
  { name: "another buyer's saved address", refusedWith: 'errors.not_found', body: async () => courierOrder({ delivery_address_id: await otherBuyersAddress() }) },
  { name: "another shop's buyer's saved address", refusedWith: 'errors.not_found', body: async () => courierOrder({ delivery_address_id: (await one<{ id: number }>(server, "SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.email = 'buyer@initech.test' LIMIT 1")).id }) },
  { name: "another shop's delivery method", refusedWith: 'errors.delivery_method', body: async () => acmeMugOrder({ delivery_method_id: await deliveryMethodId(server, 'globex', 'self_pickup') }) },
  { name: 'unknown delivery method', refusedWith: 'errors.delivery_method', body: () => acmeMugOrder({ delivery_method_id: 999_999 }) },
  { name: 'no cost centre (mpk_code missing)', refusedWith: 'validation.invalid', body: async () => { const { mpk_code: _dropped, ...body } = await acmeMugOrder(); return body; } },
  { name: 'empty cost centre', refusedWith: 'validation.invalid', body: () => acmeMugOrder({ mpk_code: '' }) },
  { name: 'blank cost centre', refusedWith: 'validation.invalid', body: () => acmeMugOrder({ mpk_code: '   ' }) },
  { name: 'null cost centre', refusedWith: 'validation.invalid', body: () => acmeMugOrder({ mpk_code: null }) },
  { name: 'no cost-centre statement', refusedWith: 'validation.invalid', body: () => acmeMugOrder({ cost_centre_statement: false }) },
  { name: 'invoice in a points shop', refusedWith: 'errors.payment_method', body: () => acmeMugOrder({ payment_method: 'invoice' }) },
  { name: 'online payment in a points shop', refusedWith: 'errors.payment_method', body: () => acmeMugOrder({ payment_method: 'online' }) },
  { name: 'points in a money shop', refusedWith: 'errors.payment_method', body: () => globexMugOrder({ payment_method: 'budget' }), token: () => globexBuyer },
  { name: 'over budget in one line (30 tees, 1200 points)', refusedWith: 'budgets.error.insufficient', body: async () => acmeOrderBody(server, [await cartLine(server, 'ACME-TEE', 'ACME-TEE-BLACK-M', 30)]) },
  { name: 'over budget across lines (21 lines of one tee)', refusedWith: 'budgets.error.insufficient', body: async () => acmeOrderBody(server, await Promise.all(Array.from({ length: 21 }, () => cartLine(server, 'ACME-TEE', 'ACME-TEE-BLACK-M', 1)))) },
  { name: 'over a second budget (Team events: 16 caps, 320 points)', refusedWith: 'budgets.error.insufficient', body: async () => acmeOrderBody(server, [await cartLine(server, 'ACME-CAP', 'ACME-CAP-BLACK', 16)]) },
  { name: "buyer without an active budget (nobudget)", refusedWith: 'budgets.inactive_in_cart', body: () => acmeMugOrder(), token: () => buyerB },
  { name: 'order naming another shop (globex) with an acme token', refusedWith: 'errors.no_access', body: () => acmeMugOrder({ website_id: server.shops.globex }) },
];

let otherAssignment: number | undefined;
/** An active assignment of buyer B, made by the coordinator for this suite. */
async function otherBuyersAssignment(): Promise<number> {
  if (otherAssignment !== undefined) return otherAssignment;
  const coordinator = await server.login('coordinator@acme.test', 'acme');
  const team = await one<{ id: number }>(server, "SELECT id FROM budgets WHERE name = 'Team events'");
  const assigned = await server.json(`/api/coordinator/buyers/${await userId(server, 'nobudget@acme.test')}/budgets`, {
    method: 'POST',
    token: coordinator,
    body: { budget_id: team.id, points: 500, start_date: new Date(Date.now() - 60_000).toISOString(), expiry_date: new Date(Date.now() + 86_400_000).toISOString() },
  });
  if (assigned.status !== 201) throw new Error(`assignment for buyer B: ${assigned.status} ${JSON.stringify(assigned.body)}`);
  otherAssignment = assigned.body.id as number;
  return otherAssignment;
}

let otherAddress: number | undefined;
async function otherBuyersAddress(): Promise<number> {
  if (otherAddress !== undefined) return otherAddress;
  const created = await server.json('/api/user/addresses', { method: 'POST', token: buyerB, body: { type: 'delivery', name: 'Bea', surname: 'Buyer', street: 'B-street 2', city: 'Poznań', zip: '60-001', country: 'PL' } });
  if (created.status !== 201) throw new Error(`buyer B's address: ${created.status}`);
  otherAddress = created.body.id as number;
  return otherAddress;
}

async function placed(token: string, body: Body): Promise<Order> {
  const answer = await postOrder(server, token, body);
  if (answer.status !== 201) throw new Error(`plain order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return v.parse(PlaceOrderResponseSchema, answer.body).order;
}

beforeAll(async () => {
  server = await startTestServer();
  [buyerA, buyerB, globexBuyer] = await Promise.all([
    server.login('buyer@acme.test', 'acme'),
    server.login('nobudget@acme.test', 'acme'),
    server.login('buyer@globex.test', 'globex'),
  ]);
  baseline = {
    acmeMug: await placed(buyerA, await acmeMugOrder()),
    acmeCourier: await placed(buyerA, await courierOrder()),
    globexMug: await placed(globexBuyer, await globexMugOrder()),
  };
});

afterAll(async () => {
  await server?.close();
});

describe('security: tampered order payloads', () => {
  it('should refuse or recompute every tampered order, and never spend more points than it charges', async () => {
    const before = await budgetLedgerState(server);
    const through: string[] = [];
    let pointsCharged = 0;
    let refused = 0;
    let recomputed = 0;
    /** Refusals for another reason than the case is about: not a hole, but the case proved nothing. */
    const wrongReason: string[] = [];
    for (const tamper of CASES) {
      const answer = await postOrder(server, tamper.token?.() ?? buyerA, await tamper.body());
      if (answer.status >= 500) {
        through.push(`${tamper.name}: server error ${answer.status}`);
        continue;
      }
      if (answer.status !== 201) {
        if (tamper.refusedWith && answer.body?.code !== tamper.refusedWith) wrongReason.push(`${tamper.name}: ${answer.status} ${answer.body?.code}`);
        refused += 1;
        continue;
      }
      const order = v.parse(PlaceOrderResponseSchema, answer.body).order;
      pointsCharged += order.total_points;
      if (!tamper.sameAs) {
        through.push(`${tamper.name}: order ${order.name} created`);
        continue;
      }
      const expected = money(tamper.sameAs());
      if (JSON.stringify(money(order)) !== JSON.stringify(expected)) through.push(`${tamper.name}: ${JSON.stringify(money(order))} instead of ${JSON.stringify(expected)}`);
      else recomputed += 1;
      if (order.name === 'ACME-000001') through.push(`${tamper.name}: client-chosen order name`);
    }
    const after = await budgetLedgerState(server);
    const spent = Math.round((after.spent - before.spent) * 100) / 100;
    if (spent !== Math.round(pointsCharged * 100) / 100) through.push(`points spent ${spent} but orders charged ${pointsCharged}`);
    if (after.overspent > 0) through.push(`${after.overspent} assignments overspent`);
    if (after.ledgerMismatch > 0) through.push(`${after.ledgerMismatch} assignments differ from their ledger`);

    tally({
      suite: 'security',
      check: 'tampered order payloads (client prices, totals, points, foreign ids, bad quantities, budgets, addresses, MPK, over budget)',
      tried: CASES.length,
      gotThrough: through.length,
      note: `${refused} refused, ${recomputed} accepted with server-computed totals equal to the plain order's`,
    });
    expect(through).toEqual([]);
    expect(refused + recomputed).toBe(CASES.length);
    expect(wrongReason).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Unpaid online orders (globex offers `online`; GLX-HOODIE is its group buy, GLX-BOTTLE-GREY its limited stock)

/** Submits the demo payment form as the buyer's browser would, without following the redirect. */
const payForm = (name: string, token: string, action: 'pay' | 'cancel') =>
  fetch(`${server.url}/demo/pay/${name}`, { method: 'POST', body: new URLSearchParams({ action, token }), redirect: 'manual' });

/** A globex online order of `items`: its name and payment secret (throws when refused). */
async function unpaidOrder(items: Body[], token = globexBuyer): Promise<{ name: string; token: string }> {
  const answer = await postOrder(server, token, await globexMugOrder({ items, payment_method: 'online' }));
  if (answer.status !== 201) throw new Error(`online order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  const { order, payment_url } = v.parse(PlaceOrderResponseSchema, answer.body);
  return { name: order.name, token: new URL(payment_url ?? '').searchParams.get('token') ?? '' };
}

/** The figures an unpaid order must not move: the hoodie's counted group total and the grey bottle's stock. */
async function holdFigures(): Promise<{ group: number; stock: number }> {
  const row = await one<{ group: number; stock: number }>(
    server,
    `SELECT (SELECT groupbuy_total FROM products WHERE code = 'GLX-HOODIE') AS "group",
            (SELECT stock FROM product_variants WHERE code = 'GLX-BOTTLE-GREY') AS stock`,
  );
  return row;
}

const paymentStatusOf = async (name: string) => (await one<{ payment_status: string }>(server, 'SELECT payment_status FROM orders WHERE name = $1', [name])).payment_status;
const endHoldOf = (name: string) => server.db.query("UPDATE orders SET payment_expires_at = now() - interval '1 second' WHERE name = $1", [name]);

describe('security: unpaid online orders', () => {
  it('should never let an unpaid order move a group buy or keep stock once its payment ended', async () => {
    const through: string[] = [];
    const start = await holdFigures();
    const hoodies = async (quantity: number) => [await cartLine(server, 'GLX-HOODIE', 'GLX-HOODIE-BLACK-M', quantity)];
    const bottles = async (quantity: number) => [await cartLine(server, 'GLX-BOTTLE', 'GLX-BOTTLE-GREY', quantity)];
    // The most of the limited stock one buyer may hold unpaid (issue 26 caps the rest, see security-holds.test.ts).
    const mostHeld = variantHoldCap(start.stock, 0, server.config.stockHolds.sharePercent);
    const attacks: [string, () => Promise<void>][] = [
      ['10,000 hoodies left unpaid', async () => void (await unpaidOrder(await hoodies(10_000)))],
      ['10,000 hoodies, cancelled', async () => {
        const order = await unpaidOrder(await hoodies(10_000));
        await payForm(order.name, order.token, 'cancel');
      }],
      ['10,000 hoodies, expired', async () => {
        const order = await unpaidOrder(await hoodies(10_000));
        await endHoldOf(order.name);
        await expireHolds(server.db);
      }],
      ['the most bottle stock one buyer may hold, cancelled', async () => {
        const order = await unpaidOrder(await bottles(mostHeld));
        await payForm(order.name, order.token, 'cancel');
      }],
      ['the most bottle stock one buyer may hold, expired', async () => {
        const order = await unpaidOrder(await bottles(mostHeld));
        await endHoldOf(order.name);
        await expireHolds(server.db);
      }],
      ['the most bottle stock one buyer may hold, cancelled twice at once while sweeping', async () => {
        const order = await unpaidOrder(await bottles(mostHeld));
        await endHoldOf(order.name);
        await Promise.all([payForm(order.name, order.token, 'cancel'), payForm(order.name, order.token, 'cancel'), expireHolds(server.db), expireHolds(server.db)]);
      }],
    ];
    for (const [name, attack] of attacks) {
      // Leave nothing pending from the previous attack: only what the attack itself does is judged.
      await server.db.query("UPDATE orders SET payment_expires_at = now() - interval '1 second' WHERE payment_status = 'pending'");
      await expireHolds(server.db);
      const before = await holdFigures();
      await attack();
      const after = await holdFigures();
      if (after.group !== before.group) through.push(`${name}: group total ${before.group} → ${after.group}`);
      if (name.includes('stock') && after.stock !== before.stock) through.push(`${name}: stock ${before.stock} → ${after.stock}`);
    }
    // The pending 10,000 hoodies of the first attack did not lower anyone's price.
    const priced = await postOrder(server, globexBuyer, await globexMugOrder({ items: await hoodies(1) }));
    const tierPrice = v.parse(PlaceOrderResponseSchema, priced.body).order.items[0]?.unit_price;
    // 149 net, stored as globex shows it: 183.27 gross.
    if (tierPrice !== 183.27) through.push(`an invoice buyer paid ${tierPrice} a hoodie instead of 183.27 (149 net) after the unpaid orders`);

    tally({
      suite: 'security',
      check: 'unpaid online orders moving a group buy / holding stock after cancel or expiry',
      tried: attacks.length + 1,
      gotThrough: through.length,
      note: 'pending, cancelled and expired orders of 10,000 hoodies and of the most of the limited stock one buyer may hold; the group total and the stock must end as they were',
    });
    expect(through).toEqual([]);
  });

  it('should refuse a late payment after expiry or cancel and change nothing', async () => {
    const through: string[] = [];
    const items = [await cartLine(server, 'GLX-HOODIE', 'GLX-HOODIE-GREY-L', 20), await cartLine(server, 'GLX-BOTTLE', 'GLX-BOTTLE-GREY', 2)];
    const attempts: [string, (order: { name: string; token: string }) => Promise<Response[]>][] = [
      ['pay after the hold ended, before any sweep', async (order) => {
        await endHoldOf(order.name);
        return [await payForm(order.name, order.token, 'pay')];
      }],
      ['pay after the sweep expired it', async (order) => {
        await endHoldOf(order.name);
        await expireHolds(server.db);
        return [await payForm(order.name, order.token, 'pay')];
      }],
      ['pay after cancelling', async (order) => {
        await payForm(order.name, order.token, 'cancel');
        return [await payForm(order.name, order.token, 'pay')];
      }],
      ['five payments at once as the hold ends', async (order) => {
        await endHoldOf(order.name);
        return Promise.all(Array.from({ length: 5 }, () => payForm(order.name, order.token, 'pay')));
      }],
    ];
    for (const [name, attempt] of attempts) {
      const order = await unpaidOrder(items);
      const before = await holdFigures();
      const answers = await attempt(order);
      await expireHolds(server.db);
      const after = await holdFigures();
      const status = await paymentStatusOf(order.name);
      if (status === 'paid') through.push(`${name}: the order was marked paid`);
      if (answers.some((answer) => answer.status !== 409)) through.push(`${name}: answered ${answers.map((answer) => answer.status).join(', ')} instead of 409`);
      if (after.group !== before.group) through.push(`${name}: group total ${before.group} → ${after.group}`);
      if (after.stock !== before.stock + 2) through.push(`${name}: stock ${before.stock} → ${after.stock}, the 2 held pieces not given back exactly once`);
    }
    tally({
      suite: 'security',
      check: 'late payment after expiry or cancel',
      tried: attempts.length,
      gotThrough: through.length,
      note: 'a late payment must answer 409 without paying, count nothing toward the group buy and leave the released stock released',
    });
    expect(through).toEqual([]);
  });

  it('should refuse lines above the line maximum', async () => {
    const tries: [string, () => Promise<Body>][] = [
      ['1,000,000 hoodies paid online', async () => globexMugOrder({ items: [await cartLine(server, 'GLX-HOODIE', 'GLX-HOODIE-BLACK-M', 1_000_000)], payment_method: 'online' })],
      ['10,001 mugs by invoice', async () => globexMugOrder({ items: [await cartLine(server, 'GLX-MUG', 'GLX-MUG-WHITE', 10_001)] })],
      ['6,000 + 5,000 mugs of one variant on two lines', async () => globexMugOrder({ items: [await cartLine(server, 'GLX-MUG', 'GLX-MUG-WHITE', 6000), await cartLine(server, 'GLX-MUG', 'GLX-MUG-WHITE', 5000)], payment_method: 'online' })],
      ['51 mugs in a shop capping lines at 50', async () => {
        await server.db.query('UPDATE websites SET max_line_quantity = 50 WHERE id = $1', [server.shops.globex]);
        return globexMugOrder({ items: [await cartLine(server, 'GLX-MUG', 'GLX-MUG-WHITE', 51)], payment_method: 'online' });
      }],
    ];
    const through: string[] = [];
    try {
      for (const [name, body] of tries) {
        const answer = await postOrder(server, globexBuyer, await body());
        if (answer.status !== 422 || answer.body?.code !== 'sale.qty.exceeded') through.push(`${name}: ${answer.status} ${answer.body?.code ?? ''}`);
      }
    } finally {
      await server.db.query('UPDATE websites SET max_line_quantity = NULL WHERE id = $1', [server.shops.globex]);
    }
    tally({ suite: 'security', check: 'order lines above the line maximum (shop cap, else stock, else 10,000)', tried: tries.length, gotThrough: through.length });
    expect(through).toEqual([]);
  });
});
