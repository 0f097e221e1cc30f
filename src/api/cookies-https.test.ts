// @vitest-environment-options {"url":"https://acme.shop.example/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, getAuthToken, pageIsHttps, setAuthToken, writeCookie } from './cookies.ts';

/** The same cookie helpers on a page served over https (production): the spec's `SameSite=None; Secure`. */
afterEach(() => {
  vi.restoreAllMocks();
  clearAuthToken();
});

describe('cookies on an https page', () => {
  it('should write SameSite=None; Secure by default', () => {
    expect(location.protocol).toBe('https:');
    expect(pageIsHttps()).toBe(true);
    const setter = vi.spyOn(document, 'cookie', 'set');
    writeCookie('theme', 'dark');
    const written = setter.mock.calls[0]?.[0] ?? '';
    expect(written).toContain('; Path=/; SameSite=None');
    expect(written).toMatch(/; Secure$/);
  });

  it('should keep the session token with SameSite=None; Secure, read it back and clear it', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    setAuthToken('token-456');
    const written = setter.mock.calls[0]?.[0] ?? '';
    expect(written).toMatch(/^Admin-Token=token-456; Path=\/; SameSite=None; Max-Age=\d+; Expires=.*; Secure$/);
    setter.mockRestore();
    expect(getAuthToken()).toBe('token-456');
    clearAuthToken();
    expect(getAuthToken()).toBeNull();
  });
});
