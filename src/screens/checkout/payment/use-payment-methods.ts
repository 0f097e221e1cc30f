import type { PaymentMethod } from '../../../contract/contract.ts';
import { fetchPaymentMethods } from '../../../api/website.ts';
import { useRemote, type Remote } from '../../use-remote.ts';

/** The payment methods of shop `websiteId` as the payment step loads them (`POST /api/payment`). */
export function usePaymentMethods(websiteId: number | null): Remote<PaymentMethod[]> {
  return useRemote(websiteId === null ? null : String(websiteId), (signal) => fetchPaymentMethods(websiteId ?? 0, { signal }));
}
