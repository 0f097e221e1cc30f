import type { Browser, Page } from '@playwright/test';
import type { Product, Variant } from '../../src/contract/contract.ts';
import { buildCartLine } from '../../src/store/cart-line.ts';
import type { CartLine } from '../../src/store/cart-line.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import { installPageHelpers, ensureBuild, isMain, launchBenchBrowser, markdownTable, ms, summarise, type BenchOptions, type Benchmark } from './support.ts';

/**
 * A cart with 200 lines (issue: "cart with 200 lines: quantity change to updated total"). The
 * reference server runs on its own database with {@link GENERATED_PRODUCTS} generated products in
 * globex (an open shop: a guest has a cart); the guest's stored cart is filled with {@link LINES}
 * lines of different products before the page opens (the shape `src/store/cart.ts` keeps in
 * `localStorage`), and Chromium opens the storefront's cart page, `http://globex.localhost:<port>/cart`.
 * Once the page has checked the lines against the shop, Playwright changes one line's quantity at a
 * time, on lines spread over the list: half of the changes press the line's "+" button, half select
 * the line's quantity field and type a digit.
 *
 * Timed inside the page on the page's clock (Playwright's round trips are in no figure): from the
 * event that changes the quantity (the `click` on "+", the digit's `keydown`) to the moment a
 * MutationObserver on the cart sees the order summary's total with a new text (React's commit), and
 * to the end of the next frame after it (a `requestAnimationFrame` callback, then a `MessageChannel`
 * task: that frame's style, layout and paint are done on the main thread).
 *
 * @module
 */

/** Lines in the cart (the issue's size). */
export const LINES = 200;
/** Generated products seeded in globex: enough that {@link LINES} of them suit a plain line (see {@link suitsPlainLine}). */
const GENERATED_PRODUCTS = 300;
/** The open shop whose guest cart is filled. */
export const CART_SHOP = 'globex';
/** Quantity changes per round: half "+" presses, half typed digits. */
const CHANGES_PER_ROUND = 8;
/** Milliseconds left after scrolling a line into view and after each change (the frame settles, pictures load). */
const SETTLE_MS = 300;
/** The longest one change may take before the run gives up. */
const CHANGE_TIMEOUT_MS = 15_000;
/** The CPU slowdown of the second pass. */
const SLOWDOWN = 4;

/** Progress on the console (the report itself is the return value). */
function log(line: string): void {
  console.log(`[cart-lines] ${line}`);
}

/** The storage key of a guest's cart in `shop` (`storageKey(shop, null, 'cart')` in `src/store/storage.ts`). */
export function guestCartKey(shop: string): string {
  return `shop-elements:${shop}:guest:cart`;
}

/** The stored cart value (`{ version: 1, lines }`, `StoredCartSchema` in `src/store/cart.ts`) as the JSON text kept in storage. */
export function storedCartJson(lines: readonly CartLine[]): string {
  return JSON.stringify({ version: 1, lines });
}

/**
 * The variant a plain line can use, or null: a product without quantity rules, Group Buy or card
 * details, and a variant in stock with room for the quantities the benchmark types (up to 9 plus the
 * presses), so no bound or rule message changes the line besides its quantity.
 */
function suitsPlainLine(product: Product): Variant | null {
  if (product.is_business_card || product.groupbuy || product.minimum_quantity !== null || product.minimum_total_quantity !== null) return null;
  return product.variants.find((variant) => variant.availability === 'in_stock' && (variant.stock === null || variant.stock >= 100)) ?? null;
}

/** The first `count` products of `shop` (name order) that suit a plain line, each as a line of one piece. */
export async function plainCartLines(server: BenchServer, shop: string, count: number): Promise<CartLine[]> {
  const website = (await (await fetch(`${server.origin}/api/slug/website?slug=${shop}`)).json()) as { id: number };
  const lines: CartLine[] = [];
  for (let page = 1; lines.length < count; page++) {
    const query = new URLSearchParams({ website_id: String(website.id), sort: 'name_asc', page: String(page), per_page: '100' });
    const answer = (await (await fetch(`${server.origin}/api/products?${query}`)).json()) as { data: Product[] };
    if (answer.data.length === 0) throw new Error(`${shop} has only ${lines.length} products that suit a plain cart line; ${count} needed`);
    for (const product of answer.data) {
      const variant = suitsPlainLine(product);
      if (variant && lines.length < count) lines.push(buildCartLine(product, variant, 1));
    }
  }
  return lines;
}

/** One quantity change as timed in the page (ms on the page's clock). */
interface ChangeRecord {
  kind: 'plus' | 'typed';
  /** The `click` or `keydown` event's `timeStamp`. */
  event: number;
  /** The total's text before the change and after it. */
  before: string;
  after: string;
  totalInDom: number;
  painted: number;
}

