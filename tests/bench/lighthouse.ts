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
 * 1.6 Mbit/s), performance and accessibility only, on
 *
 * - acme's homepage, signed in as buyer@acme.test (acme requires login): the session token comes from
 *   `POST /api/login` and goes into the browser as the `Admin-Token` cookie the storefront reads;
 * - globex's catalogue, `/products`, as a guest (globex is an open shop);
 * - the intranet demo page, `/demo/intranet.html` on globex's host (cart button, catalogue, product);
 * - a plain intranet page served by this benchmark on an origin of its own
 *   (`tests/bench/pages/intranet.html`), without and with `<shop-cart-button>` loaded cross-origin
 *   from the reference server: the difference in score is what the button costs a host page.
 *
 * The pages are measured as `npm start` / `npm run serve` serve them, straight from the reference
 * server: `/dist` answers are the build's brotli copies (`serveStatic({ precompressed: true })`), the
 * storefront page loads `dist/storefront.js`, and each entry imports its whole static graph at once.
 * Before the runs, one load of the signed-in homepage (and of the page with the cross-origin cart
 * button) records the `content-encoding` of every `/dist` answer from the browser's network log, so
 * the report shows that the bundle really arrived compressed.
 *
 * Each page runs `rounds` times (3 by default) in a Chromium of its own; every figure is the median
 * of its runs. Lighthouse clears the HTTP cache and the origin's service workers and caches before
 * each run, so every run is a first visit; cookies stay (that keeps the session), and so does local
 * storage, which these pages only use for an empty cart.
 *
 * @module
 */

/** The issue's targets for the pages. */
export const TARGETS = { performance: 95, accessibility: 100, cls: 0.02, tbtMs: 150, buttonCostPoints: 5 } as const;

/** The demo account whose session the acme homepage is measured with. */
const ACME_BUYER = { email: 'buyer@acme.test', password: 'Passw0rd!' };
/** The cookie the storefront keeps its session token in (`src/api/cookies.ts` AUTH_COOKIE). */
const SESSION_COOKIE = 'Admin-Token';

/** One page to measure. */
interface PageSpec {
  key: string;
  label: string;
  url: string;
  /** A session cookie to set on the page's origin before the runs. */
  session?: { name: string; value: string };
  /**
   * Checked once in the same browser before the runs (the page as Lighthouse will see it): throws
   * when the page does not show what it is measured for, so a broken set-up gives no figures.
   */
  verify?: (page: Page) => Promise<void>;
}

