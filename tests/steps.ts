import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'pg';
import { findChromium } from './e2e/browser.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Counts of one step; `ran` is false when the step could not run at all. */
export interface StepResult {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
  /** The names of what failed (file › test), printed under the summary so a truncated log still names them. */
  failures?: string[];
}

/** Runs a command in the repository root with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

async function timed(name: string, body: () => Promise<Omit<StepResult, 'name' | 'seconds'>>): Promise<StepResult> {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const result = await body();
  return { name, seconds: Math.round((Date.now() - t0) / 100) / 10, ...result };
}

/** `tsc --noEmit` over the whole project (strict, noUncheckedIndexedAccess). */
export const typecheck = () =>
  timed('typecheck', async () => {
    const code = await run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
    return { ok: code === 0, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  });

/** oxlint with warnings as errors. */
export const lint = () =>
  timed('lint', async () => {
    const code = await run(bin('oxlint'), ['--deny-warnings']);
    return { ok: code === 0, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  });

/** Runs vitest projects with a JSON report and reads the counts from it. */
export function vitest(name: string, projects: string[], env: NodeJS.ProcessEnv = {}, extra: string[] = []) {
  return timed(name, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitest-'));
    const report = path.join(dir, 'report.json');
    const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra];
    const code = await run(bin('vitest'), args, env);
    const counts = readCounts(report, (json) => ({
      passed: json.numPassedTests ?? 0,
      failed: (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0),
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      failures: vitestFailures(json),
    }));
    rmSync(dir, { recursive: true, force: true });
    return { ok: code === 0 && counts.failed === 0, ...counts };
  });
}

type Counts = { passed: number; failed: number; skipped: number; failures?: string[] };

function readCounts(file: string, pick: (json: any) => Counts): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: ['no report was written'] };
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 1, skipped: 0, failures: ['the report could not be read'] };
  }
}

/** Failed tests of a vitest JSON report, as `file › full name`; a file that failed to load counts as one. */
export function vitestFailures(json: any): string[] {
  const names: string[] = [];
  for (const file of json.testResults ?? []) {
    const where = path.relative(ROOT, String(file.name ?? ''));
    const failed = (file.assertionResults ?? []).filter((test: any) => test.status === 'failed');
    for (const test of failed) names.push(`${where} › ${test.fullName ?? test.title}`);
    if (!failed.length && file.status === 'failed') names.push(`${where} › ${String(file.message ?? 'failed to run').split('\n')[0]}`);
  }
  return names;
}

/** Tests of a Playwright JSON report whose outcome was unexpected, as `file › suite › title`. */
export function playwrightFailures(json: any): string[] {
  const names: string[] = [];
  const walk = (suite: any, trail: string[]) => {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test: any) => test.status === 'unexpected')) names.push([...here, spec.title].join(' › '));
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of json.suites ?? []) walk(suite, []);
  return names;
}

