import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/browser.ts';
import { startIntranetServer, type IntranetServer } from './lighthouse-pages.ts';
import { freePort, startBenchServer, type BenchServer } from './server.ts';
import { ensureBuild, isMain, markdownTable, summarise, type Benchmark, type BenchOptions } from './support.ts';

/**
 * Lighthouse 12 (its Node API, Chromium started by chrome-launcher) with its default settings: the
 * mobile preset (a Moto G Power sized screen, simulated throttling: 4× slower CPU, 150 ms round trips,
 * 1.6 Mbit/s), categories performance and accessibility, and SEO on the open shop's pages.
 *
 * The storefront pages are measured twice, on two reference servers started side by side: one as it
 * runs by default, sending the first screen rendered into the page (a declarative shadow root the
 * element hydrates), and one with `SERVER_RENDER=off`, where the browser renders the element as a
 * host serving the elements itself has it. The pages:
 *
 * - globex (an open shop, English) as a guest: the homepage `/`, the catalogue `/products` and the
 *   first product by name (`/products/<slug>/<id>`), with SEO;
 * - acme's login screen `/login` as a guest (acme requires login; its pages are `noindex`, so no SEO);
 * - acme's homepage signed in as buyer@acme.test, and initech's (Polish, login required too) signed in
 *   as buyer@initech.test: the session token comes from `POST /api/login` and goes into the browser as
 *   the `Admin-Token` cookie the storefront reads (and the server renders with).
 *
 * Measured once, against the default server (server rendering does not touch them):
 *
 * - the intranet demo page, `/demo/intranet.html` on globex's host (cart button, catalogue, product);
 * - a plain intranet page served by this benchmark on an origin of its own
 *   (`tests/bench/pages/intranet.html`), without and with `<shop-cart-button>` loaded cross-origin
 *   from the reference server: the difference in score is what the button costs a host page.
 *
 * The pages are measured as `npm start` / `npm run serve` serve them, straight from the reference
 * server: `/dist` answers are the build's brotli copies (`serveStatic({ precompressed: true })`), the
 * storefront page loads `dist/storefront.js`, and each entry imports its whole static graph at once.
 * Before the runs, one load of each page checks that it shows what it is measured for (and, for a
 * storefront page, that its HTML carries the server's rendering or not, as the server is set), notes
 * the console's warnings and errors (a hydration that fell back to rendering afresh warns), and
 * records the `content-encoding` of every `/dist` answer, so the report shows that the bundle really
 * arrived compressed.
 *
 * Each page runs `rounds` times (3 by default) in a Chromium of its own; every figure is the median
 * of its runs. Lighthouse clears the HTTP cache and the origin's service workers and caches before
 * each run, so every run is a first visit; cookies stay (that keeps the session), and so does local
 * storage, which these pages only use for an empty cart. `BENCH_LIGHTHOUSE_DIR=/some/dir` keeps every
 * run's Lighthouse result there as JSON.
 *
 * @module
 */

/** The issue's targets for the pages (SEO for an open shop's pages only). */
export const TARGETS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02, accessibility: 100, seo: 100, buttonCostPoints: 5 } as const;

/** The demo accounts the closed shops' homepages are measured with (docs/demo-data.md). */
const ACME_BUYER = { email: 'buyer@acme.test', password: 'Passw0rd!' };
const INITECH_BUYER = { email: 'buyer@initech.test', password: 'Passw0rd!' };
/** The cookie the storefront keeps its session token in (`src/api/cookies.ts` AUTH_COOKIE). */
const SESSION_COOKIE = 'Admin-Token';

/** Who renders the storefront page's first screen: the server (the default) or the browser (`SERVER_RENDER=off`). */
export type Rendering = 'server' | 'browser';

/** How the report names a rendering. */
const RENDERING_LABEL: Record<Rendering, string> = { server: 'server-rendered', browser: 'browser-rendered' };

/** One page to measure. */
interface PageSpec {
  key: string;
  label: string;
  url: string;
  /** For the storefront page: the rendering the server was started with, checked in the page's HTML. */
  rendering?: Rendering;
  /** Whether the SEO category is measured (the open shop's pages; the closed shops' are `noindex` on purpose). */
  seo?: boolean;
  /** A session cookie to set on the page's origin before the runs. */
  session?: { name: string; value: string };
  /**
   * Checked once in the same browser before the runs (the page as Lighthouse will see it): throws
   * when the page does not show what it is measured for, so a broken set-up gives no figures.
   */
  verify?: (page: Page) => Promise<void>;
}

/** The LCP's four parts as Lighthouse splits it (simulated), in ms. */
export interface LcpPhases {
  ttfb: number;
  loadDelay: number;
  loadTime: number;
  renderDelay: number;
}

