import { describe, expect, it } from 'vitest';
import { registrationClosed, safeRedirect } from './auth-rules.ts';

describe('safeRedirect', () => {
  it('should keep a path of this storefront, with its query', () => {
    expect(safeRedirect('/cart')).toBe('/cart');
    expect(safeRedirect('/products?search=mug&sort=name_asc')).toBe('/products?search=mug&sort=name_asc');
  });

  it('should send anything that could leave the site to the homepage', () => {
    for (const value of [null, undefined, '', 'cart', '//evil.example', '//evil.example/login', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/\t/evil.example', '/\n/evil.example']) {
      expect(safeRedirect(value)).toBe('/');
    }
  });
});

describe('registrationClosed', () => {
  it('should be true only for a registration type ending with _noform', () => {
    expect(registrationClosed('invoice_noform')).toBe(true);
    expect(registrationClosed('budget_form')).toBe(false);
    expect(registrationClosed('noform_budget')).toBe(false);
    expect(registrationClosed(undefined)).toBe(false);
  });
});
