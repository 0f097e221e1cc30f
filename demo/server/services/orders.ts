import { createHash } from 'node:crypto';
import type {
  AddressInput,
  BillingAddressInput,
  CartItemInput,
  Order,
  OrderItem,
  OrderSummary,
  PlaceOrderRequest,
  PlaceOrderResponse,
} from '../../../src/api/contract.ts';
import { POINTS_CURRENCY } from '../../../src/api/contract.ts';
import { budgetStanding, isSpendable, planSpend, type SpendNeed, type SpendPlan } from '../../../src/domain/budget-spend.ts';
import { costCentreIssues, orderMpkCode } from '../../../src/domain/mpk.ts';
import { isGroupBuyActive } from '../../../src/domain/pricing.ts';
import { variantLimit } from '../../../src/domain/quantity.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { WebsiteRow } from '../http/env.ts';
import { ApiError, fail, invalidFields } from '../http/errors.ts';
import {
  deliveryCharge,
  exceedsStorableAmount,
  MAX_ORDER_AMOUNT,
  orderQuantityErrors,
  orderTotals,
  priceLines,
  type OrderLine,
  type PricedLine,
} from './order-pricing.ts';
import { sendOrderMail } from './order-mail.ts';
import { expireHolds } from './payment-holds.ts';
import { loadProductsByIds } from './products.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Order placement, history and payment state. Placement is the most safety-critical path of the
 * server: it takes the buyer's money or points, so it runs as ONE transaction that either stores the
 * whole order (items, stock, group-buy totals, budget spend, ledger, idempotency key) or nothing.
 * Every price is computed here from the database; the client sends identities and quantities only.
 * An order paid online holds its stock only until its payment ends and counts toward a group buy
 * only once paid (see `payment-holds.ts`).
 *
 * @module
 */

/** What placing an order needs besides the database. */
export interface PlaceOrderInput {
  website: WebsiteRow;
  userId: number;
  request: PlaceOrderRequest;
  /** The `Idempotency-Key` header, already checked for shape. */
  idempotencyKey: string;
  /** This server's origin as the buyer reached it, for the absolute `payment_url`. */
  origin: string;
  /** Minimum seconds between two orders of one buyer in one shop. */
  orderWaitSeconds: number;
  /** The shop's storefront base URL (`storefrontUrl`), for the link in the order e-mail. */
  storefront: string;
  /** How long an online order's pending payment holds its stock. */
  paymentHoldSeconds: number;
}

/** An answer to a placement, stored with the idempotency key so a retry gets it unchanged. */
export interface OrderAnswer {
  status: number;
  body: PlaceOrderResponse;
}

type DeliveryType = Order['delivery_method']['type'];
type AddressSnapshot = NonNullable<Order['delivery_address']>;

interface DeliveryMethodRow {
  id: number;
  type: DeliveryType;
  name: string;
  price: number;
}

interface AddressRow extends AddressSnapshot {
  id: number;
  type: 'delivery' | 'billing' | 'specific';
}

/** A budget assignment of the buyer as the budget rule reads it (`SpendableAssignment`). */
interface UserBudgetRow {
  id: number;
  budget_id: number;
  points_left: number;
  /** The switch alone; the dates are judged by the rule. */
  is_active: boolean;
  start_date: Date;
  expiry_date: Date;
}

interface OrderRow {
  id: number;
  name: string;
  created_at: Date;
  status: Order['status'];
  currency: string;
  is_gross: boolean;
  total_net: number;
  total_gross: number;
  total_points: number;
  delivery_price: number;
  payment_method: Order['payment_method'];
  payment_status: Order['payment_status'];
  delivery_method: Order['delivery_method'];
  delivery_address: AddressSnapshot | null;
  billing_address: AddressSnapshot | null;
  contact: Record<string, string>;
  mpk_code: string | null;
  comment: string;
  items_count: number;
}

interface OrderItemRow {
  product_id: number | null;
  variant_id: number | null;
  name: string;
  code: string;
  color_code: string | null;
  size_code: string | null;
  quantity: number;
  unit_price: number;
  vat: number;
  line_net: number;
  line_gross: number;
  budget_id: number | null;
  budget_name: string | null;
  budget_color: string | null;
  card_info: Record<string, string> | null;
}

