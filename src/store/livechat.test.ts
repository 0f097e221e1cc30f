import { afterEach, describe, expect, it } from 'vitest';
import { websiteFixture } from '../contract/test-fixtures.ts';
import { LIVECHAT_MARKER, hostPageNonce, injectLiveChat, liveChatScriptUrl } from './livechat.ts';

const API = 'https://api.example/';
const chatShop = websiteFixture({ livechat_enabled: true, livechat_script: '/storage/livechat/chat.js' });

afterEach(() => {
  document.head.querySelectorAll(`script[${LIVECHAT_MARKER}], script[nonce], meta[property="csp-nonce"]`).forEach((node) => node.remove());
});

describe('liveChatScriptUrl', () => {
  it('should resolve a provider path against the API base and keep absolute http(s) URLs', () => {
    expect(liveChatScriptUrl('/storage/livechat/chat.js', API)).toBe('https://api.example/storage/livechat/chat.js');
    expect(liveChatScriptUrl('https://chat.example/widget.js', API)).toBe('https://chat.example/widget.js');
  });

  it('should refuse scripts that are not a URL of a file', () => {
    for (const value of ['javascript:alert(1)', 'data:text/javascript,alert(1)', '//evil.example/x.js', '<script>alert(1)</script>', 'alert(1)', '', null]) {
      expect(liveChatScriptUrl(value, API)).toBeNull();
    }
  });
});

describe('injectLiveChat', () => {
  it('should add the script once, however many times it is asked', () => {
    expect(injectLiveChat(chatShop, API)).toBe(true);
    expect(injectLiveChat(chatShop, API)).toBe(false);
    const scripts = document.querySelectorAll<HTMLScriptElement>(`script[${LIVECHAT_MARKER}]`);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://api.example/storage/livechat/chat.js');
  });

  it('should add nothing when live chat is off or the script is unsafe', () => {
    expect(injectLiveChat({ ...chatShop, livechat_enabled: false }, API)).toBe(false);
    expect(injectLiveChat({ ...chatShop, livechat_script: 'javascript:alert(1)' }, API)).toBe(false);
    expect(document.querySelector(`script[${LIVECHAT_MARKER}]`)).toBeNull();
  });

  it("should pass on the host page's CSP nonce", () => {
    const own = document.createElement('script');
    own.setAttribute('nonce', 'n0nce-123');
    document.head.append(own);
    expect(hostPageNonce(document)).toBe('n0nce-123');
    injectLiveChat(chatShop, API);
    expect(document.querySelector<HTMLScriptElement>(`script[${LIVECHAT_MARKER}]`)?.nonce).toBe('n0nce-123');
  });

  it('should read the nonce from a csp-nonce meta tag when no script carries one', () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'meta-nonce');
    document.head.append(meta);
    expect(hostPageNonce(document)).toBe('meta-nonce');
  });

  it('should carry no nonce on a page without CSP', () => {
    expect(hostPageNonce(document)).toBeUndefined();
  });
});
