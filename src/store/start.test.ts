import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROSS_SHOP } from '../contract/test-fixtures.ts';

/** Every store module, loaded only when a test asks (a fresh copy after `vi.resetModules`). */
const storeModules = import.meta.glob(['./*.ts', '!./*.test.ts', '!./designer-test-window.ts']);

/** The `storage` listeners added to `window` since the spy was set. */
function storageListeners(spy: { mock: { calls: unknown[][] } }): number {
  return spy.mock.calls.filter(([type]) => type === 'storage').length;
}

/** A page on which nothing has run yet: no page singletons, fresh module copies. */
async function freshModules() {
  vi.resetModules();
  (await import('../page-singleton.ts')).resetPageSingletons();
  localStorage.clear();
}

beforeEach(freshModules);

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await freshModules();
});

describe('starting the stores', () => {
  it('should start nothing when the store modules are imported: no storage listener, no request, no timer', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const loaders = Object.values(storeModules);
    expect(loaders.length).toBeGreaterThan(20);
    for (const load of loaders) await load();
    const { savedShop, shopStatus } = await import('./shop.ts');
    const { sessionStatus } = await import('./session.ts');
    // A known shop and guest: a started cart would bind and listen now.
    savedShop.value = GROSS_SHOP;
    shopStatus.value = 'ready';
    sessionStatus.value = 'guest';
    expect(storageListeners(listen)).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
    expect(timer).not.toHaveBeenCalled();
  });

  it('should follow the session once startCart runs, and a second start should add nothing', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const { startCart, cartLines } = await import('./cart.ts');
    const { savedShop, shopStatus } = await import('./shop.ts');
    const { sessionStatus } = await import('./session.ts');
    const { storageKey } = await import('./storage.ts');
    savedShop.value = GROSS_SHOP;
    shopStatus.value = 'ready';
    sessionStatus.value = 'guest';
    localStorage.setItem(storageKey(GROSS_SHOP.slug, null, 'cart'), JSON.stringify({ version: 1, lines: [] }));
    expect(storageListeners(listen)).toBe(0);

    startCart();
    expect(storageListeners(listen)).toBe(1);
    startCart();
    expect(storageListeners(listen)).toBe(1);
    expect(cartLines.value).toEqual([]);
  });

  it('should start the checkout once however often startCheckout runs: one cart-emptied watch', async () => {
    const { startCheckout } = await import('./checkout.ts');
    const { emptiedListeners } = await import('./cart-state.ts');
    expect(emptiedListeners.size).toBe(0);
    startCheckout();
    startCheckout();
    expect(emptiedListeners.size).toBe(1);
  });

  it('should share one start between two copies of the store on the page', async () => {
    const first = await import('./cart.ts');
    vi.resetModules();
    const second = await import('./cart.ts');
    expect(second).not.toBe(first);
    const { savedShop, shopStatus } = await import('./shop.ts');
    const { sessionStatus } = await import('./session.ts');
    savedShop.value = GROSS_SHOP;
    shopStatus.value = 'ready';
    sessionStatus.value = 'guest';
    const listen = vi.spyOn(window, 'addEventListener');
    first.startCart();
    second.startCart();
    expect(storageListeners(listen)).toBe(1);
  });
});
