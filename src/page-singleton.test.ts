import { computed, effect, signal } from '@preact/signals-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as pageSingletonModule from './page-singleton.ts';

const { registryKey } = pageSingletonModule;
type PageSingletonModule = typeof pageSingletonModule;

/**
 * A second copy of the module, as a second build of the package on the same page would bring, built
 * as version `packageVersion`: a fresh module instance sharing only `globalThis` with the first.
 */
async function copyOfVersion(packageVersion: string): Promise<PageSingletonModule> {
  vi.resetModules();
  vi.doMock('./package-version.ts', () => ({ PACKAGE_VERSION: packageVersion }));
  try {
    return await import('./page-singleton.ts');
  } finally {
    vi.doUnmock('./package-version.ts');
  }
}

afterEach(async () => {
  for (const packageVersion of ['1.0.0', '2.0.0']) (await copyOfVersion(packageVersion)).resetPageSingletons();
  vi.resetModules();
});

describe('pageSingleton across copies of the package on one page', () => {
  it('should give copies of one major version the same instance', async () => {
    const first = await copyOfVersion('1.0.0');
    const second = await copyOfVersion('1.4.2');
    expect(first).not.toBe(second);
    const cart = first.pageSingleton('test.cart', () => ({ lines: [] as string[] }));
    expect(second.pageSingleton('test.cart', () => ({ lines: ['other'] }))).toBe(cart);
  });

  it('should keep another major version apart: its values may have another shape', async () => {
    const one = await copyOfVersion('1.0.0');
    const two = await copyOfVersion('2.0.0');
    const v1 = one.pageSingleton('test.cart', () => ({ lines: [] as string[] }));
    const v2 = two.pageSingleton('test.cart', () => ({ items: new Map<string, number>() }));
    expect(v2).not.toBe(v1);
    expect(v2).toHaveProperty('items');
    // Each major goes on finding its own.
    expect(one.pageSingleton('test.cart', () => ({ lines: ['new'] }))).toBe(v1);
    expect(two.pageSingleton('test.cart', () => ({ items: new Map() }))).toBe(v2);
  });

  it('should key the registry by the major version only', () => {
    expect(registryKey('1.0.0')).toBe('storefront-elements.store@1');
    expect(registryKey('1.9.3-beta.1')).toBe('storefront-elements.store@1');
    expect(registryKey('12.0.0')).toBe('storefront-elements.store@12');
  });
});

describe('resetPageSingletons: a fresh page in place', () => {
  it('should give signals, collections and plain data their first values while their holders keep the same objects', () => {
    const { pageSingleton, resetPageSingletons } = pageSingletonModule;
    const count = pageSingleton('fresh.count', () => signal(1));
    const doubled = pageSingleton('fresh.doubled', () => computed(() => count.value * 2));
    const seen = pageSingleton('fresh.seen', () => new Set(['first']));
    const byId = pageSingleton('fresh.byId', () => new Map([[1, 'one']]));
    const stack = pageSingleton('fresh.stack', () => ['bottom']);
    const state = pageSingleton('fresh.state', () => ({ typed: false, pending: null as string | null }));
    count.value = 5;
    seen.add('second');
    byId.set(2, 'two');
    stack.push('top');
    state.typed = true;
    state.pending = 'query';
    expect(doubled.value).toBe(10);

    resetPageSingletons();
    expect(count.value).toBe(1);
    expect(doubled.value).toBe(2);
    expect([...seen]).toEqual(['first']);
    expect([...byId]).toEqual([[1, 'one']]);
    expect(stack).toEqual(['bottom']);
    expect(state).toEqual({ typed: false, pending: null });
    // Modules hold these objects: they stay the page's.
    expect(pageSingleton('fresh.count', () => signal(99))).toBe(count);
    expect(pageSingleton('fresh.state', () => ({ typed: true, pending: 'x' }))).toBe(state);
  });

  it('should stop what runs (an effect) and start it again only when asked for again', () => {
    const { pageSingleton, resetPageSingletons } = pageSingletonModule;
    const source = pageSingleton('fresh.source', () => signal(0));
    const runs: number[] = [];
    const start = () => pageSingleton('fresh.follow', () => effect(() => void runs.push(source.value)));
    start();
    source.value = 1;
    resetPageSingletons();
    source.value = 2;
    expect(runs).toEqual([0, 1]);
    start();
    expect(runs).toEqual([0, 1, 2]);
  });

  it("should follow a singleton's own rule: keep it, forget it, or bring it back its own way", () => {
    const { pageSingleton, resetPageSingletons } = pageSingletonModule;
    const sheet = pageSingleton('fresh.sheet', () => ({ css: new Map([['a', 'b']]) }), 'keep');
    sheet.css.set('c', 'd');
    let made = 0;
    const arrival = () => pageSingleton('fresh.arrival', () => ({ made: (made += 1) }), 'forget');
    expect(arrival().made).toBe(1);
    const cancelled: string[] = [];
    pageSingleton('fresh.request', () => ({ cancel: () => cancelled.push('load') }), (request) => request.cancel());

    resetPageSingletons();
    expect([...sheet.css.keys()]).toEqual(['a', 'c']);
    expect(arrival().made).toBe(2);
    expect(cancelled).toEqual(['load']);
  });

  it('should refuse, naming it, a singleton that is not data and has no rule', () => {
    const { pageSingleton, resetPageSingletons } = pageSingletonModule;
    pageSingleton('fresh.client', () => ({ configure: () => undefined }));
    expect(() => resetPageSingletons()).toThrow('"fresh.client"');
  });
});
