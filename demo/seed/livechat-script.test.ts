// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LIVECHAT_SCRIPT } from './shops.ts';

/** Runs the demo live-chat script as the browser would (a classic script on the page). */
function runChat(): ShadowRoot {
  new Function(LIVECHAT_SCRIPT)();
  const root = document.getElementById('initech-livechat')?.shadowRoot;
  if (!root) throw new Error('the chat did not mount');
  return root;
}

const texts = (root: ShadowRoot) => ({
  open: root.querySelector('.open')?.textContent,
  title: root.querySelector('.panel')?.getAttribute('aria-label'),
  close: root.querySelector('.close')?.getAttribute('aria-label'),
  body: root.querySelector('.body')?.textContent,
});

afterEach(() => {
  document.getElementById('initech-livechat')?.remove();
  // The script marks the page so a second copy does nothing; a test page starts unmarked.
  Reflect.deleteProperty(window, '__initechChat');
  document.documentElement.lang = 'en';
});

describe('the demo live chat (initech)', () => {
  it("should speak the page's language and follow the storefront's language switch", async () => {
    document.documentElement.lang = 'pl';
    const root = runChat();
    expect(texts(root)).toEqual({
      open: 'Czat',
      title: 'Czat z zespołem Initech',
      close: 'Zamknij czat',
      body: 'Dzień dobry! Napisz do nas, a nasz zespół odpowie w ciągu jednego dnia roboczego.',
    });
    expect((root.host as HTMLElement).lang).toBe('pl');
    document.documentElement.lang = 'en';
    // MutationObserver callbacks run as a microtask.
    await Promise.resolve();
    expect(texts(root)).toEqual({
      open: 'Chat',
      title: 'Chat with the Initech team',
      close: 'Close chat',
      body: 'Hello! Leave us a message and our team will reply within one business day.',
    });
    expect((root.host as HTMLElement).lang).toBe('en');
  });
});
