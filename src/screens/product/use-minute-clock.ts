import { useEffect, useState } from 'react';
import { GROUP_BUY_TICK_MS } from './purchase.ts';

/**
 * The current time, refreshed every {@link GROUP_BUY_TICK_MS} while `ticking` (the interval is
 * cleared on unmount). Only a running group buy with an end needs it (its countdown and prices move
 * with time), so other products set no timer at all.
 */
export function useMinuteClock(ticking: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return undefined;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), GROUP_BUY_TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