/** The figures of one Lighthouse run. */
export interface RunFigures {
  performance: number;
  accessibility: number;
  /** NaN when SEO was not measured. */
  seo: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  /** Bytes of script the page transferred (as served: brotli for the bundle). */
  scriptBytes: number;
  /** Bytes of fonts the page transferred. */
  fontBytes: number;
  /** What compressing the text answers still sent uncompressed would save, by Lighthouse's estimate (bytes). */
  compressionSavingsBytes: number;
  /** The answers Lighthouse would compress (`uses-text-compression`), as URLs. */
  uncompressedText: string[];
  /** Accessibility and SEO audits that failed: category, id, title and the elements concerned. */
  failedAudits: { category: 'accessibility' | 'seo'; id: string; title: string; nodes: string[] }[];
  /** The layout shifts Lighthouse lists (largest first): score and the element that moved. */
  layoutShifts: { score: number; element: string }[];
  /** The LCP element (selector and snippet), or '' when Lighthouse names none. */
  lcpElement: string;
  /** The LCP's parts, when Lighthouse could split it. */
  lcpPhases?: LcpPhases;
  /** Render-blocking resources and what they delay the first paint by (ms, simulated). */
  renderBlocking: { url: string; wastedMs: number }[];
  /** The scripts that take the main thread longest (`bootup-time`, scaled by the CPU slowdown): URL and ms. */
  bootup: { url: string; totalMs: number; scriptingMs: number }[];
  /** Lighthouse's warnings about the run (e.g. a slow page or a redirect). */
  warnings: string[];
}

/** A page's runs. */
export interface PageResult {
  spec: PageSpec;
  runs: RunFigures[];
  /** The URL Lighthouse ended on (a redirect, e.g. to the login screen, shows here). */
  finalUrl: string;
  /** Lighthouse's version and the browser it drove (its user agent's product, e.g. `HeadlessChrome/156.0…`). */
  lighthouseVersion: string;
  browser: string;
  /** How the `/dist` answers of the preparing load arrived (pages opened before the runs only). */
  distEncodings?: DistAnswer[];
  /** The console's warnings and errors (and uncaught errors) in the preparing load. */
  consoleMessages?: string[];
  /** The 1-minute load average when the page's runs started and ended. */
  load: [number, number];
}

/** One `/dist` answer the browser received: its path, `content-encoding` (`identity` when none) and type. */
export interface DistAnswer {
  path: string;
  encoding: string;
  contentType: string;
}

/** Content types worth compressing; fonts (woff2) and images are compressed formats already. */
const TEXT_TYPE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

const log = (line: string): void => console.log(`[lighthouse] ${line}`);

/** A numeric audit value, NaN when the audit did not produce one. */
function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** A category score as points (0…100), NaN when missing. */
function points(lhr: Result, id: string): number {
  const score = lhr.categories[id]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : Number.NaN;
}

/** A node item of an audit's details as one line: its CSS selector and snippet. */
function nodeText(node: { selector?: string; snippet?: string } | undefined): string {
  return `${node?.selector ?? '?'} ${node?.snippet ?? ''}`.trim();
}

/**
 * What a failed audit names: its elements (`details.items[].node`) as CSS selectors with a snippet;
 * for an audit about something else (robots.txt's lines, say) its summary and first two items.
 */
function failedNodes(audit: Result['audits'][string]): string[] {
  const details = audit.details as { items?: ({ node?: { selector?: string; snippet?: string } } & Record<string, unknown>)[] } | undefined;
  const items = details?.items ?? [];
  const nodes = items.flatMap((item) => (item.node ? [nodeText(item.node)] : []));
  if (nodes.length || !items.length) return nodes;
  const values = items.slice(0, 2).map((item) => Object.values(item).map(String).join(' — '));
  return [...(audit.displayValue ? [String(audit.displayValue)] : []), ...values];
}

/** The binary audits of a category that failed. */
function failedIn(lhr: Result, category: 'accessibility' | 'seo'): RunFigures['failedAudits'] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => audit !== undefined && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => ({ category, id: audit.id, title: audit.title, nodes: failedNodes(audit) }));
}

/** Bytes transferred of one resource type, from the resource summary. */
function transferred(lhr: Result, type: 'script' | 'font'): number {
  const details = lhr.audits['resource-summary']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
  return details?.items?.find((item) => item.resourceType === type)?.transferSize ?? Number.NaN;
}

/** The `layout-shifts` audit's items: each shift's score and the element that moved (selector and snippet). */
function layoutShiftsOf(lhr: Result): { score: number; element: string }[] {
  const details = lhr.audits['layout-shifts']?.details as { items?: { score?: number; node?: { selector?: string; snippet?: string } }[] } | undefined;
  return (details?.items ?? []).map((item) => ({ score: item.score ?? 0, element: nodeText(item.node) }));
}

/** The `largest-contentful-paint-element` audit's two tables: the element, and the LCP's phases in their fixed order. */
function lcpOf(lhr: Result): { element: string; phases?: LcpPhases } {
  type Table = { items?: { node?: { selector?: string; snippet?: string }; timing?: number }[] };
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined;
  const [elementTable, phaseTable] = details?.items ?? [];
  const element = elementTable?.items?.[0]?.node ? nodeText(elementTable.items[0].node) : '';
  // Lighthouse lists the phases as TTFB, load delay, load time, render delay (their titles are translated text).
  const timings = (phaseTable?.items ?? []).map((item) => item.timing ?? Number.NaN);
  const [ttfb, loadDelay, loadTime, renderDelay] = timings;
  const phases = timings.length === 4 && ttfb !== undefined && loadDelay !== undefined && loadTime !== undefined && renderDelay !== undefined ? { ttfb, loadDelay, loadTime, renderDelay } : undefined;
  return phases ? { element, phases } : { element };
}

