import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tests run once: a flaky test is a bug report. A retry hides a real race, as the
 * catalogue's `retry: 5` hid one in its URL state for weeks, so no test file, test config or script
 * may set one: vitest's `retry` (per file, suite, test or config) and `--retry`, Playwright's `retries`
 * (config or `test.describe.configure`) and `--retries`. A literal `0` is allowed, as it says "none".
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = ['src', 'server', 'demo', 'tests', 'elements', 'build', 'package.json', 'vite.config.ts', 'vite.lib.config.ts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', 'test-results', 'playwright-report']);

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full).flatMap((name) => (SKIPPED_DIRS.has(name) ? [] : files(path.join(entry, name))));
}

/** `retry: 3`, `retries: n`, `"retry": 2`, `--retry=2`, `--retries 1`: any count but a literal 0. */
const RETRY_SETTING = /(?:\bretr(?:y|ies)["']?\s*:\s*|--retr(?:y|ies)[=\s]+)(?!0\b)[\w.]+/g;
/** `it.retry(…)`-style helpers some runners offer. */
const RETRY_CALL = /\.(?:retry|retries)\s*\(/g;

/** Where a file sets a retry, as "file:line: text". */
export function retrySettings(file: string, source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // a comment may talk about retries
    if (RETRY_SETTING.test(line) || RETRY_CALL.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    RETRY_SETTING.lastIndex = 0;
    RETRY_CALL.lastIndex = 0;
  });
  return found;
}

const isTestOrConfig = (file: string) =>
  /\.(test|spec)\.tsx?$/.test(file) || /(^|\/)(vite|vite\.lib|playwright|vitest)\.config\.ts$/.test(file) || /^tests\/.*\.ts$/.test(file) || file === 'package.json';

describe('no retries', () => {
  it('should find no retry in any test file, test config, test runner or npm script', () => {
    const offenders = SCANNED.flatMap(files)
      .filter(isTestOrConfig)
      .filter((file) => file !== 'src/no-retries-rule.test.ts')
      .flatMap((file) => retrySettings(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it.each([
    ['vitest file option', "describe('catalogue', { retry: 5 }, () => {"],
    ['vitest config', '    retry: 2,'],
    ['playwright config', '  retries: process.env.CI ? 2 : 0,'],
    ['playwright suite', "test.describe.configure({ retries: 3 });"],
    ['JSON config', '"retry": 1'],
    ['command line', 'vitest run --retry=3'],
    ['command line with a space', 'playwright test --retries 2'],
  ])('should catch a %s', (_kind, line) => {
    expect(retrySettings('x.ts', line)).toHaveLength(1);
  });

  it.each([
    ['none said plainly', '  retries: 0,'],
    ['a retry button', "screen.getByRole('button', { name: 'Retry' })"],
    ['a store action', 'await retryFailedLoads();'],
    ['a sentence', '// the client itself never retries'],
    ['a comment with a colon', '  // once for the retry: the module is rendered as is'],
  ])('should let %s pass', (_kind, line) => {
    expect(retrySettings('x.ts', line)).toEqual([]);
  });
});
