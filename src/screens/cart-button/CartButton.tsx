import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, useState } from 'react';
import { loadRequiredMessages, t } from '../../i18n/index.ts';
import { retryableLazy } from '../../kit/lazy-retry.ts';
import { cartBadgeCount } from '../../store/cart.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Badge } from '../../widgets/badge/Badge.tsx';
import { useShopAndSession } from '../../kit/use-shop-and-session.ts';
import css from './cart-button.css?inline';
import { useCartChangeEvent } from './use-cart-change-event.ts';

registerStyles('cart-button', css);

/**
 * The drawer with the lines loads apart (about 11 kB brotli: the drawer, its focus trap and scroll
 * lock, the line list, colour names), with the `base` texts it shows (the cart's, the product's, the
 * drawer's close button; the button itself waits only for `core`): on the first sign the button is
 * about to be used (pointer over it, focus, a press), so it is usually there by the click; a failed
 * load of either shows in the element's error box with Try again.
 */
const LazyCartDrawer = retryableLazy(
  () => Promise.all([import('./CartDrawer.tsx'), loadRequiredMessages(['base'])]).then(([module]) => module),
  (module) => module.CartDrawer,
);
const preloadDrawer = (): void => {
  LazyCartDrawer.preload().catch(() => undefined);
};

/** Props of {@link CartButton}: none besides the common element attributes. */
export type CartButtonProps = Record<string, never>;

/**
 * The cart button (spec §2): a button named "Cart (3)" with the number of pieces in a badge, opening
 * a drawer from the right that lists the lines (name, colour and size, quantity, line price) with the
 * total and links to the cart and to checkout. Links go through the router: inside a storefront they
 * navigate; elsewhere they lead to `storefront-url` or fire the cancelable `shop-navigate`.
 * Parts: `button` (the cart button), `badge` (its count), `drawer` (the drawer's content, `CartDrawer`).
 */
export function CartButton() {
  useSignals();
  useShopAndSession();
  useCartChangeEvent();
  const [open, setOpen] = useState(false);
  // Kept mounted after the first opening, so the drawer can animate closed and open again at once.
  const [opened, setOpened] = useState(false);
  // The badge shows the stored cart's count at once, before the shop and the session are known.
  const badgeCount = cartBadgeCount.value;

  return (
    <div className="shop-cart-button">
      <button
        type="button"
        className="shop-cart-button__toggle"
        part="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('app.cart_count', { count: badgeCount })}
        onPointerEnter={preloadDrawer}
        onPointerDown={preloadDrawer}
        onFocus={preloadDrawer}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          <circle cx="10" cy="20" r="1.5" fill="currentColor" />
          <circle cx="17" cy="20" r="1.5" fill="currentColor" />
        </svg>
        <span className="shop-cart-button__label" aria-hidden="true">
          {t('app.cart')}
        </span>
        <span className="shop-cart-button__badge" part="badge" aria-hidden="true">
          <Badge tone="accent">{badgeCount}</Badge>
        </span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <LazyCartDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