/** What the instrumentation keeps in the page. */
interface CartProbe {
  pending: ChangeRecord | null;
  done: ChangeRecord[];
}

declare global {
  interface Window {
    cartBenchProbe?: CartProbe;
    /** Exposed by the driver: the page calls it when a change's total is painted. */
    cartBenchDone?: () => Promise<void>;
  }
}

/**
 * Installs the probe in the page (runs in the browser; see the module comment for what it times).
 * Returns an error text when the cart or its total is not on the page.
 */
function installCartProbe(): string | null {
  const section = document.querySelector('shop-storefront')?.shadowRoot?.querySelector<HTMLElement>('section.shop-cart');
  const totalOf = () => section?.querySelector('.shop-cart-totals__total dd')?.textContent ?? '';
  if (!section || totalOf() === '') return 'the cart (section.shop-cart with its total) is not in <shop-storefront>';
  const probe: CartProbe = { pending: null, done: [] };
  window.cartBenchProbe = probe;

  const afterNextFrame = window.benchAfterNextFrame;
  if (!afterNextFrame) return 'the frame helper (installPageHelpers) is not in the page';
  const start = (kind: ChangeRecord['kind'], at: number) => {
    probe.pending = { kind, event: at, before: totalOf(), after: '', totalInDom: Number.NaN, painted: Number.NaN };
  };
  // Capture listeners on the section run before React's (on its root), so the change has not begun.
  section.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('[part="increase"]')) start('plus', event.timeStamp);
    },
    true,
  );
  section.addEventListener(
    'keydown',
    (event) => {
      if (event.target instanceof HTMLInputElement && event.target.getAttribute('role') === 'spinbutton' && /^\d$/.test(event.key)) start('typed', event.timeStamp);
    },
    true,
  );
  // Mutation callbacks run right after React's commit (same task), so `totalInDom` is the commit.
  new MutationObserver(() => {
    const change = probe.pending;
    if (!change || !Number.isNaN(change.totalInDom)) return;
    const total = totalOf();
    if (total === change.before) return;
    change.totalInDom = performance.now();
    change.after = total;
    afterNextFrame(() => {
      change.painted = performance.now();
      probe.done.push(change);
      probe.pending = null;
      void window.cartBenchDone?.();
    });
  }).observe(section, { subtree: true, childList: true, characterData: true });
  return null;
}

/** Takes the finished changes out of the page (runs in the browser). */
function takeChanges(): ChangeRecord[] {
  const probe = window.cartBenchProbe;
  if (!probe) throw new Error('probe not installed');
  return probe.done.splice(0);
}

/** Whether the cart shows all its lines, checked against the shop (runs in the browser). */
function cartChecked(lines: number): boolean {
  const section = document.querySelector('shop-storefront')?.shadowRoot?.querySelector('section.shop-cart');
  if (!section) return false;
  return section.querySelectorAll('li.shop-cart-line').length === lines && section.querySelector('.shop-cart__notice[data-tone="muted"]') === null && section.querySelector('.shop-cart-totals__total dd') !== null;
}

/** The line a change works on: spread over the whole list, each line once per {@link LINES} changes. */
function lineIndexOf(change: number): number {
  return (change * 37 + 3) % LINES; // 37 is prime to 200: every line comes up once
}

/** A digit to type into a field holding `quantity`: never the same number, always 2…9. */
function digitAfter(quantity: number): string {
  return String((quantity % 8) + 2);
}

/** Makes `count` quantity changes, alternating "+" and typed digits, and returns what the page timed. */
async function changeQuantities(page: Page, first: number, count: number, quantities: number[], waitDone: () => Promise<void>): Promise<ChangeRecord[]> {
  for (let change = first; change < first + count; change++) {
    const index = lineIndexOf(change);
    const line = page.locator('li.shop-cart-line').nth(index);
    const quantity = quantities[index] ?? 1;
    const field = line.getByRole('spinbutton');
    await line.scrollIntoViewIfNeeded();
    if (change % 2 === 0) {
      await page.waitForTimeout(SETTLE_MS);
      const done = waitDone();
      await line.locator('[part="increase"]').click();
      await done;
      quantities[index] = quantity + 1;
    } else {
      await field.click();
      await page.keyboard.press('Control+a');
      await page.waitForTimeout(SETTLE_MS);
      const digit = digitAfter(quantity);
      const done = waitDone();
      await page.keyboard.press(digit);
      await done;
      quantities[index] = Number(digit);
      // Leave the field now (its blur re-renders it), not in the next change's measured click.
      await field.blur();
    }
    await page.waitForTimeout(SETTLE_MS);
  }
  return page.evaluate(takeChanges);
}

/** A table row: label, count, median, p95, max. */
function row(label: string, values: number[]): string[] {
  const s = summarise(values);
  return [label, String(s.n), ms(s.median), ms(s.p95), ms(s.max)];
}

