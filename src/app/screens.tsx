import type { ComponentType } from 'react';
import type { RouteId } from '../domain/routes.ts';
import type { PrepareFirstScreen } from '../store/first-screen.ts';
import { retryableLazy, type RetryableLazy } from '../kit/lazy-retry.ts';

/** What every screen receives from the router. */
export interface ScreenProps {
  routeId: RouteId;
  /** Route parameters (`slug`, `id`, `name`), already decoded. */
  params: Readonly<Record<string, string>>;
}

/** A lazily loaded screen that can start loading its code before it renders. */
type LazyScreen = RetryableLazy<ScreenProps>;
type Screen = ComponentType<ScreenProps> | LazyScreen;

/**
 * Screens load lazily (DESIGN.md §3): the first route downloads only its own code. A screen whose
 * code failed to load can be tried again (`lazy-retry.ts`), from the error boundary around it.
 */
const named = <K extends string>(load: () => Promise<Record<K, ComponentType<ScreenProps>>>, name: K): LazyScreen =>
  retryableLazy(load, (module) => module[name]);

const SCREENS: Record<RouteId, Screen> = {
  login: named(() => import('../screens/auth/Login.tsx'), 'Login'),
  register: named(() => import('../screens/auth/Register.tsx'), 'Register'),
  forget: named(() => import('../screens/auth/ForgotPassword.tsx'), 'ForgotPassword'),
  'new-password': named(() => import('../screens/auth/NewPassword.tsx'), 'NewPassword'),
  'confirm-email': named(() => import('../screens/auth/ConfirmEmail.tsx'), 'ConfirmEmail'),
  'confirm-registration': named(() => import('../screens/auth/ConfirmRegistration.tsx'), 'ConfirmRegistration'),
  user: named(() => import('../screens/account/AccountOverview.tsx'), 'AccountOverview'),
  'user-account-details': named(() => import('../screens/account/AccountDetails.tsx'), 'AccountDetails'),
  'user-orders': named(() => import('../screens/account/OrderHistory.tsx'), 'OrderHistory'),
  'user-order': named(() => import('../screens/account/OrderDetail.tsx'), 'OrderDetail'),
  'user-addresses': named(() => import('../screens/account/Addresses.tsx'), 'Addresses'),
  coordinator: named(() => import('../screens/account/Coordinator.tsx'), 'Coordinator'),
  'user-budgets': named(() => import('../screens/account/Budgets.tsx'), 'Budgets'),
  home: named(() => import('../screens/home/Homepage.tsx'), 'Homepage'),
  'privacy-policy': named(() => import('../screens/content/ContentPage.tsx'), 'ContentPage'),
  'terms-of-use': named(() => import('../screens/content/ContentPage.tsx'), 'ContentPage'),
  page: named(() => import('../screens/content/ContentPage.tsx'), 'ContentPage'),
  contact: named(() => import('../screens/contact/Contact.tsx'), 'Contact'),
  products: named(() => import('../screens/catalogue/Catalogue.tsx'), 'Catalogue'),
  product: named(() => import('../screens/product/Product.tsx'), 'Product'),
  cart: named(() => import('../screens/cart/Cart.tsx'), 'Cart'),
  'checkout-delivery': named(() => import('../screens/checkout/Delivery.tsx'), 'Delivery'),
  // The bare `/checkout` only redirects to the delivery step (its guard), whose screen it would be.
  checkout: named(() => import('../screens/checkout/Delivery.tsx'), 'Delivery'),
  'checkout-payment': named(() => import('../screens/checkout/Payment.tsx'), 'Payment'),
  'checkout-summary': named(() => import('../screens/checkout/Summary.tsx'), 'Summary'),
  'order-confirmation': named(() => import('../screens/checkout/OrderConfirmation.tsx'), 'OrderConfirmation'),
  'payment-processing': named(() => import('../screens/checkout/PaymentProcessing.tsx'), 'PaymentProcessing'),
  'not-found': named(() => import('../screens/system/NotFound.tsx'), 'NotFound'),
  'store-not-found': named(() => import('../screens/system/StoreNotFound.tsx'), 'StoreNotFound'),
};

/**
 * A store designer's preview, nobody signed in, on a screen of a buyer's own data (`unavailableInPreview`,
 * src/domain/preview.ts): what shows instead of that screen.
 */
export const PreviewUnavailableScreen: LazyScreen = named(() => import('../screens/system/PreviewUnavailable.tsx'), 'PreviewUnavailable');

/** The screen component for a route. */
export function screenFor(id: RouteId): Screen {
  return SCREENS[id];
}

/**
 * Starts loading a route's screen code now, e.g. while the shop's config and the session load, so
 * the first screen does not wait for them before its own download starts. A failure is left to the
 * screen's own load, which shows it.
 */
export function preloadScreen(id: RouteId): void {
  const screen = SCREENS[id];
  if (screen && 'preload' in screen) screen.preload().catch(() => undefined);
}

/**
 * Loads a route's screen code and what its first render reads ({@link PrepareFirstScreen}): after it,
 * the screen renders at once, with no loading state, as the server rendered it.
 */
export async function prepareScreen(id: RouteId, path: string, params: Readonly<Record<string, string>>): Promise<void> {
  const screen = SCREENS[id];
  if (!('preload' in screen)) return;
  const module = (await screen.preload()) as { prepareFirstScreen?: PrepareFirstScreen };
  await module.prepareFirstScreen?.(path, params);
}
