import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, getAuthToken, setAuthToken } from '../../../src/api/cookies.ts';
import { userFixture, websiteFixture } from '../../../src/contract/test-fixtures.ts';
import { encodeCartHandoff, newHandoffId } from '../../../src/domain/cart-handoff.ts';
import { clearAlerts } from '../../../src/store/alerts.ts';
import { answerSignInOffer, signInOffer } from '../../../src/store/handoff-offer.ts';
import { handoffArriving, startSession } from '../../../src/store/handoff-start.ts';
import { setLocale } from '../../../src/store/locale.ts';
import { user } from '../../../src/store/session.ts';
import { savedShop } from '../../../src/store/shop.ts';
import { json } from '../../../src/screens/catalogue/test-fixtures.ts';
import { tally } from '../report.ts';
import { resetPageSingletons } from '../../../src/page-singleton.ts';
import { startCart } from '../../../src/store/cart.ts';
import { reloadPage } from '../../../src/store/test-reload.ts';

/**
 * Security suite, sign-in handoff links opened by another person (issue 26, login CSRF), on the
 * storefront's side: an attacker's link `#signin=<code>` (with and without a cart) reaches a guest and
 * a person signed in as themselves, who decline, do not answer yet, or get a second link on top. It got
 * through when the attacker's code was exchanged, or the browser's token or user became the
 * attacker's (or the victim's session ended) without the person accepting, or the guards stopped
 * waiting while the question was open. Driven in jsdom through `startSession`, as the storefront
 * starts, against a stand-in API that keeps the codes as the reference server does (one use).
 */

const ATTACKER = userFixture({ id: 42, name: 'John', surname: 'Smith', email: 'buyer@globex.test' });
const VICTIM = userFixture({ id: 7, name: 'Emma', surname: 'Jones', email: 'coordinator@globex.test' });
const STOREFRONT = 'http://globex.localhost:4317';

/** The server's one refusal of a code that does not work. */
const refusal = () => json({ message: 'This sign-in link has expired or was already used. Please log in.', code: 'errors.handoff_invalid' }, 400);

/** The stand-in API: codes of the attacker's account, used once; users by bearer token. */
function standInApi() {
  const codes = new Set<string>();
  const used = new Set<string>();
  const exchanged: string[] = [];
  const loggedOut: string[] = [];
  const works = (code: string | undefined) => code !== undefined && codes.has(code) && !used.has(code);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input instanceof Request ? input.url : input), STOREFRONT).pathname;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { code?: string }) : {};
      const bearer = new Headers(init?.headers).get('Authorization');
      if (path === '/api/session/handoff/preview') return works(body.code) ? json({ name: ATTACKER.name, surname: ATTACKER.surname, email: ATTACKER.email }) : refusal();
      if (path === '/api/session/exchange') {
        if (!works(body.code)) return refusal();
        used.add(body.code!);
        exchanged.push(body.code!);
        return json({ access_token: 'token-of-attacker' });
      }
      if (path === '/api/logout') {
        loggedOut.push(bearer ?? '');
        return json({ message: 'Logged out' });
      }
      if (path === '/api/user') {
        if (bearer === 'Bearer token-of-attacker') return json(ATTACKER);
        if (bearer === 'Bearer token-of-victim') return json(VICTIM);
        return json({ message: 'Unauthenticated.' }, 401);
      }
      if (path.startsWith('/api/products')) return json({ data: [], meta: { total: 0, page: 1, per_page: 100 } });
      return json({ message: 'Not found' }, 404);
    }),
  );
  return {
    issue: () => {
      const code = `attacker-code-${codes.size}-${'x'.repeat(20)}`;
      codes.add(code);
      return code;
    },
    exchanged,
    loggedOut,
  };
}

/** A link's fragment as the storefront's first load (or its hashchange) reads it. */
const arrival = (code: string, withCart: boolean) => ({
  signin: code,
  cartText: withCart ? (encodeCartHandoff({ id: newHandoffId(), shop: 'globex', lines: [{ product_id: 1, variant_id: 11, quantity: 1, card_info: null }] }) ?? null) : null,
});

