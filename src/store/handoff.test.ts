/* The handoff between widgets on another origin and the storefront: the links (handoff-links.ts) and the arrival (handoff-arrival.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../contract/contract.ts';
import { productFixture, userFixture, variantFixture, websiteFixture } from '../contract/test-fixtures.ts';
import { json } from '../screens/catalogue/test-fixtures.ts';
import { clearAuthToken, getAuthToken, setAuthToken } from '../api/cookies.ts';
import { decodeCartHandoff, encodeCartHandoff, newHandoffId } from '../domain/cart-handoff.ts';
import { alerts, clearAlerts } from './alerts.ts';
import { addToCart, cartLines, startCart } from './cart.ts';
import { adoptArrivedCart, arriveAtStorefront, offerSignIn, signInFromArrival, takeArrival } from './handoff-arrival.ts';
import { takeRawArrival } from './handoff-address.ts';
import { cartHandedOver, cartHandoffFragment, leaveFor, withHandoff } from './handoff-links.ts';
import { answerSignInOffer, askSignInOffer, signInOffer } from './handoff-offer.ts';
import { setLocale } from './locale.ts';
import { restoreSession, sessionStatus, user } from './session.ts';
import { savedShop } from './shop.ts';
import { storageKey } from './storage.ts';
import { resetPageSingletons } from '../page-singleton.ts';
import { reloadPage } from './test-reload.ts';

/** The storefront on another origin than this test page (jsdom's `location` is http://localhost:3000/). */
const STOREFRONT = 'http://globex.localhost:4317';

const shirt: Product = productFixture({ id: 1, name: 'T-shirt', calculated_price: 10, variants: [variantFixture({ id: 11, color_code: 'red', size_code: 'M' })] });


/** A window whose address bar holds `url`, recording replaceState and assign. */
function windowAt(url: string) {
  const location = new URL(url);
  const replaced: string[] = [];
  const assigned: string[] = [];
  const win = {
    location: {
      get hash() {
        return location.hash;
      },
      get pathname() {
        return location.pathname;
      },
      get search() {
        return location.search;
      },
      assign: (href: string) => assigned.push(href),
    },
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, next: string) => {
        replaced.push(next);
        const resolved = new URL(next, location.href);
        location.hash = resolved.hash;
      },
    },
  } as unknown as Window;
  return { win, replaced, assigned };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearAuthToken();
  resetPageSingletons();
  startCart();
  clearAlerts();
  answerSignInOffer(false);
  setLocale('en');
  savedShop.value = websiteFixture({ slug: 'globex', pages: [] });
  sessionStatus.value = 'guest';
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('handoff: links leaving for the storefront', () => {
  it('should carry the cart to another origin only, with one id while the lines stay the same', () => {
    expect(withHandoff(`${STOREFRONT}/cart`)).toBe(`${STOREFRONT}/cart`);
    addToCart(shirt, shirt.variants[0]!, 3);
    const href = withHandoff(`${STOREFRONT}/cart`);
    const carried = decodeCartHandoff(new URLSearchParams(href.split('#')[1]).get('cart'));
    expect(carried).toMatchObject({ shop: 'globex', lines: [{ product_id: 1, variant_id: 11, quantity: 3, card_info: null }] });
    expect(withHandoff(`${STOREFRONT}/checkout/delivery`)).toContain(`#cart=${new URLSearchParams(href.split('#')[1]).get('cart')}`);
    expect(withHandoff('/cart')).toBe('/cart');
    addToCart(shirt, shirt.variants[0]!, 1);
    expect(decodeCartHandoff(new URLSearchParams(withHandoff(`${STOREFRONT}/cart`).split('#')[1]).get('cart'))?.id).not.toBe(carried?.id);
  });

  it('should put a sign-in code beside the cart, and empty the cart here once the link is followed', () => {
    addToCart(shirt, shirt.variants[0]!, 2);
    const href = withHandoff(`${STOREFRONT}/cart`, 'code-123456789012345');
    expect(href).toMatch(/#cart=1\.[\w-]+&signin=code-123456789012345$/);
    cartHandedOver('/cart');
    expect(cartLines.value).toHaveLength(1);
    cartHandedOver(href);
    expect(cartLines.value).toEqual([]);
    expect(cartHandoffFragment.value).toBe('');
  });

  it('should ask for a sign-in code when signed in, and go without one when the call fails', async () => {
    user.value = userFixture();
    sessionStatus.value = 'user';
    addToCart(shirt, shirt.variants[0]!, 1);
    const fetch = vi.fn(async () => json({ code: 'one-time-code-abcdefghij', expires_in: 60 }));
    vi.stubGlobal('fetch', fetch);
    const first = windowAt('http://localhost:3000/intranet');
    await leaveFor(withHandoff(`${STOREFRONT}/checkout/delivery`), first.win);
    expect(first.assigned[0]).toMatch(/^http:\/\/globex\.localhost:4317\/checkout\/delivery#cart=1\.[\w-]+&signin=one-time-code-abcdefghij$/);
    expect(cartLines.value).toEqual([]);

    addToCart(shirt, shirt.variants[0]!, 1);
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'Server Error' }, 500)));
    const second = windowAt('http://localhost:3000/intranet');
    await leaveFor(withHandoff(`${STOREFRONT}/cart`), second.win);
    expect(second.assigned[0]).toMatch(/#cart=1\.[\w-]+$/);
  });

  it('should ask for no code as a guest, nor when the storefront is on this origin', async () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    const { win, assigned } = windowAt('http://localhost:3000/intranet');
    await leaveFor(`${STOREFRONT}/cart`, win);
    user.value = userFixture();
    await leaveFor('/cart', win);
    expect(assigned).toEqual([`${STOREFRONT}/cart`, '/cart']);
    expect(fetch).not.toHaveBeenCalled();
  });
});

