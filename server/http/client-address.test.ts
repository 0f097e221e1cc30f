import { describe, expect, it } from 'vitest';
import { forwardedProto, normaliseAddress, parseProxyTrust, resolveClient } from './client-address.ts';

describe('parseProxyTrust', () => {
  it('should read nothing, 0 and whole numbers as hops', () => {
    expect(parseProxyTrust(undefined)).toBe(0);
    expect(parseProxyTrust('')).toBe(0);
    expect(parseProxyTrust('0')).toBe(0);
    expect(parseProxyTrust('1')).toBe(1);
    expect(parseProxyTrust(' 2 ')).toBe(2);
  });

  it('should read a comma list of addresses and CIDR ranges, and refuse anything else', () => {
    expect(parseProxyTrust('10.0.0.0/8, ::1 ,192.0.2.7')).toEqual(['10.0.0.0/8', '::1', '192.0.2.7']);
    const accepted = ['true', 'yes', '-1', '1.5', '10.0.0.0/33', 'fd00::/129', 'proxy.internal', '10.0.0.0/8, *'].filter((wrong) => {
      try {
        parseProxyTrust(wrong);
        return true;
      } catch (error) {
        return !/TRUST_PROXY/.test(String(error));
      }
    });
    expect(accepted).toEqual([]);
  });
});

describe('normaliseAddress', () => {
  it('should trim, drop ports and brackets, lower-case IPv6 and unmap IPv4-mapped IPv6', () => {
    expect(normaliseAddress('  203.0.113.7 ')).toBe('203.0.113.7');
    expect(normaliseAddress('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(normaliseAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normaliseAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(normaliseAddress('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('should refuse garbage', () => {
    const garbage = ['', 'unknown', 'evil.example', '1.2.3', '300.1.1.1', '<script>', '1.2.3.4 5.6.7.8', 'a'.repeat(100)];
    expect(garbage.filter((entry) => normaliseAddress(entry) !== undefined)).toEqual([]);
  });
});

describe('resolveClient', () => {
  it('should take the socket and ignore the header when no proxy is trusted', () => {
    expect(resolveClient('192.0.2.1', '198.51.100.9', 0)).toEqual({ ip: '192.0.2.1', proxies: 0 });
  });

  it('should take the entry the one trusted proxy appended, not the client-written ones to its left', () => {
    expect(resolveClient('10.0.0.2', '198.51.100.9', 1)).toEqual({ ip: '198.51.100.9', proxies: 1 });
    expect(resolveClient('10.0.0.2', '1.1.1.1, 2.2.2.2,198.51.100.9', 1)).toEqual({ ip: '198.51.100.9', proxies: 1 });
    expect(resolveClient('10.0.0.2', ' 1.1.1.1 ,  198.51.100.9  ', 1).ip).toBe('198.51.100.9');
  });

  it('should count hops from the right', () => {
    // Client-written, the real client (appended by the CDN), the CDN (appended by the balancer); the socket is the balancer.
    expect(resolveClient('10.0.0.2', '6.6.6.6, 198.51.100.9, 192.0.2.50', 2)).toEqual({ ip: '198.51.100.9', proxies: 2 });
  });

  it('should take the leftmost entry when there are fewer entries than hops, and the socket without a header', () => {
    expect(resolveClient('10.0.0.2', '198.51.100.9', 3)).toEqual({ ip: '198.51.100.9', proxies: 2 });
    expect(resolveClient('10.0.0.2', undefined, 1)).toEqual({ ip: '10.0.0.2', proxies: 1 });
    expect(resolveClient('10.0.0.2', ' , ', 1)).toEqual({ ip: '10.0.0.2', proxies: 1 });
  });

  it('should stop at the last trusted hop when the entry it would take is garbage', () => {
    expect(resolveClient('10.0.0.2', '198.51.100.9, not-an-ip', 1).ip).toBe('10.0.0.2');
    expect(resolveClient('10.0.0.2', 'garbage, 192.0.2.50', 2).ip).toBe('192.0.2.50');
  });

  it('should read IPv6 entries and sockets alike', () => {
    expect(resolveClient('::ffff:10.0.0.2', '[2001:DB8::7]:4431', 1)).toEqual({ ip: '2001:db8::7', proxies: 1 });
    expect(resolveClient('::1', '2001:db8::7, 2001:DB8::8', 1).ip).toBe('2001:db8::8');
  });

  it('should walk trusted proxy addresses and ranges from a list', () => {
    const trust = parseProxyTrust('10.0.0.0/8, 2001:db8:ffff::/48');
    // The socket is not a trusted proxy: the header is the client's own claim.
    expect(resolveClient('192.0.2.1', '198.51.100.9', trust)).toEqual({ ip: '192.0.2.1', proxies: 0 });
    // Balancer 10.0.0.2, then an inner proxy 10.1.1.1, then the client; the client-written entries further left are ignored.
    expect(resolveClient('10.0.0.2', '6.6.6.6, 198.51.100.9, 10.1.1.1', trust)).toEqual({ ip: '198.51.100.9', proxies: 2 });
    expect(resolveClient('2001:db8:ffff::2', '6.6.6.6, 2001:db8:1::9', trust).ip).toBe('2001:db8:1::9');
    // No untrusted entry at all (the proxies wrote only their own): the leftmost, as Express does.
    expect(resolveClient('10.0.0.2', '10.9.9.9', trust)).toEqual({ ip: '10.9.9.9', proxies: 2 });
  });
});

describe('forwardedProto', () => {
  it('should believe only the entry the outermost trusted proxy wrote', () => {
    expect(forwardedProto('https', 1)).toBe('https');
    expect(forwardedProto('https, http', 1)).toBe('http');
    expect(forwardedProto('http, HTTPS', 1)).toBe('https');
    expect(forwardedProto('http, https, http', 2)).toBe('https');
    // A proxy that overwrites the header leaves one entry: its own.
    expect(forwardedProto('https', 2)).toBe('https');
    expect(forwardedProto('https', 0)).toBeUndefined();
    expect(forwardedProto(undefined, 1)).toBeUndefined();
  });
});