const offerShown = () => vi.waitFor(() => expect(signInOffer.value).not.toBeNull());

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
});

afterEach(() => {
  answerSignInOffer(false);
  vi.unstubAllGlobals();
});

type Start = 'a guest' | 'signed in as themselves';
type Reaction = 'declines' | 'has not answered yet' | 'gets a second link on top, declines both' | 'gets a used code';

describe('security: sign-in handoff links opened by another person', () => {
  it("should never sign the browser in as the link's account, nor switch it, without Continue", async () => {
    const found: string[] = [];
    let tried = 0;
    for (const start of ['a guest', 'signed in as themselves'] as Start[]) {
      for (const reaction of ['declines', 'has not answered yet', 'gets a second link on top, declines both', 'gets a used code'] as Reaction[]) {
        for (const withCart of [false, true]) {
          tried += 1;
          const name = `${start}, ${reaction}${withCart ? ', with a cart' : ''}`;
          reloadPage('unknown');
          clearAuthToken();
          answerSignInOffer(false);
          const api = standInApi();
          const expectedToken = start === 'a guest' ? null : 'token-of-victim';
          if (expectedToken) setAuthToken(expectedToken);
          const code = api.issue();
          if (reaction === 'gets a used code') {
            // The attacker used it already; the browser gets it afterwards.
            await fetch(`${STOREFRONT}/api/session/exchange`, { method: 'POST', body: JSON.stringify({ code, website_id: 1 }) });
            api.exchanged.length = 0;
          }
          const first = startSession(arrival(code, withCart));
          let second: Promise<void> = Promise.resolve();
          if (reaction !== 'gets a used code') {
            await offerShown();
            if (!handoffArriving.value) found.push(`${name}: the guards stopped waiting while the question was open`);
            if (reaction === 'gets a second link on top, declines both') {
              // The second link's question replaces the first, which counts as declined.
              second = startSession(arrival(api.issue(), withCart));
              await first;
              await offerShown();
            }
            if (reaction === 'has not answered yet') {
              // Give the page time to do anything it would do unasked.
              await new Promise((resolve) => setTimeout(resolve, 50));
            } else {
              answerSignInOffer(false);
              await Promise.all([first, second]);
            }
          } else {
            await first;
          }
          if (api.exchanged.length > 0) found.push(`${name}: a code was exchanged`);
          if (getAuthToken() !== expectedToken) found.push(`${name}: the token became ${getAuthToken()}`);
          if ((user.value?.id ?? null) !== (expectedToken ? VICTIM.id : null)) found.push(`${name}: the user became ${user.value?.id}`);
          if (api.loggedOut.length > 0) found.push(`${name}: the session was logged out`);
          answerSignInOffer(false);
          await Promise.all([first, second]);
          if (handoffArriving.value) found.push(`${name}: the guards still wait after the answer`);
        }
      }
    }
    tally({ suite: 'security', check: 'sign-in handoff links opened by another person: signed in or switched without consent', tried, gotThrough: found.length, note: 'guest and signed-in victims declining, not answering, a second link on top, a used code; with and without a cart' });
    expect(found).toEqual([]);
  });

  it('should sign in only when the person continues (the control: Continue works)', async () => {
    const api = standInApi();
    setAuthToken('token-of-victim');
    const arriving = startSession(arrival(api.issue(), true));
    await offerShown();
    expect(signInOffer.value?.current?.email).toBe(VICTIM.email);
    answerSignInOffer(true);
    await arriving;
    expect(api.exchanged).toHaveLength(1);
    expect(getAuthToken()).toBe('token-of-attacker');
    expect(user.value?.id).toBe(ATTACKER.id);
    expect(api.loggedOut).toEqual(['Bearer token-of-victim']);
  });
});
