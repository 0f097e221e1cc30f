import type { ShopEventMap } from '../src/events.ts';

/**
 * Typings for host pages written in TypeScript: `document.querySelector('shop-cart-button')` is typed,
 * and `addEventListener('shop-cart-change', e => e.detail.count)` knows its detail. Element classes
 * add themselves to `HTMLElementTagNameMap` in their own files.
 */
export type { ShopEventMap, ShopEventName, ShopEventDetail } from '../src/events.ts';

/** Methods every shop element has for its events, with typed details. */
export interface ShopEventTarget {
  addEventListener<K extends keyof ShopEventMap>(type: K, listener: (this: HTMLElement, event: ShopEventMap[K]) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ShopEventMap>(type: K, listener: (this: HTMLElement, event: ShopEventMap[K]) => void, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  // Events bubble and are composed, so a host can listen on any ancestor, even `document`.
  interface DocumentEventMap extends ShopEventMap {}
  interface HTMLElementEventMap extends ShopEventMap {}
}