/** The figures of one Lighthouse run. */
export interface RunFigures {
  performance: number;
  accessibility: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  /** Bytes of script the page transferred (as served: brotli for the bundle). */
  scriptBytes: number;
  /** What compressing the text answers still sent uncompressed would save, by Lighthouse's estimate (bytes). */
  compressionSavingsBytes: number;
  /** The answers Lighthouse would compress (`uses-text-compression`), as URLs. */
  uncompressedText: string[];
  /** Accessibility audits that failed: id, title and the elements concerned. */
  failedA11y: { id: string; title: string; nodes: string[] }[];
  /** The layout shifts Lighthouse lists (largest first): score and the element that moved. */
  layoutShifts: { score: number; element: string }[];
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

/** The elements a failed audit names (its `details.items[].node`), as CSS selectors with a snippet. */
function failedNodes(audit: Result['audits'][string]): string[] {
  const details = audit.details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined;
  return (details?.items ?? []).map((item) => `${item.node?.selector ?? '?'} ${item.node?.snippet ?? ''}`.trim());
}

/** Bytes of script transferred, from the resource summary. */
function scriptBytes(lhr: Result): number {
  const details = lhr.audits['resource-summary']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
  return details?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN;
}

/** The `layout-shifts` audit's items: each shift's score and the element that moved (selector and snippet). */
function layoutShiftsOf(lhr: Result): { score: number; element: string }[] {
  const details = lhr.audits['layout-shifts']?.details as { items?: { score?: number; node?: { selector?: string; snippet?: string } }[] } | undefined;
  return (details?.items ?? []).map((item) => ({ score: item.score ?? 0, element: `${item.node?.selector ?? '?'} ${item.node?.snippet ?? ''}`.trim() }));
}

/** What Lighthouse's report says about one run. */
export function figuresOf(lhr: Result): RunFigures {
  const a11yRefs = lhr.categories.accessibility?.auditRefs ?? [];
  const failedA11y = a11yRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => audit !== undefined && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => ({ id: audit.id, title: audit.title, nodes: failedNodes(audit) }));
  const compression = lhr.audits['uses-text-compression']?.details as { overallSavingsBytes?: number; items?: { url?: string }[] } | undefined;
  return {
    performance: points(lhr, 'performance'),
    accessibility: points(lhr, 'accessibility'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    scriptBytes: scriptBytes(lhr),
    compressionSavingsBytes: compression?.overallSavingsBytes ?? 0,
    uncompressedText: (compression?.items ?? []).flatMap((item) => (item.url ? [item.url] : [])),
    failedA11y,
    layoutShifts: layoutShiftsOf(lhr),
    warnings: lhr.runWarnings.map(String),
  };
}

/** Logs in through the API and returns the session token. */
async function sessionToken(server: BenchServer, shop: string, account: { email: string; password: string }): Promise<string> {
  const website = (await (await fetch(`${server.origin}/api/slug/website?slug=${shop}`)).json()) as { id: number };
  const response = await fetch(`${server.origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, website_id: website.id }),
  });
  if (!response.ok) throw new Error(`login as ${account.email} failed: ${response.status} ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token?: string };
  if (!token) throw new Error(`login as ${account.email} returned no access_token`);
  return token;
}

/** A response's path when it is a `/dist` file, else undefined. */
function distPath(url: string): string | undefined {
  const { pathname } = new URL(url);
  return pathname.startsWith('/dist/') ? pathname : undefined;
}

/**
 * Prepares the launched Chromium's default profile (the one Lighthouse's tab uses) through
 * Playwright: sets the page's session cookie, as the storefront writes it (`SameSite=None; Secure`;
 * Chromium keeps Secure cookies on `*.localhost` over http, a secure context; Lighthouse's storage
 * reset leaves cookies alone), then opens the page once to check it shows what it is measured for,
 * noting how each `/dist` answer of that load arrived (a fresh browser: nothing comes from a cache).
 */
async function prepare(chrome: LaunchedChrome, spec: PageSpec): Promise<DistAnswer[] | undefined> {
  if (!spec.session && !spec.verify) return undefined;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the launched Chromium has no default context');
    // By domain, not url: Playwright drops `secure` for an http url, and SameSite=None needs it.
    if (spec.session) await context.addCookies([{ ...spec.session, domain: new URL(spec.url).hostname, path: '/', sameSite: 'None', secure: true }]);
    if (!spec.verify) return undefined;
    const page = await context.newPage();
    const answers: DistAnswer[] = [];
    page.on('response', (response) => {
      const where = distPath(response.url());
      const headers = response.headers();
      if (where) answers.push({ path: where, encoding: headers['content-encoding'] ?? 'identity', contentType: headers['content-type'] ?? '' });
    });
    try {
      await page.goto(spec.url);
      await spec.verify(page);
      return answers;
    } finally {
      await page.close();
    }
  } finally {
    // Disconnects only: a browser Playwright connected to (rather than launched) keeps running.
    await browser.close();
  }
}