/** The shape of an `Idempotency-Key` header: long enough for a random id, nothing that needs escaping. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;

/** Order names are `<SLUG>-<number>`: anything else cannot name an order and is not looked up. */
export const ORDER_NAME_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{0,80})$/;

// ---------------------------------------------------------------------------------------------------
// Placing an order

/**
 * Places an order, or answers again what an earlier attempt with the same idempotency key answered.
 *
 * The buyer's `users` row is locked first, so one buyer's orders run one after another on every
 * driver and instance: the idempotency lookup, the wait and the budget balances are then read after
 * the previous order committed. The key row and the order e-mail (services/order-mail.ts) are written
 * in the same transaction as the order, so a failed attempt leaves nothing behind (no mail either) and
 * may be retried with the same key; a replay answers the stored order and queues no second mail.
 *
 * Holds of unpaid online orders that have ended are expired first, in their own transaction, so the
 * stock they held is back before this order's stock is judged (the periodic sweep may be up to a
 * minute behind).
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<OrderAnswer> {
  const hash = requestHash(input.request);
  await expireHolds(db);
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [input.userId]);
    const replay = await storedAnswer(tx, input.userId, input.idempotencyKey, hash);
    if (replay) return replay;
    const wait = await remainingWait(tx, input.website.id, input.userId, input.orderWaitSeconds);
    if (wait > 0) fail(429, 'errors.order_wait', { seconds: wait }, { remainingTime: wait, retry_after: wait });
    const answer = await createOrder(tx, input);
    await tx.query(
      `INSERT INTO idempotency_keys (user_id, key, website_id, request_hash, status_code, response)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
      [input.userId, input.idempotencyKey, input.website.id, hash, answer.status, JSON.stringify(answer.body)],
    );
    return answer;
  });
}

/**
 * SHA-256 of the request's canonical JSON (keys sorted at every level). The parsed body is hashed,
 * so whitespace, key order and stripped unknown keys (e.g. a client-sent price) do not make two
 * equal orders look different.
 */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** @internal JSON with object keys sorted, so equal values always serialise alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The answer stored under this key, 422 when the key was used for a different request. */
