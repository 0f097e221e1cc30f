import { type PlaceOrderRequest, isPointsCurrency, planSpend, type StockHoldLimits } from '../shared.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { WebsiteRow } from '../http/env.ts';
import { ApiError, fail } from '../http/errors.ts';
import { checkLineBudgets, deliveryBudgetCharge, spendNeeds, spendPoints, spentPoints, userBudgets } from './order-budgets.ts';
import { remainingWait, requestHash, storeAnswer, storedAnswer, type OrderAnswer } from './order-guards.ts';
import { sendOrderMail } from './order-mail.ts';
import { deliveryCharge, exceedsStorableAmount, MAX_ORDER_AMOUNT, orderQuantityErrors, priceLines, settleOrder } from './order-pricing.ts';
import { loadOrder } from './order-reads.ts';
import { insertItems, insertOrder, newOrderName } from './order-records.ts';
import {
  checkCostCentre,
  checkPaymentMethod,
  loadDeliveryMethod,
  loadOrderLines,
  resolveBillingAddress,
  resolveDeliveryAddress,
} from './order-request.ts';
import { checkStockHolds, joinGroupBuys, reserveStock } from './order-stock.ts';
import { expireHolds } from './payment-holds.ts';
import { newToken } from './tokens.ts';

/**
 * Order placement: the one transaction that turns a checked request into a stored order. Placement is
 * the most safety-critical path of the server: it takes the buyer's money or points, so it runs as
 * ONE transaction that either stores the whole order (items, stock, group-buy totals, budget spend,
 * ledger, idempotency key, order e-mail) or nothing. This module only orders the steps; each step
 * lives with what it owns: `order-guards.ts` (idempotency, order wait), `order-request.ts` (payment
 * method, cost centre, delivery, addresses, lines), `order-stock.ts` (stock, group buys),
 * `order-pricing.ts` (prices, totals), `order-budgets.ts` (points), `order-records.ts` (order name and
 * rows), `order-reads.ts` (the answer), `order-mail.ts`. Every price is computed from the database;
 * the client sends identities and quantities only. An order paid online holds its stock only until
 * its payment ends and counts toward a group buy only once paid (see `payment-holds.ts`).
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
  /**
   * The payment provider's page for an order paid online and its secret token (the absolute
   * `payment_url`); null when no provider is connected, and then no online order comes here.
   */
  paymentPageUrl: ((orderName: string, token: string) => string) | null;
  /** Minimum seconds between two orders of one buyer in one shop. */
  orderWaitSeconds: number;
  /** The shop's storefront base URL (`storefrontUrl`), for the link in the order e-mail. */
  storefront: string;
  /** The order's language, the buyer's (`orderMailLang`): the order e-mail is written in it. Default: the shop's. */
  mailLang?: WebsiteRow['lang'];
  /** How long an online order's pending payment holds its stock. */
  paymentHoldSeconds: number;
  /** How much of a limited stock one buyer's unpaid online orders may hold together. */
  stockHolds: StockHoldLimits;
}

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
    await storeAnswer(tx, { userId: input.userId, websiteId: input.website.id, key: input.idempotencyKey, hash }, answer);
    return answer;
  });
}

/**
 * Checks, prices and stores the order; throws (rolling everything back) on the first broken rule. An
 * online order takes its stock like any other, but until `paymentHoldSeconds` from now only and no
 * more than its buyer may hold (`stockHolds`); its group-buy pieces are priced as today and counted when it is paid (`payOrder`).
 */
async function createOrder(tx: Queryable, input: PlaceOrderInput): Promise<OrderAnswer> {
  const { website, userId, request } = input;
  const now = new Date();
  const points = isPointsCurrency(website.currency);
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
  // Only an unpaid online order holds stock it may give back; invoice and points orders are sales.
  if (online) await checkStockHolds(tx, userId, lines, input.stockHolds);
  await joinGroupBuys(tx, lines, now, !online);
  const pricing = { points, isGross: website.is_gross };
  const charged = priceLines(lines, pricing, now);

  const paidInPoints = points && request.payment_method === 'budget';
  const budgets = paidInPoints ? await userBudgets(tx, website.id, userId) : null;
  if (budgets) checkLineBudgets(charged, budgets);
  const deliveryBudget = budgets ? await deliveryBudgetCharge(tx, website.id, method.id, request.payment_for_delivery_budget, budgets) : null;
  const delivery = deliveryCharge(points ? (deliveryBudget?.points ?? 0) : method.price, pricing);
  const { lines: priced, totals } = settleOrder(charged, delivery, pricing);
  if (exceedsStorableAmount(priced, totals)) {
    throw new ApiError(422, 'validation.invalid', {}, {}, { items: [{ key: 'validation.max_value', params: { bound: MAX_ORDER_AMOUNT } }] });
  }
  // The budget rule (src/domain/budget-spend.ts): each budget's active assignments, expiring first first.
  const spend = budgets ? planSpend(spendNeeds(priced, deliveryBudget), budgets.rows, budgets.now) : null;
  if (spend && !spend.ok) fail(422, 'budgets.error.insufficient');

  const name = await newOrderName(tx, website.slug);
  // Online payment: a secret for the payment page, returned once in payment_url and stored hashed.
  const paymentToken = online ? newToken() : null;
  const orderId = await insertOrder(tx, {
    website,
    userId,
    name,
    request,
    totals,
    totalPoints: spentPoints(spend),
    method,
    delivery,
    deliveryAddress,
    billingAddress,
    deliveryBudgetId: deliveryBudget?.userBudgetId ?? null,
    paymentToken,
    paymentHoldSeconds: input.paymentHoldSeconds,
  });
  const itemIds = await insertItems(tx, orderId, priced, spend, now);
  if (spend) await spendPoints(tx, orderId, spend, itemIds);

  const order = await loadOrder(tx, website.id, userId, name);
  if (!order) throw new Error(`order ${name} vanished inside its own transaction`);
  // In the order's transaction: a rolled-back order sends nothing; a replay never gets here.
  await sendOrderMail(tx, { ...website, lang: input.mailLang ?? website.lang }, order, input.storefront);
  const paymentUrl = paymentToken && input.paymentPageUrl ? input.paymentPageUrl(name, paymentToken) : null;
  return { status: 201, body: { order, payment_url: paymentUrl } };
}