/** The account a link's code signs in as (user 42), and the account signed in before (user 7). */
const linkAccount = userFixture({ id: 42, name: 'John', surname: 'Smith', email: 'buyer@globex.test' });
const ownAccount = userFixture({ id: 7, name: 'Emma', surname: 'Jones', email: 'coordinator@globex.test' });

/**
 * An API whose preview names user 42 and whose exchange gives a token for them, whose user call
 * answers the user of the token sent (`token-of-7`: user 7), and whose product list answers
 * `products`; every call is recorded as `METHOD path`.
 */
function stubSignInApi(products: Product[] = []) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost:3000');
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      const token = new Headers(init?.headers).get('Authorization');
      if (url.pathname === '/api/session/handoff/preview') return json({ name: linkAccount.name, surname: linkAccount.surname, email: linkAccount.email });
      if (url.pathname === '/api/session/exchange') return json({ access_token: 'token-from-code', token_type: 'bearer', expires_in: 3600 });
      if (url.pathname === '/api/logout') return json({ message: 'Logged out' });
      if (url.pathname === '/api/user') return json(token === 'Bearer token-of-7' ? ownAccount : linkAccount);
      if (url.pathname.startsWith('/api/products')) return json({ data: products, meta: { total: products.length, page: 1, per_page: 100 } });
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

/** Waits for the sign-in offer to show, and answers what it shows. */
async function offerShown() {
  await vi.waitFor(() => expect(signInOffer.value).not.toBeNull());
  return signInOffer.value;
}

/** A fresh handoff of two red M T-shirts, as a link carries it. */
const cartText = () => encodeCartHandoff({ id: newHandoffId(), shop: 'globex', lines: [{ product_id: 1, variant_id: 11, quantity: 2, card_info: null }] }) ?? '';