/** The `render-blocking-resources` opportunity's items. */
function renderBlockingOf(lhr: Result): RunFigures['renderBlocking'] {
  const details = lhr.audits['render-blocking-resources']?.details as { items?: { url?: string; wastedMs?: number }[] } | undefined;
  return (details?.items ?? []).map((item) => ({ url: item.url ?? '?', wastedMs: item.wastedMs ?? 0 }));
}

/** The `bootup-time` diagnostic's items, longest first. */
function bootupOf(lhr: Result): RunFigures['bootup'] {
  const details = lhr.audits['bootup-time']?.details as { items?: { url?: string; total?: number; scripting?: number }[] } | undefined;
  return (details?.items ?? []).map((item) => ({ url: item.url ?? '?', totalMs: item.total ?? 0, scriptingMs: item.scripting ?? 0 })).sort((a, b) => b.totalMs - a.totalMs);
}

/** What Lighthouse's report says about one run. */
export function figuresOf(lhr: Result): RunFigures {
  const compression = lhr.audits['uses-text-compression']?.details as { overallSavingsBytes?: number; items?: { url?: string }[] } | undefined;
  const lcp = lcpOf(lhr);
  return {
    performance: points(lhr, 'performance'),
    accessibility: points(lhr, 'accessibility'),
    seo: points(lhr, 'seo'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    scriptBytes: transferred(lhr, 'script'),
    fontBytes: transferred(lhr, 'font'),
    compressionSavingsBytes: compression?.overallSavingsBytes ?? 0,
    uncompressedText: (compression?.items ?? []).flatMap((item) => (item.url ? [item.url] : [])),
    failedAudits: [...failedIn(lhr, 'accessibility'), ...failedIn(lhr, 'seo')],
    layoutShifts: layoutShiftsOf(lhr),
    lcpElement: lcp.element,
    ...(lcp.phases ? { lcpPhases: lcp.phases } : {}),
    renderBlocking: renderBlockingOf(lhr),
    bootup: bootupOf(lhr),
    warnings: lhr.runWarnings.map(String),
  };
}

/** A shop's website id, from the API. */
async function websiteId(server: BenchServer, shop: string): Promise<number> {
  const response = await fetch(`${server.origin}/api/slug/website?slug=${shop}`);
  if (!response.ok) throw new Error(`GET /api/slug/website?slug=${shop}: ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}

/** Logs in through the API and returns the session token. */
async function sessionToken(server: BenchServer, shop: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${server.origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, website_id: await websiteId(server, shop) }),
  });
  if (!response.ok) throw new Error(`login as ${account.email} failed: ${response.status} ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token?: string };
  if (!token) throw new Error(`login as ${account.email} returned no access_token`);
  return token;
}

/** A product to open: the shop's first by name, as the catalogue's API lists it. */
interface ProductRef {
  id: number;
  slug: string;
  name: string;
}

/** The shop's first product by name (`/api/products?…&sort=name_asc`). */
async function firstProduct(server: BenchServer, shop: string): Promise<ProductRef> {
  const response = await fetch(`${server.origin}/api/products?website_id=${await websiteId(server, shop)}&per_page=1&sort=name_asc`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/products for ${shop}: ${response.status}`);
  const product = ((await response.json()) as { data?: ProductRef[] }).data?.[0];
  if (!product) throw new Error(`${shop} lists no product`);
  return { id: product.id, slug: product.slug, name: product.name };
}

/** A response's path when it is a `/dist` file, else undefined. */
function distPath(url: string): string | undefined {
  const { pathname } = new URL(url);
  return pathname.startsWith('/dist/') ? pathname : undefined;
}

/** What the preparing load found besides the page passing its check. */
interface Prepared {
  distEncodings: DistAnswer[];
  consoleMessages: string[];
}

/**
 * Throws unless the page's HTML is the storefront page rendered as the server was set: with
 * `shadowrootmode="open"` (the first screen in a declarative shadow root) when server-rendered,
 * without when not; so a renderer that is missing or failed cannot pass client-rendered figures off
 * as server-rendered ones, nor the other way round.
 */
function checkRendering(spec: PageSpec, html: string): void {
  if (!spec.rendering) return;
  if (!html.includes('<shop-storefront')) throw new Error(`${spec.url}: the HTML holds no <shop-storefront>`);
  const rendered = html.includes('shadowrootmode="open"');
  if (spec.rendering === 'server' && !rendered) throw new Error(`${spec.url}: the HTML carries no server-rendered first screen (no shadowrootmode="open"): is dist-ssr/ built, and does the renderer load?`);
  if (spec.rendering === 'browser' && rendered) throw new Error(`${spec.url}: the HTML carries a server-rendered first screen although the server runs with SERVER_RENDER=off`);
}

/**
 * Prepares the launched Chromium's default profile (the one Lighthouse's tab uses) through
 * Playwright: sets the page's session cookie, as the storefront writes it (`SameSite=None; Secure`;
 * Chromium keeps Secure cookies on `*.localhost` over http, a secure context; Lighthouse's storage
 * reset leaves cookies alone), then opens the page once to check its HTML and that it shows what it
 * is measured for, noting how each `/dist` answer of that load arrived (a fresh browser: nothing
 * comes from a cache) and what the console said until the network went quiet (hydration included).
 */
async function prepare(chrome: LaunchedChrome, spec: PageSpec): Promise<Prepared | undefined> {
  if (!spec.session && !spec.verify && !spec.rendering) return undefined;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the launched Chromium has no default context');
    // By domain, not url: Playwright drops `secure` for an http url, and SameSite=None needs it.
    if (spec.session) await context.addCookies([{ ...spec.session, domain: new URL(spec.url).hostname, path: '/', sameSite: 'None', secure: true }]);
    if (!spec.verify && !spec.rendering) return undefined;
    const page = await context.newPage();
    const prepared: Prepared = { distEncodings: [], consoleMessages: [] };
    page.on('response', (response) => {
      const where = distPath(response.url());
      const headers = response.headers();
      if (where) prepared.distEncodings.push({ path: where, encoding: headers['content-encoding'] ?? 'identity', contentType: headers['content-type'] ?? '' });
    });
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') prepared.consoleMessages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => prepared.consoleMessages.push(`uncaught: ${error.message}`));
    // The console names no URL for a failed load; the network log does.
    page.on('response', (response) => {
      if (response.status() >= 400) prepared.consoleMessages.push(`${response.status()} for ${response.request().method()} ${hostAndPath(response.url())}`);
    });
    page.on('requestfailed', (request) => prepared.consoleMessages.push(`failed: ${request.method()} ${hostAndPath(request.url())} (${request.failure()?.errorText ?? '?'})`));
    try {
      const response = await page.goto(spec.url);
      if (!response) throw new Error(`${spec.url}: no response`);
      checkRendering(spec, await response.text());
      await spec.verify?.(page);
      // Hydration and the screen's remaining requests finish after the first screen shows; their warnings count too.
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      return prepared;
    } finally {
      await page.close();
    }
  } finally {
    // Disconnects only: a browser Playwright connected to (rather than launched) keeps running.
    await browser.close();
  }
}

/** Lighthouse's settings here: the defaults (mobile preset), the page's categories, no full-page screenshot. */
function flagsFor(port: number, spec: PageSpec): Flags {
  const onlyCategories = spec.seo ? ['performance', 'accessibility', 'seo'] : ['performance', 'accessibility'];
  return { port, output: 'json', logLevel: 'error', onlyCategories, disableFullPageScreenshot: true };
}

/** Chromium processes running now, killed should this process exit early (the runner's deadline). */
const running = new Set<number>();
let exitHook = false;

/** Kills what is left of the launched Chromiums when the process exits (an exit handler cannot wait). */
function killOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const pid of running) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** Keeps one run's Lighthouse result as JSON in `BENCH_LIGHTHOUSE_DIR`, when set (for digging into a figure). */
function keepResult(spec: PageSpec, round: number, lhr: Result): void {
  const dir = process.env.BENCH_LIGHTHOUSE_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${spec.key}-${round}.json`), JSON.stringify(lhr));
}

