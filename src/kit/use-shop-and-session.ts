import { useEffect } from 'react';
import { prefetchSession, restoreSession, sessionStatus } from '../store/session.ts';
import { loadShop, shopStatus } from '../store/shop.ts';

/**
 * For an element on a page of its own (a widget on an intranet page): loads the shop's presets and
 * then the session if nobody did, so the right person's cart, prices and budgets show. Inside the
 * storefront both already run; either call runs once per page, whoever asks first. Call it in a
 * component that tracks signals (`useSignals()`), so it re-runs when the shop arrives.
 */
export function useShopAndSession(): void {
  const status = shopStatus.value;
  useEffect(() => {
    if (status === 'idle') {
      void loadShop();
      // Beside the shop's config, not after it, so the two requests overlap; restoreSession takes its answer.
      prefetchSession();
    }
    else if (status === 'ready' && sessionStatus.peek() === 'unknown') void restoreSession();
  }, [status]);
}
