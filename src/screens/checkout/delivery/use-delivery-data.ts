import type { CartItemInput, DeliveryMethod } from '../../../contract/contract.ts';
import { fetchDeliveryMethods } from '../../../api/delivery.ts';
import { useRemote, type Remote } from '../../use-remote.ts';

/**
 * The delivery methods the shop offers for these cart lines, in the shop's order
 * (`POST /api/delivery-methods`), loaded again when the cart changes.
 */
export function useDeliveryMethods(websiteId: number | null, items: readonly CartItemInput[]): Remote<DeliveryMethod[]> {
  const key = websiteId === null ? null : JSON.stringify([websiteId, items]);
  return useRemote(key, (signal) => fetchDeliveryMethods({ website_id: websiteId ?? 0, items: items.map((item) => ({ ...item })) }, { signal }));
}
