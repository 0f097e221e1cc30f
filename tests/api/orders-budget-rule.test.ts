import { randomUUID } from 'node:crypto';
import * as fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, PlaceOrderResponseSchema, UserBudgetSchema, type UserBudget } from '../../src/contract/contract.ts';
import { planSpend, spendVerdict, type SpendNeed } from '../../src/domain/budget-spend.ts';
import { budgetPlan, deliveryBudgetOptions } from '../../src/domain/checkout-totals.ts';
import { acmePointsOrder, firstRow } from './order-fixtures.ts';
import { startTestServer, TEST_DATABASE_URL, type TestServer } from './harness.ts';

/**
 * Issue 18, one budget rule everywhere: for a buyer holding several assignments of one or two budgets
 * (active, scheduled, expired, switched off; various points and expiry dates) and a cart of budget
 * products, possibly with a courier paid from a delivery budget, the client's verdict computed with
 * `src/domain/budget-spend.ts` from what the API tells the client must equal the real server's answer
 * (never fine in the cart and refused at the order, never the reverse), and after a successful order
 * the assignments' points left must be exactly what the plan said (expiring first spent first).
 *
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const RUNS = Number(process.env.BUDGET_RULE_RUNS ?? 25);
const DAY = 86_400_000;

let server: TestServer;
let token: string;
let buyerId: number;
let budgetIds: { welcome: number; team: number };
let courier: { id: number; addressId: number; offered: { budget_id: number; name: string; color: string; price: number }[] };

/** Budget products without tiers in the quantities drawn (1–3), unlimited stock: price × quantity. */
const PRODUCTS = [
  { variant: 'ACME-CAP-BLACK', budget: 'team' as const, price: 20 },
  { variant: 'ACME-HOODIE-GREY-M', budget: 'team' as const, price: 120 },
  { variant: 'ACME-LANYARD-NAVY', budget: 'welcome' as const, price: 5 },
  { variant: 'ACME-TEE-BLACK-M', budget: 'welcome' as const, price: 40 },
];

const one = <T>(sql: string, params: unknown[] = []): Promise<T> => firstRow<T>(server.db, sql, params);

const assignmentArb = fc.record({
  points: fc.integer({ min: 0, max: 15_000 }).map((cents) => cents / 100),
  spentShare: fc.constantFrom(0, 0, 0, 0.25, 0.5, 1),
  switchedOn: fc.constantFrom(true, true, true, true, false),
  // Days from now: started (−30), not started yet (+3); expired (−1), expiring in 10, 20 or 60 days.
  startDays: fc.constantFrom(-30, -30, -30, -30, 3),
  expiryDays: fc.constantFrom(-1, 10, 20, 20, 60, 60, 60),
});

const heldArb = fc.oneof({ arbitrary: fc.array(assignmentArb, { minLength: 1, maxLength: 3 }), weight: 6 }, { arbitrary: fc.constant([]), weight: 1 });

const lineArb = fc.record({ product: fc.integer({ min: 0, max: PRODUCTS.length - 1 }), quantity: fc.integer({ min: 1, max: 3 }) });

