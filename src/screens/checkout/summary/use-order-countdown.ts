import { useCallback, useEffect, useState } from 'react';
import { isApiClientError } from '../../../api/errors.ts';
import { fetchOrderWait } from '../../../api/orders.ts';
import { useRemote } from '../../use-remote.ts';

/** The wait before the buyer may order again (spec §9 `remainingTime`), counted down live. */
export interface OrderCountdown {
  /** Whole seconds left, 0 when the order may be placed; `null` while the wait is being asked for. */
  seconds: number | null;
  /** Starts the count again from `seconds` (a 429's `remainingTime`). */
  restart: (seconds: number) => void;
}

/** One count: when it started (ms) and when it reaches 0. */
interface Count {
  start: number;
  deadline: number;
}

function countFrom(seconds: number): Count {
  const start = Date.now();
  return { start, deadline: start + Math.max(0, seconds) * 1000 };
}

/** The provider's wait as a count; a failed question counts 0 (an abort stays a failure, to be dropped). */
async function askWait(websiteId: number, signal: AbortSignal): Promise<Count> {
  try {
    return countFrom((await fetchOrderWait(websiteId, { signal })).remainingTime);
  } catch (error) {
    if (isApiClientError(error, 'aborted')) throw error;
    return countFrom(0);
  }
}

/**
 * Asks the provider how long the buyer must wait (`GET /api/order/wait`) and counts down to 0, one
 * tick per whole second. A failed question does not hold the buyer back: the count is 0 and the
 * provider still refuses an order placed too early (429, which restarts the count). The later of the
 * asked count and a restart is the one shown.
 */
export function useOrderCountdown(websiteId: number | null): OrderCountdown {
  const asked = useRemote(websiteId === null ? null : String(websiteId), (signal) => askWait(websiteId ?? 0, signal));
  const [restarted, setRestarted] = useState<Count | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const restart = useCallback((seconds: number) => setRestarted(countFrom(seconds)), []);

  const loaded = asked.data;
  const count = restarted && (!loaded || restarted.start >= loaded.start) ? restarted : loaded;
  const left = count === null ? null : Math.max(0, count.deadline - Math.max(now, count.start));
  useEffect(() => {
    if (left === null || left <= 0) return undefined;
    // Wake up when the shown number of seconds changes.
    const timer = setTimeout(() => setNow(Date.now()), left % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [count, left]);

  return { seconds: left === null ? null : Math.ceil(left / 1000), restart };
}