describe('handoff: arriving at the storefront', () => {
  it('should take the cart and the code out of the address bar at once, keeping the rest', () => {
    const text = cartText();
    const { win, replaced } = windowAt(`${STOREFRONT}/cart?x=1#cart=${text}&signin=abcdefghijklmnopqrst&keep=1`);
    const arrival = takeArrival(win);
    expect(arrival.signin).toBe('abcdefghijklmnopqrst');
    expect(arrival.cart?.lines).toEqual([{ product_id: 1, variant_id: 11, quantity: 2, card_info: null }]);
    expect(replaced).toEqual(['/cart?x=1#keep=1']);
    expect(takeArrival(win).signin).toBeNull();
  });

  it('should ignore a malformed or tampered cart with a warning, and a code of the wrong shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const text = cartText();
    const tampered = `${text.slice(0, -3)}!!!`;
    for (const bad of ['garbage', tampered, `2.${text.slice(2)}`, 'x'.repeat(7000)]) {
      const { win, replaced } = windowAt(`${STOREFRONT}/#cart=${bad}&signin=%3Cscript%3E`);
      expect(takeArrival(win)).toEqual({ cart: null, signin: null });
      expect(replaced).toEqual(['/']);
    }
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('should keep a cart whose products failed to load for the next page load, and adopt it then, once', async () => {
    const { win } = windowAt(`${STOREFRONT}/cart#cart=${cartText()}`);
    const arrival = takeArrival(win);
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'Server Error' }, 500)));
    expect((await adoptArrivedCart(arrival.cart!)).status).toBe('failed');
    expect(cartLines.value).toEqual([]);

    const reload = takeArrival(windowAt(`${STOREFRONT}/cart`).win);
    expect(reload.cart?.id).toBe(arrival.cart?.id);
    vi.stubGlobal('fetch', vi.fn(async () => json({ data: [shirt], meta: { total: 1, page: 1, per_page: 100 } })));
    expect((await adoptArrivedCart(reload.cart!)).status).toBe('adopted');
    expect(cartLines.value.map((line) => [line.product_id, line.quantity])).toEqual([[1, 2]]);
    expect(alerts.value.at(-1)).toMatchObject({ type: 'success', header: 'Added from your intranet cart', content: ['1 product added'] });
    expect(takeArrival(windowAt(`${STOREFRONT}/cart`).win).cart).toBeNull();
    expect((await adoptArrivedCart(reload.cart!)).status).toBe('already');
    expect(cartLines.value.map((line) => [line.product_id, line.quantity])).toEqual([[1, 2]]);
  });

  it('should sign in with a working code as a login would, and fail closed with any other', async () => {
    stubSignInApi();
    expect(await signInFromArrival('abcdefghijklmnopqrst')).toBe(true);
    expect(user.value?.id).toBe(42);
    expect(getAuthToken()).toBe('token-from-code');

    reloadPage('unknown');
    clearAuthToken();
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'This sign-in link has expired or was already used. Please log in.', code: 'errors.handoff_invalid' }, 400)));
    expect(await signInFromArrival('abcdefghijklmnopqrst')).toBe(false);
    expect(user.value).toBeNull();
    expect(getAuthToken()).toBeNull();
  });

  it("should carry a guest cart kept from an earlier visit into the buyer's cart when a code signs in, then add the handoff", async () => {
    const mug = productFixture({ id: 2, name: 'Mug', calculated_price: 5, variants: [variantFixture({ id: 21, color_code: 'white', size_code: null })] });
    // An earlier visit to the storefront as a guest left a mug in its cart.
    reloadPage('unknown');
    sessionStatus.value = 'guest';
    addToCart(mug, mug.variants[0]!, 3);
    const guestKey = storageKey('globex', null, 'cart');
    expect(localStorage.getItem(guestKey)).not.toBeNull();
    // The next load arrives from the intranet with a code and a cart: the session is not known yet.
    reloadPage('unknown');
    stubSignInApi([shirt]);
    const arriving = arriveAtStorefront(takeRawArrival(windowAt(`${STOREFRONT}/cart#cart=${cartText()}&signin=abcdefghijklmnopqrst`).win));
    await offerShown();
    answerSignInOffer(true);
    await arriving;
    expect(user.value?.id).toBe(42);
    expect(cartLines.value.map((line) => [line.product_id, line.quantity])).toEqual([[2, 3], [1, 2]]);
    expect(localStorage.getItem(guestKey)).toBeNull();
    expect(localStorage.getItem(storageKey('globex', 42, 'cart'))).toContain('"product_id":2');
  });
});

/** Starts the storefront on a link with a cart and a code, as the page's first load does. */
function arrive() {
  return arriveAtStorefront(takeRawArrival(windowAt(`${STOREFRONT}/cart#cart=${cartText()}&signin=abcdefghijklmnopqrst`).win));
}