/** The markdown report of one CPU setting. */
function passReport(rate: number, changes: readonly ChangeRecord[]): string {
  const plus = changes.filter((c) => c.kind === 'plus');
  const typed = changes.filter((c) => c.kind === 'typed');
  const rows = [
    row('all changes: event → total in the DOM (React commit)', changes.map((c) => c.totalInDom - c.event)),
    row('all changes: event → total painted', changes.map((c) => c.painted - c.event)),
    row('"+" pressed: click → total painted', plus.map((c) => c.painted - c.event)),
    row('digit typed in the field: keydown → total painted', typed.map((c) => c.painted - c.event)),
  ];
  return [`### CPU ${rate === 1 ? 'normal speed' : `slowed ${rate}×`} (ms)`, '', markdownTable(['figure', 'n', 'median', 'p95', 'max'], rows)].join('\n');
}

/** The cart-with-200-lines benchmark for the runner (see the module comment). */
export const cartLinesBenchmark: Benchmark = {
  name: 'cart-lines',
  summary: `quantity change → updated total painted on the cart page with ${LINES} lines, at normal CPU speed and slowed ${SLOWDOWN}×`,
  async run(options: BenchOptions): Promise<string> {
    log(`seeding ${GENERATED_PRODUCTS} products in ${CART_SHOP} and starting the server`);
    const t0 = Date.now();
    const server = await startBenchServer({ products: GENERATED_PRODUCTS, shop: CART_SHOP, port: options.port, log: (line) => log(`  ${line}`) });
    let browser: Browser | undefined;
    try {
      browser = await launchBenchBrowser(log);
      log(`server on port ${server.port} in ${((Date.now() - t0) / 1000).toFixed(1)} s; Chromium ${browser.version()}`);
      const lines = await plainCartLines(server, CART_SHOP, LINES);
      const origin = new URL(server.shopUrl(CART_SHOP)).origin;
      const context = await browser.newContext({
        viewport: { width: 1280, height: 720 },
        storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: guestCartKey(CART_SHOP), value: storedCartJson(lines) }] }] },
      });
      await installPageHelpers(context);
      const page = await context.newPage();
      let finish: (() => void) | undefined;
      await page.exposeFunction('cartBenchDone', () => finish?.());
      const waitDone = () =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no updated total within ${CHANGE_TIMEOUT_MS / 1000} s`)), CHANGE_TIMEOUT_MS);
          finish = () => {
            clearTimeout(timer);
            resolve();
          };
        });

      const opened = Date.now();
      await page.goto(server.shopUrl(CART_SHOP, '/cart'));
      await page.waitForFunction(cartChecked, LINES, { timeout: 60_000, polling: 200 });
      // The check may still be under way when the lines first show: make sure it is over and stays so.
      await page.waitForTimeout(1000);
      await page.waitForFunction(cartChecked, LINES, { timeout: 60_000, polling: 200 });
      log(`cart page with ${LINES} lines checked in ${((Date.now() - opened) / 1000).toFixed(1)} s`);
      const problem = await page.evaluate(installCartProbe);
      if (problem) throw new Error(problem);

      const cdp = await context.newCDPSession(page);
      const quantities = lines.map((line) => line.quantity);
      let next = 0;
      log('warm-up: 4 unmeasured changes');
      await changeQuantities(page, next, 4, quantities, waitDone);
      next += 4;
      const perPass = options.rounds * CHANGES_PER_ROUND;
      const reports: string[] = [];
      for (const rate of [1, SLOWDOWN]) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        log(`${perPass} changes at CPU ${rate === 1 ? 'normal speed' : `÷${rate}`}`);
        const changes = await changeQuantities(page, next, perPass, quantities, waitDone);
        next += perPass;
        if (changes.length !== perPass) throw new Error(`${changes.length} of ${perPass} changes were timed`);
        reports.push(passReport(rate, changes));
      }
      const setup = [
        `Cart with ${LINES} lines: a guest's cart in ${CART_SHOP} holding ${LINES} different generated products, one piece each, on the storefront's cart page (\`/cart\`), Chromium ${browser.version()} headless, 1280×720.`,
        `${perPass} quantity changes per setting (${options.rounds} rounds of ${CHANGES_PER_ROUND}) after 4 unmeasured ones, each on another line spread over the list: "+" pressed and a digit typed in turn; ${SETTLE_MS} ms of rest before and after each.`,
      ];
      return [...setup, '', ...reports.flatMap((report) => [report, ''])].join('\n').trimEnd();
    } finally {
      await browser?.close();
      await server.stop();
    }
  },
};

if (isMain(import.meta.url)) {
  await ensureBuild(process.argv.includes('--build'));
  console.log(await cartLinesBenchmark.run({ rounds: 3, port: 4541 }));
}
