import { describe, it, expect } from 'vitest';
import { guardRoute } from './guards.ts';
import type { CheckoutGuardState, GuardContext, GuardReason, GuardResult } from './guards.ts';
import { getRoute, ROUTES, matchRoute } from './routes.ts';
import type { RoutablePage, RouteId } from './routes.ts';

/** Where the visitor wanted to go, and the Login path that carries it back. */
const RETURN_TO = '/wanted/page?x=1&y=a b';
const LOGIN = '/login?redirect=%2Fwanted%2Fpage%3Fx%3D1%26y%3Da%20b';

/**
 * A context in which only the visitor and the shop's login rule decide: a points shop with a
 * registration form, a successful payment return, a coordinator, no checkout state.
 */
function context(overrides: Partial<GuardContext> = {}): GuardContext {
  return {
    loggedIn: false,
    isCoordinator: true,
    loginRequired: true,
    currency: 'pkt',
    registrationType: 'budget_form',
    designerMode: false,
    query: { status: 'success' },
    returnTo: RETURN_TO,
    ...overrides,
  };
}

function guard(id: RouteId, overrides: Partial<GuardContext> = {}): GuardResult {
  return guardRoute(getRoute(id), context(overrides));
}

/** `'allow'`, or the redirect target, for compact tables. */
function outcome(result: GuardResult): string {
  return result.kind === 'allow' ? 'allow' : result.to;
}

const ALLOW = 'allow';
const HOME = '/';

/**
 * Spec §2 table and "Guards", §6 roles, written out by hand per route: the outcome for
 * [guest, login required], [guest, open shop], [user, login required], [user, open shop].
 */
const VISITOR_TABLE: Array<[RouteId, string, string, string, string]> = [
  // "per shop rules": login when the shop requires it, otherwise open.
  ['home', LOGIN, ALLOW, ALLOW, ALLOW],
  ['page', LOGIN, ALLOW, ALLOW, ALLOW],
  ['products', LOGIN, ALLOW, ALLOW, ALLOW],
  // "auth required unless the shop is open".
  ['product', LOGIN, ALLOW, ALLOW, ALLOW],
  ['cart', LOGIN, ALLOW, ALLOW, ALLOW],
  // Guest-flagged content pages: everyone, even when login is required.
  ['privacy-policy', ALLOW, ALLOW, ALLOW, ALLOW],
  ['terms-of-use', ALLOW, ALLOW, ALLOW, ALLOW],
  // Guest-only: a logged-in user is redirected to /.
  ['login', ALLOW, ALLOW, HOME, HOME],
  ['register', ALLOW, ALLOW, HOME, HOME],
  ['forget', ALLOW, ALLOW, HOME, HOME],
  ['new-password', ALLOW, ALLOW, HOME, HOME],
  // The link mailed to a new e-mail address: whoever opens it, even where the shop requires login.
  ['confirm-email', ALLOW, ALLOW, ALLOW, ALLOW],
  // The link mailed to a registration's address (issue 26): a guest, or someone signed in on this device.
  ['confirm-registration', ALLOW, ALLOW, ALLOW, ALLOW],
  // /checkout always redirects to the delivery step.
  ['checkout', '/checkout/delivery', '/checkout/delivery', '/checkout/delivery', '/checkout/delivery'],
  // Checkout needs login or registration, also in an open shop.
  ['checkout-delivery', LOGIN, LOGIN, ALLOW, ALLOW],
  ['checkout-payment', LOGIN, LOGIN, ALLOW, ALLOW],
  ['checkout-summary', LOGIN, LOGIN, ALLOW, ALLOW],
  ['order-confirmation', LOGIN, LOGIN, ALLOW, ALLOW],
  // Its own rule only (status=success, given here).
  ['payment-processing', ALLOW, ALLOW, ALLOW, ALLOW],
  // Account screens: login.
  ['user', LOGIN, LOGIN, ALLOW, ALLOW],
  ['user-orders', LOGIN, LOGIN, ALLOW, ALLOW],
  ['user-order', LOGIN, LOGIN, ALLOW, ALLOW],
  ['user-budgets', LOGIN, LOGIN, ALLOW, ALLOW],
  ['user-account-details', LOGIN, LOGIN, ALLOW, ALLOW],
  ['user-addresses', LOGIN, LOGIN, ALLOW, ALLOW],
  ['coordinator', LOGIN, LOGIN, ALLOW, ALLOW],
  // The contact form follows the shop's rules.
  ['contact', LOGIN, ALLOW, ALLOW, ALLOW],
  // Any.
  ['not-found', ALLOW, ALLOW, ALLOW, ALLOW],
  ['store-not-found', ALLOW, ALLOW, ALLOW, ALLOW],
];

