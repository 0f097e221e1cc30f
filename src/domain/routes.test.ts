import { describe, it, expect } from 'vitest';
import { ROUTES, buildPath, getRoute, matchRoute, type RoutablePage, type RouteId } from './routes.ts';

/** The demo shops' nine pages (docs/demo-data.md "Pages"). */
const DEMO_PAGES: RoutablePage[] = [
  { slug: 'homepage', type: 'homepage', is_deletable: 0 },
  { slug: 'privacy-policy', type: 'content', is_deletable: 0 },
  { slug: 'terms-of-use', type: 'content', is_deletable: 0 },
  { slug: 'about-us', type: 'content', is_deletable: 1 },
  { slug: 'cart', type: 'pseudo', is_deletable: 0 },
  { slug: 'delivery-addresses', type: 'pseudo', is_deletable: 0 },
  { slug: 'payment-methods', type: 'pseudo', is_deletable: 0 },
  { slug: 'summary', type: 'pseudo', is_deletable: 0 },
  { slug: 'order-confirmation', type: 'pseudo', is_deletable: 0 },
];

function idOf(path: string, pages: RoutablePage[] = DEMO_PAGES): RouteId | null {
  return matchRoute(path, pages)?.route.id ?? null;
}

describe('matchRoute', () => {
  it.each<[string, RouteId, Record<string, string>]>([
    ['/', 'home', {}],
    ['/privacy-policy', 'privacy-policy', {}],
    ['/terms-of-use', 'terms-of-use', {}],
    ['/about-us', 'page', { slug: 'about-us' }],
    ['/login', 'login', {}],
    ['/register', 'register', {}],
    ['/forget', 'forget', {}],
    ['/new-password', 'new-password', {}],
    ['/confirm-email?token=abc', 'confirm-email', {}],
    ['/confirm-registration?token=abc', 'confirm-registration', {}],
    ['/products', 'products', {}],
    ['/products/classic-mug/42', 'product', { slug: 'classic-mug', id: '42' }],
    ['/cart', 'cart', {}],
    ['/checkout', 'checkout', {}],
    ['/checkout/delivery', 'checkout-delivery', {}],
    ['/checkout/payment', 'checkout-payment', {}],
    ['/checkout/summary', 'checkout-summary', {}],
    ['/payment-processing', 'payment-processing', {}],
    ['/order-confirmation', 'order-confirmation', {}],
    ['/user', 'user', {}],
    ['/user/orders', 'user-orders', {}],
    ['/user/orders/ZAM-2024-001', 'user-order', { name: 'ZAM-2024-001' }],
    ['/user/budgets', 'user-budgets', {}],
    ['/user/account-details', 'user-account-details', {}],
    ['/user/addresses', 'user-addresses', {}],
    ['/user/coordinator', 'coordinator', {}],
    ['/contact', 'contact', {}],
    ['/404', 'not-found', {}],
    ['/store-not-found', 'store-not-found', {}],
  ])('should match %s as %s', (path, id, params) => {
    const match = matchRoute(path, DEMO_PAGES);
    expect(match?.route.id).toBe(id);
    expect(match?.params).toEqual(params);
  });

  it.each([
    ['/products/', 'products'],
    ['/products//', 'products'],
    ['/user/orders/', 'user-orders'],
    ['/products/mug/7/', 'product'],
    ['/about-us/', 'page'],
    ['', 'home'],
  ])('should tolerate trailing slashes or an empty path: %s is %s', (path, id) => {
    expect(idOf(path)).toBe(id);
  });

  it.each([
    ['/products?search=mug&sort=price_asc', 'products'],
    ['/payment-processing?status=success', 'payment-processing'],
    ['/?utm=mail', 'home'],
    ['?x=1', 'home'],
    ['/cart#top', 'cart'],
    ['/products/mug/7?variant=red', 'product'],
    ['/user/?tab=1', 'user'],
  ])('should ignore the query string and hash of %s', (path, id) => {
    expect(idOf(path)).toBe(id);
  });

  it.each([
    ['/nope'],
    ['/Products'],
    ['/CART'],
    ['/User/orders'],
    ['/About-Us'],
    ['/products/mug'],
    ['/products/mug/7/extra'],
    ['/products/mug/abc'],
    ['/products/mug/7a'],
    ['/products/mug/-7'],
    ['/products/mug/7.5'],
    ['/products/mug/%37x'],
    ['/products//7'],
    ['/user//orders'],
    ['/user/orders/a/b'],
    ['/checkout/unknown'],
    ['/user/unknown'],
    ['/login/extra'],
    ['products'],
    ['/%E0%A4%A'],
    ['/user/orders/%'],
  ])('should give null for the unknown path %s', (path) => {
    expect(matchRoute(path, DEMO_PAGES)).toBeNull();
  });

  it('should take a numeric product id, also a percent-encoded one', () => {
    expect(matchRoute('/products/mug/%37', DEMO_PAGES)?.params).toEqual({ slug: 'mug', id: '7' });
  });

  it('should decode path parameters', () => {
    expect(matchRoute('/user/orders/ZAM%2F2024%2F1', DEMO_PAGES)?.params).toEqual({ name: 'ZAM/2024/1' });
    expect(matchRoute('/products/kubek-z%C5%82oty/3', DEMO_PAGES)?.params).toEqual({ slug: 'kubek-złoty', id: '3' });
  });

  describe('content pages', () => {
    it.each([['/privacy-policy'], ['/terms-of-use'], ['/about-us']])('should not match %s when the shop has no pages', (path) => {
      expect(matchRoute(path, [])).toBeNull();
    });

    it('should match /privacy-policy only when that page exists, whatever /terms-of-use does', () => {
      const pages: RoutablePage[] = [{ slug: 'privacy-policy', type: 'content', is_deletable: 0 }];
      expect(idOf('/privacy-policy', pages)).toBe('privacy-policy');
      expect(idOf('/terms-of-use', pages)).toBeNull();
    });

    it('should match /terms-of-use only when that page exists', () => {
      const pages: RoutablePage[] = [{ slug: 'terms-of-use', type: 'content', is_deletable: 0 }];
      expect(idOf('/terms-of-use', pages)).toBe('terms-of-use');
      expect(idOf('/privacy-policy', pages)).toBeNull();
    });

    it('should keep /privacy-policy a guest route even when that page is deletable', () => {
      const pages: RoutablePage[] = [{ slug: 'privacy-policy', type: 'content', is_deletable: 1 }];
      expect(idOf('/privacy-policy', pages)).toBe('privacy-policy');
    });

    it.each<[string, RoutablePage, RouteId | null]>([
      ['a deletable content page', { slug: 'faq', type: 'content', is_deletable: 1 }, 'page'],
      ['any non-zero is_deletable', { slug: 'faq', type: 'content', is_deletable: 2 }, 'page'],
      ['a negative is_deletable', { slug: 'faq', type: 'content', is_deletable: -1 }, 'page'],
      ['a non-deletable content page', { slug: 'faq', type: 'content', is_deletable: 0 }, null],
      ['a deletable pseudo page', { slug: 'faq', type: 'pseudo', is_deletable: 1 }, null],
      ['a deletable homepage', { slug: 'faq', type: 'homepage', is_deletable: 1 }, null],
    ])('should route /faq for %s: %s', (_label, page, id) => {
      expect(idOf('/faq', [page])).toBe(id);
    });

    it.each([['/cart', 'cart'], ['/summary', null], ['/order-confirmation', 'order-confirmation'], ['/homepage', null], ['/delivery-addresses', null]])(
      'should never give pseudo pages or the homepage a content route: %s is %s',
      (path, id) => {
        expect(idOf(path)).toBe(id);
      },
    );

    it.each<[string, RouteId]>([
      ['products', 'products'],
      ['cart', 'cart'],
      ['checkout', 'checkout'],
      ['user', 'user'],
      ['login', 'login'],
      ['404', 'not-found'],
      ['store-not-found', 'store-not-found'],
      ['payment-processing', 'payment-processing'],
      ['confirm-email', 'confirm-email'],
      ['confirm-registration', 'confirm-registration'],
    ])('should not let a deletable page with slug %s shadow the fixed route', (slug, id) => {
      const pages: RoutablePage[] = [{ slug, type: 'content', is_deletable: 1 }];
      const match = matchRoute(`/${slug}`, pages);
      expect(match?.route.id).toBe(id);
      expect(match?.params).toEqual({});
    });

    it('should match a content page slug case-sensitively', () => {
      const pages: RoutablePage[] = [{ slug: 'about-us', type: 'content', is_deletable: 1 }];
      expect(idOf('/about-us', pages)).toBe('page');
      expect(idOf('/ABOUT-US', pages)).toBeNull();
    });

    it('should not match a content page one level down', () => {
      expect(idOf('/about-us/team')).toBeNull();
    });
  });
});

