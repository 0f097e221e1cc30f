import { signal } from '@preact/signals-react';
import type { RouteId } from '../domain/routes.ts';
import { pageSingleton } from '../page-singleton.ts';

/**
 * The name a screen gives itself once it knows it (a product's name), for the document title, which the
 * routed storefront alone writes (`Storefront`). Keyed by the route that named it: a screen that is no
 * longer shown takes its name back, so a page reached from it is never titled with it.
 */
export interface ScreenName {
  route: RouteId;
  title: string;
}

const state = pageSingleton('screenName', () => signal<ScreenName | null>(null));

/** The name the shown screen gave itself, if any. */
export function screenName(): ScreenName | null {
  return state.value;
}

/**
 * Names the screen of `route` `title`; returns the function that takes the name back (for an effect's
 * cleanup), which leaves a newer name alone.
 */
export function nameScreen(route: RouteId, title: string): () => void {
  const named: ScreenName = { route, title };
  state.value = named;
  return () => {
    if (state.peek() === named) state.value = null;
  };
}
