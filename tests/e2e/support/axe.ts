import { AxeBuilder } from '@axe-core/playwright';
import { finiteAnimationsDone } from './animations.ts';
import { AXE_TAGS } from '../../fixtures/axe-tags.ts';
import { expect, test, type Page } from '@playwright/test';

/**
 * Runs axe on the whole page (open shadow roots included) with the WCAG 2.2 AA rule set and axe's
 * best practices ({@link AXE_TAGS}) and expects no violation, listing any by context, rule, node count
 * and first node.
 *
 * Finite animations and transitions are let finish first: a menu fading in or a button's colour
 * transition caught half-way reads as a contrast failure that no user sees (CI, 2026-11-25, on a
 * loaded 2-core machine). Endless ones (spinners) are left running. One starting after that wait (a
 * server-rendered button enabled by hydration under the pointer, which takes its hover colour: CI,
 * 2026-11-29) would be caught half-way too: while axe looks, the page is asked for reduced motion,
 * under which the storefront's transitions take no time (theme/tokens.css), as for a user who asks.
 *
 * The OpenAPI proxy run (project `openapi`) repeats journeys for their API calls, and the usual run
 * has already held the same screens to axe: there axe is left out, which keeps a proxied journey
 * (Prism in every call) from spending its time budget on a check made elsewhere.
 */
export async function expectNoAxeViolations(page: Page, context = page.url()): Promise<void> {
  if (test.info().project.name === 'openapi') return;
  // A tour may have asked for reduced motion itself (a carousel held still): that stays after axe.
  const reducedBefore = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await finiteAnimationsDone(page);
    const { violations } = await new AxeBuilder({ page }).withTags([...AXE_TAGS]).analyze();
    expect(violations.map((v) => `${context}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  } finally {
    if (!reducedBefore) await page.emulateMedia({ reducedMotion: null });
  }
}
