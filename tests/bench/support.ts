import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../e2e/browser.ts';

/**
 * What the benchmarks share: the benchmark shape the runner (`tests/bench/run.ts`) drives, summary
 * statistics, markdown tables, and the built bundle they measure. Benchmarks are not tests: they
 * print figures and never fail on them; `npm test` does not run them.
 *
 * @module
 */

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Options every benchmark receives from the runner's command line. */
export interface BenchOptions {
  /** Measured rounds per setting (a benchmark decides what one round is). */
  rounds: number;
  /** A loopback port to serve on; 0 lets the benchmark pick a free one. */
  port: number;
}

/** One benchmark: a name for `--only`, what it needs, and its run, which returns a markdown report. */
export interface Benchmark {
  name: string;
  /** One line for `--help`. */
  summary: string;
  /**
   * How many minutes one round may take before the runner counts the run as stuck (default 1): a
   * benchmark measuring many pages per round needs more.
   */
  roundMinutes?: number;
  run(options: BenchOptions): Promise<string>;
}

/** Median, 95th percentile and maximum of a series (nearest-rank percentiles, no interpolation). */
export interface Summary {
  n: number;
  median: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentile `q` (0…1) of sorted values: an observed value, never an interpolated one. */
function percentile(sorted: readonly number[], q: number): number {
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

/** Summarises a series; an empty one gives `n = 0` and NaN figures (printed as "–"). */
export function summarise(values: readonly number[]): Summary {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return { n: sorted.length, median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? Number.NaN };
}

/** Milliseconds with one decimal, "–" when there is no figure. */
export function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(1) : '–';
}

/** Bytes as kB (1 kB = 1000 bytes, as size-limit prints them) with one decimal. */
export function kB(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

/** One row of a markdown table. */
function tableLine(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** A GitHub-flavoured markdown table. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [tableLine(headers), tableLine(headers.map(() => '---')), ...rows.map(tableLine)].join('\n');
}

/** The newest modification time (ms) of any file under `dir`, skipping tests; 0 when there is none. */
function newestSource(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs a command in the repository root with inherited output; rejects when it fails. */
function runInRoot(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** The built bundle the benchmarks measure. */
export const DIST_DIR = path.join(ROOT, 'dist');

/**
 * The built server renderer (`dist-ssr/`, from the same `npm run build`): without it the reference
 * server quietly leaves the storefront page to the browser, so server-rendered figures need it.
 */
export const SERVER_RENDERER = path.join(ROOT, 'dist-ssr', 'storefront-server.js');

/**
 * Makes sure `dist/` and `dist-ssr/` hold a build: runs `npm run build` when asked (`force`) or when
 * either is missing. A build older than the sources is measured as it is, with a warning: rebuilding
 * silently would swap `dist/` under anything else serving it (an end-to-end run, say).
 */
export async function ensureBuild(force: boolean): Promise<void> {
  const entry = path.join(DIST_DIR, 'cart-button.js');
  if (force || !existsSync(entry) || !existsSync(SERVER_RENDERER)) {
    console.log(force ? '[bench] building dist/ and dist-ssr/ (--build)' : `[bench] no ${existsSync(entry) ? 'dist-ssr/' : 'dist/'} yet: building it`);
    await runInRoot('npm', ['run', 'build']);
    return;
  }
  const built = Math.min(statSync(entry).mtimeMs, statSync(SERVER_RENDERER).mtimeMs);
  const sources = Math.max(newestSource(path.join(ROOT, 'src')), newestSource(path.join(ROOT, 'elements')));
  if (sources > built) console.warn('[bench] warning: dist/ or dist-ssr/ is older than src/ or elements/; measuring it anyway (pass --build to rebuild first)');
}

/** Whether the module at `moduleUrl` is the script Node was started with (`tsx tests/bench/x.ts`). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(path.resolve(script)).href === moduleUrl;
}

/**
 * Starts headless Chromium as the browser benchmarks use it: the e2e flags, and shop hosts
 * (`<slug>.localhost`) mapped to loopback whatever the resolver does. Signals are left to the runner
 * (it stops the server first); Playwright still kills the browser when the process exits.
 */
export async function launchBenchBrowser(log: (line: string) => void): Promise<Browser> {
  return chromium.launch({
    executablePath: await findChromium(log),
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1'],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

declare global {
  interface Window {
    /** Set by {@link installPageHelpers}: calls `then` at the end of the next frame. */
    benchAfterNextFrame?: (then: () => void) => void;
  }
}

/**
 * Runs in the page: defines `window.benchAfterNextFrame(then)`, which calls `then` once the next
 * frame's style, layout and paint are done on the main thread: a `requestAnimationFrame` callback,
 * then a `MessageChannel` task (it runs after the current task, and after a frame rendered in it,
 * without setTimeout's clamping). Rasterising and showing the frame happen off the main thread.
 */
function defineFrameTiming(): void {
  // Defined in here: an init script cannot reach module scope.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const afterTask = (then: () => void) => {
    const channel = new MessageChannel();
    channel.port1.addEventListener(
      'message',
      () => {
        channel.port1.close();
        then();
      },
      { once: true },
    );
    channel.port1.start();
    channel.port2.postMessage(null);
  };
  window.benchAfterNextFrame = (then) => requestAnimationFrame(() => afterTask(then));
}

/**
 * The init scripts a context needs before benchmark functions run in its pages: tsx compiles with
 * esbuild's keepNames, which wraps named functions in `__name(…)`, a helper the page does not have;
 * and the probes' shared frame timing (`window.benchAfterNextFrame`), since a function sent to the
 * page cannot reach module scope.
 */
export async function installPageHelpers(context: BrowserContext): Promise<void> {
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  await context.addInitScript(defineFrameTiming);
}
