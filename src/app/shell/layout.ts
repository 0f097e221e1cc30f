import { useSyncExternalStore } from 'react';
import type { Page } from '../../contract/contract.ts';

/**
 * Helpers the shell's parts share: which layout the header uses, and which of the shop's pages go
 * where (spec §2 "Screens and routes": content pages).
 */

/** Below this width (48rem) the navigation, search and language switch move into the menu drawer. */
export const SHELL_NARROW_QUERY = '(max-width: 47.99rem)';

/**
 * `auto` renders both variants' parts and the stylesheet shows one by the same width as
 * {@link SHELL_NARROW_QUERY}; `wide` and `narrow` render only one variant's parts (tests).
 */
export type ShellLayout = 'auto' | 'wide' | 'narrow';

/** Content pages linked from the footer, in this order, when the shop has them. */
export const LEGAL_PAGE_SLUGS = ['privacy-policy', 'terms-of-use'] as const;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(SHELL_NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function narrowNow(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(SHELL_NARROW_QUERY).matches;
}

/** Whether the viewport is narrow enough for the drawer variant (unless forced), for behaviour such as closing the drawer: the layout itself is the stylesheet's. */
export function useNarrowLayout(layout: ShellLayout = 'auto'): boolean {
  const narrow = useSyncExternalStore(subscribe, narrowNow, () => false);
  return layout === 'auto' ? narrow : layout === 'narrow';
}

/**
 * The shop's extra content pages (`/{slug}`): `is_deletable` not 0, never the homepage or a popup
 * pseudo-page (they have no route of their own), never the legal pages (those live in the footer).
 */
export function navPages(pages: readonly Page[]): Page[] {
  return pages.filter(
    (page) => page.is_deletable !== 0 && page.type !== 'pseudo' && page.type !== 'homepage' && !(LEGAL_PAGE_SLUGS as readonly string[]).includes(page.slug),
  );
}

/** The shop's privacy policy and terms of use pages, in that order, where they exist. */
export function legalPages(pages: readonly Page[]): Page[] {
  return LEGAL_PAGE_SLUGS.flatMap((slug) => pages.filter((page) => page.slug === slug).slice(0, 1));
}
