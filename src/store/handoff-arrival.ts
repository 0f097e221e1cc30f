import { exchangeSignInHandoff, previewSignInHandoff } from '../api/auth.ts';
import { decodeCartHandoff, type CartHandoff } from '../domain/cart-handoff.ts';
import { signInOfferFor } from '../domain/signin-offer.ts';
import { t } from '../i18n/index.ts';
import { tp } from '../i18n/plural.ts';
import { showAlert } from './alerts.ts';
import { carryStoredGuestCart } from './cart.ts';
import { adoptCartHandoff, type CartHandoffResult } from './cart-handoff.ts';
import { PENDING_HANDOFF_KEY, takeRawArrival, type RawArrival } from './handoff-address.ts';
import { askSignInOffer } from './handoff-offer.ts';
import { adoptToken, logout, restoreSession, user } from './session.ts';
import { shop } from './shop.ts';
import { readStored, removeStored, writeStored } from './storage.ts';

/**
 * The storefront's side of a handoff from widgets on another origin (`./handoff-links.ts`): it takes
 * the cart and the one-time sign-in code out of the address bar at once, restores the session, and
 * asks the person whether to continue as the code's account before it signs in with the code (a
 * link someone else made must never sign this browser in, or switch its account, unawares);
 * then it adopts the cart's lines into the cart of whoever is signed in after that choice (priced
 * from the API, each handoff once) and says in a toast what came and what not.
 *
 * @module
 */

/** What a storefront URL brought along. */
export interface Arrival {
  /** The cart handed over, if a valid one came (a malformed one is ignored with a warning). */
  cart: CartHandoff | null;
  /** The one-time sign-in code, if one came. */
  signin: string | null;
}

/**
 * The handoff the address bar brought (taken by {@link takeRawArrival}), read: a malformed cart is
 * ignored with a warning; a valid one is kept in this tab's storage until it is adopted (see
 * {@link adoptArrivedCart}), and one kept from an earlier load that failed is taken up again.
 */
export function readArrival(raw: RawArrival): Arrival {
  let cart: CartHandoff | null = null;
  if (raw.cartText !== null) {
    cart = decodeCartHandoff(raw.cartText);
    if (cart) writeStored(PENDING_HANDOFF_KEY, raw.cartText, 'session');
    else console.warn('[shop-elements] ignored a cart handoff in the link: it is malformed, too big or of another version');
  } else {
    cart = decodeCartHandoff(readStored(PENDING_HANDOFF_KEY, (value): value is string => typeof value === 'string', 'session'));
  }
  return { cart, signin: raw.signin && /^[\w-]{16,200}$/.test(raw.signin) ? raw.signin : null };
}

/** Takes the handoff out of `win`'s address bar and reads it ({@link takeRawArrival}, {@link readArrival}). */
export function takeArrival(win: Window = window): Arrival {
  return readArrival(takeRawArrival(win));
}

/**
 * Adopts an arrived cart into the storefront's cart (once the session is known, so the lines go to
 * the right person's cart) and says in a toast what was added and what could not be. A handoff whose
 * products failed to load stays kept for the next page load.
 */
export async function adoptArrivedCart(cart: CartHandoff): Promise<CartHandoffResult> {
  const result = await adoptCartHandoff(cart);
  if (result.status !== 'failed') removeStored(PENDING_HANDOFF_KEY, 'session');
  if (result.status === 'adopted') announce(result);
  return result;
}

/** The toast for an adopted handoff. */
function announce(result: Extract<CartHandoffResult, { status: 'adopted' }>): void {
  const refusals = result.refused.filter((refusal) => refusal.reason !== 'other-shop').map((refusal) => refusalText(refusal));
  const otherShop = result.refused.filter((refusal) => refusal.reason === 'other-shop').length;
  if (otherShop > 0) refusals.push(tp('cart.handoff.other_shop', otherShop));
  if (result.added.length === 0 && refusals.length === 0) return;
  showAlert({
    type: refusals.length > 0 ? 'warning' : 'success',
    header: t('cart.handoff.title'),
    content: [...(result.added.length > 0 ? [tp('cart.handoff.added', result.added.length)] : []), ...refusals],
    duration: refusals.length > 0 ? 8000 : undefined,
  });
}

/** One refused line, in words. */
function refusalText(refusal: Extract<CartHandoffResult, { status: 'adopted' }>['refused'][number]): string {
  const name = refusal.name ?? '';
  switch (refusal.reason) {
    case 'unknown':
      return name ? t('cart.handoff.unknown', { name }) : t('cart.handoff.unknown_unnamed');
    case 'sold-out':
      return t('cart.handoff.sold_out', { name });
    case 'stock':
      return tp('cart.handoff.stock', refusal.count ?? 0, { name });
    case 'minimum':
      return tp('cart.handoff.minimum', refusal.count ?? 0, { name });
    case 'card-details':
      return t('cart.handoff.card_details', { name });
    default:
      return tp('cart.handoff.other_shop', 1);
  }
}

/**
 * Signs in with an arrived one-time code the person accepted, as a login would: someone signed in
 * before who chose to switch is logged out first (their session ends, as the account menu's log-out
 * ends it). A code that does not work (used, expired, another shop's, altered) fails closed and
 * changes nothing. Answers whether the code signed the buyer in.
 */
export async function signInFromArrival(code: string): Promise<boolean> {
  const website = shop.peek();
  if (!website) return false;
  try {
    const { access_token } = await exchangeSignInHandoff(code, website.id);
    if (user.peek()) await logout();
    await adoptToken(access_token);
    return true;
  } catch {
    return false;
  }
}

/**
 * Offers the sign-in an arrived code brings, once the session is known: it asks the API whose account
 * the code is (without using it up), shows that account, and who is signed in now, in the offer dialog,
 * and exchanges the code only when the person continues. Declined, the code is dropped and the person
 * stays a guest or stays signed in as before; a code for the account already signed in needs no
 * exchange; a code that does not work fails closed, silently, as before. Answers whether it signed in.
 */
export async function offerSignIn(code: string): Promise<boolean> {
  const website = shop.peek();
  if (!website) return false;
  let account;
  try {
    account = await previewSignInHandoff(code, website.id);
  } catch {
    return false;
  }
  const offer = signInOfferFor(account, user.peek());
  if (!offer || !(await askSignInOffer(offer))) return false;
  const signedIn = await signInFromArrival(code);
  // The person chose to continue: say why nothing changed (the code ran out while the question waited).
  if (!signedIn) showAlert({ type: 'error', content: t('errors.handoff_invalid') });
  return signedIn;
}

/**
 * The storefront's start once its shop is known: restores the session, offers the sign-in an arrived
 * code brings ({@link offerSignIn}), carries a guest cart kept from an earlier visit into the
 * signed-in cart when the code signed in (as a login would), then adopts an arrived cart into the cart
 * of whoever is signed in after that choice.
 */
export async function arriveAtStorefront(raw: RawArrival): Promise<void> {
  const arrival = readArrival(raw);
  await restoreSession();
  const signedIn = arrival.signin ? await offerSignIn(arrival.signin) : false;
  if (signedIn) carryStoredGuestCart();
  if (arrival.cart) await adoptArrivedCart(arrival.cart);
}
