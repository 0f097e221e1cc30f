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
  vi.doMock('../package.json', () => ({ version: packageVersion, default: { version: packageVersion } }));
  try {
    return await import('./page-singleton.ts');
  } finally {
    vi.doUnmock('../package.json');
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
