import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_COOKIE,
  AUTH_COOKIE_MAX_AGE_SECONDS,
  clearAuthToken,
  deleteCookie,
  getAuthToken,
  pageIsHttps,
  readCookie,
  setAuthToken,
  writeCookie,
} from './cookies.ts';

/** Expires every cookie of the page, so each test starts without any. */
function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(clearCookies);
afterEach(() => {
  vi.restoreAllMocks();
  clearCookies();
});

describe('cookies', () => {
  it('should write SameSite=Lax without Secure on the whole site by default on an http page', () => {
    // jsdom serves the tests from http://localhost: WebKit drops a Secure cookie there (issue 17).
    expect(location.protocol).toBe('http:');
    expect(pageIsHttps()).toBe(false);
    const setter = vi.spyOn(document, 'cookie', 'set');
    writeCookie('theme', 'dark');
    expect(setter).toHaveBeenCalledTimes(1);
    const written = setter.mock.calls[0]?.[0] ?? '';
    expect(written).toMatch(/^theme=dark; /);
    expect(written).toContain('; Path=/');
    expect(written).toContain('; SameSite=Lax');
    expect(written).not.toContain('Secure');
    expect(written).not.toContain('Max-Age');
  });

  it('should write SameSite=None; Secure when asked for Secure on an http page', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    writeCookie('theme', 'dark', { secure: true });
    const written = setter.mock.calls[0]?.[0] ?? '';
    expect(written).toContain('; SameSite=None');
    expect(written).toMatch(/; Secure$/);
  });

  it('should write Max-Age and Expires when a lifetime is given, and other attributes when asked', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    writeCookie('a', 'b', { maxAgeSeconds: 60, sameSite: 'Lax', secure: false, path: '/shop' });
    const written = setter.mock.calls[0]?.[0] ?? '';
    expect(written).toContain('; Path=/shop; SameSite=Lax; Max-Age=60; Expires=');
    expect(written).not.toContain('Secure');
  });

  it('should read back a written value, percent-encoding and all', () => {
    writeCookie('note', 'a b;c=d');
    expect(readCookie('note')).toBe('a b;c=d');
  });

  it('should URL-decode a cookie set by the provider and keep a malformed escape as written', () => {
    document.cookie = 'XSRF-TOKEN=eyJpdiI6%3D%3D';
    document.cookie = 'broken=%E0%A4%A';
    expect(readCookie('XSRF-TOKEN')).toBe('eyJpdiI6==');
    expect(readCookie('broken')).toBe('%E0%A4%A');
  });

  it('should answer null for a missing cookie and not confuse names that share a prefix', () => {
    document.cookie = 'Admin-Token-old=stale';
    expect(readCookie('Admin-Token')).toBeNull();
    document.cookie = 'Admin-Token=fresh';
    expect(readCookie('Admin-Token')).toBe('fresh');
  });

  it('should delete a cookie', () => {
    writeCookie('gone', 'soon');
    expect(readCookie('gone')).toBe('soon');
    deleteCookie('gone');
    expect(readCookie('gone')).toBeNull();
  });
});

describe('auth token cookie', () => {
  it('should keep the token in the Admin-Token cookie, SameSite=Lax without Secure on http, for the session lifetime', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    setAuthToken('token-123');
    const written = setter.mock.calls[0]?.[0] ?? '';
    expect(written).toMatch(/^Admin-Token=token-123; /);
    expect(written).toContain('; SameSite=Lax');
    expect(written).not.toContain('Secure');
    expect(written).toContain(`; Max-Age=${AUTH_COOKIE_MAX_AGE_SECONDS}`);
    expect(AUTH_COOKIE).toBe('Admin-Token');
    expect(AUTH_COOKIE_MAX_AGE_SECONDS).toBe(30 * 24 * 3600);
  });

  it('should read the token, and answer null for a guest or an empty cookie', () => {
    expect(getAuthToken()).toBeNull();
    setAuthToken('abc');
    expect(getAuthToken()).toBe('abc');
    document.cookie = 'Admin-Token=; Path=/';
    expect(getAuthToken()).toBeNull();
  });

  it('should clear the token', () => {
    setAuthToken('abc');
    clearAuthToken();
    expect(getAuthToken()).toBeNull();
    expect(document.cookie).not.toContain('Admin-Token');
  });
});
