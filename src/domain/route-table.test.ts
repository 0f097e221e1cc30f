import { describe, it, expect } from 'vitest';
import { ROUTES, getRoute, type RouteAccess, type RouteId } from './route-table.ts';

/** Every route id, written out by hand: the table must have exactly these. */
const ALL_IDS: RouteId[] = [
  'home', 'privacy-policy', 'terms-of-use', 'page', 'login', 'register', 'forget', 'new-password', 'confirm-email', 'confirm-registration',
  'products', 'product', 'cart', 'checkout', 'checkout-delivery', 'checkout-payment', 'checkout-summary',
  'payment-processing', 'order-confirmation', 'user', 'user-orders', 'user-order', 'user-budgets',
  'user-account-details', 'user-addresses', 'coordinator', 'contact', 'not-found', 'store-not-found',
];

describe('ROUTES', () => {
  it('should have one row for every route id and no other', () => {
    expect(ROUTES.map((route) => route.id).sort()).toEqual([...ALL_IDS].sort());
  });

  it.each<[RouteId, string, RouteAccess]>([
    ['home', '/', 'shop'],
    ['privacy-policy', '/privacy-policy', 'guest'],
    ['terms-of-use', '/terms-of-use', 'guest'],
    ['page', '/:slug', 'shop'],
    ['login', '/login', 'guest-only'],
    ['register', '/register', 'guest-only'],
    ['forget', '/forget', 'guest-only'],
    ['new-password', '/new-password', 'guest-only'],
    ['confirm-email', '/confirm-email', 'any'],
    ['confirm-registration', '/confirm-registration', 'any'],
    ['products', '/products', 'shop'],
    ['product', '/products/:slug/:id', 'open-shop'],
    ['cart', '/cart', 'open-shop'],
    ['checkout', '/checkout', 'any'],
    ['checkout-delivery', '/checkout/delivery', 'auth'],
    ['checkout-payment', '/checkout/payment', 'auth'],
    ['checkout-summary', '/checkout/summary', 'auth'],
    ['payment-processing', '/payment-processing', 'any'],
    ['order-confirmation', '/order-confirmation', 'auth'],
    ['user', '/user', 'auth'],
    ['user-orders', '/user/orders', 'auth'],
    ['user-order', '/user/orders/:name', 'auth'],
    ['user-budgets', '/user/budgets', 'auth'],
    ['user-account-details', '/user/account-details', 'auth'],
    ['user-addresses', '/user/addresses', 'auth'],
    ['coordinator', '/user/coordinator', 'auth'],
    ['contact', '/contact', 'shop'],
    ['not-found', '/404', 'any'],
    ['store-not-found', '/store-not-found', 'any'],
  ])('should give %s the pattern %s and access %s', (id, pattern, access) => {
    expect(getRoute(id)).toEqual({ id, pattern, access });
  });

  it('should put the /{slug} content route last so it never shadows a fixed route', () => {
    expect(ROUTES.at(-1)?.id).toBe('page');
  });
});
