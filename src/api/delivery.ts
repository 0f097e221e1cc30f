import type * as v from 'valibot';
import { api, type CallOptions } from './client.ts';
import { DeliveryMethodListSchema, type DeliveryMethod, type DeliveryMethodsRequestSchema } from '../contract/contract.ts';

/** Delivery methods for a cart and address (DESIGN.md §4). */

/** Body of `POST /api/delivery-methods`: the shop, optionally the chosen address and the cart lines. */
export type DeliveryMethodsRequest = v.InferInput<typeof DeliveryMethodsRequestSchema>;

/**
 * The methods the shop offers for this cart and address (`POST /api/delivery-methods`), by position.
 * An empty list is an answer ("No delivery methods available"), not an error.
 */
export function fetchDeliveryMethods(request: DeliveryMethodsRequest, options: CallOptions = {}): Promise<DeliveryMethod[]> {
  return api.post('/api/delivery-methods', DeliveryMethodListSchema, request, options);
}
