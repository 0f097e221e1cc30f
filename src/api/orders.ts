import { api, type CallOptions } from './client.ts';
import {
  OrderPageSchema,
  OrderSchema,
  OrderWaitResponseSchema,
  PlaceOrderResponseSchema,
  type Order,
  type OrderPage,
  type OrderWaitResponse,
  type PlaceOrderRequest,
  type PlaceOrderResponse,
} from '../contract/contract.ts';

/** Orders (DESIGN.md §4): placing one, the wait before the next, and the buyer's history. */

/**
 * A fresh `Idempotency-Key` for one order attempt (32 hex digits, fits `^[A-Za-z0-9_-]{8,200}$`).
 * `getRandomValues` rather than `randomUUID`: the latter exists only in secure contexts.
 */
export function createIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Places an order (`POST /api/order`). `idempotencyKey` names this attempt: a retry of the SAME
 * attempt (e.g. after a timeout) must reuse it, so the provider answers the first result instead of
 * placing a second order. The client itself never retries. A 429 carries `remainingTime`.
 * `lang`, the buyer's interface language, goes as `Accept-Language` (the order e-mail's language),
 * outside the body, so switching the language never makes a retry look like another order.
 */
export function placeOrder(order: PlaceOrderRequest, idempotencyKey: string, lang?: string): Promise<PlaceOrderResponse> {
  return api.post('/api/order', PlaceOrderResponseSchema, order, { headers: { 'Idempotency-Key': idempotencyKey, ...(lang ? { 'Accept-Language': lang } : {}) } });
}

/** Seconds until the buyer may order again in the shop (`GET /api/order/wait?website_id=`), 0 when free. */
export function fetchOrderWait(websiteId: number, options: CallOptions = {}): Promise<OrderWaitResponse> {
  return api.get('/api/order/wait', OrderWaitResponseSchema, { query: { website_id: websiteId }, signal: options.signal });
}

/** A page of the buyer's orders in the shop, newest first (`GET /api/user/orders?website_id&page&per_page`). */
export function fetchOrders(websiteId: number, page = 1, options: CallOptions & { perPage?: number } = {}): Promise<OrderPage> {
  return api.get('/api/user/orders', OrderPageSchema, {
    query: { website_id: websiteId, page, per_page: options.perPage },
    signal: options.signal,
  });
}

/** One of the buyer's orders by its name, e.g. `ACME-000001` (`GET /api/user/order/{name}?website_id=`). */
export function fetchOrder(name: string, websiteId?: number, options: CallOptions = {}): Promise<Order> {
  return api.get(`/api/user/order/${encodeURIComponent(name)}`, OrderSchema, { query: { website_id: websiteId }, signal: options.signal });
}
