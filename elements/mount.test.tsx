import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElementClass, defineOnce } from './define.ts';
import type { PrepareHydration } from './mount.ts';
import { registerStyles } from '../src/theme/styles.ts';

/** A screen as the server renders it: a heading and a link. */
function Screen({ label = 'none' }: { label?: string }) {
  return (
    <section>
      <h1 data-testid="heading">{label}</h1>
      <a href="/products">Products</a>
    </section>
  );
}

/** What the reference server writes into the element: its inline styles, then the themed root. */
function serverMarkup(label: string): string {
  return `<style>h1{color:red}</style><div class="shop-root" part="base" lang="en"><section><h1 data-testid="heading">${label}</h1><a href="/products">Products</a></section><div class="shop-overlays"></div></div>`;
}

let nextTag = 0;

/**
 * Defines a fresh element that hydrates after `prepare`, and upgrades an element that already holds
 * `markup` in its shadow root, as a parsed declarative shadow root does (jsdom parses none).
 */
async function upgradeOver(markup: string | null, prepare: PrepareHydration | undefined, label = 'Hello'): Promise<{ element: HTMLElement; serverHeading: Element | null }> {
  const tag = `shop-test-hydrate-${(nextTag += 1)}` as const;
  const element = document.createElement(tag);
  element.setAttribute('label', label);
  let serverHeading: Element | null = null;
  if (markup !== null) {
    const shadow = element.attachShadow({ mode: 'open' });
    shadow.innerHTML = markup;
    serverHeading = shadow.querySelector('h1');
  }
  document.body.append(element);
  await act(async () => {
    defineOnce(tag, createElementClass<{ label?: string }>(Screen, { label: 'string' }, { messages: [], prepareHydration: prepare }));
    await Promise.resolve();
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { element, serverHeading };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('elementRenderer', () => {
  it("should hydrate the server's shadow root in place once prepared, and run what waits for hydration", async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const hydrated = vi.fn();
    let prepared = false;
    const { element, serverHeading } = await upgradeOver(serverMarkup('Hello'), async () => {
      prepared = true;
      return hydrated;
    });
    expect(prepared).toBe(true);
    const heading = element.shadowRoot?.querySelector('h1');
    // The server's node, now React's; its inline styles gone (the element's own sheet holds them).
    expect(heading).toBe(serverHeading);
    expect(Object.keys(heading ?? {}).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    expect(element.shadowRoot?.querySelector('style:not([data-shop-style])')).toBeNull();
    expect(hydrated).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();

    // Live afterwards: an attribute change renders into the same nodes, and hydration's work is not run again.
    await act(async () => element.setAttribute('label', 'Again'));
    expect(element.shadowRoot?.querySelector('h1')).toBe(serverHeading);
    expect(serverHeading?.textContent).toBe('Again');
    expect(hydrated).toHaveBeenCalledTimes(1);
  });

  it("should keep the server's styles alone until hydration, then give the root the page's styles in their place", async () => {
    registerStyles('mount-test', '.shop-text-field { padding: 0; }');
    const prepared: { resolve?: (done: () => void) => void } = {};
    const { element } = await upgradeOver(serverMarkup('Hello'), () => new Promise((resolve) => (prepared.resolve = resolve)));
    const root = element.shadowRoot as ShadowRoot;
    // Beside the server's styles, the page's (still filling as code loads) would come later in the
    // cascade and undo rules of parts not loaded yet.
    expect(root.querySelector('style:not([data-shop-style])')?.textContent).toBe('h1{color:red}');
    expect(root.querySelector('style[data-shop-style]')).toBeNull();
    await act(async () => {
      prepared.resolve?.(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(root.querySelector('style:not([data-shop-style])')).toBeNull();
    expect(root.querySelector('style[data-shop-style="mount-test"]')?.textContent).toBe('.shop-text-field { padding: 0; }');
  });

  it("should keep the server's markup until prepared, and render afresh when the page cannot start from it", async () => {
    const { element, serverHeading } = await upgradeOver(serverMarkup('Hello'), async () => null, 'Fresh');
    const heading = element.shadowRoot?.querySelector('h1');
    expect(heading).not.toBe(serverHeading);
    expect(heading?.textContent).toBe('Fresh');
    expect(element.shadowRoot?.querySelectorAll('.shop-root')).toHaveLength(1);
  });

  it('should render afresh, with a warning, when preparing fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { element } = await upgradeOver(serverMarkup('Hello'), () => Promise.reject(new Error('offline')), 'Fresh');
    expect(element.shadowRoot?.querySelector('h1')?.textContent).toBe('Fresh');
    expect(element.shadowRoot?.querySelectorAll('.shop-root')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not start from the server-rendered page'), expect.any(Error));
  });

  it('should warn when the markup differs from what the browser renders, and show what the browser rendered', async () => {
    // How many screens the shadow root holds once each warning's task has run its course (microtask).
    const screensAfterWarning: number[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {
      const root = document.querySelector('[label="Browser text"]')?.shadowRoot;
      queueMicrotask(() => screensAfterWarning.push(root?.querySelectorAll('.shop-root').length ?? -1));
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { element } = await upgradeOver(serverMarkup('Server text'), async () => () => undefined, 'Browser text');
    // React renders the tree again in the browser, after the failed hydration, on a later task.
    await vi.waitFor(async () => {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
      expect(element.shadowRoot?.querySelector('h1')?.textContent).toBe('Browser text');
    });
    // Only the browser's tree: React does not empty a shadow root before it renders into it again.
    expect(element.shadowRoot?.querySelectorAll('.shop-root')).toHaveLength(1);
    expect(element.shadowRoot?.textContent).not.toContain('Server text');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('rendered again in the browser'), expect.anything());
    // Never two screens, not even for a task: the server's goes as React's new one comes.
    expect(screensAfterWarning.length).toBeGreaterThan(0);
    expect(screensAfterWarning.every((count) => count === 1)).toBe(true);
  });

  it('should render an element without server markup, or one that does not hydrate, as before', async () => {
    const prepare = vi.fn(async () => () => undefined);
    const { element } = await upgradeOver(null, prepare, 'Plain');
    expect(prepare).not.toHaveBeenCalled();
    expect(element.shadowRoot?.querySelector('h1')?.textContent).toBe('Plain');
  });
});
