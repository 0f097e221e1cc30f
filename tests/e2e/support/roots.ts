import type { Page } from '@playwright/test';
import { ROOTS_SOURCE } from '../../fixtures/settle.ts';

/** The document and every open shadow root in it, as an in-page probe is handed them. */
export type Roots = (Document | ShadowRoot)[];

/**
 * Runs `probe` in the page with the document and every open shadow root in it ({@link ROOTS_SOURCE},
 * the walk the settle wait uses), then `args` (JSON values). A probe goes to the page as its source
 * text and can use nothing from outside itself: the roots it needs come in as its first argument
 * rather than each probe walking them again.
 */
export function evaluateOverRoots<A extends unknown[], T>(page: Page, probe: (roots: Roots, ...args: A) => T, ...args: A): Promise<Awaited<T>> {
  return page.evaluate(`(${probe.toString()})((${ROOTS_SOURCE})(), ...${JSON.stringify(args)})`) as Promise<Awaited<T>>;
}
