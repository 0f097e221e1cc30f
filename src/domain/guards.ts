/**
 * Route guards (spec §2 "Guards", §6 "Roles and permissions") as one pure decision: given a matched
 * route and what the app knows (session, shop settings, designer mode, query, checkout progress), either
 * show the route or redirect elsewhere. The router applies the redirect and guards the target again,
 * so chains such as `/checkout` → `/checkout/delivery` → `/login?redirect=…` resolve step by step.
 *
 * Side effects named by the spec beside the guards (entering the summary marks checkout complete; the
 * order confirmation then clears checkout, cart and contact info) belong to the screens, not here.
 *
 * @module
 */
import { isPointsCurrency } from '../contract/points.ts';
import type { RouteDef } from './routes.ts';

/**
 * Checkout progress the step guards read (spec §2 "Guards"), from `checkoutGuardState` of the checkout
 * store. Optional in {@link GuardContext}: without a user (Login comes first) or in designer mode the app
 * passes none and the step guards are skipped.
 */
export interface CheckoutGuardState {
  /** Lines in the cart. */
  cartCount: number;
  /** The shop's `payment_type`. */
  paymentType: 'invoice' | 'budget';
  /** Whether the user has at least one active budget. */
  hasActiveBudget: boolean;
  /** Contact e-mail entered on the delivery step ('' when not yet). */
  contactEmail: string;
  /** Contact name entered on the delivery step ('' when not yet). */
  contactName: string;
  /**
   * The delivery step was completed (the buyer pressed Continue on it with every field valid) and a
   * delivery method is still chosen.
   */
  deliveryDone: boolean;
  /** The payment step was completed: the buyer pressed Continue on it with a payable choice. */
  paymentDone: boolean;
  /** The payment method chosen on the payment step, `null` when none. */
  paymentMethod: string | null;
  /** Set when the summary step is entered; cleared by the order confirmation. */
  checkoutComplete: boolean;
}

/** What {@link guardRoute} needs to know besides the route. */
export interface GuardContext {
  /** A user is logged in (the user is loaded, not merely a token present). */
  loggedIn: boolean;
  /** The logged-in user coordinates budgets (only read for the coordinator screen). */
  isCoordinator: boolean;
  /** The shop's `login_required`. */
  loginRequired: boolean;
  /** The shop's `currency` (`pkt` for a points shop). */
  currency: string;
  /** The shop's `registration_type`, e.g. `budget_form`, `invoice_noform`. */
  registrationType: string;
  /** The store-designer preview is on (see {@link guardRoute} for what it bypasses). */
  designerMode: boolean;
  /** The query string of the requested URL, parsed. */
  query: Readonly<Record<string, string>>;
  /**
   * The path (with query) the visitor asked for, carried to Login as `?redirect=` so that login can send
   * them back. Only a same-origin absolute path is carried (`/cart`, not `//evil.example` or `https:…`).
   */
  returnTo: string;
  /** Checkout progress; absent (no user yet, or designer mode) skips the step guards. */
  checkout?: CheckoutGuardState;
}

/** Why a guard redirected; stable codes for logs and tests. */
export type GuardReason =
  // `/checkout` itself has no screen: it starts at the delivery step.
  | 'checkout-entry'
  // A logged-in user opened login, register, forget or new-password.
  | 'already-logged-in'
  // A route that always needs a user, opened by a guest.
  | 'auth-required'
  // A route that needs a user only because the shop requires login, opened by a guest.
  | 'login-required'
  // The coordinator screen, opened by a logged-in user who is not a coordinator.
  | 'not-coordinator'
  // Register in a shop whose `registration_type` ends with `_noform`.
  | 'registration-closed'
  // Budgets in a shop whose currency is not `pkt`.
  | 'not-points-shop'
  // `/payment-processing` without `status=success`.
  | 'payment-not-successful'
  // Delivery step with an empty cart.
  | 'cart-empty'
  // Delivery step in a budget-payment shop, for a user without an active budget.
  | 'no-active-budget'
  // Payment step before the contact e-mail and name are given.
  | 'contact-missing'
  // Payment step before the delivery step was completed (a method chosen, Continue pressed).
  | 'delivery-incomplete'
  // Summary step before the payment step was completed (a payment method chosen, Continue pressed).
  | 'payment-method-missing'
  // Order confirmation without the checkout-complete flag.
  | 'checkout-incomplete';

/** The guard's decision: show the route, or go to `to` (a storefront path) for `reason`. */
export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string; reason: GuardReason };

const ALLOW: GuardResult = { kind: 'allow' };

function redirect(to: string, reason: GuardReason): GuardResult {
  return { kind: 'redirect', to, reason };
}

/** A same-origin absolute path: starts with one `/` (not `//` or `/\`, which leave the site). */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The Login path carrying where to go back to, when that is a safe local path. */
function loginPath(returnTo: string): string {
  return isLocalPath(returnTo) ? `/login?redirect=${encodeURIComponent(returnTo)}` : '/login';
}

/** Whether a guest must log in first: `auth` always; shop pages only when the shop requires login. */
function needsLogin(access: RouteDef['access'], loginRequired: boolean): boolean {
  switch (access) {
    case 'auth':
      return true;
    case 'shop':
    case 'open-shop':
      return loginRequired;
    case 'guest':
    case 'guest-only':
    case 'any':
      return false;
  }
}

/** A field counts as given when it has more than white space. */
function filled(value: string | null): boolean {
  return value !== null && value.trim() !== '';
}

/** The checkout steps in order: each needs the ones before it (spec §4). */
const CHECKOUT_STEP_ORDER = ['checkout-delivery', 'checkout-payment', 'checkout-summary'] as const;