describe('handoff: a sign-in link opened by someone (issue 26: login CSRF)', () => {
  it("should ask a guest before signing in as the link's account, and stay a guest on Not me, the cart still added", async () => {
    reloadPage('unknown');
    const calls = stubSignInApi([shirt]);
    const arriving = arrive();
    expect(await offerShown()).toEqual({ account: { name: 'John', surname: 'Smith', email: 'buyer@globex.test' }, current: null });
    // While the question waits nothing is exchanged and nobody is signed in.
    expect(calls).not.toContain('POST /api/session/exchange');
    expect(user.value).toBeNull();
    answerSignInOffer(false);
    await arriving;
    expect(calls).not.toContain('POST /api/session/exchange');
    expect(user.value).toBeNull();
    expect(getAuthToken()).toBeNull();
    expect(sessionStatus.value).toBe('guest');
    expect(cartLines.value.map((line) => [line.product_id, line.quantity])).toEqual([[1, 2]]);
  });

  it('should keep someone signed in as themselves until they choose to switch, naming both accounts', async () => {
    reloadPage('unknown');
    setAuthToken('token-of-7');
    const calls = stubSignInApi([shirt]);
    const arriving = arrive();
    expect(await offerShown()).toEqual({
      account: { name: 'John', surname: 'Smith', email: 'buyer@globex.test' },
      current: { name: 'Emma', surname: 'Jones', email: 'coordinator@globex.test' },
    });
    expect(user.value?.id).toBe(7);
    expect(getAuthToken()).toBe('token-of-7');
    answerSignInOffer(false);
    await arriving;
    expect(calls).not.toContain('POST /api/session/exchange');
    expect(calls).not.toContain('POST /api/logout');
    expect(user.value?.id).toBe(7);
    expect(getAuthToken()).toBe('token-of-7');
    // The lines went to the cart of the person who stayed signed in.
    expect(localStorage.getItem(storageKey('globex', 7, 'cart'))).toContain('"product_id":1');
  });

  it('should log the one signed in out and sign in as the link’s account when they choose to continue', async () => {
    reloadPage('unknown');
    setAuthToken('token-of-7');
    const calls = stubSignInApi([shirt]);
    const arriving = arrive();
    await offerShown();
    answerSignInOffer(true);
    await arriving;
    expect(calls.filter((call) => call === 'POST /api/logout' || call === 'POST /api/session/exchange')).toEqual(['POST /api/session/exchange', 'POST /api/logout']);
    expect(user.value?.id).toBe(42);
    expect(getAuthToken()).toBe('token-from-code');
    expect(localStorage.getItem(storageKey('globex', 42, 'cart'))).toContain('"product_id":1');
  });

  it("should ask nothing and exchange nothing when the link's account is the one signed in", async () => {
    reloadPage('unknown');
    setAuthToken('token-of-42');
    const calls = stubSignInApi();
    await restoreSession();
    expect(await offerSignIn('abcdefghijklmnopqrst')).toBe(false);
    expect(signInOffer.value).toBeNull();
    expect(calls).toContain('POST /api/session/handoff/preview');
    expect(calls).not.toContain('POST /api/session/exchange');
    expect(getAuthToken()).toBe('token-of-42');
  });

  it('should drop a code the preview refuses without asking, and say so when a code accepted no longer works', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'This sign-in link has expired or was already used. Please log in.', code: 'errors.handoff_invalid' }, 400)));
    expect(await offerSignIn('abcdefghijklmnopqrst')).toBe(false);
    expect(signInOffer.value).toBeNull();
    expect(alerts.value).toEqual([]);

    // The code ran out while the question waited: Continue signs nobody in, and a toast says why.
    stubSignInApi();
    const offered = offerSignIn('abcdefghijklmnopqrst');
    await offerShown();
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'This sign-in link has expired or was already used. Please log in.', code: 'errors.handoff_invalid' }, 400)));
    answerSignInOffer(true);
    expect(await offered).toBe(false);
    expect(user.value).toBeNull();
    expect(alerts.value.at(-1)).toMatchObject({ type: 'error', content: 'This sign-in link has expired or was already used. Please log in.' });
  });

  it('should decline an offer still waiting when a newer link asks', async () => {
    const account = { name: 'A', surname: 'B', email: 'a@b.test' };
    const first = askSignInOffer({ account, current: null });
    const second = askSignInOffer({ account: { ...account, email: 'c@d.test' }, current: null });
    expect(await first).toBe(false);
    expect(signInOffer.value?.account.email).toBe('c@d.test');
    answerSignInOffer(true);
    expect(await second).toBe(true);
    expect(signInOffer.value).toBeNull();
  });
});
