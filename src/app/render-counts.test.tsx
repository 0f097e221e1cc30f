import { act, render } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { product } from '../screens/catalogue/test-fixtures.ts';
import { addToCart, cartLines, lineKey, setCartQuantity, startCart } from '../store/cart.ts';
import { setLocale } from '../store/locale.ts';
import { sessionStatus } from '../store/session.ts';
import { savedShop, shopStatus } from '../store/shop.ts';
import { CartButton } from '../screens/cart-button/CartButton.tsx';
import { ElementShell } from './ElementShell.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { currentPath, routerActive } from '../kit/router.tsx';
import { Footer } from './shell/Footer.tsx';
import { websiteFixture } from '../contract/test-fixtures.ts';
import { resetPageSingletons } from '../page-singleton.ts';

/**
 * Render counts (issue 9): a cart change re-renders only what shows the cart. Each part of the page is
 * measured by its own React Profiler; the commits after a change are counted per part.
 */
const commits = new Map<string, number>();
const onRender: ProfilerOnRenderCallback = (id) => commits.set(id, (commits.get(id) ?? 0) + 1);

function Measured({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Profiler id={id} onRender={onRender}>
      {children}
    </Profiler>
  );
}

beforeEach(() => {
  localStorage.clear();
  resetPageSingletons();
  startCart();
  setLocale('en');
  savedShop.value = websiteFixture();
  shopStatus.value = 'ready';
  sessionStatus.value = 'guest';
  routerActive.value = false;
  currentPath.value = '/';
});

afterEach(() => {
  resetPageSingletons();
  startCart();
  document.body.innerHTML = '';
});

describe('render counts', () => {
  it('should re-render the cart button on a cart change, and not the footer, the language switch or the shell', () => {
    const host = document.createElement('div');
    document.body.append(host);
    render(
      <Measured id="shell">
        <ElementShell host={host} root={document}>
          <Measured id="cart-button">
            <CartButton />
          </Measured>
          <Measured id="footer">
            <Footer />
          </Measured>
          <Measured id="language-switch">
            <LanguageSwitch />
          </Measured>
        </ElementShell>
      </Measured>,
    );
    const mug = product({ id: 7, name: 'Mug' });
    const variant = mug.variants[0]!;
    commits.clear();

    act(() => addToCart(mug, variant, 2));
    act(() => setCartQuantity(lineKey(cartLines.value[0]!), 5));

    // Two changes: the button re-rendered for each (a Profiler reports the commits of its subtree).
    expect(commits.get('cart-button')).toBe(2);
    expect(commits.get('footer')).toBeUndefined();
    expect(commits.get('language-switch')).toBeUndefined();
    // The whole element committed exactly those two updates: nothing else was scheduled.
    expect(commits.get('shell')).toBe(2);
  });
});
