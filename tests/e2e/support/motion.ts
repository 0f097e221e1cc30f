// oxlint-disable unicorn/consistent-function-scoping -- page.evaluate sends one function to the page: its helpers must live inside it
import type { Locator } from '@playwright/test';

/**
 * What would move inside the layer `layer` (a dialog, a drawer, the toasts' region) and the native
 * `<dialog>` around it: every animation still running, every element or pseudo-element whose computed
 * animation or transition takes time. An empty list is an instant change.
 */
export function motionIn(layer: Locator): Promise<string[]> {
  return layer.evaluate((node) => {
    const root = node.closest('dialog') ?? node;
    const seconds = (list: string) => Math.max(0, ...list.split(',').map((item) => Number.parseFloat(item) * (item.trim().endsWith('ms') ? 0.001 : 1) || 0));
    const name = (el: Element) => `${el.localName}${el.classList[0] ? `.${el.classList[0]}` : ''}`;
    const found: string[] = [];
    for (const animation of root.getAnimations({ subtree: true })) {
      const duration = Number(animation.effect?.getComputedTiming().activeDuration ?? 0);
      if (duration > 0) found.push(`${(animation as CSSAnimation).animationName ?? 'an animation'} runs for ${duration} ms`);
    }
    for (const el of [root, ...root.querySelectorAll('*')])
      for (const pseudo of [null, '::before', '::after', '::backdrop']) {
        const style = getComputedStyle(el, pseudo);
        const where = `${name(el)}${pseudo ?? ''}`;
        if (style.animationName !== 'none' && seconds(style.animationDuration) > 0) found.push(`${where}: animation ${style.animationName} ${style.animationDuration}`);
        if (style.transitionProperty !== 'none' && seconds(style.transitionDuration) > 0) found.push(`${where}: transition ${style.transitionProperty} ${style.transitionDuration}`);
      }
    return [...new Set(found)];
  });
}

/**
 * Closes the layer `layer` with `close` and answers the animations and transitions that started in it
 * until it was gone and still (a drawer sliding out, a dialog fading), noted from their start events on
 * the native `<dialog>` around it; empty when it went at once.
 */
export async function motionOnClose(layer: Locator, close: () => Promise<void>): Promise<string[]> {
  await layer.evaluate((node) => {
    const root = node.closest('dialog') ?? node;
    const log: string[] = [];
    Object.assign(window, { motionLog: log, motionRoot: root });
    const seconds = (value: string) => Math.max(0, ...value.split(',').map((item) => Number.parseFloat(item) * (item.trim().endsWith('ms') ? 0.001 : 1) || 0));
    root.addEventListener('animationstart', (event) => {
      const duration = getComputedStyle(event.target as Element).animationDuration;
      if (seconds(duration) > 0) log.push(`animation ${(event as AnimationEvent).animationName} ${duration}`);
    });
    root.addEventListener('transitionrun', (event) => log.push(`transition ${(event as TransitionEvent).propertyName}`));
  });
  await close();
  const page = layer.page();
  // Closed, and nothing left running on it: an exit animation keeps it shown until it ends.
  await page.waitForFunction(() => {
    const root = (window as unknown as { motionRoot: Element }).motionRoot;
    return (!root.isConnected || !(root instanceof HTMLDialogElement) || !root.open) && root.getAnimations({ subtree: true }).length === 0;
  });
  return page.evaluate(() => (window as unknown as { motionLog: string[] }).motionLog);
}
