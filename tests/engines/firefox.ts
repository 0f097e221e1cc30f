import { existsSync } from 'node:fs';
import { launch, type Browser, type ElementHandle, type Frame, type KeyInput, type Page } from 'puppeteer-core';
import { FIND_SOURCE, keyActions, serialise, textActions, type ElementRef, type Engine, type Query } from './driver.ts';

/** Debian's Firefox ESR (package `firefox-esr`), or FIREFOX_PATH. */
export function firefoxBinary(): string | undefined {
  const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/lib/firefox-esr/firefox-esr'];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}

/** Builds the page function `(…args) => (source)(…args)` puppeteer sends as source over BiDi. */
function pageFunction(source: string): (...args: unknown[]) => unknown {
  // oxlint-disable-next-line no-new-func -- the page function is built from source text, run in the browser only
  return new Function('...args', `return (${source})(...args);`) as (...args: unknown[]) => unknown;
}

/** Selects a text field's content, so typed text replaces it. */
const SELECT_ALL = '(node) => { if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) node.select(); }';

/** Scrolls the element to the middle of the view and answers its centre in the view's coordinates. */
const CENTRE = "(node) => { node.scrollIntoView({ block: 'center', inline: 'center' }); const box = node.getBoundingClientRect(); return { x: box.left + box.width / 2, y: box.top + box.height / 2 }; }";

const asHandle = (element: ElementRef) => element as unknown as ElementHandle<Element>;

/**
 * Firefox ESR over WebDriver BiDi with puppeteer-core: headless, a fresh profile, one page at
 * 1280×800. `*.localhost` resolves to loopback in Firefox by itself.
 */
export async function launchFirefox(executablePath: string): Promise<Engine> {
  /** A browser with a fresh profile; `scripts: false` sets Firefox's `javascript.enabled` pref off. */
  const start = async (scripts: boolean): Promise<{ browser: Browser; page: Page }> => {
    const started = await launch({
      browser: 'firefox',
      executablePath,
      headless: true,
      // Generous on a loaded 2-core machine; a journey has its own limit in run.ts.
      timeout: 60_000,
      protocolTimeout: 60_000,
      defaultViewport: { width: 1280, height: 800 },
      // A closed network: no update checks or telemetry calls.
      extraPrefsFirefox: { 'app.update.enabled': false, 'datareporting.policy.dataSubmissionEnabled': false, ...(scripts ? {} : { 'javascript.enabled': false }) },
    });
    return { browser: started, page: await started.newPage() };
  };
  let { browser, page } = await start(true);
  let scriptsOn = true;
  const version = await browser.version();
  let frame: Frame = page.mainFrame();

  const evaluate = async <T>(source: string, args: unknown[] = []): Promise<T> =>
    (await frame.evaluate(pageFunction(source), ...(args as never[]))) as T;

  return {
    name: 'Firefox ESR',
    version,
    async goto(url) {
      frame = page.mainFrame();
      await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    },
    url: async () => frame.url(),
    evaluate,
    async find(query: Query) {
      const handle = await frame.evaluateHandle(pageFunction(FIND_SOURCE), serialise(query), false);
      const element = handle.asElement();
      if (!element) {
        await handle.dispose();
        return null;
      }
      return element as unknown as ElementRef;
    },
    async click(element) {
      if (scriptsOn) {
        await asHandle(element).click();
        return;
      }
      // puppeteer's click first waits for an IntersectionObserver, whose callback never comes with the
      // page's scripts off: the centre is taken here (the top page only), then the same pointer input.
      const centre = await evaluate<{ x: number; y: number }>(CENTRE, [asHandle(element)]);
      await page.mouse.click(centre.x, centre.y);
    },
    async type(element, text) {
      const handle = asHandle(element);
      await handle.focus();
      await evaluate(SELECT_ALL, [handle]);
      if (text === '') await page.keyboard.press('Backspace');
      else await page.keyboard.type(text);
    },
    async select(element, value) {
      await asHandle(element).select(value);
    },
    async enter(element) {
      await asHandle(element).press('Enter');
    },
    async press(key, modifiers) {
      // puppeteer's keyboard sends each down and up as a BiDi input.performActions on the page's
      // browsing context; the code points pass through as they are.
      for (const action of keyActions(key, modifiers)) await (action.type === 'keyDown' ? page.keyboard.down(action.value as KeyInput) : page.keyboard.up(action.value as KeyInput));
    },
    async typeKeys(text) {
      for (const action of textActions(text)) await (action.type === 'keyDown' ? page.keyboard.down(action.value as KeyInput) : page.keyboard.up(action.value as KeyInput));
    },
    async scripts(enabled) {
      if (enabled === scriptsOn) return;
      // This ESR has no BiDi emulation.setScriptingEnabled: a new browser with the pref set.
      await browser.close();
      ({ browser, page } = await start(enabled));
      frame = page.mainFrame();
      scriptsOn = enabled;
    },
    async frame(element) {
      if (!element) {
        frame = page.mainFrame();
        return;
      }
      const inner = await asHandle(element).contentFrame();
      if (!inner) throw new Error('the element is not a frame');
      frame = inner;
    },
    async resize(width, height) {
      await page.setViewport({ width, height });
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` });
    },
    async close() {
      await browser.close();
    },
  };
}
