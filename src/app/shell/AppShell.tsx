import { useSignals } from '@preact/signals-react/runtime';
import { useRef, type ReactNode } from 'react';
import { OverlayLayer } from '../../kit/element-context.tsx';
import { cartCount as cartPieces } from '../../store/cart.ts';
import { renderingAsServer } from '../../store/first-screen.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { AlertToast } from '../../widgets/alert-toast/AlertToast.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import type { ShellLayout } from './layout.ts';
import css from './shell.css?inline';

registerStyles('shell', css);

/** The id of the screen's `<main>`, the skip link's target. */
export const MAIN_ID = 'shop-main';

/** Props of {@link AppShell}. */
export interface AppShellProps {
  /** The current screen. */
  children?: ReactNode;
  /** Items in the cart for the header's badge; by default the cart store's count (see `HeaderProps`). */
  cartCount?: number;
  /** `auto` (default) follows the viewport; `narrow` or `wide` force the header's variant. */
  layout?: ShellLayout;
}

/**
 * The storefront's frame around every screen: the header (starting with "Skip to content", the first
 * focusable element), `<main id="shop-main" tabIndex={-1}>` holding the screen, the footer and the
 * page's alert toasts. Works down to 360 px wide without horizontal scrolling.
 * Parts: `header`, `body` (the main region), `footer`.
 */
export function AppShell({ children, cartCount, layout = 'auto' }: AppShellProps) {
  useSignals();
  const main = useRef<HTMLElement>(null);

  // In a shadow root `#shop-main` is not reachable by a link: focus the main region ourselves.
  const skip = () => {
    main.current?.focus();
    main.current?.scrollIntoView({ block: 'start' });
  };

  // The stored cart lives only in the browser: the server's page shows an empty cart's badge, which
  // keeps its place, and the count fills in once the browser has hydrated that page.
  const count = cartCount ?? (renderingAsServer.value ? 0 : cartPieces.value);

  return (
    // With the shop's live chat on, the page ends with room for its button (fixed at the bottom right),
    // so the last prices and links can be scrolled out from under it.
    <div className="shop-app" data-livechat={shop.value?.livechat_enabled ? '' : undefined}>
      <Header cartCount={count} layout={layout} onSkipToContent={skip} />
      <main ref={main} id={MAIN_ID} tabIndex={-1} className="shop-app__main" part="body">
        {/* A screen's lists and popovers open in this layer inside main, so they stay in its landmark. */}
        <OverlayLayer>{children}</OverlayLayer>
      </main>
      <Footer />
      <AlertToast />
    </div>
  );
}
