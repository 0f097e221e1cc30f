import { AxeBuilder } from '@axe-core/playwright';
import { finiteAnimationsDone } from './animations.ts';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the whole page (open shadow roots included) and expects no violation, listing any by
 * context, rule, node count and first node.
 *
 * Finite animations and transitions are let finish first: a menu fading in or a button's colour
 * transition caught half-way reads as a contrast failure that no user sees (CI, 2026-11-25, on a
 * loaded 2-core machine). Endless ones (spinners) are left running. One starting after that wait (a
 * server-rendered button enabled by hydration under the pointer, which takes its hover colour: CI,
 * 2026-11-29) would be caught half-way too: while axe looks, the page is asked for reduced motion,
 * under which the storefront's transitions take no time (theme/tokens.css), as for a user who asks.
 */
export async function expectNoAxeViolations(page: Page, context = page.url()): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await finiteAnimationsDone(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${context}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}