/** One step's own precondition (spec §2 "Guards"); `null` when it holds. */
function stepPrecondition(id: (typeof CHECKOUT_STEP_ORDER)[number], state: CheckoutGuardState): GuardResult | null {
  switch (id) {
    case 'checkout-delivery':
      if (state.cartCount <= 0) return redirect('/cart', 'cart-empty');
      if (state.paymentType === 'budget' && !state.hasActiveBudget) return redirect('/cart', 'no-active-budget');
      return null;
    // The contact is pre-filled from the profile, so it alone says nothing: the delivery step must be done.
    case 'checkout-payment':
      if (!filled(state.contactEmail) || !filled(state.contactName)) return redirect('/checkout/delivery', 'contact-missing');
      return state.deliveryDone ? null : redirect('/checkout/delivery', 'delivery-incomplete');
    case 'checkout-summary':
      return state.paymentDone && filled(state.paymentMethod) ? null : redirect('/checkout/payment', 'payment-method-missing');
  }
}

/**
 * The checkout step guards (spec §2 "Guards"); `null` when the step may be shown. A step
 * needs its own precondition and those of the steps before it (spec §4: "each needs the previous"), so
 * the payment step with an emptied cart goes to the cart even though the contact is pre-filled. The order
 * confirmation needs only the checkout-complete flag: it is shown after the cart was emptied by the order.
 */
function checkoutStepRedirect(id: RouteDef['id'], state: CheckoutGuardState): GuardResult | null {
  if (id === 'order-confirmation') return state.checkoutComplete ? null : redirect('/checkout/summary', 'checkout-incomplete');
  const index = (CHECKOUT_STEP_ORDER as readonly string[]).indexOf(id);
  if (index === -1) return null;
  for (const step of CHECKOUT_STEP_ORDER.slice(0, index + 1)) {
    const result = stepPrecondition(step, state);
    if (result) return result;
  }
  return null;
}

/**
 * Whether `route` may be shown in `context`, or where to go instead. Rules, in the order applied (the
 * first that fires decides; the router guards the redirect target again):
 *
 * 1. `/checkout` → `/checkout/delivery` (a plain redirect, before any other check).
 * 2. Visitor checks, skipped in designer mode:
 *    - guest-only routes (login, register, forget, new-password) with a user → the `redirect` query
 *      parameter when it is a safe local path, else `/`;
 *    - a guest on an `auth` route, or on a `shop`/`open-shop` route when the shop requires login →
 *      `/login?redirect=<returnTo>` (`guest` and `any` routes never; in an open shop products, product,
 *      cart, home and content pages need no login);
 *    - the coordinator screen with a logged-in non-coordinator → `/user`.
 * 3. Register when `registrationType` ends with `_noform` → `/login`.
 * 4. Budgets when the currency is not `pkt` → `/user/orders`.
 * 5. `/payment-processing` unless `query.status === 'success'` → `/404`.
 * 6. Checkout steps, only when `context.checkout` is given: delivery needs a non-empty cart (else `/cart`)
 *    and, when `paymentType` is `budget`, an active budget (else `/cart`); payment needs the contact
 *    e-mail and name and the delivery step done (a delivery method chosen and Continue pressed on a
 *    valid step; the contact is pre-filled from the profile, so it alone proves nothing), else
 *    `/checkout/delivery`; summary needs a payment method and the payment step done (else
 *    `/checkout/payment`); order confirmation needs `checkoutComplete` (else `/checkout/summary`). Each
 *    step also needs the preconditions of the steps before it (spec §4 "each needs the previous"; the
 *    first unmet one decides), except the confirmation, which comes after the order emptied the cart.
 *
 * Designer mode. The spec says "Guest routes and designer mode pass" (§2) and "Store-designer preview
 * mode bypasses guest and auth checks" (§6). Read as: designer mode bypasses exactly the checks about
 * *who the visitor is* (rule 2: guest-only, login, and the coordinator role), so the designer can preview
 * every screen logged in or not. It does not bypass rules about *what the shop or the URL offers*: the
 * `/checkout` redirect, registration closed by `_noform`, budgets outside a points shop, the
 * payment-processing status and the checkout step preconditions (a designer who wants to preview checkout
 * steps with no data passes no `checkout` state). Auth runs before the shop rules, as global guards run
 * before per-route ones, so a guest on `/user/budgets` goes to Login, not to `/user/orders`.
 */
export function guardRoute(route: Pick<RouteDef, 'id' | 'access'>, context: GuardContext): GuardResult {
  if (route.id === 'checkout') return redirect('/checkout/delivery', 'checkout-entry');

  if (!context.designerMode) {
    // A user who just logged in on /login?redirect=… goes where they were heading; otherwise home.
    if (route.access === 'guest-only' && context.loggedIn) {
      const back = context.query.redirect;
      return redirect(back !== undefined && isLocalPath(back) ? back : '/', 'already-logged-in');
    }
    if (!context.loggedIn && needsLogin(route.access, context.loginRequired)) {
      return redirect(loginPath(context.returnTo), route.access === 'auth' ? 'auth-required' : 'login-required');
    }
    if (route.id === 'coordinator' && context.loggedIn && !context.isCoordinator) return redirect('/user', 'not-coordinator');
  }

  if (route.id === 'register' && context.registrationType.endsWith('_noform')) return redirect('/login', 'registration-closed');
  if (route.id === 'user-budgets' && !isPointsCurrency(context.currency)) return redirect('/user/orders', 'not-points-shop');
  if (route.id === 'payment-processing' && context.query['status'] !== 'success') return redirect('/404', 'payment-not-successful');

  if (context.checkout) return checkoutStepRedirect(route.id, context.checkout) ?? ALLOW;
  return ALLOW;
}
