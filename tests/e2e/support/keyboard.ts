import { expect, type Page } from '@playwright/test';
import { FOCUS_PROBE_SOURCE, describeFocus, type FocusProbe } from '../../fixtures/focus-probe.ts';

/**
 * Keyboard-only helpers for Playwright: where focus really is (through shadow roots) and whether a
 * person can see it there, and Tab or arrow presses until focus reaches a control, every stop on the
 * way checked. The probe itself is shared with the engines' journey (`tests/fixtures/focus-probe.ts`).
 */

/** A control as a keyboard user knows it: its role and its name. */
export interface FocusTarget {
  role: string;
  name: RegExp;
}

/** The deeply focused element (open shadow roots followed down): tag, role, name, hidden, indicator, obscured. */
export const deepActiveElement = (page: Page): Promise<FocusProbe> => page.evaluate<FocusProbe>(`(${FOCUS_PROBE_SOURCE})()`);

const matches = (probe: FocusProbe, target: FocusTarget) => probe.role === target.role && target.name.test(probe.name);

const describeTarget = (target: FocusTarget) => `${target.role} ${target.name}`;

/**
 * Checks one focus stop as WCAG 2.4.7, 2.4.11 and 2.4.13 ask: not hidden (no box, `visibility:
 * hidden`, inside `aria-hidden` or `inert`), nothing drawn over its centre (a toast, a header) and,
 * for a control (`ring`), an indicator of at least 2 px. A heading or `<main>` the storefront focused
 * itself (after a navigation, the skip link) is not a control and draws no ring.
 */
export function expectVisibleFocus(probe: FocusProbe, ring = true): void {
  const who = describeFocus(probe);
  expect(probe.tag, 'focus is on an element, not lost to <body>').not.toBe('body');
  expect(probe.hidden, `${who} is not hidden`).toBeNull();
  expect(probe.obscuredBy, `${who} is not covered`).toBeNull();
  if (ring) expect(probe.indicator, `${who} shows a focus indicator of at least 2 px`).not.toBeNull();
}

/**
 * Waits until focus is on `target`, or on one of several when the storefront may rightly put it in more
 * than one place (focus it moves itself, after a navigation or a dialog), then checks it is visible.
 */
export async function expectFocusOn(page: Page, target: FocusTarget | FocusTarget[], options: { timeout?: number } = {}): Promise<FocusProbe> {
  const targets = Array.isArray(target) ? target : [target];
  let last: FocusProbe | undefined;
  await expect
    .poll(
      async () => {
        last = await deepActiveElement(page);
        return targets.some((one) => matches(last!, one)) ? 'there' : describeFocus(last);
      },
      { message: `focus on ${targets.map(describeTarget).join(' or ')}`, timeout: options.timeout ?? 10_000 },
    )
    .toBe('there');
  expectVisibleFocus(last!, last!.role !== 'heading' && last!.role !== 'main');
  return last!;
}

/**
 * Presses `key` (Tab, Shift+Tab, an arrow) until focus is on `target`, at most `max` times; each stop
 * on the way must be visible too. Fails with the stops it went through. Passing the end of the page
 * leaves focus on the browser's own UI for one Tab, which Playwright sees as `<body>`: allowed only
 * when `wraps` says the route goes round.
 */
export async function pressUntil(page: Page, key: string, target: FocusTarget, options: { max?: number; wraps?: boolean } = {}): Promise<FocusProbe> {
  const stops: string[] = [];
  for (let presses = 0; presses < (options.max ?? 15); presses += 1) {
    await page.keyboard.press(key);
    const probe = await deepActiveElement(page);
    stops.push(describeFocus(probe));
    if (probe.tag === 'body' && options.wraps) continue;
    expectVisibleFocus(probe);
    if (matches(probe, target)) return probe;
  }
  throw new Error(`${key} did not reach ${describeTarget(target)}; the stops: ${stops.join(' → ')}`);
}

/** Tab from the focused control, then Shift+Tab: focus is back where it was (a logical, reversible order). */
export async function expectShiftTabBack(page: Page): Promise<void> {
  const here = await deepActiveElement(page);
  await page.keyboard.press('Tab');
  const next = await deepActiveElement(page);
  expectVisibleFocus(next);
  await page.keyboard.press('Shift+Tab');
  const back = await deepActiveElement(page);
  expect(describeFocus(back), `Shift+Tab from ${describeFocus(next)} goes back`).toBe(describeFocus(here));
}
