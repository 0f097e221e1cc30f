import { computed } from '@preact/signals-react';
import { requestSignInHandoff } from '../api/auth.ts';
import { cartHandoffLines, encodeCartHandoff, newHandoffId } from '../domain/cart-handoff.ts';
import { pageSingleton } from '../page-singleton.ts';
import { cartLines, clearCart } from './cart.ts';
import { isLoggedIn } from './session.ts';
import { shop } from './shop.ts';

/**
 * The handoff between widgets on a page of another origin (an intranet) and the storefront.
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