/** `vite build` of the elements and of the storefront's server renderer, then the custom-elements manifest: what the e2e tests load. */
export const build = () =>
  timed('build (vite) + server renderer + custom-elements manifest', async () => {
    const code =
      (await run(bin('vite'), ['build', '--logLevel', 'warn'])) ||
      (await run(bin('vite'), ['build', '-c', 'vite.ssr.config.ts', '--logLevel', 'error'])) ||
      (await run(bin('tsx'), ['tests/bundle/manifest.ts']));
    return { ok: code === 0, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  });

/**
 * Size budgets of the built bundle (size-limit, brotli), then a check that each budget's file globs
 * still cover exactly what its entry loads (size-limit alone cannot notice a chunk the list misses).
 */
export const sizes = () =>
  timed('bundle size budgets (size-limit)', async () => {
    const code = (await run(bin('size-limit'), [])) || (await run(bin('tsx'), ['tests/bench/bundle-size.ts', '--check-budgets']));
    return { ok: code === 0, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  });

/** The PostgreSQL server tests run against: TEST_DATABASE_URL, or the local one if it answers. */
export async function reachablePostgres(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (url === '' || url === 'skip') return undefined;
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server suite on the PostgreSQL at `url` ({@link reachablePostgres}), or a visible skip when none answered. */
export async function serverOnPostgres(url: string | undefined): Promise<StepResult> {
  if (!url) {
    console.log('\n=== server tests on PostgreSQL ===\nSKIPPED: no PostgreSQL answered (set TEST_DATABASE_URL=postgres://… to run them).');
    return { name: 'server tests on PostgreSQL', ok: true, passed: 0, failed: 0, skipped: 0, seconds: 0, note: 'skipped: no PostgreSQL' };
  }
  return vitest('server tests on PostgreSQL', ['server'], { TEST_DATABASE_URL: url });
}

/**
 * The reliability suites' client and server parts (vitest projects `reliability-client` and
 * `reliability-server`): the server suites on PGlite, the order and scale-out suites also on
 * `postgres` when one answered. `env` may name a tally file (`RELIABILITY_REPORT`).
 */
export const reliabilitySuites = (postgres: string | undefined, env: NodeJS.ProcessEnv = {}) =>
  vitest('reliability suites (client + server)', ['reliability-client', 'reliability-server'], {
    ...env,
    TEST_DATABASE_URL: '',
    RELIABILITY_DATABASE_URL: postgres ?? '',
  });

/** Playwright end-to-end tests in Chromium against one server. */
export const e2e = (extra: string[] = [], env: NodeJS.ProcessEnv = {}) => playwright('end-to-end tests (Playwright, Chromium)', extra, env);

/**
 * The OpenAPI proxy run: chosen end-to-end journeys again, every API call of the browser through
 * Stoplight Prism's validating proxy, then a report of the operations covered that fails on any call
 * breaking `docs/openapi.json` (`E2E_OPENAPI=1`, tests/e2e/openapi, docs/testing.md).
 */
export const openapiProxy = (extra: string[] = []) => playwright('OpenAPI proxy run (Prism, Chromium)', extra, { E2E_OPENAPI: '1' });

function playwright(name: string, extra: string[], env: NodeJS.ProcessEnv) {
  return timed(name, async () => {
    let chromium: string;
    try {
      chromium = await findChromium();
    } catch (error) {
      console.error(String((error as Error).message));
      return { ok: false, passed: 0, failed: 1, skipped: 0, note: 'no browser' };
    }
    console.log(`[e2e] browser: ${chromium}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'pw-'));
    const report = path.join(dir, 'report.json');
    const code = await run(bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts', ...extra], {
      ...env,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    });
    const counts = readCounts(report, (json) => ({
      passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
      failed: json.stats?.unexpected ?? 0,
      skipped: json.stats?.skipped ?? 0,
      failures: playwrightFailures(json),
    }));
    rmSync(dir, { recursive: true, force: true });
    return { ok: code === 0 && counts.failed === 0, ...counts };
  });
}

/**
 * The main journeys in Firefox ESR and WebKitGTK (tests/engines/run.ts) against one demo server on the
 * built bundle: one count per journey per engine. A missing engine fails the step, naming the Debian
 * package to install (CI installs them in .ci/run); no journey run is a failure too.
 */
export const engines = (extra: string[] = []) =>
  timed('browser journeys (Firefox ESR, WebKitGTK)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'engines-'));
    const report = path.join(dir, 'report.json');
    const code = await run(bin('tsx'), ['tests/engines/run.ts', '--report', report, ...extra]);
    let note: string | undefined;
    const counts = readCounts(report, (json) => {
      type Engine = { engine: string; passed: number; failed: number; seconds: number; error?: string };
      note = (json.engines ?? [])
        .map((engine: Engine) => (engine.error ? `${engine.engine}: ${engine.error}` : `${engine.engine} ${engine.passed}/${engine.passed + engine.failed} in ${engine.seconds}s`))
        .join(', ');
      const failures = (json.journeys ?? []).filter((journey: { ok: boolean }) => !journey.ok).map((journey: { engine: string; journey: string }) => `${journey.engine} › ${journey.journey}`);
      if (json.fatal) failures.push(String(json.fatal));
      return { passed: json.passed ?? 0, failed: json.failed ?? 0, skipped: 0, failures };
    });
    rmSync(dir, { recursive: true, force: true });
    return { ok: code === 0 && counts.failed === 0 && counts.passed > 0, ...counts, ...(note ? { note } : {}) };
  });

/** Prints the table of steps and the closing `N passed, N failed` line; returns the exit code. */
export function summarise(results: StepResult[]): number {
  console.log('\n=== summary ===');
  for (const r of results) {
    const status = r.ok ? 'ok  ' : 'FAIL';
    console.log(`${status} ${r.name.padEnd(40)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped  ${r.seconds}s${r.note ? `  (${r.note})` : ''}`);
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
  const ok = results.every((r) => r.ok) && passed > 0;
  const failures = results.flatMap((r) => (r.failures ?? []).map((name) => `  ${r.name}: ${name}`));
  if (failures.length) console.log(`failed:\n${failures.join('\n')}`);
  if (passed === 0) console.log('No test ran: that is a failure.');
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  return ok ? 0 : 1;
}
