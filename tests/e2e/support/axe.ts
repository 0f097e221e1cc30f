import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the whole page (open shadow roots included) and expects no violation, listing any by
 * context, rule, node count and first node.
 *
 * Finite animations and transitions are let finish first: a menu fading in or a button's colour
 * transition caught half-way reads as a contrast failure that no user sees (CI, 2026-11-25, on a
 * loaded 2-core machine). Endless ones (spinners) are left running.
 */
export async function expectNoAxeViolations(page: Page, context = page.url()): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${context}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}
