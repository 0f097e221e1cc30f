import { describe, it, expect } from 'vitest';
import { stripBasePath, withBasePath } from './base-path.ts';

describe('stripBasePath', () => {
  it.each([
    ['/shop/products', '/shop', '/products'],
    ['/shop/products/mug/7', '/shop', '/products/mug/7'],
    ['/shop', '/shop', '/'],
    ['/shop/', '/shop', '/'],
    ['/shop/products', '/shop/', '/products'],
    ['/shop/products', 'shop', '/products'],
    ['/shop?x=1', '/shop', '/?x=1'],
    ['/shop/payment-processing?status=success', '/shop', '/payment-processing?status=success'],
    ['/shop#top', '/shop', '/#top'],
    ['/a/b/cart', '/a/b', '/cart'],
    ['/products', '', '/products'],
    ['/products', '/', '/products'],
    ['/', '/', '/'],
  ])('should read %s under base %s as %s', (pathname, base, path) => {
    expect(stripBasePath(pathname, base)).toBe(path);
  });

  it.each([
    ['/shopping', '/shop'],
    ['/shopping/cart', '/shop'],
    ['/', '/shop'],
    ['/other/shop', '/shop'],
    ['/Shop/products', '/shop'],
    ['/a/cart', '/a/b'],
  ])('should give null for %s outside base %s', (pathname, base) => {
    expect(stripBasePath(pathname, base)).toBeNull();
  });
});

describe('withBasePath', () => {
  it.each([
    ['/products', '/shop', '/shop/products'],
    ['/', '/shop', '/shop'],
    ['/?x=1', '/shop', '/shop?x=1'],
    ['/login?redirect=%2Fcart', '/shop', '/shop/login?redirect=%2Fcart'],
    ['/products', '/shop/', '/shop/products'],
    ['/products', 'shop', '/shop/products'],
    ['/cart', '/a/b', '/a/b/cart'],
    ['products', '/shop', '/shop/products'],
    ['/products', '', '/products'],
    ['/products', '/', '/products'],
    ['/', '', '/'],
  ])('should put %s under base %s as %s', (path, base, full) => {
    expect(withBasePath(path, base)).toBe(full);
  });

  it.each([
    ['/', '/shop'],
    ['/products', '/shop'],
    ['/products/mug/7?x=1', '/shop'],
    ['/cart', '/'],
    ['/user/orders', '/a/b'],
  ])('should round-trip %s through base %s', (path, base) => {
    expect(stripBasePath(withBasePath(path, base), base)).toBe(path);
  });
});
