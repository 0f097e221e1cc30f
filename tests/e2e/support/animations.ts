import type { Page } from '@playwright/test';

/** Resolves once every finite animation and transition running on the page has finished (endless ones, spinners, are left running). */
export function finiteAnimationsDone(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
