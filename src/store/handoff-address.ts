import { pageSingleton } from '../page-singleton.ts';
import { HANDOFF_CART_PARAM, HANDOFF_SIGNIN_PARAM } from './handoff-links.ts';

/**
 * The storefront's first look at the address bar for a handoff from widgets on another origin
 * (`./handoff-links.ts`): small, so every storefront loads it; the rest (`./handoff-arrival.ts`)
 * loads only when a handoff came (`./handoff-start.ts`).
 *
 * @module
 */

/** Where the storefront keeps a handoff it took from the address bar until its lines are in. */
export const PENDING_HANDOFF_KEY = 'shop-elements:handoff-pending';

/** A handoff as the address bar brought it, not read yet. */
export interface RawArrival {
  cartText: string | null;
  signin: string | null;
}

/**
 * Takes the handoff out of the address bar at once (`history.replaceState`), so a reload, Back or a
 * shared link never brings it again; the rest of the fragment stays.
 */
export function takeRawArrival(win: Window = window): RawArrival {
  const params = new URLSearchParams(win.location.hash.replace(/^#/, ''));
  const cartText = params.get(HANDOFF_CART_PARAM);
  const signin = params.get(HANDOFF_SIGNIN_PARAM);
  if (cartText !== null || signin !== null) {
    params.delete(HANDOFF_CART_PARAM);
    params.delete(HANDOFF_SIGNIN_PARAM);
    const rest = params.toString();
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}${rest ? `#${rest}` : ''}`);
  }
  return { cartText, signin };
}

/**
 * What this page's URL brought along, taken from the address bar once per page (the storefront calls
 * it while it first renders, before any screen can rewrite the URL).
 */
export function pageArrival(): RawArrival {
  return pageSingleton('handoff.arrival', () => (typeof window === 'undefined' ? { cartText: null, signin: null } : takeRawArrival()), 'forget');
}

/** Whether there is a handoff to arrive with: one in the URL, or one kept from a load that failed. */
export function hasArrival(raw: RawArrival): boolean {
  if (raw.cartText !== null || raw.signin !== null) return true;
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(PENDING_HANDOFF_KEY) !== null;
  } catch {
    return false;
  }
}