/** Runs Lighthouse `rounds` times on one page, in a Chromium of its own. */
async function measurePage(spec: PageSpec, rounds: number, chromePath: string): Promise<PageResult> {
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1'],
    logLevel: 'silent',
    // The runner handles Ctrl+C (it stops the server first); the exit hook ends this browser then.
    handleSIGINT: false,
  });
  running.add(chrome.pid);
  killOnExit();
  try {
    const prepared = await prepare(chrome, spec);
    const runs: RunFigures[] = [];
    let finalUrl = spec.url;
    let about = { lighthouseVersion: '', browser: '' };
    for (let round = 1; round <= rounds; round += 1) {
      const t0 = Date.now();
      const result = await lighthouse(spec.url, flagsFor(chrome.port, spec));
      if (!result) throw new Error(`Lighthouse returned nothing for ${spec.url}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${spec.url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      keepResult(spec, round, result.lhr);
      const figures = figuresOf(result.lhr);
      finalUrl = result.lhr.finalDisplayedUrl;
      about = { lighthouseVersion: result.lhr.lighthouseVersion, browser: /(?:Headless)?Chrom(?:e|ium)\/[\d.]+/.exec(result.lhr.environment.hostUserAgent)?.[0] ?? result.lhr.environment.hostUserAgent };
      runs.push(figures);
      const seo = Number.isFinite(figures.seo) ? `, SEO ${figures.seo}` : '';
      log(`${spec.key} run ${round}/${rounds}: performance ${figures.performance}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, TBT ${figures.tbtMs.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}, accessibility ${figures.accessibility}${seo} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    const load: [number, number] = [loadBefore, loadavg()[0] ?? Number.NaN];
    return { spec, runs, finalUrl, ...about, load, ...(prepared ? { distEncodings: prepared.distEncodings, consoleMessages: prepared.consoleMessages } : {}) };
  } finally {
    chrome.kill();
    running.delete(chrome.pid);
  }
}

/** The median of one figure over a page's runs. */
function median(runs: readonly RunFigures[], pick: (run: RunFigures) => number): number {
  return summarise(runs.map(pick)).median;
}

/** "min–max" of one figure over the runs. */
function range(runs: readonly RunFigures[], pick: (run: RunFigures) => number): string {
  const values = runs.map(pick).filter(Number.isFinite);
  return values.length ? `${Math.min(...values)}–${Math.max(...values)}` : '–';
}

/** A figure against its target: the value, with "✗" when the target is missed. */
function against(value: number, text: string, met: boolean): string {
  return Number.isFinite(value) ? `${text}${met ? '' : ' ✗'}` : '–';
}

/** Seconds with one decimal. */
function seconds(valueMs: number): string {
  return Number.isFinite(valueMs) ? (valueMs / 1000).toFixed(1) : '–';
}

/** The page's label, with where Lighthouse ended when that is elsewhere (a redirect). */
function pageLabel({ spec, finalUrl }: PageResult): string {
  return `${spec.label}${finalUrl === spec.url ? '' : ` (ended on ${finalUrl})`}`;
}

/** The measured figures of one row, against the targets (with the SEO column or without). */
function figureCells({ runs }: PageResult, withSeo: boolean): string[] {
  const perf = median(runs, (r) => r.performance);
  const lcp = median(runs, (r) => r.lcpMs);
  const tbt = median(runs, (r) => r.tbtMs);
  const cls = median(runs, (r) => r.cls);
  const a11y = median(runs, (r) => r.accessibility);
  const seo = median(runs, (r) => r.seo);
  return [
    against(perf, `${perf} (${range(runs, (r) => r.performance)})`, perf >= TARGETS.performance),
    // Compared unrounded, as Lighthouse's own score is.
    against(lcp, (lcp / 1000).toFixed(2), lcp <= TARGETS.lcpMs),
    against(tbt, tbt.toFixed(0), tbt <= TARGETS.tbtMs),
    against(cls, cls.toFixed(3), cls <= TARGETS.cls),
    seconds(median(runs, (r) => r.fcpMs)),
    against(a11y, String(a11y), a11y >= TARGETS.accessibility),
    ...(withSeo ? [against(seo, String(seo), seo >= TARGETS.seo)] : []),
    seconds(median(runs, (r) => r.speedIndexMs)),
    (median(runs, (r) => r.scriptBytes) / 1000).toFixed(0),
    (median(runs, (r) => r.compressionSavingsBytes) / 1000).toFixed(0),
  ];
}

/** The figures' column headers, with the targets (with the SEO column or without). */
function figureHeaders(withSeo: boolean): string[] {
  return [
    `performance (≥ ${TARGETS.performance})`,
    `LCP s (≤ ${(TARGETS.lcpMs / 1000).toFixed(1)})`,
    `TBT ms (≤ ${TARGETS.tbtMs})`,
    `CLS (≤ ${TARGETS.cls})`,
    'FCP s',
    `accessibility (${TARGETS.accessibility})`,
    ...(withSeo ? [`SEO (${TARGETS.seo}, open shop)`] : []),
    'Speed Index s',
    'script kB transferred',
    'kB compression would save',
  ];
}

/** What the cart button costs the plain intranet page: the median scores without and with it. */
function buttonCost(without: PageResult, withButton: PageResult): string {
  const before = median(without.runs, (r) => r.performance);
  const after = median(withButton.runs, (r) => r.performance);
  const cost = before - after;
  const secs = (result: PageResult, pick: (run: RunFigures) => number) => seconds(median(result.runs, pick));
  return `\`<shop-cart-button>\` on the plain intranet page: performance ${before} without it, ${after} with it → it costs **${cost} point${cost === 1 ? '' : 's'}** (target ≤ ${TARGETS.buttonCostPoints}: ${cost <= TARGETS.buttonCostPoints ? 'met' : '**not met**'}); TBT ${median(without.runs, (r) => r.tbtMs).toFixed(0)} → ${median(withButton.runs, (r) => r.tbtMs).toFixed(0)} ms, FCP ${secs(without, (r) => r.fcpMs)} → ${secs(withButton, (r) => r.fcpMs)} s, LCP ${secs(without, (r) => r.lcpMs)} → ${secs(withButton, (r) => r.lcpMs)} s, CLS ${median(without.runs, (r) => r.cls).toFixed(3)} → ${median(withButton.runs, (r) => r.cls).toFixed(3)}.`;
}

/** The failed accessibility and SEO audits of every page, with the elements they name. */
function auditFailures(results: readonly PageResult[]): string {
  const failures = results.flatMap((result) => {
    const { runs } = result;
    const seen = new Map<string, { title: string; nodes: Set<string>; runs: number }>();
    for (const run of runs) {
      for (const audit of run.failedAudits) {
        const id = `${audit.category}: \`${audit.id}\``;
        const entry = seen.get(id) ?? { title: audit.title, nodes: new Set<string>(), runs: 0 };
        entry.runs += 1;
        audit.nodes.forEach((node) => entry.nodes.add(node));
        seen.set(id, entry);
      }
    }
    return [...seen.entries()].map(([id, entry]) => `- ${fullLabel(result)}: ${id} (${entry.title}; ${entry.runs} of ${runs.length} runs)${[...entry.nodes].map((node) => `\n  - \`${node.slice(0, 200)}\``).join('')}`);
  });
  return failures.length ? `Failed accessibility and SEO audits:\n\n${failures.join('\n')}` : 'No accessibility or SEO audit failed on any page.';
}

/** The run whose figure is the median (the middle one of the runs sorted by it). */
function medianRun(runs: readonly RunFigures[], pick: (run: RunFigures) => number): RunFigures | undefined {
  return [...runs].sort((a, b) => pick(a) - pick(b))[Math.floor((runs.length - 1) / 2)];
}

/** The biggest layout shifts of each page that misses the CLS target (from its median-CLS run). */
function shiftCauses(results: readonly PageResult[]): string {
  const lines = results.flatMap((result) => {
    const { runs } = result;
    if (median(runs, (r) => r.cls) <= TARGETS.cls) return [];
    return (medianRun(runs, (r) => r.cls)?.layoutShifts ?? []).slice(0, 3).map((shift) => `- ${fullLabel(result)}: ${shift.score.toFixed(3)} \`${shift.element}\``);
  });
  return lines.length ? `Largest layout shifts where CLS misses the target (score, element that moved):\n\n${[...new Set(lines)].join('\n')}` : '';
}

