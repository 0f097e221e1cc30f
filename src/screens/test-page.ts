import { act, within } from '@testing-library/react';
import type { Website } from '../contract/contract.ts';
import { routerActive, syncLocation } from '../kit/router.tsx';
import { clearAlerts } from '../store/alerts.ts';
import { locale } from '../store/locale.ts';
import { sessionStatus } from '../store/session.ts';
import { savedShop, shopStatus } from '../store/shop.ts';
import { GROSS_SHOP } from './catalogue/test-fixtures.ts';
import { resetPageSingletons } from '../page-singleton.ts';
import { startCart } from '../store/cart.ts';

/** @internal Page set-up shared by the screens' component and element tests. */

/**
 * A fresh page on `path`: no product, cart check, session, configuration, alerts or storage left from
 * an earlier test; `website` loaded (an open gross-price shop unless given), a guest, English; the storefront's router on (`routed`) or off (a
 * widget on an intranet page). The cart then follows the guest, as on a newly loaded page.
 */
export function resetScreenPage(path: string, website: Website = GROSS_SHOP, routed = true): void {
  resetPageSingletons();
  clearAlerts();
  localStorage.clear();
  savedShop.value = website;
  shopStatus.value = 'ready';
  sessionStatus.value = 'guest';
  locale.value = 'en';
  routerActive.value = routed;
  window.history.replaceState(null, '', path);
  syncLocation();
  startCart();
}

/** Mounts an element from `html` and lets React render into its shadow root. */
export async function mountElement(html: string): Promise<{ element: HTMLElement; root: ShadowRoot; view: ReturnType<typeof within> }> {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  await act(async () => {
    document.body.append(holder);
  });
  const element = holder.firstElementChild as HTMLElement;
  const root = element.shadowRoot;
  if (!root) throw new Error('no shadow root');
  return { element, root, view: within(root as unknown as HTMLElement) };
}
