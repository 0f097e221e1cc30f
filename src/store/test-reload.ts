import { resetPageSingletons } from '../page-singleton.ts';
import { startCart } from './cart.ts';
import { pageConfig } from './config.ts';
import { sessionStatus, user } from './session.ts';
import { savedShop, shopStatus } from './shop.ts';

/**
 * @internal Tests: the page loaded again. Nothing stays in memory; the page's configuration and its
 * shop come back as the new page would load them, and so does the person signed in (`'kept'`) unless
 * the new page has not checked the session yet (`'unknown'`). The cart then reads its storage again.
 */
export function reloadPage(session: 'kept' | 'unknown' = 'kept'): void {
  const kept = { config: pageConfig.peek(), shop: savedShop.peek(), status: shopStatus.peek(), who: user.peek(), session: sessionStatus.peek() };
  resetPageSingletons();
  pageConfig.value = kept.config;
  savedShop.value = kept.shop;
  shopStatus.value = kept.status;
  if (session === 'kept') {
    // The session store's order when a user is loaded: the user, then the status.
    user.value = kept.who;
    sessionStatus.value = kept.session;
  }
  startCart();
}
