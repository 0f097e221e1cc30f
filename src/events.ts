/**
 * Events the elements dispatch on themselves: `CustomEvent`s that bubble and cross shadow roots
 * (`composed`), named with a `shop-` prefix so they never clash with native events (DESIGN.md §3).
 */
export interface ShopEventMap {
  /** The cart changed (any element, any cause). */
  'shop-cart-change': CustomEvent<{ count: number }>;
  /** A user logged in. */
  'shop-login': CustomEvent<{ userId: number }>;
  /** The user logged out or the session ended. */
  'shop-logout': CustomEvent<Record<string, never>>;
  /** An order was placed. */
  'shop-order-placed': CustomEvent<{ name: string }>;
  /**
   * An element outside `<shop-storefront>` wants to navigate; cancel it (`preventDefault()`) to handle
   * navigation yourself, otherwise the element follows `href`.
   */
  'shop-navigate': CustomEvent<{ path: string; href: string }>;
  /** The interface language changed. */
  'shop-locale-change': CustomEvent<{ locale: 'en' | 'pl' }>;
  /**
   * Part of an element failed (its code could not be loaded, or it could not be shown) and shows
   * "Something went wrong!" with Try again in its own box; for a host's monitoring. `element` is the
   * tag, `screen` the route shown (e.g. `products`) or null, `kind` says whether code failed to load.
   */
  'shop-error': CustomEvent<{ element: string; screen: string | null; message: string; kind: 'load' | 'render' }>;
}

export type ShopEventName = keyof ShopEventMap;
export type ShopEventDetail<K extends ShopEventName> = ShopEventMap[K] extends CustomEvent<infer D> ? D : never;

/** Which events hosts may cancel. */
export const CANCELABLE_EVENTS: ReadonlySet<ShopEventName> = new Set(['shop-navigate']);

/**
 * Dispatches a shop event from `target` (an element's host). Returns false when a listener cancelled
 * a cancelable event (the caller then leaves the action to the host page).
 */
export function dispatchShopEvent<K extends ShopEventName>(target: EventTarget, name: K, detail: ShopEventDetail<K>): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: CANCELABLE_EVENTS.has(name) }));
}