async function storedAnswer(tx: Queryable, userId: number, key: string, hash: string): Promise<OrderAnswer | null> {
  const { rows } = await tx.query<{ request_hash: string; status_code: number; response: PlaceOrderResponse }>(
    'SELECT request_hash, status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.request_hash !== hash) fail(422, 'errors.idempotency_mismatch');
  return { status: row.status_code, body: row.response };
}

/**
 * Whole seconds until this buyer may order again in this shop (spec §9 remainingTime), 0 when free.
 * Measured on the database clock (`clock_timestamp()`, the same clock that stamps `created_at`), so
 * several server instances agree; rounded up so a client never retries a moment too early.
 */
export async function remainingWait(db: Queryable, websiteId: number, userId: number, waitSeconds: number): Promise<number> {
  if (waitSeconds <= 0) return 0;
  const { rows } = await db.query<{ remaining: number | null }>(
    `SELECT extract(epoch FROM (max(created_at) + $3::float8 * interval '1 second' - clock_timestamp()))::float8 AS remaining
       FROM orders WHERE website_id = $1 AND user_id = $2`,
    [websiteId, userId, waitSeconds],
  );
  const remaining = rows[0]?.remaining ?? null;
  if (remaining === null || remaining <= 0) return 0;
  return Math.min(waitSeconds, Math.ceil(remaining));
}

/**
 * Checks, prices and stores the order; throws (rolling everything back) on the first broken rule. An
 * online order takes its stock like any other, but until `paymentHoldSeconds` from now only; its
 * group-buy pieces are priced as today and counted when it is paid (`payOrder`).
 */
async function createOrder(tx: Queryable, input: PlaceOrderInput): Promise<OrderAnswer> {
  const { website, userId, request } = input;
  const now = new Date();
  const points = website.currency === POINTS_CURRENCY;
  const online = request.payment_method === 'online';

  await checkPaymentMethod(tx, website, request.payment_method, points);
  checkCostCentre(website, request);
  const method = await loadDeliveryMethod(tx, website.id, request.delivery_method_id);
  const deliveryAddress = await resolveDeliveryAddress(tx, website, userId, method, request);
  const billingAddress = resolveBillingAddress(request, deliveryAddress);

  const lines = await loadOrderLines(tx, website.id, request.items, now);
  const quantityError = orderQuantityErrors(lines, website.max_line_quantity)[0];
  if (quantityError) {
    const { code, qty, product_id } = quantityError;
    fail(422, code, { qty }, { qty, product_id });
  }
  await reserveStock(tx, lines);
  await joinGroupBuys(tx, lines, now, !online);
  const priced = priceLines(lines, points, now);

  const paidInPoints = points && request.payment_method === 'budget';
  const budgets = paidInPoints ? await userBudgets(tx, website.id, userId) : null;
  if (budgets) checkLineBudgets(priced, budgets);
  const deliveryBudget = budgets ? await deliveryBudgetCharge(tx, website.id, method.id, request.payment_for_delivery_budget, budgets) : null;
  const delivery = deliveryCharge(points ? (deliveryBudget?.points ?? 0) : method.price, points);
  const totals = orderTotals(priced, delivery, points);
  if (exceedsStorableAmount(priced, totals)) {
    throw new ApiError(422, 'validation.invalid', {}, {}, { items: [{ key: 'validation.max_value', params: { bound: MAX_ORDER_AMOUNT } }] });
  }
  // The budget rule (src/domain/budget-spend.ts): each budget's active assignments, expiring first first.
  const spend = budgets ? planSpend(spendNeeds(priced, deliveryBudget), budgets.rows, budgets.now) : null;
  if (spend && !spend.ok) fail(422, 'budgets.error.insufficient');
  const totalPoints = (spend?.parts ?? []).reduce((sum, part) => sum + Math.round(part.points * 100), 0) / 100;

  const name = await newOrderName(tx, website.slug);
  // Online payment: a secret for the payment page, returned once in payment_url and stored hashed.
  const paymentToken = online ? newToken() : null;
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO orders (website_id, user_id, name, status, currency, is_gross, total_net, total_gross, total_points,
        delivery_price, payment_method, payment_status, delivery_method, delivery_address, billing_address, contact,
        mpk_code, comment, delivery_budget_id, payment_token_hash, created_at, payment_expires_at)
     VALUES ($1, $2, $3, 'new', $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14::jsonb, $15::jsonb, $16, $17, $18, $19,
             clock_timestamp(), clock_timestamp() + $20::float8 * interval '1 second')
     RETURNING id`,
    [
      website.id,
      userId,
      name,
      website.currency,
      website.is_gross,
      totals.total_net,
      totals.total_gross,
      totalPoints,
      delivery.price,
      request.payment_method,
      online ? 'pending' : 'not_required',
      JSON.stringify({ id: method.id, type: method.type, name: method.name, price: delivery.price }),
      deliveryAddress ? JSON.stringify(deliveryAddress) : null,
      billingAddress ? JSON.stringify(billingAddress) : null,
      JSON.stringify(request.contact),
      orderMpkCode(request.mpk_code),
      request.comment,
      deliveryBudget?.userBudgetId ?? null,
      paymentToken ? hashToken(paymentToken) : null,
      // NULL for every other order: no hold, nothing to expire.
      online ? input.paymentHoldSeconds : null,
    ],
  );
  const orderId = rows[0]!.id;
  const itemIds = await insertItems(tx, orderId, priced, spend, now);
  if (spend) await spendPoints(tx, orderId, spend, itemIds);

  const order = await loadOrder(tx, website.id, userId, name);
  if (!order) throw new Error(`order ${name} vanished inside its own transaction`);
  // In the order's transaction: a rolled-back order sends nothing; a replay never gets here.
  await sendOrderMail(tx, website, order, input.storefront);
  const paymentUrl = paymentToken ? `${input.origin}/demo/pay/${encodeURIComponent(name)}?token=${paymentToken}` : null;
  return { status: 201, body: { order, payment_url: paymentUrl } };
}

/**
 * The payment method must be one the shop offers. On top of that, points pay only in points shops
 * and a points shop is paid only in points: a `budget` order in a money shop would take no money,
 * and an invoice for points would give points goods away.
 */
async function checkPaymentMethod(tx: Queryable, website: WebsiteRow, code: string, points: boolean): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM payment_methods WHERE website_id = $1 AND code = $2', [website.id, code]);
  if (rows.length === 0 || points !== (code === 'budget')) fail(422, 'errors.payment_method');
}

/** A shop with `mpk_required` needs a cost-centre code and the buyer's cost-centre statement (src/domain/mpk.ts). */
function checkCostCentre(website: WebsiteRow, request: PlaceOrderRequest): void {
  const fields: Record<string, string> = { ...costCentreIssues(website, request) };
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

async function loadDeliveryMethod(tx: Queryable, websiteId: number, id: number): Promise<DeliveryMethodRow> {
  const { rows } = await tx.query<DeliveryMethodRow>('SELECT id, type, name, price FROM delivery_methods WHERE id = $1 AND website_id = $2', [
    id,
    websiteId,
  ]);
  const method = rows[0];
  if (!method) fail(422, 'errors.delivery_method');
  return method;
}

/**
 * Where the order goes, as a snapshot (later edits of the address book do not change a placed order).
 * Self-pickup needs none. A saved address must be the buyer's own in this shop (404 otherwise, so
 * nobody learns which ids exist); an inline one is saved as the buyer's `specific` address. When
 * both are sent the saved one wins. A shop that ships only to a specific address accepts only the
 * `specific_address` method with a `specific` address.
 */
async function resolveDeliveryAddress(
  tx: Queryable,
  website: WebsiteRow,
  userId: number,
  method: DeliveryMethodRow,
  request: PlaceOrderRequest,
): Promise<AddressSnapshot | null> {
  const specificOnly = website.shipping_only_to_specific_address;
  if (specificOnly && method.type !== 'specific_address') fail(422, 'errors.address_specific_only');
  if (method.type === 'self_pickup') return null;
  if (request.delivery_address_id != null) {
    const { rows } = await tx.query<AddressRow>(
      `SELECT id, type, name, surname, company, street, city, zip, country, nip
         FROM addresses WHERE id = $1 AND user_id = $2 AND website_id = $3`,
      [request.delivery_address_id, userId, website.id],
    );
    const address = rows[0];
    if (!address) fail(404, 'errors.not_found');
    if (specificOnly && address.type !== 'specific') fail(422, 'errors.address_specific_only');
    return snapshot(address);
  }
  if (request.delivery_address) {
    await saveSpecificAddress(tx, website.id, userId, request.delivery_address);
    return snapshot(request.delivery_address);
  }
  throw invalidFields({ delivery_address: 'validation.required' });
}

async function saveSpecificAddress(tx: Queryable, websiteId: number, userId: number, address: AddressInput): Promise<void> {
  await tx.query(
    `INSERT INTO addresses (user_id, website_id, type, name, surname, company, street, city, zip, country, nip, phone)
     VALUES ($1, $2, 'specific', $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [userId, websiteId, address.name, address.surname, address.company, address.street, address.city, address.zip, address.country, address.nip, address.phone],
  );
}

/**
 * The billing address: the delivery address when the buyer says so (none for a self-pickup), else
 * the one sent. An invoice needs a billing address with a tax ID (spec §5 "Nip missing from address").
 */
function resolveBillingAddress(request: PlaceOrderRequest, delivery: AddressSnapshot | null): AddressSnapshot | null {
  let billing: AddressSnapshot | null;
  if (request.billing_same_as_delivery) billing = delivery;
  else if (request.billing_address) billing = snapshot(request.billing_address);
  else throw invalidFields({ billing_address: 'validation.required' });
  if (request.payment_method === 'invoice') {
    if (!billing) throw invalidFields({ billing_address: 'validation.required' });
    if (billing.nip.trim() === '') throw invalidFields({ billing_address: 'validation.nip_missing' });
  }
  return billing;
}

function snapshot(address: AddressSnapshot | AddressInput | BillingAddressInput): AddressSnapshot {
  return {
    name: address.name,
    surname: address.surname,
    company: address.company,
    street: address.street,
    city: address.city,
    zip: address.zip,
    country: address.country,
    nip: address.nip,
  };
}

/**
 * The order's lines with their products, all of this shop (`loadProductsByIds` returns only those).
 * A product of another shop, or a variant of another product, is "not available"; a business card
 * without its details is refused. Card details of other products are dropped.
 */
async function loadOrderLines(tx: Queryable, websiteId: number, items: readonly CartItemInput[], now: Date): Promise<OrderLine[]> {
  const products = await loadProductsByIds(
    tx,
    websiteId,
    items.map((item) => item.product_id),
    now,
  );
  const lines = items.map((item): OrderLine => {
    const product = products.get(item.product_id);
    const variant = product?.variants.find((candidate) => candidate.id === item.variant_id);
    if (!product || !variant) fail(422, 'errors.product_unavailable');
    return { product, variant, quantity: item.quantity, card_info: product.is_business_card ? (item.card_info ?? null) : null };
  });
  if (lines.some((line) => line.product.is_business_card && !line.card_info)) fail(422, 'errors.card_info');
  return lines;
}

/**
 * Whether ordering the variant takes pieces off its stock: only a limited one (unlimited and
 * in-delivery variants are not touched). What each line took is recorded (`order_items.stock_taken`)
 * so a cancelled or expired online payment gives back exactly that.
 */
function takesStock(variant: OrderLine['variant']): boolean {
  return variantLimit(variant) !== null && variant.stock !== null;
}

/** The line's pieces that count toward its product's group buy: all of them while one runs, else 0. */
function groupBuyPieces(line: OrderLine, now: Date): number {
  return isGroupBuyActive(line.product.groupbuy, now) ? line.quantity : 0;
}

/**
 * Takes the ordered pieces off each limited variant's stock with a guarded update, so two buyers
 * racing for the last pieces cannot both get them: the loser's update matches no row and the order
 * fails with the stock that is left. Variants in ascending id order, the order a release takes them in.
 */
async function reserveStock(tx: Queryable, lines: readonly OrderLine[]): Promise<void> {
  const perVariant = new Map<number, { line: OrderLine; quantity: number }>();
  for (const line of lines) {
    const entry = perVariant.get(line.variant.id);
    if (entry) entry.quantity += line.quantity;
    else perVariant.set(line.variant.id, { line, quantity: line.quantity });
  }
  for (const [variantId, { line, quantity }] of [...perVariant].sort(([a], [b]) => a - b)) {
    if (!takesStock(line.variant)) continue;
    const updated = await tx.query(
      'UPDATE product_variants SET stock = stock - $1 WHERE id = $2 AND (stock IS NULL OR stock >= $1)',
      [quantity, variantId],
    );
    if (updated.rowCount === 0) {
      const { rows } = await tx.query<{ stock: number | null }>('SELECT stock FROM product_variants WHERE id = $1', [variantId]);
      const qty = Math.max(0, rows[0]?.stock ?? 0);
      fail(422, 'sale.qty.exceeded', { qty }, { qty, product_id: line.product.id });
    }
  }
}

/**
 * Prices the order's pieces of each running group buy on the total the group had just before it, and
 * when `count` adds them to that total. Counted (invoice and budget orders): the update locks the
 * product row until commit, so two buyers joining at once are counted one after the other and each
 * gets the tier of the total they actually reached. Not counted (an online order before it is paid):
 * the buyer is priced on the counted total plus their own pieces, and nobody else's price moves until
 * the payment arrives (`payOrder` adds the recorded pieces then).
 */
async function joinGroupBuys(tx: Queryable, lines: readonly OrderLine[], now: Date, count: boolean): Promise<void> {
  const perProduct = new Map<number, number>();
  for (const line of lines) {
    const pieces = groupBuyPieces(line, now);
    if (pieces > 0) perProduct.set(line.product.id, (perProduct.get(line.product.id) ?? 0) + pieces);
  }
  for (const [productId, quantity] of [...perProduct].sort(([a], [b]) => a - b)) {
    const { rows } = count
      ? await tx.query<{ before: number }>('UPDATE products SET groupbuy_total = groupbuy_total + $1 WHERE id = $2 RETURNING groupbuy_total - $1 AS before', [
          quantity,
          productId,
        ])
      : await tx.query<{ before: number }>('SELECT groupbuy_total AS before FROM products WHERE id = $1', [productId]);
    const before = rows[0]?.before ?? 0;
    for (const line of lines) {
      if (line.product.id === productId && line.product.groupbuy) line.product.groupbuy.total_quantity = before;
    }
  }
}

/** The buyer's assignments of this shop's budgets as the budget rule reads them, and the database clock. */
async function userBudgets(tx: Queryable, websiteId: number, userId: number): Promise<{ rows: UserBudgetRow[]; now: Date }> {
  const { rows } = await tx.query<UserBudgetRow & { now: Date }>(
    `SELECT ub.id, ub.budget_id, ub.points - ub.points_spent AS points_left, ub.is_active, ub.start_date, ub.expiry_date,
            clock_timestamp() AS now
       FROM user_budgets ub JOIN budgets b ON b.id = ub.budget_id
      WHERE ub.user_id = $1 AND b.website_id = $2
      ORDER BY ub.expiry_date, ub.id`,
    [userId, websiteId],
  );
  const clock = rows[0]?.now ?? (await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;
  return { rows: rows.map(({ now: _now, ...row }) => row), now: new Date(clock) };
}

/**
 * Every line's product must have a budget the buyer holds: no assignment of it at all (or no budget)
 * is "budget doesn't exist"; only unusable ones (scheduled, expired, switched off) is the spec's
 * inactive-budget error. Lines are judged in order, so the first broken one names the error.
 */
function checkLineBudgets(lines: readonly PricedLine[], budgets: { rows: readonly UserBudgetRow[]; now: Date }): void {
  for (const line of lines) {
    const budgetId = line.product.budget?.id;
    const standing = budgetId === undefined ? 'none' : budgetStanding(budgetId, budgets.rows, budgets.now);
    if (standing === 'none') fail(422, 'budgets.error.no_budget');
    if (standing === 'inactive') fail(422, 'budgets.inactive_in_cart');
  }
}

/**
 * The delivery's price in points and the budget paying it. A method with delivery budgets is paid
 * from the budget of `userBudgetId`, which must be an active assignment of the buyer of one of those
 * budgets (it names the budget; the points are then spent by the budget rule like a line's); its
 * price is that budget's price for the method. A method without any is free in points.
 */
async function deliveryBudgetCharge(
  tx: Queryable,
  websiteId: number,
  methodId: number,
  userBudgetId: number | null | undefined,
  budgets: { rows: readonly UserBudgetRow[]; now: Date },
): Promise<{ userBudgetId: number; budgetId: number; points: number } | null> {
  const { rows: prices } = await tx.query<{ budget_id: number; price: number }>(
    `SELECT dmb.budget_id, dmb.price FROM delivery_method_budgets dmb
       JOIN budgets b ON b.id = dmb.budget_id AND b.website_id = $2
      WHERE dmb.delivery_method_id = $1`,
    [methodId, websiteId],
  );
  if (prices.length === 0) return null;
  const assignment = budgets.rows.find((candidate) => candidate.id === userBudgetId);
  const price = prices.find((candidate) => candidate.budget_id === assignment?.budget_id);
  if (!assignment || !isSpendable(assignment, budgets.now) || !price) fail(422, 'budgets.error.no_budget');
  return { userBudgetId: assignment.id, budgetId: assignment.budget_id, points: price.price };
}

/** What the order needs from each budget: every line (in order), then the delivery. */
function spendNeeds(lines: readonly PricedLine[], delivery: { budgetId: number; points: number } | null): SpendNeed[] {
  const needs = lines.map((line): SpendNeed => ({ budget_id: line.product.budget?.id ?? 0, points: line.line_net }));
  if (delivery) needs.push({ budget_id: delivery.budgetId, points: delivery.points });
  return needs;
}

/**
 * Takes the planned points with one guarded statement per assignment (ascending id): the balance
 * check, the activity check and the spend are the same row update, so no interleaving can overspend
 * or spend from an assignment switched off meanwhile. When one matches no row the whole order rolls
 * back. The `points_spent <= points` CHECK is the last line of defence. Every part (a line's or the
 * delivery's share of one assignment) is written to the ledger with its order item (none for the
 * delivery), so `points_spent` always equals the sum of the ledger's deltas.
 */
async function spendPoints(tx: Queryable, orderId: number, plan: SpendPlan, itemIds: readonly number[]): Promise<void> {
  const perAssignment = new Map<number, number>();
  for (const part of plan.parts) perAssignment.set(part.assignment_id, (perAssignment.get(part.assignment_id) ?? 0) + Math.round(part.points * 100));
  for (const [userBudgetId, amount] of [...perAssignment].sort(([a], [b]) => a - b)) {
    const updated = await tx.query(
      `UPDATE user_budgets SET points_spent = points_spent + $1
        WHERE id = $2 AND points - points_spent >= $1
          AND is_active AND start_date <= clock_timestamp() AND clock_timestamp() < expiry_date
        RETURNING id`,
      [amount / 100, userBudgetId],
    );
    if (updated.rows.length === 0) fail(422, 'budgets.error.insufficient');
  }
  for (const part of plan.parts) {
    await tx.query(`INSERT INTO budget_ledger (user_budget_id, order_id, order_item_id, delta, reason) VALUES ($1, $2, $3, $4, 'order')`, [
      part.assignment_id,
      orderId,
      itemIds[part.need] ?? null,
      part.points,
    ]);
  }
}

/**
 * A new unique order name `<SLUG>-<6+ digits>`, numbered by the orders id sequence (works on both
 * drivers and across instances). Should a name already exist (e.g. an imported order), the next
 * number is taken.
 */
async function newOrderName(tx: Queryable, slug: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { rows } = await tx.query<{ id: number }>("SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id");
    const name = `${slug.toUpperCase()}-${String(rows[0]!.id).padStart(6, '0')}`;
    const taken = await tx.query('SELECT 1 FROM orders WHERE name = $1', [name]);
    if (taken.rows.length === 0) return name;
  }
  throw new Error('could not find a free order name');
}

/**
 * Stores the lines, 100 per statement (well under the 65535 parameter limit), each with the pieces it
 * took off stock and the pieces it counts toward a group buy (see {@link takesStock}, {@link groupBuyPieces}).
 */
async function insertItems(tx: Queryable, orderId: number, lines: readonly PricedLine[], spend: SpendPlan | null, now: Date): Promise<number[]> {
  // The assignment recorded on a line: the first one paying it (the ledger holds every part).
  const firstPayer = (index: number) => spend?.parts.find((part) => part.need === index)?.assignment_id ?? null;
  const COLUMNS = 17;
  for (let start = 0; start < lines.length; start += 100) {
    const chunk = lines.slice(start, start + 100);
    const params: unknown[] = [];
    const tuples = chunk.map((line, offset) => {
      params.push(
        orderId,
        line.product.id,
        line.variant.id,
        line.product.name,
        line.product.code,
        line.variant.color_code,
        line.variant.size_code,
        line.quantity,
        line.unit_price,
        line.vat,
        line.line_net,
        line.line_gross,
        line.product.budget?.id ?? null,
        firstPayer(start + offset),
        takesStock(line.variant) ? line.quantity : 0,
        groupBuyPieces(line, now),
        line.card_info ? JSON.stringify(line.card_info) : null,
      );
      const base = offset * COLUMNS;
      const placeholders = Array.from({ length: COLUMNS }, (_, i) => `$${base + i + 1}${i === COLUMNS - 1 ? '::jsonb' : ''}`);
      return `(${placeholders.join(', ')})`;
    });
    await tx.query(
      `INSERT INTO order_items (order_id, product_id, variant_id, name, code, color_code, size_code, quantity, unit_price, vat,
          line_net, line_gross, budget_id, user_budget_id, stock_taken, groupbuy_quantity, card_info)
       VALUES ${tuples.join(', ')}`,
      params,
    );
  }
  // Ids in insertion order (serial ids follow the VALUES order, as `loadOrder`'s ORDER BY i.id relies on).
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM order_items WHERE order_id = $1 ORDER BY id', [orderId]);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------------
// Reading orders

const ORDER_COLUMNS = `o.id, o.name, o.created_at, o.status, o.currency, o.is_gross, o.total_net, o.total_gross, o.total_points,
  o.delivery_price, o.payment_method, o.payment_status, o.delivery_method, o.delivery_address, o.billing_address, o.contact,
  o.mpk_code, o.comment, (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) AS items_count`;

/**
 * What the buyer paid, as the history shows it: points in a points shop, gross in a gross shop, net
 * otherwise. Taken from the order's own snapshot of currency and `is_gross`, so changing a shop's
 * settings does not rewrite its past orders.
 */
function summaryTotal(row: Pick<OrderRow, 'currency' | 'is_gross' | 'total_net' | 'total_gross' | 'total_points'>): number {
  if (row.currency === POINTS_CURRENCY) return row.total_points;
  return row.is_gross ? row.total_gross : row.total_net;
}

function toSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    name: row.name,
    date: row.created_at.toISOString(),
    status: row.status,
    currency: row.currency,
    total: summaryTotal(row),
    items_count: row.items_count,
  };
}