/** Lighthouse's settings here: the defaults (mobile preset), two categories, no full-page screenshot. */
function flagsFor(port: number): Flags {
  return { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableFullPageScreenshot: true };
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

/** Runs Lighthouse `rounds` times on one page, in a Chromium of its own. */
async function measurePage(spec: PageSpec, rounds: number, chromePath: string): Promise<PageResult> {
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
    const distEncodings = await prepare(chrome, spec);
    const runs: RunFigures[] = [];
    let finalUrl = spec.url;
    let about = { lighthouseVersion: '', browser: '' };
    for (let round = 1; round <= rounds; round += 1) {
      const t0 = Date.now();
      const result = await lighthouse(spec.url, flagsFor(chrome.port));
      if (!result) throw new Error(`Lighthouse returned nothing for ${spec.url}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${spec.url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const figures = figuresOf(result.lhr);
      finalUrl = result.lhr.finalDisplayedUrl;
      about = { lighthouseVersion: result.lhr.lighthouseVersion, browser: /(?:Headless)?Chrom(?:e|ium)\/[\d.]+/.exec(result.lhr.environment.hostUserAgent)?.[0] ?? result.lhr.environment.hostUserAgent };
      runs.push(figures);
      log(`${spec.key} run ${round}/${rounds}: performance ${figures.performance}, accessibility ${figures.accessibility}, CLS ${figures.cls.toFixed(3)}, TBT ${figures.tbtMs.toFixed(0)} ms (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    return { spec, runs, finalUrl, ...about, ...(distEncodings ? { distEncodings } : {}) };
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

/** One table row: a page's medians against the targets. */
function pageRow({ spec, runs, finalUrl }: PageResult): string[] {
  const perf = median(runs, (r) => r.performance);
  const a11y = median(runs, (r) => r.accessibility);
  const cls = median(runs, (r) => r.cls);
  const tbt = median(runs, (r) => r.tbtMs);
  const landed = finalUrl === spec.url ? '' : ` (ended on ${finalUrl})`;
  return [
    `${spec.label}${landed}`,
    against(perf, `${perf} (${range(runs, (r) => r.performance)})`, perf >= TARGETS.performance),
    against(a11y, String(a11y), a11y >= TARGETS.accessibility),
    against(cls, cls.toFixed(3), cls <= TARGETS.cls),
    against(tbt, tbt.toFixed(0), tbt <= TARGETS.tbtMs),
    (median(runs, (r) => r.fcpMs) / 1000).toFixed(1),
    (median(runs, (r) => r.lcpMs) / 1000).toFixed(1),
    (median(runs, (r) => r.speedIndexMs) / 1000).toFixed(1),
    (median(runs, (r) => r.scriptBytes) / 1000).toFixed(0),
    (median(runs, (r) => r.compressionSavingsBytes) / 1000).toFixed(0),
  ];
}

/** What the cart button costs the plain intranet page: the median scores without and with it. */
function buttonCost(without: PageResult, withButton: PageResult): string {
  const before = median(without.runs, (r) => r.performance);
  const after = median(withButton.runs, (r) => r.performance);
  const cost = before - after;
  const seconds = (result: PageResult, pick: (run: RunFigures) => number) => (median(result.runs, pick) / 1000).toFixed(1);
  return `\`<shop-cart-button>\` on the plain intranet page: performance ${before} without it, ${after} with it → it costs **${cost} point${cost === 1 ? '' : 's'}** (target ≤ ${TARGETS.buttonCostPoints}: ${cost <= TARGETS.buttonCostPoints ? 'met' : '**not met**'}); TBT ${median(without.runs, (r) => r.tbtMs).toFixed(0)} → ${median(withButton.runs, (r) => r.tbtMs).toFixed(0)} ms, FCP ${seconds(without, (r) => r.fcpMs)} → ${seconds(withButton, (r) => r.fcpMs)} s, LCP ${seconds(without, (r) => r.lcpMs)} → ${seconds(withButton, (r) => r.lcpMs)} s, CLS ${median(without.runs, (r) => r.cls).toFixed(3)} → ${median(withButton.runs, (r) => r.cls).toFixed(3)}.`;
}

/** The failed accessibility audits of every page, with the elements they name. */
function a11yFailures(results: readonly PageResult[]): string {
  const failures = results.flatMap(({ spec, runs }) => {
    const seen = new Map<string, { title: string; nodes: Set<string>; runs: number }>();
    for (const run of runs) {
      for (const audit of run.failedA11y) {
        const entry = seen.get(audit.id) ?? { title: audit.title, nodes: new Set<string>(), runs: 0 };
        entry.runs += 1;
        audit.nodes.forEach((node) => entry.nodes.add(node));
        seen.set(audit.id, entry);
      }
    }
    return [...seen.entries()].map(([id, entry]) => `- ${spec.label}: \`${id}\` (${entry.title}; ${entry.runs} of ${runs.length} runs)${[...entry.nodes].map((node) => `\n  - \`${node.slice(0, 200)}\``).join('')}`);
  });
  return failures.length ? `Failed accessibility audits:\n\n${failures.join('\n')}` : 'No accessibility audit failed on any page.';
}

/** The biggest layout shifts of each page that misses the CLS target (from its median-CLS run). */
function shiftCauses(results: readonly PageResult[]): string {
  const lines = results.flatMap(({ spec, runs }) => {
    if (median(runs, (r) => r.cls) <= TARGETS.cls) return [];
    const run = [...runs].sort((a, b) => a.cls - b.cls)[Math.floor((runs.length - 1) / 2)];
    return (run?.layoutShifts ?? []).slice(0, 3).map((shift) => `- ${spec.label}: ${shift.score.toFixed(3)} \`${shift.element}\``);
  });
  return lines.length ? `Largest layout shifts where CLS misses the target (score, element that moved):\n\n${[...new Set(lines)].join('\n')}` : '';
}

/** Answers counted by `content-encoding`, e.g. "32 `br`, 1 `identity`". */
function byEncoding(answers: readonly DistAnswer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) counts.set(answer.encoding, (counts.get(answer.encoding) ?? 0) + 1);
  return [...counts.entries()].map(([encoding, count]) => `${count} \`${encoding}\``).join(', ') || 'none';
}

/**
 * How the `/dist` answers of each preparing load arrived: the text answers (script, CSS, JSON) by
 * `content-encoding`, naming any that came uncompressed, and the rest (fonts) apart.
 */
function distEncodingLines(results: readonly PageResult[]): string {
  const lines = results.flatMap(({ spec, distEncodings }) => {
    if (!distEncodings) return [];
    const text = distEncodings.filter((answer) => TEXT_TYPE.test(answer.contentType));
    const other = distEncodings.filter((answer) => !TEXT_TYPE.test(answer.contentType));
    const plain = text.filter((answer) => answer.encoding === 'identity').map((answer) => `\`${answer.path}\``);
    const others = other.length ? `; other answers (${[...new Set(other.map((answer) => answer.contentType))].join(', ')}, compressed formats): ${byEncoding(other)}` : '';
    return [`- ${spec.label}: ${text.length} text answers: ${byEncoding(text)}${plain.length ? ` (uncompressed: ${plain.join(', ')})` : ''}${others}`];
  });
  return lines.length ? `\`content-encoding\` of the \`/dist\` answers in one load of the page before the runs (Playwright's network log):\n\n${lines.join('\n')}` : '';
}

/** A URL without scheme and query: `globex.localhost:4551/api/products`. */
function hostAndPath(url: string): string {
  const { host, pathname } = new URL(url);
  return `${host}${pathname}`;
}

/** The answers Lighthouse would still compress, by page (paths, from every run). */
function uncompressedLines(results: readonly PageResult[]): string {
  const lines = results.flatMap(({ spec, runs }) => {
    const paths = [...new Set(runs.flatMap((run) => run.uncompressedText.map(hostAndPath)))];
    return paths.length ? [`- ${spec.label}: ${paths.map((where) => `\`${where}\``).join(', ')}`] : [];
  });
  return lines.length ? `What Lighthouse would still compress ("kB compression would save"):\n\n${lines.join('\n')}` : '';
}

/** The markdown report of all pages: their table, how `/dist` arrived, the button's cost, failures. */
export function lighthouseReport(results: readonly PageResult[], rounds: number): string {
  const lines = [
    `Lighthouse ${results[0]?.lighthouseVersion ?? '?'}, mobile preset (simulated throttling), ${results[0]?.browser ?? 'Chromium'} (Debian Chromium, \`--headless=new\`); the pages as \`npm start\` serves them (no proxy in front; \`/dist\` from the build's brotli copies); ${rounds} runs per page, medians (performance also min–max). ✗ = target missed.`,
  ];
  const headers = ['page', `performance (≥ ${TARGETS.performance})`, `accessibility (${TARGETS.accessibility})`, `CLS (≤ ${TARGETS.cls})`, `TBT ms (≤ ${TARGETS.tbtMs})`, 'FCP s', 'LCP s', 'Speed Index s', 'script kB transferred', 'kB compression would save'];
  lines.push('', markdownTable(headers, results.map(pageRow)));
  const encodings = distEncodingLines(results);
  if (encodings) lines.push('', encodings);
  const uncompressed = uncompressedLines(results);
  if (uncompressed) lines.push('', uncompressed);
  const without = results.find((r) => r.spec.key === 'intranet-without-button');
  const withButton = results.find((r) => r.spec.key === 'intranet-with-button');
  if (without && withButton) lines.push('', buttonCost(without, withButton));
  lines.push('', a11yFailures(results));
  const shifts = shiftCauses(results);
  if (shifts) lines.push('', shifts);
  const warnings = [...new Set(results.flatMap(({ spec, runs }) => runs.flatMap((run) => run.warnings.map((warning) => `- ${spec.label}: ${warning}`))))];
  if (warnings.length) lines.push('', `Lighthouse's warnings:\n\n${warnings.join('\n')}`);
  return lines.join('\n');
}

/** Signed out, acme sends every route to its login screen: the homepage must stay the homepage. */
async function verifySignedIn(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (new URL(page.url()).pathname !== '/') throw new Error(`acme's homepage with the session cookie ended on ${page.url()}: the session was not taken`);
}

/** The button's own <button> inside its shadow root: its script loaded cross-origin and it rendered. */
async function verifyCartButton(page: Page): Promise<void> {
  await page.locator('shop-cart-button button').first().waitFor({ timeout: 20_000 });
}

/** The pages to measure: the shops' pages on the reference server, the plain page on its own origin. */
function pagesFor(server: BenchServer, intranet: IntranetServer, acmeToken: string): PageSpec[] {
  return [
    { key: 'acme-home', label: 'acme homepage, signed in as buyer@acme.test', url: server.shopUrl('acme', '/'), session: { name: SESSION_COOKIE, value: acmeToken }, verify: verifySignedIn },
    { key: 'globex-products', label: 'globex catalogue `/products`, guest', url: server.shopUrl('globex', '/products') },
    { key: 'intranet-demo', label: 'intranet demo page `/demo/intranet.html` (globex host)', url: server.shopUrl('globex', '/demo/intranet.html') },
    { key: 'intranet-without-button', label: 'plain intranet page, without the cart button', url: intranet.url('without-button') },
    { key: 'intranet-with-button', label: 'plain intranet page, with `<shop-cart-button>` (cross-origin)', url: intranet.url('with-button', server.shopUrl('globex', '')), verify: verifyCartButton },
  ];
}

/** The Lighthouse benchmark for the runner (see the module comment). */
export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  summary: `Lighthouse mobile on the acme homepage (signed in), globex's catalogue, the intranet demo page and a plain intranet page without/with the cart button, as npm start serves them (targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbtMs} ms, button ≤ ${TARGETS.buttonCostPoints} points)`,
  async run(options: BenchOptions): Promise<string> {
    // The plain intranet page first: its origin must be in the API's CORS list before the server starts.
    const intranet = await startIntranetServer(await freePort(options.port + 1), 'globex');
    const previousCors = process.env.CORS_ORIGINS;
    process.env.CORS_ORIGINS = [previousCors, intranet.origin].filter(Boolean).join(',');
    let server: BenchServer | undefined;
    try {
      server = await startBenchServer({ products: 0, shop: 'globex', port: options.port, log: (line) => log(`  ${line}`) });
      const token = await sessionToken(server, 'acme', ACME_BUYER);
      const chromePath = await findChromium(log);
      log(`server on port ${server.port}, intranet page on ${intranet.origin}; ${options.rounds} runs per page`);
      const results: PageResult[] = [];
      for (const spec of pagesFor(server, intranet, token)) results.push(await measurePage(spec, options.rounds, chromePath));
      return lighthouseReport(results, options.rounds);
    } finally {
      if (previousCors === undefined) delete process.env.CORS_ORIGINS;
      else process.env.CORS_ORIGINS = previousCors;
      await server?.stop();
      await intranet.stop();
    }
  },
};

if (isMain(import.meta.url)) {
  await ensureBuild(process.argv.includes('--build'));
  console.log(await lighthouseBenchmark.run({ rounds: 3, port: 4531 }));
}
