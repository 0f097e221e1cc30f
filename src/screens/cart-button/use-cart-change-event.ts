import { useEffect } from 'react';
import { cartChanges, cartCount } from '../../store/cart.ts';
import { useEmit } from '../../kit/element-context.tsx';

/**
 * Fires `shop-cart-change` (`{count}`) from the element's host after every change of the cart (not
 * for the cart it starts with): this page, another element, another tab, a login or logout. Each cart
 * element on a page fires from its own host; a screen inside the storefront passes `enabled` false (the
 * storefront fires for the whole shop).
 */
export function useCartChangeEvent(enabled = true): void {
  const emit = useEmit();
  useEffect(() => {
    if (!enabled) return undefined;
    let first = true;
    // `subscribe` runs at once (skipped), then after each change of the cart (`cartChanges`), untracked.
    return cartChanges.subscribe(() => {
      if (first) {
        first = false;
        return;
      }
      emit('shop-cart-change', { count: cartCount.peek() });
    });
  }, [emit, enabled]);
}
