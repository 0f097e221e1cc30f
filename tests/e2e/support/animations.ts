import type { Page } from '@playwright/test';
import { FINITE_ANIMATIONS_DONE_SOURCE, SETTLE_SOURCE } from '../../fixtures/settle.ts';

/** Resolves once every finite animation and transition running on the page has finished (endless ones, spinners, are left running). */
export function finiteAnimationsDone(page: Page): Promise<unknown> {
  return page.evaluate(`(${FINITE_ANIMATIONS_DONE_SOURCE})()`);
}

/** How long {@link settle} waits for controls held for scripts: the time a test is given by default. */
const HYDRATION_WAIT_MS = 60_000;

/**
 * Waits until the page is live and still ({@link SETTLE_SOURCE}: no control held for its scripts, then
 * finite animations, a dialog fading in, finished), so a screenshot or a measurement shows what stays.
 */
export async function settle(page: Page): Promise<void> {
  const live = await page.evaluate<boolean>(`(${SETTLE_SOURCE})(${HYDRATION_WAIT_MS})`);
  if (!live) throw new Error(`controls were still held for scripts (data-pending) after ${HYDRATION_WAIT_MS} ms`);
}
