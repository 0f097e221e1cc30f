import { describe, expect, it, vi } from 'vitest';
import { preloadScreen } from './screens.tsx';

/** Set when the homepage's module is evaluated, i.e. when its code was loaded. */
const loaded = vi.hoisted(() => ({ homepage: false }));
vi.mock('../screens/home/Homepage.tsx', () => {
  loaded.homepage = true;
  return { Homepage: () => null };
});

describe('preloadScreen', () => {
  it("should load a route's screen code before the screen renders", async () => {
    expect(loaded.homepage).toBe(false);
    preloadScreen('home');
    await vi.waitFor(() => expect(loaded.homepage).toBe(true));
  });

  it('should do nothing for a route without a lazily loaded screen', () => {
    expect(() => preloadScreen('not-a-route' as never)).not.toThrow();
  });
});