/** A `/dist` or other URL as the report shows it: its path, `/dist/chunks/` shortened. */
function shortPath(url: string): string {
  try {
    return new URL(url).pathname.replace('/dist/chunks/', '…/');
  } catch {
    return url;
  }
}

/**
 * What the LCP of each storefront page is made of, from its median-LCP run: the element, the
 * simulated phases, what blocks rendering, and the scripts that take the main thread longest.
 */
function lcpCauses(results: readonly PageResult[]): string {
  const lines = results.flatMap(({ spec, runs }) => {
    if (!spec.rendering) return [];
    const run = medianRun(runs, (r) => r.lcpMs);
    if (!run) return [];
    const phases = run.lcpPhases ? `TTFB ${run.lcpPhases.ttfb.toFixed(0)}, load delay ${run.lcpPhases.loadDelay.toFixed(0)}, load time ${run.lcpPhases.loadTime.toFixed(0)}, render delay ${run.lcpPhases.renderDelay.toFixed(0)} ms` : 'no phases';
    const blocking = run.renderBlocking.length ? run.renderBlocking.map((item) => `\`${shortPath(item.url)}\` ${item.wastedMs.toFixed(0)} ms`).join(', ') : 'none';
    const scripts = run.bootup
      .slice(0, 3)
      .map((item) => `\`${shortPath(item.url)}\` ${item.totalMs.toFixed(0)} ms (script ${item.scriptingMs.toFixed(0)})`)
      .join(', ');
    return [`- ${spec.label}, ${RENDERING_LABEL[spec.rendering]}: LCP ${seconds(run.lcpMs)} s on \`${run.lcpElement.slice(0, 160) || '?'}\`; ${phases}; render-blocking: ${blocking}; main thread (×4): ${scripts || 'none'}; fonts ${(run.fontBytes / 1000).toFixed(0)} kB, script ${(run.scriptBytes / 1000).toFixed(0)} kB`];
  });
  return lines.length ? `What the LCP is made of (the median-LCP run of each storefront page; Lighthouse's simulated phases, render-blocking resources with the first paint's delay, the scripts' main-thread time):\n\n${lines.join('\n')}` : '';
}

