import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AXE_TAGS } from '../fixtures/axe-tags.ts';
import { SETTLE_SOURCE } from '../fixtures/settle.ts';
import type { Engine } from './driver.ts';

/**
 * axe-core in Firefox ESR and WebKitGTK, with the rule set Chromium's tests run ({@link AXE_TAGS}:
 * WCAG 2.0, 2.1 and 2.2 A and AA, and best practices), on the page as the engine draws it.
 *
 * axe comes in as the body of a function the driver runs, not as a `<script>` or through `eval`: the
 * storefront's Content-Security-Policy allows neither, and the driver's own evaluation is not held to
 * it. Frames are left out (`iframes: false`): a page's frames here are other documents (the designer's
 * preview), which axe would need injected in each.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Defines `window.axe` in the current document unless it is there already (once per page load). */
const INJECT = `() => {
  if (window.axe) return true;
  ${AXE_SOURCE}
  ;
  return !!window.axe;
}`;

/** How long the engines' axe waits for controls held for scripts before it looks all the same. */
const HYDRATION_WAIT_MS = 10_000;

/**
 * Waits until the page holds still, as Chromium's checks do ({@link SETTLE_SOURCE}): a colour caught
 * half-way through a transition reads as a contrast failure no user sees. Then axe runs, reporting
 * violations only (the passes are not sent back).
 */
const RUN = `async (tags) => {
  await (${SETTLE_SOURCE})(${HYDRATION_WAIT_MS});
  const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'] });
  return result.violations.map((violation) => {
    const node = violation.nodes[0];
    // The node's markup and axe's own account (for contrast: the colours and the ratio) say which of a
    // kind of control failed and why, where a CI log is all there is to go on.
    return violation.id + ' (' + violation.nodes.length + ') ' + (node ? JSON.stringify(node.target) + ' ' + node.html.slice(0, 200) + ' ' + (node.failureSummary || '').replace(/\\s+/g, ' ') : '');
  });
}`;

/** The rules axe finds broken on the engine's current page, each as `rule (node count) first node` with its markup and axe's reason. */
export async function axeViolations(engine: Engine, screen: string): Promise<string[]> {
  if (!(await engine.evaluate<boolean>(INJECT))) throw new Error(`${screen}: axe-core did not load in ${engine.name}`);
  return engine.evaluate<string[]>(RUN, [[...AXE_TAGS]]);
}

/** Runs axe on the engine's current page and throws, listing each rule broken with its first node, unless nothing is. */
export async function expectNoAxeViolations(engine: Engine, screen: string): Promise<void> {
  const violations = await axeViolations(engine, screen);
  if (violations.length > 0) throw new Error(`axe in ${engine.name} on ${screen}: ${violations.join('; ')}`);
}