/**
 * One order of this buyer in this shop by its name, with its items; null for any other order (the
 * caller answers 404, never revealing that another buyer's or shop's order exists).
 */
export async function loadOrder(db: Queryable, websiteId: number, userId: number, name: string): Promise<Order | null> {
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.website_id = $1 AND o.user_id = $2 AND o.name = $3`, [
    websiteId,
    userId,
    name,
  ]);
  const row = rows[0];
  if (!row) return null;
  const { rows: items } = await db.query<OrderItemRow>(
    `SELECT i.product_id, i.variant_id, i.name, i.code, i.color_code, i.size_code, i.quantity, i.unit_price, i.vat,
            i.line_net, i.line_gross, i.budget_id, b.name AS budget_name, b.color AS budget_color, i.card_info
       FROM order_items i LEFT JOIN budgets b ON b.id = i.budget_id
      WHERE i.order_id = $1 ORDER BY i.id`,
    [row.id],
  );
  return {
    ...toSummary(row),
    is_gross: row.is_gross,
    total_net: row.total_net,
    total_gross: row.total_gross,
    total_points: row.total_points,
    delivery_price: row.delivery_price,
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    delivery_method: row.delivery_method,
    delivery_address: row.delivery_address,
    billing_address: row.billing_address,
    contact: row.contact,
    mpk_code: row.mpk_code,
    comment: row.comment,
    items: items.map(toItem),
  };
}

function toItem(row: OrderItemRow): OrderItem {
  return {
    product_id: row.product_id,
    variant_id: row.variant_id,
    name: row.name,
    code: row.code,
    color_code: row.color_code,
    size_code: row.size_code,
    quantity: row.quantity,
    unit_price: row.unit_price,
    vat: row.vat,
    line_net: row.line_net,
    line_gross: row.line_gross,
    budget: row.budget_id !== null && row.budget_name !== null ? { id: row.budget_id, name: row.budget_name, color: row.budget_color ?? '' } : null,
    card_info: row.card_info,
  };
}

/** A page of this buyer's orders in this shop, newest first, and how many there are in all. */
export async function listOrders(
  db: Queryable,
  websiteId: number,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ data: OrderSummary[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.website_id = $1 AND o.user_id = $2
        ORDER BY o.created_at DESC, o.id DESC LIMIT $3 OFFSET $4`,
      [websiteId, userId, perPage, (page - 1) * perPage],
    ),
    db.query<{ total: number }>('SELECT count(*) AS total FROM orders WHERE website_id = $1 AND user_id = $2', [websiteId, userId]),
  ]);
  return { data: list.rows.map(toSummary), total: count.rows[0]?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------------
// Demo payment provider

/** What the demo payment page shows and needs. */
export interface PayableOrder {
  name: string;
  slug: string;
  shop_name: string;
  currency: string;
  total: number;
  payment_method: Order['payment_method'];
  payment_status: Order['payment_status'];
  /** When a pending payment's hold ends; null for orders without a hold. */
  payment_expires_at: Date | null;
}

/**
 * An order by its (globally unique) name and payment secret for the demo payment page, or null.
 * Paying and cancelling are in `payment-holds.ts`.
 */
export async function findOrderForPayment(db: Queryable, name: string, token: string): Promise<PayableOrder | null> {
  const { rows } = await db.query<Omit<OrderRow, 'items_count'> & { slug: string; shop_name: string; payment_expires_at: Date | null }>(
    `SELECT o.name, o.currency, o.is_gross, o.total_net, o.total_gross, o.total_points, o.payment_method, o.payment_status,
            o.payment_expires_at, w.slug, w.name AS shop_name
       FROM orders o JOIN websites w ON w.id = o.website_id WHERE o.name = $1 AND o.payment_token_hash = $2`,
    [name, hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    name: row.name,
    slug: row.slug,
    shop_name: row.shop_name,
    currency: row.currency,
    total: summaryTotal(row),
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    payment_expires_at: row.payment_expires_at,
  };
}