/** Answers counted by `content-encoding`, e.g. "32 `br`, 1 `identity`". */
function byEncoding(answers: readonly DistAnswer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) counts.set(answer.encoding, (counts.get(answer.encoding) ?? 0) + 1);
  return [...counts.entries()].map(([encoding, count]) => `${count} \`${encoding}\``).join(', ') || 'none';
}

/** A result's label with its rendering, for the lists below the tables. */
function fullLabel({ spec }: PageResult): string {
  return spec.rendering ? `${spec.label}, ${RENDERING_LABEL[spec.rendering]}` : spec.label;
}

/**
 * How the `/dist` answers of each preparing load arrived: the text answers (script, CSS, JSON) by
 * `content-encoding`, naming any that came uncompressed, and the rest (fonts) apart.
 */
function distEncodingLines(results: readonly PageResult[]): string {
  const lines = results.flatMap((result) => {
    const { distEncodings } = result;
    if (!distEncodings?.length) return [];
    const text = distEncodings.filter((answer) => TEXT_TYPE.test(answer.contentType));
    const other = distEncodings.filter((answer) => !TEXT_TYPE.test(answer.contentType));
    const plain = text.filter((answer) => answer.encoding === 'identity').map((answer) => `\`${answer.path}\``);
    const others = other.length ? `; other answers (${[...new Set(other.map((answer) => answer.contentType))].join(', ')}, compressed formats): ${byEncoding(other)}` : '';
    return [`- ${fullLabel(result)}: ${text.length} text answers: ${byEncoding(text)}${plain.length ? ` (uncompressed: ${plain.join(', ')})` : ''}${others}`];
  });
  return lines.length ? `\`content-encoding\` of the \`/dist\` answers in one load of the page before the runs (Playwright's network log):\n\n${lines.join('\n')}` : '';
}

/** The console's warnings and errors in each page's preparing load. */
function consoleLines(results: readonly PageResult[]): string {
  const lines = results.flatMap((result) => (result.consoleMessages ?? []).map((message) => `- ${fullLabel(result)}: \`${message.slice(0, 300).replace(/`/g, "'")}\``));
  return lines.length ? `Console warnings and errors in the load before the runs:\n\n${lines.join('\n')}` : 'No console warning or error in the loads before the runs (hydration included).';
}

/** A URL without scheme and query: `globex.localhost:4551/api/products`. */
function hostAndPath(url: string): string {
  const { host, pathname } = new URL(url);
  return `${host}${pathname}`;
}

