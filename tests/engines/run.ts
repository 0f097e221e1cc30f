import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIND_SOURCE, type Engine } from './driver.ts';
import { firefoxBinary, launchFirefox } from './firefox.ts';
import { AXE_JOURNEYS } from './axe-journeys.ts';
import { JOURNEYS as MAIN_JOURNEYS, type Journey, type Site } from './journeys.ts';
import { KEYBOARD_JOURNEYS } from './keyboard-journey.ts';
import { launchWebKit, miniBrowserBinary, webkitDriverBinary } from './webkit.ts';

/**
 * `npm run test:engines`: the main journeys (journeys.ts) in Firefox ESR (WebDriver BiDi, puppeteer-core)
 * and WebKitGTK (WebDriver, WebKitWebDriver) against one demo server on a fresh in-memory database,
 * after `npm run build`. WebKitGTK needs an X display: without one the runner starts itself again
 * under `xvfb-run -a`. Exits non-zero when a journey failed, an engine is missing, or none ran.
 *
 * Options: `--engine firefox|webkit` (one engine only), `--journey <text>` (only the journeys whose name
 * holds that text, case-insensitive; a journey they need runs only if it matches too), `--report <file>`
 * (JSON counts for npm test).
 * Environment: ENGINES_PORT (demo server, default 4341), ENGINES_WEBDRIVER_PORT (default 4342),
 * FIREFOX_PATH, WEBKIT_WEBDRIVER, MINIBROWSER.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const only = option('--engine');
const journeyFilter = option('--journey')?.toLowerCase();
/**
 * The main journeys, then axe on the screens they do not reach (after the journey with scripts off,
 * which leaves a fresh session), then the keyboard journey (last: it starts by signing out whoever is
 * signed in).
 */
const JOURNEYS: Journey[] = [...MAIN_JOURNEYS, ...AXE_JOURNEYS, ...KEYBOARD_JOURNEYS].filter((journey) => !journeyFilter || journey.name.toLowerCase().includes(journeyFilter));
const reportFile = option('--report');
const port = Number(process.env.ENGINES_PORT ?? 4341);
const webdriverPort = Number(process.env.ENGINES_WEBDRIVER_PORT ?? 4342);
const OUT_DIR = path.join(ROOT, 'test-results', 'engines');

interface EngineSetup {
  key: 'firefox' | 'webkit';
  label: string;
  /** Why it cannot run here (with the Debian package to install), or undefined. */
  missing(): string | undefined;
  launch(): Promise<Engine>;
}

const ENGINES: EngineSetup[] = [
  {
    key: 'firefox',
    label: 'Firefox ESR',
    missing: () => (firefoxBinary() ? undefined : 'no Firefox ESR: sudo apt-get install -y firefox-esr   (or set FIREFOX_PATH)'),
    launch: () => launchFirefox(firefoxBinary()!),
  },
  {
    key: 'webkit',
    label: 'WebKitGTK',
    missing: () => {
      if (!webkitDriverBinary()) return 'no WebKitWebDriver: sudo apt-get install -y webkit2gtk-driver xvfb xauth';
      if (!miniBrowserBinary()) return 'no WebKitGTK MiniBrowser: sudo apt-get install -y webkit2gtk-driver   (it brings libwebkit2gtk-4.1-0)';
      if (!process.env.DISPLAY) return 'no X display and no xvfb-run: sudo apt-get install -y xvfb xauth';
      return undefined;
    },
    launch: () => launchWebKit({ driver: webkitDriverBinary()!, miniBrowser: miniBrowserBinary()!, port: webdriverPort }),
  },
];

interface JourneyResult {
  engine: string;
  journey: string;
  ok: boolean;
  seconds: number;
  error?: string;
}

interface EngineResult {
  engine: string;
  version: string;
  passed: number;
  failed: number;
  seconds: number;
  error?: string;
}

if (JOURNEYS.length === 0) {
  console.error(`no journey's name holds "${journeyFilter}"`);
  process.exit(2);
}
const selected = ENGINES.filter((engine) => !only || engine.key === only);
if (selected.length === 0) {
  console.error(`unknown --engine ${only}: firefox or webkit`);
  process.exit(2);
}

// WebKitGTK draws into an X display: run the whole runner (driver, browser and all) inside one xvfb-run.
if (selected.some((engine) => engine.key === 'webkit') && !process.env.DISPLAY && existsSync('/usr/bin/xvfb-run') && !process.env.ENGINES_UNDER_XVFB) {
  const again = spawnSync('xvfb-run', ['-a', process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), ...argv], {
    stdio: 'inherit',
    env: { ...process.env, ENGINES_UNDER_XVFB: '1' },
  });
  process.exit(again.status ?? 1);
}

const site: Site = {
  port,
  shop: (slug, pathname = '/') => `http://${slug}.localhost:${port}${pathname}`,
  provider: (pathname) => `http://localhost:${port}${pathname}`,
};

