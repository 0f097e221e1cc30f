import { useEffect } from 'react';
import { pageSingleton } from '../../page-singleton.ts';

/**
 * The page's one scroll lock, shared by every drawer and modal of every element and bundle: the first
 * lock saves the inline `overflow` (and `scrollbar-gutter`) of `<html>` and sets `overflow: hidden`,
 * nested locks only count, and the last release puts the saved values back exactly.
 */
interface ScrollLockState {
  count: number;
  overflow: string;
  gutter: string;
  hadStyleAttribute: boolean;
}

const state = pageSingleton<ScrollLockState>('widgets.scroll-lock', () => ({ count: 0, overflow: '', gutter: '', hadStyleAttribute: false }));

/**
 * Stops the page from scrolling behind an open overlay (spec §9: the drawer's default). Returns the
 * release function; calling it twice releases once. The scrollbar's space is kept (`scrollbar-gutter`)
 * when the page showed one, so the content does not jump sideways.
 */
export function lockScroll(doc: Document = document): () => void {
  const html = doc.documentElement;
  if (state.count === 0) {
    state.hadStyleAttribute = html.hasAttribute('style');
    state.overflow = html.style.getPropertyValue('overflow');
    state.gutter = html.style.getPropertyValue('scrollbar-gutter');
    const view = doc.defaultView;
    const showsScrollbar = !!view && html.clientWidth > 0 && view.innerWidth > html.clientWidth;
    html.style.setProperty('overflow', 'hidden');
    if (showsScrollbar && !state.gutter) html.style.setProperty('scrollbar-gutter', 'stable');
  }
  state.count += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    state.count = Math.max(0, state.count - 1);
    if (state.count > 0) return;
    restore(html, 'overflow', state.overflow);
    restore(html, 'scrollbar-gutter', state.gutter);
    if (!state.hadStyleAttribute && html.getAttribute('style') === '') html.removeAttribute('style');
  };
}

function restore(element: HTMLElement, property: string, value: string): void {
  if (value) element.style.setProperty(property, value);
  else element.style.removeProperty(property);
}

/** How many locks are held now (tests and debugging). */
export function scrollLockCount(): number {
  return state.count;
}

/** Holds a scroll lock while `active` is true and releases it on change or unmount. */
export function useScrollLock(active: boolean): void {
  useEffect(() => (active ? lockScroll() : undefined), [active]);
}
