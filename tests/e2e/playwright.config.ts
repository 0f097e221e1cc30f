import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './browser.ts';
import { proxiedSpecFiles, proxiedTitles } from './openapi/specs.ts';

/**
 * End-to-end tests against one real server per run (`npm start` without the build step, on a fresh
 * in-memory database). `tests/e2e/run.ts` finds the browser and passes it in CHROMIUM_PATH.
 */
const port = Number(process.env.E2E_PORT ?? 4317);
export const E2E_ORIGIN = `http://localhost:${port}`;
/** The package's consumer apps (tests/e2e/package.spec.ts) are served here, an origin the API allows. */
export const CONSUMER_PORT = port + 7;
/** The package's Next.js consumer app, served by `next start`. */
export const NEXT_PORT = port + 8;
/** The Prism proxy of the OpenAPI run, between the browser's API calls and the server. */
export const PRISM_PORT = port + 9;
/**
 * `E2E_OPENAPI=1`: the OpenAPI proxy run instead of the usual one. The journeys of `openapi/specs.ts` run
 * with every API call of the browser going through Prism's validating proxy, then `openapi-report`
 * prints the operations covered and fails on any call that breaks `docs/openapi.json` (docs/testing.md).
 */
const openapiRun = process.env.E2E_OPENAPI === '1';

/** The server the tests run against: `npm start` without the build step, on an in-memory database. */
const appServer = {
  command: 'npx tsx server/start.ts',
  cwd: '../..',
  url: `http://127.0.0.1:${port}/demo/`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    PGLITE_DIR: 'memory://',
    ORDER_WAIT_SECONDS: '0',
    // One shared server registers a buyer per spec from one IP: the form limits (issue 22) are
    // tried by the server suites, not here.
    REGISTER_MAX_PER_IP: '0',
    REGISTER_MAX_PER_EMAIL: '0',
    CONTACT_MAX_PER_IP: '0',
    CONTACT_MAX_PER_EMAIL: '0',
    DATABASE_URL: '',
    CORS_ORIGINS: `http://localhost:${port + 7},http://localhost:${port + 8}`,
  },
};

/** Prism's proxy in front of the server, validating each call against `docs/openapi.json` (its answers unchanged). */
const prismProxy = {
  command: `npx prism proxy docs/openapi.json http://127.0.0.1:${port} --errors=false --cors=false --host 127.0.0.1 --port ${PRISM_PORT} --verboseLevel warn`,
  cwd: '../..',
  url: `http://127.0.0.1:${PRISM_PORT}/api/openapi.json`,
  timeout: 60_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
};

/** The proxied specs, then the report that needs all of them done. */
const openapiProjects = [
  { name: 'openapi', testMatch: proxiedSpecFiles(), grep: proxiedTitles(), use: { prismOrigin: `http://127.0.0.1:${PRISM_PORT}` } },
  { name: 'openapi-report', testMatch: '**/tests/e2e/openapi/proxy-report.check.ts', dependencies: ['openapi'] },
];

export default defineConfig<object, { prismOrigin: string | null }>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Measured on the 2-core CI machine (2026-11-25, a plain JS loop 5-8x slower than a desktop): with two
  // workers the longest journeys (checkout, coordinator, axe at 360 px) take 30-45 s, and failed at
  // 30 s on the previous commit as well. Retries stay 0: a slow test is given time, never a second try.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: E2E_ORIGIN,
    // DOM snapshots and network only: the screencast's frames cost about a seventh of a run's time (screens.spec 192 s with them, 165 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      // Shop hosts (<slug>.localhost) must reach the loopback server whatever the resolver does.
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1'],
    },
  },
  webServer: openapiRun ? [appServer, prismProxy] : appServer,
  ...(openapiRun ? { projects: openapiProjects } : {}),
});