/** The answers Lighthouse would still compress, by page (paths, from every run). */
function uncompressedLines(results: readonly PageResult[]): string {
  const lines = results.flatMap((result) => {
    const paths = [...new Set(result.runs.flatMap((run) => run.uncompressedText.map(hostAndPath)))];
    return paths.length ? [`- ${fullLabel(result)}: ${paths.map((where) => `\`${where}\``).join(', ')}`] : [];
  });
  return lines.length ? `What Lighthouse would still compress ("kB compression would save"):\n\n${lines.join('\n')}` : '';
}

/** The 1-minute load average over the pages' runs, as "min–max". */
function loadRange(results: readonly PageResult[]): string {
  const values = results.flatMap((result) => result.load).filter(Number.isFinite);
  return values.length ? `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}` : '?';
}

/**
 * The markdown report: the storefront pages, server-rendered and browser-rendered in rows side by
 * side; the other pages; then how `/dist` arrived, the button's cost, failed audits, the LCP's parts
 * and the console.
 */
export function lighthouseReport(results: readonly PageResult[], rounds: number): string {
  const lines = [
    `Lighthouse ${results[0]?.lighthouseVersion ?? '?'}, mobile preset (simulated throttling), ${results[0]?.browser ?? 'Chromium'} (Debian Chromium, \`--headless=new\`); the pages as \`npm start\` serves them (no proxy in front; \`/dist\` from the build's brotli copies); ${rounds} runs per page, medians (performance also min–max); 1-minute load average ${loadRange(results)} during the runs. ✗ = target missed; "server-rendered": the default server, its page carrying the first screen; "browser-rendered": a second server with \`SERVER_RENDER=off\`.`,
  ];
  const storefront = results.filter((result) => result.spec.rendering);
  const others = results.filter((result) => !result.spec.rendering);
  if (storefront.length) {
    lines.push('', markdownTable(['storefront page', 'first screen', ...figureHeaders(true)], storefront.map((result) => [pageLabel(result), result.spec.rendering ? RENDERING_LABEL[result.spec.rendering] : '', ...figureCells(result, true)])));
  }
  if (others.length) lines.push('', 'Pages other than the storefront page (measured once, on the default server):', '', markdownTable(['page', ...figureHeaders(false)], others.map((result) => [pageLabel(result), ...figureCells(result, false)])));
  const lcp = lcpCauses(results);
  if (lcp) lines.push('', lcp);
  const encodings = distEncodingLines(results);
  if (encodings) lines.push('', encodings);
  const uncompressed = uncompressedLines(results);
  if (uncompressed) lines.push('', uncompressed);
  const without = results.find((r) => r.spec.key === 'intranet-without-button');
  const withButton = results.find((r) => r.spec.key === 'intranet-with-button');
  if (without && withButton) lines.push('', buttonCost(without, withButton));
  lines.push('', auditFailures(results));
  const shifts = shiftCauses(results);
  if (shifts) lines.push('', shifts);
  lines.push('', consoleLines(results));
  const warnings = [...new Set(results.flatMap((result) => result.runs.flatMap((run) => run.warnings.map((warning) => `- ${fullLabel(result)}: ${warning}`))))];
  if (warnings.length) lines.push('', `Lighthouse's warnings:\n\n${warnings.join('\n')}`);
  return lines.join('\n');
}

/**
 * A check that the page shows a screen of its own: a level-1 heading (holding `heading` when given),
 * at `pathname` still (a closed shop sends a guest, or a session it did not take, to `/login`), in
 * `lang` when given, and with a password field when `passwordField`.
 */
function showsScreen(pathname: string, expect: { heading?: string; lang?: string; passwordField?: boolean } = {}): (page: Page) => Promise<void> {
  return async (page) => {
    // Past the screens' loading state (its heading is a level-1 "Loading…" too) and any redirect the client makes.
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
    const heading = page
      .getByRole('heading', { level: 1 })
      .filter({ hasNotText: /^(Loading|Ładowanie)/ })
      .filter(expect.heading ? { hasText: expect.heading } : {})
      .first();
    await heading.waitFor({ timeout: 20_000 });
    const at = new URL(page.url()).pathname;
    if (at !== pathname) throw new Error(`${page.url()}: ended on ${at} instead of ${pathname} (was the session taken?)`);
    const text = (await heading.textContent()) ?? '';
    if (expect.heading && !text.includes(expect.heading)) throw new Error(`${page.url()}: the heading reads "${text}", not "${expect.heading}"`);
    const lang = await page.locator('html').getAttribute('lang');
    if (expect.lang && lang !== expect.lang) throw new Error(`${page.url()}: the page's language is "${lang ?? ''}", not "${expect.lang}"`);
    if (expect.passwordField) await page.locator('input[type="password"]').first().waitFor({ timeout: 20_000 });
  };
}

/** The button's own <button> inside its shadow root: its script loaded cross-origin and it rendered. */
async function verifyCartButton(page: Page): Promise<void> {
  await page.locator('shop-cart-button button').first().waitFor({ timeout: 20_000 });
}

/** What the storefront pages need from a server: its sessions and globex's first product. */
interface StorefrontSetup {
  server: BenchServer;
  rendering: Rendering;
  acmeToken: string;
  initechToken: string;
  product: ProductRef;
}

