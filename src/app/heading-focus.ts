import { useEffect, useRef, type RefObject } from 'react';
import { getDeepActiveElement } from '../widgets/shared/deep-focus.ts';

/** How long the storefront waits for a lazily loaded screen's heading to focus it: 40 × 50 ms. */
const HEADING_FOCUS_TRIES = 40;
const HEADING_FOCUS_INTERVAL_MS = 50;

/**
 * After a navigation to another path (not the first render, and not a query change such as a search
 * typed on the same screen) focuses the new screen's heading (`data-screen-heading` under `host`), so
 * screen readers announce the new page. The next screen may still be loading (lazy code) while the
 * previous one shows: it waits for a heading that is not the previous screen's; a route that reuses
 * the same screen keeps its heading. If the person has put focus somewhere else meanwhile (the search
 * field, a menu) it stays there (WCAG 2.4.3). `showing`: a screen, not a redirect or a wait, is shown.
 */
export function useHeadingFocusAfterNavigation(host: RefObject<HTMLElement | null>, pathname: string, showing: boolean): void {
  const firstScreen = useRef(true);
  useEffect(() => {
    if (!showing) return;
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    const previous = host.current?.querySelector<HTMLElement>('[data-screen-heading]') ?? null;
    // Where focus was when the navigation happened, to tell whether the person moved it since.
    const before = getDeepActiveElement(document);
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focusHeading = () => {
      const now = getDeepActiveElement(document);
      if (now !== before && now instanceof HTMLElement && now !== document.body && now.isConnected) return;
      const heading = host.current?.querySelector<HTMLElement>('[data-screen-heading]') ?? null;
      const settled = tries >= HEADING_FOCUS_TRIES;
      // The new screen starts at its top, as a new page would: focus alone scrolls only as far as the
      // heading, which the screen's content filling in below can then push out of view again.
      if (heading && (heading !== previous || settled)) {
        heading.focus();
        heading.scrollIntoView({ block: 'start' });
      }
      else if (tries++ < HEADING_FOCUS_TRIES) timer = setTimeout(focusHeading, HEADING_FOCUS_INTERVAL_MS);
    };
    timer = setTimeout(focusHeading, 0);
    return () => clearTimeout(timer);
  }, [host, pathname, showing]);
}
