import { computed, signal } from '@preact/signals-react';
import { requestSignInHandoff } from '../api/auth.ts';
import { cartHandoffLines, encodeCartHandoff, newHandoffId } from '../domain/cart-handoff.ts';
import { pageSingleton } from '../page-singleton.ts';
import { cartLines, clearCart } from './cart.ts';
import { isLoggedIn, restoreSession } from './session.ts';
import { shop } from './shop.ts';

/**
 * The handoff between widgets on a page of another origin (an intranet) and the storefront (issue 19).
 * Browser storage is kept per origin, so the widgets' cart is not the storefront's. A link from a
 * widget into the storefront therefore carries the cart (`#cart=…`, see `domain/cart-handoff.ts`);
 * following it in the same tab also carries a one-time sign-in code (`&signin=…`) when the buyer is
 * signed in on the intranet. Both travel in the URL fragment: never sent to a server, never in a
 * Referer or an access log. The storefront takes them from the address bar at once, signs in with the
 * code (failing closed to the normal login), then adopts the lines (priced from the API, each handoff
 * once, `./handoff-arrival.ts`).
 *
 * The intranet's cart is emptied once its link is followed: the lines moved to the storefront's cart,
 * and an intranet cart still holding them would hand them over again with the next line added. None
 * is lost on the way: the storefront keeps a handoff it could not adopt yet (its products failed to
 * load) and tries again on the next page load.
 *
 * @module
 */

/** The fragment parameters a handoff travels in. */
export const HANDOFF_CART_PARAM = 'cart';
export const HANDOFF_SIGNIN_PARAM = 'signin';

/** The handoff id of the cart shown now: a new one whenever the lines change, the same while they do not. */
const idFor = pageSingleton('handoff.id', () => ({ lines: null as unknown, id: '' }));

/** The `cart=…` fragment part for the cart shown now; '' when the cart is empty or too big for a link. */
export const cartHandoffFragment = pageSingleton('handoff.fragment', () =>
  computed(() => {
    const lines = cartLines.value;
    const slug = shop.value?.slug;
    if (!slug || lines.length === 0) return '';
    if (idFor.lines !== lines) {
      idFor.lines = lines;
      idFor.id = newHandoffId();
    }
    const text = encodeCartHandoff({ id: idFor.id, shop: slug, lines: cartHandoffLines(lines) });
    return text ? `${HANDOFF_CART_PARAM}=${text}` : '';
  }),
);

/** Whether `href` leads to another origin than this page's (only then is there a cart to hand over). */
export function leavesOrigin(href: string): boolean {
  if (typeof location === 'undefined') return false;
  try {
    return new URL(href, location.href).origin !== location.origin;
  } catch {
    return false;
  }
}

/** `href` with the cart (and a sign-in code) in its fragment, when it leaves this origin. */
export function withHandoff(href: string, signinCode: string | null = null): string {
  if (!leavesOrigin(href)) return href;
  const parts = [cartHandoffFragment.value, signinCode ? `${HANDOFF_SIGNIN_PARAM}=${encodeURIComponent(signinCode)}` : ''].filter(Boolean);
  if (parts.length === 0) return href;
  return `${href.split('#')[0]}#${parts.join('&')}`;
}

/** The link carrying the cart was followed: the lines now belong to the storefront's cart. */
export function cartHandedOver(href: string): void {
  if (leavesOrigin(href) && cartHandoffFragment.peek() !== '') clearCart();
}

/** How long following a link waits for a sign-in code before it goes without one (the buyer then logs in). */
export const SIGNIN_CODE_WAIT_MS = 4000;

/**
 * Follows a link into the storefront in this tab: on another origin it carries the cart and, when the
 * buyer is signed in here, a one-time sign-in code asked for now (the token itself never goes in a
 * URL); then the cart here is emptied, its lines handed over.
 */
export async function leaveFor(href: string, win: Window = window): Promise<void> {
  let target = href;
  const website = shop.peek();
  if (leavesOrigin(href) && website && isLoggedIn.peek()) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const wait = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), SIGNIN_CODE_WAIT_MS)));
      const { code } = await Promise.race([requestSignInHandoff(website.id), wait]);
      target = withHandoff(href, code);
    } catch {
      // No code (offline, refused, slow): the storefront shows its login, the cart still travels.
    } finally {
      clearTimeout(timer);
    }
  }
  cartHandedOver(href);
  win.location.assign(target);
}

// ---------------------------------------------------------------------------------------------------
// The storefront's first look at the address bar (the rest, `./handoff-arrival.ts`, loads only when
// a handoff came)

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
  return pageSingleton('handoff.arrival', () => (typeof window === 'undefined' ? { cartText: null, signin: null } : takeRawArrival()));
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

/** A handoff is being taken in (signing in, adopting the cart): the storefront's guards wait meanwhile. */
export const handoffArriving = pageSingleton('handoff.arriving', () => signal(false));

/**
 * The storefront's session start once its shop is known: with a handoff (`raw`, or one kept from a
 * load that failed) its code is loaded and takes it in, the guards waiting meanwhile, so a link into
 * the checkout is not sent back to an empty cart before the lines are in; without one, the session is
 * restored as usual.
 */
export async function startSession(raw: RawArrival): Promise<void> {
  if (!hasArrival(raw)) return restoreSession();
  handoffArriving.value = true;
  try {
    const arrival = await import('./handoff-arrival.ts');
    await arrival.arriveAtStorefront(raw);
  } catch {
    await restoreSession();
  } finally {
    handoffArriving.value = false;
  }
}
