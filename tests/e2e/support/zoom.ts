import { expect, type Page } from '@playwright/test';
import { settle } from './animations.ts';
import { evaluateOverRoots } from './roots.ts';
import { readClippedText, readOverflow, readSmallTargets, setTextSpacing } from './zoom-probe.ts';

/**
 * What a buyer who zooms in, or sets their own text spacing, needs of a screen (checked in the page by
 * `zoom-probe.ts`, open shadow roots included):
 * - reflow (WCAG 1.4.10): the page does not scroll sideways (`scrollWidth` within the viewport) and no
 *   element is drawn past the viewport's right edge, except inside a data table's own scroll region;
 * - target size (2.5.8): every target is 24 × 24 px or meets the spacing or inline exception;
 * - text spacing (1.4.12): with the bookmarklet's spacing on, no text is cut off by a box that clips
 *   it or spills out of a control.
 */
export async function zoomProblems(page: Page): Promise<string[]> {
  await settle(page);
  // Sideways scrolling is measured from the left edge.
  await page.evaluate(() => scrollTo(0, scrollY));
  const overflow = await evaluateOverRoots(page, readOverflow);
  const problems: string[] = [];
  if (overflow.scrollWidth > overflow.viewport) problems.push(`reflow: the page is ${overflow.scrollWidth} px wide in a ${overflow.viewport} px viewport`);
  problems.push(...overflow.offenders.map((line) => `reflow: ${line}`));
  problems.push(...(await evaluateOverRoots(page, readSmallTargets)).map((line) => `target size: ${line}`));
  await evaluateOverRoots(page, setTextSpacing, true);
  try {
    await settle(page);
    problems.push(...(await evaluateOverRoots(page, readClippedText)).map((line) => `text spacing: ${line}`));
  } finally {
    await evaluateOverRoots(page, setTextSpacing, false);
  }
  return problems;
}

/**
 * Expects the page as it is now to reflow in its viewport, keep its targets large enough and keep its
 * text whole with the text spacing on; `screen` names it in the messages. Soft: one run lists the
 * problems of every screen.
 */
export async function expectZoomSafe(page: Page, screen: string): Promise<void> {
  const width = page.viewportSize()?.width;
  expect.soft(await zoomProblems(page), `${screen} at ${width} px`).toEqual([]);
}
