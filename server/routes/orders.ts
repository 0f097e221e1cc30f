import type { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { PlaceOrderRequestSchema, idField } from '../shared.ts';
import { storefrontUrl } from '../config.ts';
import { requireAuth, shopAccess, userAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { IDEMPOTENCY_KEY_PATTERN, remainingWait } from '../services/order-guards.ts';
import { listOrders, loadOrder, ORDER_NAME_PATTERN } from '../services/order-reads.ts';
import { orderMailLang } from '../services/order-mail.ts';
import { placeOrder } from '../services/orders.ts';

const websiteIdParam = v.pipe(v.string(), v.toNumber(), idField);
const pageParam = (fallback: string, max: number) =>
  v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer('validation.integer'), v.minValue(1, 'validation.min_value'), v.maxValue(max, 'validation.max_value')),
    fallback,
  );

/** `GET /api/order/wait` query. The three query schemas are exported for the OpenAPI document (build/openapi.ts). */
export const OrderWaitQuerySchema = v.object({ website_id: websiteIdParam });

/** `GET /api/user/orders` query: a page of at most 100 orders. */
export const OrderListQuerySchema = v.object({
  website_id: websiteIdParam,
  page: pageParam('1', 100_000),
  per_page: pageParam('20', 100),
});

/** `GET /api/user/order/:id` may name the shop; without it the token's shop is meant. */
export const OrderDetailQuerySchema = v.object({ website_id: v.optional(websiteIdParam) });

/**
 * Registers the order calls (documented in docs/api.md, "Orders API"):
 * - `POST /api/order` (user): place an order, with an `Idempotency-Key` header;
 * - `GET /api/order/wait?website_id` (user): seconds until the buyer may order again;
 * - `GET /api/user/orders?website_id&page&per_page` (user): order history, newest first;
 * - `GET /api/user/order/:name` (user): one of the buyer's orders by its name.
 *
 * An order paid `online` is taken only when a payment provider is connected (a plugin's, `payment` in
 * the context; the demo's outside production): its answer's `payment_url` is the provider's page.
 */
export function registerOrderRoutes(app: Hono<AppEnv>): void {
  app.post('/api/order', async (c) => {
    // Checked first: without a key a retried request could place the order twice.
    const key = c.req.header('idempotency-key') ?? '';
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) fail(400, 'errors.malformed_request');
    const request = await jsonBody(c, PlaceOrderRequestSchema);
    const { website } = await shopAccess(c, request.website_id, 'user');
    // Without a payment provider nothing could take the payment: the order would only hold stock.
    const payment = c.get('payment');
    if (!payment && request.payment_method === 'online') fail(422, 'errors.payment_method');
    const auth = requireAuth(c);
    const origin = new URL(c.req.url).origin;
    const answer = await placeOrder(c.get('db'), {
      website,
      userId: auth.userId,
      request,
      idempotencyKey: key,
      paymentPageUrl: payment ? (name, token) => payment.paymentPageUrl(origin, name, token) : null,
      orderWaitSeconds: c.get('config').orderWaitSeconds,
      storefront: storefrontUrl(c.get('config'), website.slug),
      mailLang: orderMailLang(c.req.header('accept-language'), website.lang),
      paymentHoldSeconds: c.get('config').paymentHoldSeconds,
      stockHolds: c.get('config').stockHolds,
    });
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  });

  app.get('/api/order/wait', async (c) => {
    const query = queryParams(c, OrderWaitQuerySchema);
    const { website } = await shopAccess(c, query.website_id, 'user');
    const auth = requireAuth(c);
    const remainingTime = await remainingWait(c.get('db'), website.id, auth.userId, c.get('config').orderWaitSeconds);
    return c.json({ remainingTime });
  });

  app.get('/api/user/orders', async (c) => {
    const query = queryParams(c, OrderListQuerySchema);
    const { website } = await shopAccess(c, query.website_id, 'user');
    const auth = requireAuth(c);
    const { data, total } = await listOrders(c.get('db'), website.id, auth.userId, query.page, query.per_page);
    return c.json({ data, meta: { total, page: query.page, per_page: query.per_page } });
  });

  app.get('/api/user/order/:id', async (c) => {
    const query = queryParams(c, OrderDetailQuerySchema);
    const { website } = query.website_id === undefined ? await userAccess(c) : await shopAccess(c, query.website_id, 'user');
    const auth = requireAuth(c);
    const name = c.req.param('id');
    if (!ORDER_NAME_PATTERN.test(name)) fail(404, 'errors.not_found');
    const order = await loadOrder(c.get('db'), website.id, auth.userId, name);
    if (!order) fail(404, 'errors.not_found');
    return c.json(order);
  });

}