describe('buildPath', () => {
  it.each<[RouteId, string]>([
    ['home', '/'],
    ['privacy-policy', '/privacy-policy'],
    ['terms-of-use', '/terms-of-use'],
    ['login', '/login'],
    ['register', '/register'],
    ['forget', '/forget'],
    ['new-password', '/new-password'],
    ['confirm-email', '/confirm-email'],
    ['confirm-registration', '/confirm-registration'],
    ['products', '/products'],
    ['cart', '/cart'],
    ['checkout', '/checkout'],
    ['checkout-delivery', '/checkout/delivery'],
    ['checkout-payment', '/checkout/payment'],
    ['checkout-summary', '/checkout/summary'],
    ['payment-processing', '/payment-processing'],
    ['order-confirmation', '/order-confirmation'],
    ['user', '/user'],
    ['user-orders', '/user/orders'],
    ['user-budgets', '/user/budgets'],
    ['user-account-details', '/user/account-details'],
    ['user-addresses', '/user/addresses'],
    ['coordinator', '/user/coordinator'],
    ['not-found', '/404'],
    ['store-not-found', '/store-not-found'],
  ])('should build %s as %s', (id, path) => {
    // The ids here take no parameters; the cast only widens the tuple type of the table.
    expect(buildPath(id as 'home')).toBe(path);
  });

  it('should build parameterised routes', () => {
    expect(buildPath('product', { slug: 'classic-mug', id: 42 })).toBe('/products/classic-mug/42');
    expect(buildPath('product', { slug: 'classic-mug', id: '42' })).toBe('/products/classic-mug/42');
    expect(buildPath('user-order', { name: 'ZAM-1' })).toBe('/user/orders/ZAM-1');
    expect(buildPath('page', { slug: 'about-us' })).toBe('/about-us');
  });

  it('should percent-encode parameters', () => {
    expect(buildPath('user-order', { name: 'ZAM/2024/1' })).toBe('/user/orders/ZAM%2F2024%2F1');
    expect(buildPath('product', { slug: 'kubek złoty?', id: 3 })).toBe('/products/kubek%20z%C5%82oty%3F/3');
  });

  it.each([
    ['a non-numeric product id', () => buildPath('product', { slug: 'mug', id: 'abc' })],
    ['a negative product id', () => buildPath('product', { slug: 'mug', id: -1 })],
    ['a fractional product id', () => buildPath('product', { slug: 'mug', id: 1.5 })],
    ['an empty slug', () => buildPath('product', { slug: '', id: 1 })],
    ['an empty order name', () => buildPath('user-order', { name: '' })],
  ])('should throw a RangeError for %s', (_label, build) => {
    expect(build).toThrow(RangeError);
  });

  const ROUND_TRIP_PAGES: RoutablePage[] = [...DEMO_PAGES, { slug: 'o nas/ż', type: 'content', is_deletable: 1 }];
  const ROUND_TRIP_PARAMS: Partial<Record<RouteId, Record<string, string>>> = {
    product: { slug: 'mug ż/1', id: '7' },
    'user-order': { name: 'ZAM/2024/1' },
    page: { slug: 'o nas/ż' },
  };

  it.each(ROUTES.map((route) => [route.id, ROUND_TRIP_PARAMS[route.id] ?? {}] as const))(
    'should match the path built for %s back to it',
    (id, params) => {
      // The table mixes routes; the cast only widens buildPath's per-route parameter type.
      const path = buildPath(id as 'product', params as { slug: string; id: string });
      expect(matchRoute(path, ROUND_TRIP_PAGES)).toEqual({ route: getRoute(id), params });
    },
  );
});