/** Starts the demo server as the Playwright config does (no build, in-memory database) and waits for it. */
async function startServer(): Promise<{ child: ChildProcess; log: () => string }> {
  if (!existsSync(path.join(ROOT, 'dist', 'storefront.js'))) throw new Error('no dist/storefront.js: run `npm run build` first');
  let output = '';
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/start.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DIR: 'memory://',
      ORDER_WAIT_SECONDS: '0',
      DATABASE_URL: '',
      // The intranet and designer pages are demo routes, absent under NODE_ENV=production.
      NODE_ENV: 'development',
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the demo server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/demo/`)).ok) return { child, log: () => output };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`the demo server did not answer on port ${port} within 90 s:\n${output}`);
}

/** The longest one journey may take (the slowest takes 3-10 s here; 45 s under a full machine). */
const JOURNEY_TIMEOUT_MS = 120_000;

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Whether the engine still answers a command (its browser is there and not stuck). */
async function answers(engine: Engine): Promise<boolean> {
  try {
    await withTimeout(engine.url(), 10_000, 'no answer');
    return true;
  } catch {
    return false;
  }
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

async function runEngine(setup: EngineSetup, journeys: JourneyResult[]): Promise<EngineResult> {
  const t0 = Date.now();
  const missing = setup.missing();
  const fail = (error: string): EngineResult => {
    for (const journey of JOURNEYS) journeys.push({ engine: setup.label, journey: journey.name, ok: false, seconds: 0, error: 'not run' });
    return { engine: setup.label, version: '-', passed: 0, failed: JOURNEYS.length, seconds: Math.round((Date.now() - t0) / 100) / 10, error };
  };
  if (missing) return fail(missing);
  let engine: Engine;
  try {
    engine = await setup.launch();
  } catch (error) {
    return fail(`could not start ${setup.label}: ${(error as Error).message}`);
  }
  console.log(`\n[engines] ${setup.label} ${engine.version}`);
  const failedNames = new Set<string>();
  let passed = 0;
  let lost: string | undefined;
  for (const journey of JOURNEYS) {
    const started = Date.now();
    let error: string | undefined;
    if (lost) {
      error = `not run: ${lost}`;
    } else if (journey.needs && failedNames.has(journey.needs)) {
      error = `not run: needs "${journey.needs}"`;
    } else {
      try {
        await withTimeout(journey.run(engine, site), JOURNEY_TIMEOUT_MS, `the journey took over ${JOURNEY_TIMEOUT_MS / 1000} s`);
        // A part that failed shows "Something went wrong!" in its error box (src/kit/ErrorBoundary.tsx).
        await engine.frame(null);
        const broken = await engine.evaluate<string | null>(
          `() => { const box = (${FIND_SOURCE})([{ css: '.shop-error-box', name: null, text: null, hidden: false, nth: null }], false); return box ? box.innerText : null; }`,
        );
        if (broken) throw new Error(`an error box shows at the end: ${broken}`);
      } catch (caught) {
        error = (caught as Error).message.split('\n').slice(0, 6).join('\n');
        mkdirSync(OUT_DIR, { recursive: true });
        const shot = path.join(OUT_DIR, `${setup.key}-${slug(journey.name)}.png`);
        await engine.frame(null).catch(() => undefined);
        await engine.screenshot(shot).then(
          () => (error += `\n  screenshot: ${path.relative(ROOT, shot)}`),
          () => undefined,
        );
      }
    }
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    journeys.push({ engine: setup.label, journey: journey.name, ok: !error, seconds, ...(error ? { error } : {}) });
    if (error) failedNames.add(journey.name);
    else passed += 1;
    console.log(`  ${error ? 'FAIL' : 'ok  '} ${journey.name.padEnd(36)} ${seconds}s${error ? `\n       ${error.replaceAll('\n', '\n       ')}` : ''}`);
    // A browser that no longer answers (a command hung, the browser went away) would fail every
    // journey after this one on its dead session: those get a new browser, and this one stays failed.
    if (error && !lost && !(await answers(engine))) {
      await engine.close().catch(() => undefined);
      try {
        engine = await setup.launch();
        console.log(`       ${setup.label} no longer answered: the journeys after this one run in a new browser`);
      } catch (caught) {
        lost = `${setup.label} no longer answered and could not be started again: ${(caught as Error).message.split('\n')[0]}`;
      }
    }
  }
  await engine.close().catch(() => undefined);
  return { engine: setup.label, version: engine.version, passed, failed: JOURNEYS.length - passed, seconds: Math.round((Date.now() - t0) / 100) / 10 };
}

const t0 = Date.now();
const journeys: JourneyResult[] = [];
const engines: EngineResult[] = [];
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let fatal: string | undefined;
// Stopped from outside (Ctrl+C, a CI timeout): take the demo server down too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server?.child.kill('SIGTERM');
    process.exit(1);
  });
}
try {
  server = await startServer();
  console.log(`[engines] demo server on http://localhost:${port}/ (${Math.round((Date.now() - t0) / 100) / 10}s)`);
  for (const setup of selected) engines.push(await runEngine(setup, journeys));
} catch (error) {
  fatal = (error as Error).message;
  console.error(`[engines] ${fatal}`);
} finally {
  server?.child.kill('SIGTERM');
}

const seconds = Math.round((Date.now() - t0) / 100) / 10;
console.log('\n[engines] journeys per engine:');
for (const result of engines) {
  console.log(`  ${result.engine.padEnd(12)} ${result.version.padEnd(18)} ${result.passed} passed, ${result.failed} failed  ${result.seconds}s${result.error ? `\n    ${result.error}` : ''}`);
}
const passed = engines.reduce((sum, result) => sum + result.passed, 0);
const failed = engines.reduce((sum, result) => sum + result.failed, 0) + (fatal ? 1 : 0);
console.log(`[engines] ${passed} passed, ${failed} failed in ${seconds}s`);
if (reportFile) writeFileSync(reportFile, JSON.stringify({ passed, failed, seconds, engines, journeys, fatal }, null, 2));
process.exit(failed === 0 && passed > 0 ? 0 : 1);