const VISITORS: Array<[string, Pick<GuardContext, 'loggedIn' | 'loginRequired'>]> = [
  ['a guest in a login-required shop', { loggedIn: false, loginRequired: true }],
  ['a guest in an open shop', { loggedIn: false, loginRequired: false }],
  ['a user in a login-required shop', { loggedIn: true, loginRequired: true }],
  ['a user in an open shop', { loggedIn: true, loginRequired: false }],
];

const VISITOR_CASES = VISITOR_TABLE.flatMap(([id, ...expected]) =>
  VISITORS.map(([who, visitor], index) => [id, who, visitor, expected[index] ?? 'missing'] as const),
);

describe('guardRoute: visitor rules (spec §2 table and Guards, §6)', () => {
  it('should cover every route id in the hand-written table', () => {
    expect(VISITOR_TABLE).toHaveLength(ROUTES.length);
    expect(new Set(VISITOR_TABLE.map(([id]) => id))).toEqual(new Set(ROUTES.map((route) => route.id)));
  });

  it.each(VISITOR_CASES)('should decide %s for %s', (id, _who, visitor, expected) => {
    expect(outcome(guard(id, visitor))).toBe(expected);
  });

  it.each<[RouteId, boolean, GuardReason]>([
    ['checkout-delivery', false, 'auth-required'],
    ['user', false, 'auth-required'],
    ['cart', true, 'login-required'],
    ['home', true, 'login-required'],
  ])('should explain a login redirect on %s (login required: %s) as %s', (id, loginRequired, reason) => {
    expect(guard(id, { loginRequired })).toEqual({ kind: 'redirect', to: LOGIN, reason });
  });

  it('should explain the guest-only redirect', () => {
    expect(guard('login', { loggedIn: true })).toEqual({ kind: 'redirect', to: '/', reason: 'already-logged-in' });
  });

  it.each([
    ['/user/orders', '/user/orders'],
    ['/cart?x=1', '/cart?x=1'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
  ])('should send a logged-in user on /login?redirect=%s to %s', (back, to) => {
    expect(guard('login', { loggedIn: true, query: { redirect: back } })).toEqual({ kind: 'redirect', to, reason: 'already-logged-in' });
  });

  it.each([
    ['/cart', '/login?redirect=%2Fcart'],
    ['/', '/login?redirect=%2F'],
    ['/products/mug/7?variant=red', '/login?redirect=%2Fproducts%2Fmug%2F7%3Fvariant%3Dred'],
    ['', '/login'],
    ['cart', '/login'],
    ['//evil.example/x', '/login'],
    ['/\\evil.example', '/login'],
    ['https://evil.example/', '/login'],
  ])('should carry returnTo %s to Login as %s', (returnTo, to) => {
    expect(outcome(guard('user', { returnTo }))).toBe(to);
  });
});

describe('guardRoute: register', () => {
  it.each<[string, boolean, string]>([
    ['budget_form', false, ALLOW],
    ['invoice_form', false, ALLOW],
    ['invoice_noform', false, '/login'],
    ['budget_noform', false, '/login'],
    ['noform', false, ALLOW],
    ['invoice_noform_x', false, ALLOW],
    // A user is sent home by the guest-only rule first.
    ['budget_form', true, '/'],
    ['invoice_noform', true, '/'],
  ])('should decide register with registration type %s (logged in: %s) as %s', (registrationType, loggedIn, expected) => {
    expect(outcome(guard('register', { registrationType, loggedIn }))).toBe(expected);
  });

  it('should explain the closed registration', () => {
    expect(guard('register', { registrationType: 'invoice_noform' })).toEqual({ kind: 'redirect', to: '/login', reason: 'registration-closed' });
  });

  it.each<RouteId>(['login', 'forget', 'new-password'])('should leave %s open in a _noform shop', (id) => {
    expect(outcome(guard(id, { registrationType: 'invoice_noform' }))).toBe(ALLOW);
  });
});

describe('guardRoute: budgets', () => {
  it.each<[string, boolean, string]>([
    ['pkt', true, ALLOW],
    // A provider that spells it in capitals runs a points shop all the same (issue 28).
    ['PKT', true, ALLOW],
    ['PLN', true, '/user/orders'],
    ['EUR', true, '/user/orders'],
    // Auth first: a guest goes to Login whatever the currency.
    ['PLN', false, LOGIN],
    ['pkt', false, LOGIN],
  ])('should decide budgets in a %s shop (logged in: %s) as %s', (currency, loggedIn, expected) => {
    expect(outcome(guard('user-budgets', { currency, loggedIn }))).toBe(expected);
  });

  it('should explain the redirect outside a points shop', () => {
    expect(guard('user-budgets', { currency: 'PLN', loggedIn: true })).toEqual({ kind: 'redirect', to: '/user/orders', reason: 'not-points-shop' });
  });

  it.each<RouteId>(['user', 'user-orders', 'user-order', 'user-account-details', 'user-addresses'])(
    'should leave %s open in a PLN shop',
    (id) => {
      expect(outcome(guard(id, { currency: 'PLN', loggedIn: true }))).toBe(ALLOW);
    },
  );
});

describe('guardRoute: payment-processing', () => {
  it.each<[string, Record<string, string>, string]>([
    ['status=success', { status: 'success' }, ALLOW],
    ['status=success among others', { status: 'success', order: 'ZAM-1' }, ALLOW],
    ['no status', {}, '/404'],
    ['status=failed', { status: 'failed' }, '/404'],
    ['status=SUCCESS', { status: 'SUCCESS' }, '/404'],
    ['status empty', { status: '' }, '/404'],
  ])('should decide the return with %s', (_label, query, expected) => {
    expect(outcome(guard('payment-processing', { query, loggedIn: true }))).toBe(expected);
  });

  it('should send a guest without the status to /404, not to Login', () => {
    expect(guard('payment-processing', { query: {} })).toEqual({ kind: 'redirect', to: '/404', reason: 'payment-not-successful' });
  });
});

describe('guardRoute: /checkout', () => {
  it.each([
    ['a guest', false],
    ['a user', true],
  ])('should send %s from /checkout to the delivery step', (_who, loggedIn) => {
    expect(guard('checkout', { loggedIn })).toEqual({ kind: 'redirect', to: '/checkout/delivery', reason: 'checkout-entry' });
  });
});

describe('guardRoute: coordinator screen', () => {
  it.each<[boolean, boolean, string]>([
    [true, true, ALLOW],
    [true, false, '/user'],
    [false, false, LOGIN],
    [false, true, LOGIN],
  ])('should decide it for logged in %s, coordinator %s as %s', (loggedIn, isCoordinator, expected) => {
    expect(outcome(guard('coordinator', { loggedIn, isCoordinator }))).toBe(expected);
  });

  it('should explain the redirect of a non-coordinator', () => {
    expect(guard('coordinator', { loggedIn: true, isCoordinator: false })).toEqual({ kind: 'redirect', to: '/user', reason: 'not-coordinator' });
  });

  it('should not read the coordinator flag on other account screens', () => {
    expect(outcome(guard('user', { loggedIn: true, isCoordinator: false }))).toBe(ALLOW);
  });
});

describe('guardRoute: checkout steps', () => {
  /** A checkout ready for every step. */
  const READY: CheckoutGuardState = {
    cartCount: 2,
    paymentType: 'invoice',
    hasActiveBudget: false,
    contactEmail: 'anna@acme.test',
    contactName: 'Anna',
    deliveryDone: true,
    paymentDone: true,
    paymentMethod: 'invoice',
    checkoutComplete: true,
  };

  it.each<[RouteId, string, Partial<CheckoutGuardState>, string, GuardReason | null]>([
    ['checkout-delivery', 'a filled cart', {}, ALLOW, null],
    ['checkout-delivery', 'an empty cart', { cartCount: 0 }, '/cart', 'cart-empty'],
    ['checkout-delivery', 'an invoice shop without budgets', { paymentType: 'invoice', hasActiveBudget: false }, ALLOW, null],
    ['checkout-delivery', 'a budget shop with an active budget', { paymentType: 'budget', hasActiveBudget: true }, ALLOW, null],
    ['checkout-delivery', 'a budget shop without an active budget', { paymentType: 'budget', hasActiveBudget: false }, '/cart', 'no-active-budget'],
    ['checkout-delivery', 'an empty cart in a budget shop without budgets', { cartCount: 0, paymentType: 'budget' }, '/cart', 'cart-empty'],
    ['checkout-payment', 'contact e-mail and name', {}, ALLOW, null],
    ['checkout-payment', 'no contact e-mail', { contactEmail: '' }, '/checkout/delivery', 'contact-missing'],
    ['checkout-payment', 'no contact name', { contactName: '' }, '/checkout/delivery', 'contact-missing'],
    ['checkout-payment', 'a blank contact name', { contactName: '   ' }, '/checkout/delivery', 'contact-missing'],
    ['checkout-payment', 'neither', { contactEmail: '', contactName: '' }, '/checkout/delivery', 'contact-missing'],
    // The contact is pre-filled from the profile: without the delivery step done it does not open payment.
    ['checkout-payment', 'a pre-filled contact, delivery not done', { deliveryDone: false }, '/checkout/delivery', 'delivery-incomplete'],
    ['checkout-payment', 'delivery done, payment not yet', { paymentDone: false, paymentMethod: null }, ALLOW, null],
    ['checkout-summary', 'a payment method', {}, ALLOW, null],
    ['checkout-summary', 'a payment method, payment step not done', { paymentDone: false }, '/checkout/payment', 'payment-method-missing'],
    ['checkout-summary', 'payment done, delivery not done', { deliveryDone: false }, '/checkout/delivery', 'delivery-incomplete'],
    ['checkout-summary', 'no payment method', { paymentMethod: null }, '/checkout/payment', 'payment-method-missing'],
    ['checkout-summary', 'an empty payment method', { paymentMethod: '' }, '/checkout/payment', 'payment-method-missing'],
    ['order-confirmation', 'checkout complete', {}, ALLOW, null],
    ['order-confirmation', 'checkout not complete', { checkoutComplete: false }, '/checkout/summary', 'checkout-incomplete'],
  ])('should decide %s with %s', (id, _label, state, expected, reason) => {
    const result = guard(id, { loggedIn: true, checkout: { ...READY, ...state } });
    expect(outcome(result)).toBe(expected);
    expect(result.kind === 'redirect' ? result.reason : null).toBe(reason);
  });

  it('should check each step against the steps before it too (spec §4 "each needs the previous")', () => {
    const empty: CheckoutGuardState = { ...READY, cartCount: 0, contactEmail: '', paymentMethod: null, checkoutComplete: false };
    // A pre-filled contact does not open the payment step with an empty cart.
    expect(guard('checkout-payment', { loggedIn: true, checkout: { ...READY, cartCount: 0 } })).toMatchObject({ to: '/cart', reason: 'cart-empty' });
    expect(guard('checkout-summary', { loggedIn: true, checkout: { ...READY, contactName: '' } })).toMatchObject({ to: '/checkout/delivery', reason: 'contact-missing' });
    expect(guard('checkout-summary', { loggedIn: true, checkout: { ...READY, paymentType: 'budget', hasActiveBudget: false } })).toMatchObject({ to: '/cart', reason: 'no-active-budget' });
    // The confirmation follows the order, which emptied the cart: only the flag counts.
    expect(outcome(guard('order-confirmation', { loggedIn: true, checkout: { ...empty, checkoutComplete: true } }))).toBe(ALLOW);
  });

  it.each<RouteId>(['checkout-delivery', 'checkout-payment', 'checkout-summary', 'order-confirmation'])(
    'should skip the step guard of %s when no checkout state is given',
    (id) => {
      expect(guard(id, { loggedIn: true })).toEqual({ kind: 'allow' });
    },
  );

  it.each<RouteId>(['checkout-delivery', 'checkout-payment', 'checkout-summary', 'order-confirmation'])(
    'should send a guest on %s to Login before any step rule',
    (id) => {
      const checkout: CheckoutGuardState = { ...READY, cartCount: 0, contactEmail: '', paymentMethod: null, checkoutComplete: false };
      expect(outcome(guard(id, { loggedIn: false, loginRequired: false, checkout }))).toBe(LOGIN);
    },
  );

  it.each<RouteId>(['cart', 'products', 'user', 'home'])('should not apply step rules to %s', (id) => {
    const checkout: CheckoutGuardState = { ...READY, cartCount: 0, paymentType: 'budget', checkoutComplete: false };
    expect(outcome(guard(id, { loggedIn: true, checkout }))).toBe(ALLOW);
  });
});

describe('guardRoute: designer mode ("Guest routes and designer mode pass"; "bypasses guest and auth checks")', () => {
  const designer = { designerMode: true } as const;

  it.each(VISITOR_TABLE.filter(([id]) => id !== 'checkout').flatMap(([id]) => VISITORS.map(([who, visitor]) => [id, who, visitor] as const)))(
    'should pass the visitor checks of %s for %s',
    (id, _who, visitor) => {
      expect(outcome(guard(id, { ...designer, ...visitor }))).toBe(ALLOW);
    },
  );

  it('should pass the coordinator role check', () => {
    expect(outcome(guard('coordinator', { ...designer, loggedIn: true, isCoordinator: false }))).toBe(ALLOW);
  });

  it.each<[string, RouteId, Partial<GuardContext>, string]>([
    ['the /checkout redirect', 'checkout', {}, '/checkout/delivery'],
    ['closed registration', 'register', { registrationType: 'invoice_noform' }, '/login'],
    ['budgets outside a points shop', 'user-budgets', { currency: 'PLN' }, '/user/orders'],
    ['the payment-processing status', 'payment-processing', { query: {} }, '/404'],
    [
      'the checkout step rules',
      'checkout-delivery',
      {
        checkout: {
          cartCount: 0,
          paymentType: 'invoice',
          hasActiveBudget: false,
          contactEmail: '',
          contactName: '',
          deliveryDone: false,
          paymentDone: false,
          paymentMethod: null,
          checkoutComplete: false,
        },
      },
      '/cart',
    ],
  ])('should keep %s', (_label, id, overrides, expected) => {
    expect(outcome(guard(id, { ...designer, ...overrides }))).toBe(expected);
  });
});

describe('guardRoute with matchRoute: redirect chains', () => {
  const PAGES: RoutablePage[] = [{ slug: 'privacy-policy', type: 'content', is_deletable: 0 }];

  /** Follows redirects from `start` (as a router would) and returns every path visited. */
  function walk(start: string, overrides: Partial<GuardContext>): string[] {
    const visited = [start];
    let path = start;
    for (let hop = 0; hop < 10; hop += 1) {
      const match = matchRoute(path, PAGES);
      if (!match) {
        path = '/404';
        visited.push(path);
        continue;
      }
      const query = Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
      const result = guardRoute(match.route, context({ query, returnTo: path, ...overrides }));
      if (result.kind === 'allow') return visited;
      path = result.to;
      visited.push(path);
    }
    throw new Error(`redirect loop: ${visited.join(' → ')}`);
  }

  const EMPTY: CheckoutGuardState = {
    cartCount: 0,
    paymentType: 'budget',
    hasActiveBudget: false,
    contactEmail: '',
    contactName: '',
    deliveryDone: false,
    paymentDone: false,
    paymentMethod: null,
    checkoutComplete: false,
  };

  it.each<[string, string, Partial<GuardContext>, string[]]>([
    ['a guest opening /checkout', '/checkout', { loginRequired: false }, ['/checkout', '/checkout/delivery', '/login?redirect=%2Fcheckout%2Fdelivery']],
    ['a user with an empty cart opening /checkout', '/checkout', { loggedIn: true, checkout: EMPTY }, ['/checkout', '/checkout/delivery', '/cart']],
    [
      'a user jumping to the confirmation with nothing done',
      '/order-confirmation',
      { loggedIn: true, checkout: EMPTY },
      ['/order-confirmation', '/checkout/summary', '/cart'],
    ],
    [
      'a user with a filled cart jumping to the confirmation with nothing else done',
      '/order-confirmation',
      { loggedIn: true, checkout: { ...EMPTY, cartCount: 1, hasActiveBudget: true } },
      ['/order-confirmation', '/checkout/summary', '/checkout/delivery'],
    ],
    ['a user on register in a _noform shop', '/register', { loggedIn: true, registrationType: 'invoice_noform' }, ['/register', '/']],
    ['a guest on register in a _noform shop', '/register', { registrationType: 'invoice_noform' }, ['/register', '/login']],
    ['anyone on an unknown path', '/nope', { loggedIn: true }, ['/nope', '/404']],
    ['a guest on the privacy policy of a login-required shop', '/privacy-policy', {}, ['/privacy-policy']],
    ['a guest on the terms of a shop without them', '/terms-of-use', {}, ['/terms-of-use', '/404']],
    ['a failed payment return', '/payment-processing?status=failed', { loggedIn: true }, ['/payment-processing?status=failed', '/404']],
    ['a successful payment return', '/payment-processing?status=success', { loggedIn: true }, ['/payment-processing?status=success']],
    ['a user on budgets in a PLN shop', '/user/budgets', { loggedIn: true, currency: 'PLN' }, ['/user/budgets', '/user/orders']],
  ])('should resolve %s', (_label, start, overrides, expected) => {
    expect(walk(start, overrides)).toEqual(expected);
  });
});
