import { t, type MessageKey } from '../i18n/index.ts';
import type { RouteId } from '../domain/routes.ts';

/** The i18n key of each screen's title (the document title and its heading); content pages use their name. */
export const ROUTE_TITLES: Record<RouteId, MessageKey> = {
  home: 'nav.home',
  'privacy-policy': 'nav.privacy_policy',
  'terms-of-use': 'nav.terms_of_use',
  page: 'nav.home',
  login: 'auth.login_title',
  register: 'auth.register_title',
  forget: 'auth.forget_title',
  'new-password': 'auth.new_password_title',
  'confirm-email': 'auth.confirm_email.title',
  'confirm-registration': 'auth.confirm_registration.title',
  products: 'nav.products',
  product: 'nav.products',
  cart: 'nav.cart',
  checkout: 'checkout.title',
  'checkout-delivery': 'checkout.steps.delivery',
  'checkout-payment': 'checkout.steps.payment',
  'checkout-summary': 'checkout.steps.summary',
  'payment-processing': 'checkout.payment_processing',
  'order-confirmation': 'checkout.steps.confirmation',
  user: 'account.title',
  'user-orders': 'account.orders',
  'user-order': 'account.orders',
  'user-budgets': 'account.budgets',
  'user-account-details': 'account.details',
  'user-addresses': 'account.addresses',
  coordinator: 'account.coordinator_area',
  contact: 'nav.contact',
  'not-found': 'app.not_found',
  'store-not-found': 'app.store_not_found',
};

/**
 * The title of a screen by its route: the route's own words, with the order's number on an order's
 * screen ("Order GLX-000001", as its heading says).
 */
export function routeTitle(route: RouteId, params: Readonly<Record<string, string>> | undefined): string {
  if (route === 'user-order' && params?.name) return t('orders.order', { number: params.name });
  return t(ROUTE_TITLES[route]);
}
