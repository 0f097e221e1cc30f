import { useEffect, useState } from 'react';
import type { PaymentMethod } from '../../../api/contract.ts';
import { isApiClientError } from '../../../api/errors.ts';
import { fetchPaymentMethods } from '../../../api/website.ts';

/** The shop's payment methods as the payment step loads them (`POST /api/payment`). */
export type PaymentMethodsState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; methods: readonly PaymentMethod[] };

/**
 * Loads the payment methods of shop `websiteId` (again after `retry()`). A load that is no longer
 * wanted (another shop, the step left) is cancelled and its outcome ignored.
 */
export function usePaymentMethods(websiteId: number | null): { state: PaymentMethodsState; retry: () => void } {
  const [state, setState] = useState<PaymentMethodsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (websiteId === null) return undefined;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchPaymentMethods(websiteId, { signal: controller.signal }).then(
      (methods) => {
        if (!controller.signal.aborted) setState({ status: 'ready', methods });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isApiClientError(error, 'aborted')) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [websiteId, attempt]);
  return { state, retry: () => setAttempt((count) => count + 1) };
}
