import { describe, expect, it } from 'vitest';
import { withBase, withQuery } from './ufo.ts';

describe('ofetch URL helpers', () => {
  it('should put a path under the base with one slash, and leave an absolute URL or a path already under it', () => {
    expect(withBase('/api/user', 'https://api.example.com/')).toBe('https://api.example.com/api/user');
    expect(withBase('api/user', 'https://provider.example/shop')).toBe('https://provider.example/shop/api/user');
    expect(withBase('https://b.example/x', 'https://a.example')).toBe('https://b.example/x');
    expect(withBase('/shop/x', '/shop')).toBe('/shop/x');
    expect(withBase('/shopping', '/shop')).toBe('/shop/shopping');
    expect(withBase('/x', '')).toBe('/x');
  });

  it('should append the query form-encoded, leaving out undefined, after a query already in the URL', () => {
    expect(withQuery('/p', { a: 1, b: undefined, c: 'kubek żółty & co', d: true })).toBe('/p?a=1&c=kubek+%C5%BC%C3%B3%C5%82ty+%26+co&d=true');
    expect(withQuery('/p?x=1', { ids: [3, 1], n: null })).toBe('/p?x=1&ids=3&ids=1&n=');
    expect(withQuery('/p', { a: undefined })).toBe('/p');
  });
});
