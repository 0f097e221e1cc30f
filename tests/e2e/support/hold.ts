import type { Page } from '@playwright/test';

/**
 * Holds back every request for `pattern` (a script of the page) until the returned `release` is
 * called; `asked` tells whether the page has asked for it yet. `release` also removes the hold.
 */
export async function holdScript(page: Page, pattern: string): Promise<{ asked: () => boolean; release: () => Promise<void> }> {
  let letGo: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let asked = false;
  const passed: Promise<void>[] = [];
  await page.route(pattern, async (route) => {
    asked = true;
    const continued = held.then(() => route.continue());
    passed.push(continued);
    await continued;
  });
  return {
    asked: () => asked,
    release: async () => {
      letGo?.();
      // The held requests go on first: a hold removed while they wait would drop them.
      await Promise.all(passed);
      await page.unroute(pattern);
    },
  };
}
