import { describe, it, expect } from 'vitest';
import { shopSlugFromHost } from './tenant.ts';

describe('shopSlugFromHost', () => {
  it.each([
    // Under the provider's own domain: the first label.
    ['acme.localhost', 'localhost', 'acme'],
    ['acme.localhost:4173', 'localhost', 'acme'],
    ['ACME.LocalHost:4173', 'localhost', 'acme'],
    ['acme.localhost.', 'localhost', 'acme'],
    ['acme.localhost', 'LOCALHOST.', 'acme'],
    ['acme.shops.example.com', 'shops.example.com', 'acme'],
    ['acme.shops.example.com:443', 'shops.example.com', 'acme'],
    ['www.acme.shops.example.com', 'shops.example.com', 'www'],
    ['123.localhost', 'localhost', '123'],
    ['my-shop.localhost', 'localhost', 'my-shop'],
    // A shop's own domain: the second-last label.
    ['shop.acme.com', 'shops.example.com', 'acme'],
    ['acme.com', 'shops.example.com', 'acme'],
    ['Shop.Acme.COM:8080', 'localhost', 'acme'],
    ['a.b.c.globex.pl', 'localhost', 'globex'],
    ['acme.co.uk', 'shops.example.com', 'co'],
    // A look-alike of the provider domain is a custom domain, not the provider's.
    ['acme.notlocalhost', 'localhost', 'acme'],
    ['evilshops.example.com', 'shops.example.com', 'example'],
  ])('should read %s with provider %s as shop %s', (host, provider, slug) => {
    expect(shopSlugFromHost(host, provider)).toBe(slug);
  });

  it.each([
    ['the provider domain itself', 'localhost', 'localhost'],
    ['the provider domain with a port', 'localhost:4173', 'localhost'],
    ['a multi-label provider domain itself', 'shops.example.com', 'shops.example.com'],
    ['a single-label host', 'intranet', 'localhost'],
    ['an IPv4 address', '127.0.0.1', 'localhost'],
    ['an IPv4 address with a port', '192.168.1.10:4173', 'localhost'],
    ['a short IPv4 form', '127.1', 'localhost'],
    ['a bracketed IPv6 address', '[::1]:4173', 'localhost'],
    ['a bare IPv6 address', '::1', 'localhost'],
    ['an IPv4-mapped IPv6 address', '[::ffff:127.0.0.1]:4173', 'localhost'],
    ['an empty host', '', 'localhost'],
    ['a host with an empty label', 'acme..localhost', 'localhost'],
    ['a first label that is not a slug', 'ac_me.localhost', 'localhost'],
    ['a first label with a leading hyphen', '-acme.localhost', 'localhost'],
    ['a first label longer than 63 characters', `${'a'.repeat(64)}.localhost`, 'localhost'],
    ['a second-last label that is not a slug', 'shop.ac_me.com', 'localhost'],
  ])('should find no shop in %s', (_label, host, provider) => {
    expect(shopSlugFromHost(host, provider)).toBeNull();
  });

  it('should accept a slug of exactly 63 characters', () => {
    const slug = `a${'-'.repeat(61)}b`;
    expect(shopSlugFromHost(`${slug}.localhost`, 'localhost')).toBe(slug);
  });
});
