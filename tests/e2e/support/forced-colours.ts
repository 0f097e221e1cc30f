import { expect, type Page } from '@playwright/test';
import { settle } from './animations.ts';
import { evaluateOverRoots } from './roots.ts';
import { blurFocused, readPageFacts, type PageFacts } from './forced-colours-probe.ts';
import { changedPixels, inkProfile, missingEdges, profileDistance, type Box } from './pixels.ts';
import { decodePng, type Picture } from './png.ts';

/**
 * Forced colours (Windows High Contrast, `forced-colors: active`) checked from the computed styles and
 * the pixels of the page as Chromium draws it under Playwright's emulation, which paints the system
 * colours for real (Canvas white, CanvasText black, Highlight dark blue, GrayText dark red):
 * - every visible control has an edge: by its style (a border on three sides at least, an outline, a
 *   background other than Canvas, a native check box or radio, or the frame around it), and in the
 *   screenshot, along all four sides (`missingEdges`);
 * - a chosen radio, a selected tab and the current page or step differ from the others in something
 *   forced colours leave alone (a border width, an outline, the font, a background they may not
 *   force), and they look different: the share of drawn pixels along their sides or inside differs by
 *   a quarter at least (`inkProfile`), which the same outline around another word does not;
 * - disabled controls are drawn in GrayText;
 * - icons paint with `currentColor`;
 * - the focus ring shows: a control focused from the keyboard changes at least a 2px ring of pixels
 *   around its box (two screenshots of the same spot, before and after).
 */

/** How different the ink profiles of a chosen and an unchosen option must be (0–1). */
const DISTINCT = 0.25;

function stateProblems(facts: PageFacts, shot: Picture): string[] {
  const problems: string[] = [];
  for (const state of facts.states) {
    const on = inkProfile(shot, facts.canvas, state.on.box);
    for (const off of state.off) {
      const distance = profileDistance(on, inkProfile(shot, facts.canvas, off.box));
      const what = `${state.kind} ${state.on.label} vs ${off.label}`;
      if (distance < DISTINCT) problems.push(`${what}: look alike (ink profiles differ by ${distance.toFixed(2)})`);
      if (!state.on.native && state.on.style === off.style) problems.push(`${what}: same style apart from forced colours (${off.style})`);
    }
  }
  return problems;
}

/** Every forced-colours problem of the page as it is now, one line each. */
async function problemsOf(page: Page): Promise<{ facts: PageFacts; problems: string[] }> {
  await settle(page);
  // At rest: a focused control would show its focus ring as its edge.
  await page.evaluate(blurFocused);
  await page.evaluate(() => scrollTo(0, 0));
  const facts = await evaluateOverRoots(page, readPageFacts);
  const shot = decodePng(await page.screenshot({ fullPage: true, caret: 'hide' }));
  const problems: string[] = [];
  for (const control of facts.controls) {
    if (!control.edge) problems.push(`${control.label}: no border, outline or background of its own`);
    const missing = missingEdges(shot, facts.canvas, control.box);
    if (missing.length > 0) problems.push(`${control.label}: no edge drawn at ${missing.join(', ')}`);
    if (control.disabled && control.colour !== facts.grayText) problems.push(`${control.label}: disabled, drawn in ${control.colour}, not GrayText`);
  }
  problems.push(...stateProblems(facts, shot), ...facts.icons.map((icon) => `${icon}: an icon not drawn in currentColor`));
  return { facts, problems };
}

/**
 * Focuses control `index` from the keyboard and answers how many pixels around it changed, and `ring`:
 * the pixels of a 2px line around its box. The storefront's 3px ring changes 3.5 to 5 times the box's
 * perimeter (measured); a 1px change, such as the resting outline going, stays near one.
 */
async function focusRing(page: Page, index: number): Promise<{ changed: number; ring: number; focusVisible: boolean }> {
  await page.evaluate(blurFocused);
  const box = await page.evaluate((at) => {
    const controls = (window as unknown as { fcControls: HTMLElement[] }).fcControls;
    controls[at]!.scrollIntoView({ block: 'center', inline: 'center' });
    const rect = controls[at]!.getBoundingClientRect();
    return { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
  }, index);
  const viewport = page.viewportSize()!;
  const x = Math.max(0, Math.floor(box.x - 8));
  const y = Math.max(0, Math.floor(box.y - 8));
  const clip: Box = { x, y, width: Math.min(viewport.width, Math.ceil(box.x + box.width + 8)) - x, height: Math.min(viewport.height, Math.ceil(box.y + box.height + 8)) - y };
  const before = decodePng(await page.screenshot({ clip, caret: 'hide' }));
  // Any key press puts the page in keyboard modality: a focus() after it matches :focus-visible.
  await page.keyboard.press('Shift');
  const focusVisible = await page.evaluate((at) => {
    const control = (window as unknown as { fcControls: HTMLElement[] }).fcControls[at]!;
    control.focus();
    return control.matches(':focus-visible');
  }, index);
  const after = decodePng(await page.screenshot({ clip, caret: 'hide' }));
  return { changed: changedPixels(before, after), ring: Math.round(4 * (box.width + box.height)), focusVisible };
}

/**
 * Expects the page, as it is now and in forced colours (the test has asked for them), to keep every
 * control's edge, every state and the focus ring visible; `screen` names it in the messages. The focus
 * ring is tried on the chosen button-style radio, the first enabled button and the first text field in
 * the main region or the open dialog.
 */
export async function expectForcedColoursKept(page: Page, screen: string): Promise<void> {
  expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches), 'forced colours are on').toBe(true);
  const { facts, problems } = await problemsOf(page);
  expect(facts.controls.length, `${screen}: controls found`).toBeGreaterThan(0);
  // Soft: one run lists the problems of every screen.
  expect.soft(problems, screen).toEqual([]);
  const targets = await page.evaluate(() => {
    const controls = (window as unknown as { fcControls: HTMLElement[] }).fcControls;
    // In the screen's content (or the open dialog) when it has such a control, else anywhere.
    const first = (test: (el: HTMLElement) => boolean) => {
      const candidates = controls.map((el, index) => ({ el, index })).filter(({ el }) => test(el) && !el.matches(':disabled'));
      return (candidates.find(({ el }) => el.closest('main, dialog')) ?? candidates[0])?.index ?? -1;
    };
    return [
      first((el) => el.getAttribute('role') === 'radio' && el.getAttribute('aria-checked') === 'true'),
      first((el) => el.localName === 'button' && el.getAttribute('role') === null),
      first((el) => el.matches('input:is([type="text"], [type="email"], [type="search"], [type="password"], :not([type])), textarea')),
    ].filter((index) => index >= 0);
  });
  for (const index of targets) {
    const label = facts.controls[index]!.label;
    const { changed, ring, focusVisible } = await focusRing(page, index);
    expect(focusVisible, `${screen}: ${label} matches :focus-visible`).toBe(true);
    expect(changed, `${screen}: pixels the focus ring of ${label} changed (a 2px ring around it: ${ring})`).toBeGreaterThanOrEqual(ring);
  }
}
