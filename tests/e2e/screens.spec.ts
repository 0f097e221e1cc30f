import { expect, test } from '@playwright/test';
import { settle } from './support/animations.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectForcedColoursKept } from './support/forced-colours.ts';
import { SCREEN_TOURS } from './support/screen-tour.ts';
import { expectZoomSafe, zoomProblems } from './support/zoom.ts';

/**
 * Every screen of the storefront, its open states (popups, dialogs, menus, the drawer, errors shown),
 * the widget kit and the intranet page (the tours of `support/screen-tour.ts`), each walked once and
 * held at every stop to four rules:
 * - axe with the WCAG 2.2 AA rule set and best practices (`support/axe.ts`), at 1280 px;
 * - forced colours (`forced-colors: active`, Windows High Contrast): every control keeps its edge, the
 *   chosen option of a button-style radio group, the selected tab and the current page stay apart
 *   from the others, disabled controls are grey, icons follow the text colour and the focus ring shows
 *   (`support/forced-colours.ts`). Playwright's emulation makes Chromium paint the system colours for
 *   real, so the screenshots are what a High Contrast user sees; it is switched on for the check only;
 * - at 320 × 720 CSS px, what a 1280 px wide window shows at 400 % zoom (WCAG 1.4.10 names that
 *   width): nothing scrolls sideways or sticks out past the right edge but a data table in its own
 *   scroll region. Playwright's `deviceScaleFactor` only sharpens the pixels and leaves the CSS
 *   viewport as it is, so the zoomed window is emulated by its CSS width, as Chromium lays it out;
 * - at 320 and at 1280 px: every target is at least 24 × 24 px or meets an exception of WCAG 2.5.8,
 *   and with WCAG 1.4.12's text spacing on, no text is cut off or spills out of its control.
 * One walk per tour keeps the page loads and sign-ins to one set for all four; `support/zoom.ts` says
 * how zoom and spacing are measured. Firefox ESR and WebKitGTK run axe on the same screens in
 * `tests/engines/axe-journeys.ts`.
 */

const NARROW = { width: 320, height: 720 };
const WIDE = { width: 1280, height: 720 };

test.describe('every screen and state: axe, forced colours, zoom and text spacing at 320 and 1280 px', () => {
  // Each stop is reached and checked at 1280 px, as a buyer at that width sees it, then narrowed to 320.
  test.use({ viewport: WIDE });
  // Four checks at every stop, two of them with screenshots: the checkout's tour, seven stops, took 50 s
  // with two workers on two cores, against the 60 s given a test that checks one thing.
  test.describe.configure({ timeout: 150_000 });
  for (const tour of SCREEN_TOURS)
    test(tour.title, ({ page }) =>
      tour.walk(page, async (screen, options) => {
        if (options?.narrowOnly) {
          await page.setViewportSize(NARROW);
          // A drawer sliding in (or a layout moving with the resize) is measured where it stays.
          await settle(page);
          await expectZoomSafe(page, screen);
          await expectNoAxeViolations(page, screen);
          return;
        }
        await settle(page);
        await expectZoomSafe(page, screen);
        await page.emulateMedia({ forcedColors: 'active' });
        await expectForcedColoursKept(page, screen);
        await page.emulateMedia({ forcedColors: 'none' });
        await expectNoAxeViolations(page, screen);
        await page.setViewportSize(NARROW);
        await settle(page);
        await expectZoomSafe(page, screen);
        await page.setViewportSize(WIDE);
      }),
    );
});

test.describe('zoom and text spacing checks', () => {
  test.use({ viewport: NARROW });

  test('find a page that scrolls sideways, crowded small targets and text cut off, and leave the exceptions alone', async ({ page }) => {
    await page.setContent('<p>Read the <a href="#terms">terms</a> first.</p><div id="host"></div>');
    await page.locator('#host').evaluate((host) => {
      // In a shadow root, as the storefront's screens are.
      host.attachShadow({ mode: 'open' }).innerHTML = `
        <button aria-label="Previous" style="width: 16px; height: 16px"></button><button aria-label="Next" style="width: 16px; height: 16px"></button>
        <button aria-label="Alone" style="display: block; width: 16px; height: 16px; margin: 24px 0"></button>
        <div style="width: 400px">Too wide</div>
        <div role="region" tabindex="0" aria-label="Orders, table" style="overflow-x: auto"><table style="width: 600px"><tr><td>A wide table</td></tr></table></div>
        <button style="width: 120px; height: 24px; padding: 0; white-space: nowrap">Place the order now</button>
        <div style="width: 100px; height: 24px; margin-top: 24px; overflow: hidden">Delivery to a specific address</div>
        <span class="shop-visually-hidden">Only for screen readers</span>`;
    });
    const problems = await zoomProblems(page);
    const expected = [
      /^reflow: the page is 4\d\d px wide in a 320 px viewport$/,
      /^reflow: div "Too wide" ends at 4\d\d px$/,
      /^target size: "Previous" \(button\) 16×16 px, \d+ px from "Next"$/,
      /^target size: "Next" \(button\) 16×16 px, \d+ px from "Previous"$/,
      /^text spacing: button "Place the order now": text outside the control/,
      /^text spacing: div "Delivery to a specific address": text cut off/,
    ];
    for (const line of expected) expect(problems.filter((problem) => line.test(problem)), `${line}`).toHaveLength(1);
    expect(problems).toHaveLength(expected.length);
  });
});
