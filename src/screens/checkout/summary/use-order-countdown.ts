import { useCallback, useEffect, useState } from 'react';
import { isApiClientError } from '../../../api/errors.ts';
import { fetchOrderWait } from '../../../api/orders.ts';

/** The wait before the buyer may order again (spec §9 `remainingTime`), counted down live. */
export interface OrderCountdown {
  /** Whole seconds left, 0 when the order may be placed; `null` while the wait is being asked for. */
  seconds: number | null;
  /** Starts the count again from `seconds` (a 429's `remainingTime`). */
  restart: (seconds: number) => void;
}

/**
 * Asks the provider how long the buyer must wait (`GET /api/order/wait`) and counts down to 0, one
 * tick per whole second. A failed question does not hold the buyer back: the count is 0 and the
 * provider still refuses an order placed too early (429, which restarts the count).
 */
export function useOrderCountdown(websiteId: number | null): OrderCountdown {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const restart = useCallback((seconds: number) => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + Math.max(0, seconds) * 1000);
  }, []);

  useEffect(() => {
    if (websiteId === null) return undefined;
    const controller = new AbortController();
    fetchOrderWait(websiteId, { signal: controller.signal }).then(
      ({ remainingTime }) => {
        if (!controller.signal.aborted) restart(remainingTime);
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isApiClientError(error, 'aborted')) restart(0);
      },
    );
    return () => controller.abort();
  }, [websiteId, restart]);

  const left = deadline === null ? null : Math.max(0, deadline - now);
  useEffect(() => {
    if (deadline === null || left === null || left <= 0) return undefined;
    // Wake up when the shown number of seconds changes.
    const timer = setTimeout(() => setNow(Date.now()), left % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [deadline, left]);

  return { seconds: left === null ? null : Math.ceil(left / 1000), restart };
}