/** The storefront pages on one server, in the order they are reported. */
function storefrontPages({ server, rendering, acmeToken, initechToken, product }: StorefrontSetup): PageSpec[] {
  const productPath = `/products/${product.slug}/${product.id}`;
  const pages: Omit<PageSpec, 'rendering'>[] = [
    { key: 'globex-home', label: 'globex homepage `/`, guest', url: server.shopUrl('globex', '/'), seo: true, verify: showsScreen('/') },
    { key: 'globex-products', label: 'globex catalogue `/products`, guest', url: server.shopUrl('globex', '/products'), seo: true, verify: showsScreen('/products') },
    { key: 'globex-product', label: `globex product \`${productPath}\`, guest`, url: server.shopUrl('globex', productPath), seo: true, verify: showsScreen(productPath, { heading: product.name }) },
    { key: 'acme-login', label: 'acme login screen `/login`, guest', url: server.shopUrl('acme', '/login'), verify: showsScreen('/login', { passwordField: true }) },
    { key: 'acme-home', label: 'acme homepage, signed in as buyer@acme.test', url: server.shopUrl('acme', '/'), session: { name: SESSION_COOKIE, value: acmeToken }, verify: showsScreen('/') },
    { key: 'initech-home', label: 'initech homepage (Polish), signed in as buyer@initech.test', url: server.shopUrl('initech', '/'), session: { name: SESSION_COOKIE, value: initechToken }, verify: showsScreen('/', { lang: 'pl' }) },
  ];
  return pages.map((page) => ({ ...page, key: `${page.key}-${rendering}`, rendering }));
}

/** The pages measured once, against the default server: the intranet demo page and the plain page without and with the button. */
function otherPages(server: BenchServer, intranet: IntranetServer): PageSpec[] {
  return [
    { key: 'intranet-demo', label: 'intranet demo page `/demo/intranet.html` (globex host)', url: server.shopUrl('globex', '/demo/intranet.html') },
    { key: 'intranet-without-button', label: 'plain intranet page, without the cart button', url: intranet.url('without-button') },
    { key: 'intranet-with-button', label: 'plain intranet page, with `<shop-cart-button>` (cross-origin)', url: intranet.url('with-button', server.shopUrl('globex', '')), verify: verifyCartButton },
  ];
}

/** Signs in and looks up what a server's storefront pages need. */
async function setupOf(server: BenchServer, rendering: Rendering): Promise<StorefrontSetup> {
  return {
    server,
    rendering,
    acmeToken: await sessionToken(server, 'acme', ACME_BUYER),
    initechToken: await sessionToken(server, 'initech', INITECH_BUYER),
    product: await firstProduct(server, 'globex'),
  };
}

/** A port near `base` (0 stays 0: any free port). */
function near(base: number, offset: number): number {
  return base > 0 ? base + offset : 0;
}

/** The Lighthouse benchmark for the runner (see the module comment). */
export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  summary: `Lighthouse mobile on six storefront pages (globex homepage, catalogue and a product, acme's login screen, acme's and initech's homepages signed in), server-rendered and browser-rendered (SERVER_RENDER=off) side by side, plus the intranet demo page and a plain intranet page without/with the cart button (targets: performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, accessibility ${TARGETS.accessibility}, SEO ${TARGETS.seo} on the open shop, button ≤ ${TARGETS.buttonCostPoints} points)`,
  // Fifteen pages a round: about two and a half minutes on a quiet machine.
  roundMinutes: 5,
  async run(options: BenchOptions): Promise<string> {
    // The plain intranet page first: its origin must be in the API's CORS list before the servers start.
    const intranet = await startIntranetServer(await freePort(near(options.port, 1)), 'globex');
    const previousCors = process.env.CORS_ORIGINS;
    process.env.CORS_ORIGINS = [previousCors, intranet.origin].filter(Boolean).join(',');
    const servers: BenchServer[] = [];
    try {
      const serverLog = (which: string) => (line: string) => log(`  [${which}] ${line}`);
      // Explicit both ways: a SERVER_RENDER in this process's environment must not decide the default's figures.
      const rendered = await startBenchServer({ products: 0, shop: 'globex', port: options.port, env: { SERVER_RENDER: 'on' }, log: serverLog('server-rendered') });
      servers.push(rendered);
      const browserOnly = await startBenchServer({ products: 0, shop: 'globex', port: near(options.port, 2), env: { SERVER_RENDER: 'off' }, log: serverLog('browser-rendered') });
      servers.push(browserOnly);
      const onServer = storefrontPages(await setupOf(rendered, 'server'));
      const inBrowser = storefrontPages(await setupOf(browserOnly, 'browser'));
      const chromePath = await findChromium(log);
      log(`servers on ports ${rendered.port} (server-rendered) and ${browserOnly.port} (SERVER_RENDER=off), intranet page on ${intranet.origin}; ${options.rounds} runs per page`);
      // Each page on both servers one after the other, so a change in the machine's load falls on both alike.
      const specs = [...onServer.flatMap((spec, index) => [spec, ...(inBrowser[index] ? [inBrowser[index]] : [])]), ...otherPages(rendered, intranet)];
      const results: PageResult[] = [];
      for (const spec of specs) results.push(await measurePage(spec, options.rounds, chromePath));
      return lighthouseReport(results, options.rounds);
    } finally {
      if (previousCors === undefined) delete process.env.CORS_ORIGINS;
      else process.env.CORS_ORIGINS = previousCors;
      for (const server of servers) await server.stop();
      await intranet.stop();
    }
  },
};

if (isMain(import.meta.url)) {
  await ensureBuild(process.argv.includes('--build'));
  console.log(await lighthouseBenchmark.run({ rounds: 3, port: 4531 }));
}