const caseArb = fc.record({
  // Each budget held by 1–3 assignments, or now and then by none ("budget doesn't exist").
  assignments: fc
    .tuple(heldArb, heldArb)
    .map(([welcome, team]) => [...welcome.map((held) => ({ ...held, budget: 'welcome' as const })), ...team.map((held) => ({ ...held, budget: 'team' as const }))]),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
  delivery: fc.option(fc.constantFrom('welcome' as const, 'team' as const), { nil: null }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;
const holding = (budget: 'welcome' | 'team', points: number, expiryDays: Case['assignments'][number]['expiryDays'], overrides: Partial<Case['assignments'][number]> = {}): Case['assignments'][number] => ({
  budget,
  points,
  spentShare: 0,
  switchedOn: true,
  startDays: -30,
  expiryDays,
  ...overrides,
});
/** The case, always run first: Team events held twice (100 + 100), caps for 160 and 220 points. */
const EXAMPLES: [Case][] = [
  [{ assignments: [holding('team', 100, 60), holding('team', 100, 20)], lines: [{ product: 0, quantity: 8 }], delivery: null }],
  [{ assignments: [holding('team', 100, 60), holding('team', 100, 20)], lines: [{ product: 0, quantity: 11 }], delivery: null }],
  // Unusable assignments count for nothing: 100 usable, 160 needed.
  [
    {
      assignments: [holding('team', 100, 20), holding('team', 500, -1), holding('team', 500, 60, { startDays: 3 }), holding('team', 500, 60, { switchedOn: false })],
      lines: [{ product: 0, quantity: 8 }],
      delivery: null,
    },
  ],
  // The delivery is spent from its budget by the same rule, after the lines: 160 + 25 from 100 + 100.
  [{ assignments: [holding('team', 100, 60), holding('team', 100, 20), holding('welcome', 50, 20)], lines: [{ product: 0, quantity: 8 }], delivery: 'team' }],
];

async function budgetsAsTheClientSeesThem(): Promise<UserBudget[]> {
  const result = await server.json(`/api/user/budgets?website_id=${server.shops.acme}`, { token });
  expect(result.status).toBe(200);
  return v.parse(v.array(UserBudgetSchema), result.body);
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('buyer@acme.test', 'acme');
  buyerId = (await one<{ id: number }>("SELECT id FROM users WHERE email = 'buyer@acme.test'")).id;
  const budgetId = async (name: string) => (await one<{ id: number }>('SELECT id FROM budgets WHERE name = $1 AND website_id = $2', [name, server.shops.acme])).id;
  budgetIds = { welcome: await budgetId('Welcome pack'), team: await budgetId('Team events') };
  const method = await one<{ id: number }>("SELECT id FROM delivery_methods WHERE website_id = $1 AND type = 'courier'", [server.shops.acme]);
  const address = await one<{ id: number }>("SELECT id FROM addresses WHERE user_id = $1 AND type = 'delivery'", [buyerId]);
  const { rows } = await server.db.query<{ budget_id: number; name: string; color: string; price: number }>(
    'SELECT dmb.budget_id, b.name, b.color, dmb.price FROM delivery_method_budgets dmb JOIN budgets b ON b.id = dmb.budget_id WHERE dmb.delivery_method_id = $1 ORDER BY b.id',
    [method.id],
  );
  courier = { id: method.id, addressId: address.id, offered: rows };
  console.info(`[orders-budget-rule] ${RUNS} runs on ${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
});

afterAll(async () => {
  await server?.close();
});

describe('one budget rule in the client and the server', () => {
  it('should give the verdict the server gives, and spend exactly the plan', async () => {
    const variants = new Map<string, { id: number; product_id: number }>();
    for (const product of PRODUCTS) {
      variants.set(product.variant, await one<{ id: number; product_id: number }>('SELECT id, product_id FROM product_variants WHERE code = $1', [product.variant]));
    }
    const outcomes = { fine: 0, no_budget: 0, inactive: 0, insufficient: 0, split: 0 };

    await fc.assert(
      fc.asyncProperty(caseArb, async (drawn) => {
        // This run's assignments replace the buyer's earlier ones (test database: history may go).
        await server.db.query('UPDATE orders SET delivery_budget_id = NULL WHERE user_id = $1', [buyerId]);
        await server.db.query('DELETE FROM user_budgets WHERE user_id = $1', [buyerId]);
        const now = Date.now();
        for (const drawnHeld of drawn.assignments) {
          const spent = Math.round(drawnHeld.points * drawnHeld.spentShare * 100) / 100;
          await server.db.query(
            `INSERT INTO user_budgets (budget_id, user_id, points, points_spent, start_date, expiry_date, is_active)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [budgetIds[drawnHeld.budget], buyerId, drawnHeld.points, spent, new Date(now + drawnHeld.startDays * DAY), new Date(now + drawnHeld.expiryDays * DAY), drawnHeld.switchedOn],
          );
        }

        // The client: what the API tells it, judged by the domain module.
        const budgets = await budgetsAsTheClientSeesThem();
        const clock = new Date();
        const needs: SpendNeed[] = drawn.lines.map((line) => {
          const product = PRODUCTS[line.product]!;
          return { budget_id: budgetIds[product.budget], points: product.price * line.quantity };
        });
        const option = drawn.delivery
          ? deliveryBudgetOptions(courier.offered, budgets, clock).find((candidate) => candidate.budget_id === budgetIds[drawn.delivery!])
          : undefined;
        if (option) needs.push({ budget_id: option.budget_id, points: option.price });
        const verdict = spendVerdict(needs, budgets, clock);
        const plan = planSpend(needs, budgets, clock);
        // The checkout's plan agrees with the verdict.
        const checkout = budgetPlan(
          drawn.lines.map((line, index) => ({ budget: { id: needs[index]!.budget_id }, total: needs[index]!.points })),
          budgets,
          option ? { assignment_id: option.assignment_id, price: option.price } : null,
          clock,
        );
        expect(checkout.payable).toBe(verdict === 'fine');

        // The server.
        const items = drawn.lines.map((line) => {
          const variant = variants.get(PRODUCTS[line.product]!.variant)!;
          return { product_id: variant.product_id, variant_id: variant.id, quantity: line.quantity };
        });
        const body = await acmePointsOrder(
          server.db,
          server.shops,
          items,
          option ? { delivery_method_id: courier.id, delivery_address_id: courier.addressId, payment_for_delivery_budget: option.assignment_id } : {},
        );
        const result = await server.json('/api/order', { body, token, headers: { 'Idempotency-Key': `rule-${randomUUID()}` } });
        outcomes[verdict] += 1;

        // The verdict equals the server's answer: 201, or the 422 the verdict names.
        const fine = verdict === 'fine';
        const code = { fine: undefined, no_budget: 'budgets.error.no_budget', inactive: 'budgets.inactive_in_cart', insufficient: 'budgets.error.insufficient' }[verdict];
        const answer = fine ? { status: result.status } : { status: result.status, code: v.parse(ApiErrorSchema, result.body).code };
        expect(answer).toEqual(fine ? { status: 201 } : { status: 422, code });
        const order = fine ? v.parse(PlaceOrderResponseSchema, result.body).order : null;
        const needed = needs.reduce((sum, need) => sum + Math.round(need.points * 100), 0) / 100;
        expect(order?.total_points ?? null).toBe(fine ? needed : null);
        if (fine && plan.budgets.some((budget) => budget.uses.length > 1)) outcomes.split += 1;

        // Points left after = before − the plan's parts, assignment by assignment (nothing when refused).
        const after = await budgetsAsTheClientSeesThem();
        const taken = new Map<number, number>();
        for (const part of fine ? plan.parts : []) taken.set(part.assignment_id, (taken.get(part.assignment_id) ?? 0) + Math.round(part.points * 100));
        expect(after.map((mine) => [mine.id, mine.points_left])).toEqual(
          budgets.map((mine) => [mine.id, (Math.round(mine.points_left * 100) - (taken.get(mine.id) ?? 0)) / 100]),
        );
        // The ledger holds every part: which assignment paid how much of which line (the delivery: no line).
        const { rows: ledger } = await server.db.query<{ user_budget_id: number; order_item_id: number | null; delta: number }>(
          `SELECT l.user_budget_id, l.order_item_id, l.delta FROM budget_ledger l JOIN orders o ON o.id = l.order_id
            WHERE o.name = $1 ORDER BY l.id`,
          [order?.name ?? ''],
        );
        const { rows: itemIds } = await server.db.query<{ id: number }>(
          'SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.name = $1 ORDER BY i.id',
          [order?.name ?? ''],
        );
        expect(ledger).toEqual(
          (fine ? plan.parts : []).map((part) => ({ user_budget_id: part.assignment_id, order_item_id: itemIds[part.need]?.id ?? null, delta: part.points })),
        );
      }),
      { numRuns: RUNS, examples: EXAMPLES },
    );
    console.info(`[orders-budget-rule] outcomes ${JSON.stringify(outcomes)}`);
    expect(outcomes.fine).toBeGreaterThan(0);
  }, 120_000);
});
