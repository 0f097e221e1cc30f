import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { distinctChunkName, sharedBaseNames } from './build/chunk-names.ts';
import { elementEntries } from './build/element-entries.ts';
import { hoistTransitiveImports } from './build/hoist-transitive-imports.ts';
import { messageParts } from './build/message-parts.ts';
import { precompress } from './build/precompress.ts';

/**
 * One config for the library build and the test projects.
 * - Build: one ES module per element file in `elements/` (a host loads only what it uses) plus
 *   `index.js` defining them all; shared code lands in common chunks, so two entries on one page
 *   still share one store.
 * - `unit`: rules and components beside their code (`src/**\/*.test.ts(x)`), under jsdom.
 * - `unit-node`: the unit tests that need no page ({@link NODE_UNIT_TESTS}), in Node.
 * - `server`: the reference API over real HTTP on a fresh database (`tests/api`), in Node.
 */
const entries = elementEntries();
/** File names that occur twice in the sources: their chunks get their folder as a prefix. */
const sourceBaseNames = sharedBaseNames(['src', 'elements'].filter((dir) => existsSync(dir)));
/** Demo-only entries (not product elements): the widget gallery of /demo/widgets.html. */
const demoEntries = { 'widget-gallery': 'demo/widgets/gallery-element.ts' };
/**
 * Unit tests with no page to render: the domain's rules and the answers' contract, the server's
 * modules, the seed, the build's plugins, the CLI and the repository's own checks.
 */
const NODE_UNIT_TESTS = ['src/domain/**/*.test.ts', 'src/contract/**/*.test.ts', 'src/*.test.ts', 'server/**/*.test.ts', 'demo/**/*.test.ts', 'build/**/*.test.ts', 'cli/**/*.test.ts', 'tests/*.test.ts'];
/**
 * Two worker threads on two cores, for the projects whose files need no forked process (PGlite's
 * server suites do): vitest's default leaves one core idle, and a worker thread starts faster than a
 * forked process. Measured 2026-11-29: the unit files in 263 s, against about 490 s in one forked
 * worker; most of it is jsdom's set-up per file (about 1.2 s each).
 */
const TWO_THREADS = { pool: 'threads', maxWorkers: 2 } as const;

export default defineConfig(({ command }) => ({
  plugins: [messageParts(), react(), hoistTransitiveImports(), precompress()],
  // Only the library build replaces process.env.NODE_ENV (the dev server and tests keep their own).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // Relative base: asset URLs resolve from `import.meta.url`, so the bundle works from any CDN path.
  base: './',
  // ofetch's own imports, cut to what the API client uses (src/api/ofetch-deps): ufo's whole URL parser
  // and destr's lenient JSON parser were 1.3 kB brotli of the runtime chunk every element loads. Unit
  // tests load ofetch from node_modules with its own ufo; src/api/ofetch-deps/ufo.test.ts checks the cut.
  resolve: {
    alias: {
      ufo: fileURLToPath(new URL('src/api/ofetch-deps/ufo.ts', import.meta.url)),
      destr: fileURLToPath(new URL('src/api/ofetch-deps/destr.ts', import.meta.url)),
      // React 19 has useSyncExternalStore, which the shim then re-exports: skip the shim's fallback code.
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('src/kit/use-sync-external-store-shim.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Not library mode: it would inline every asset (the fonts) as base64 into the JS.
    assetsInlineLimit: 0,
    modulePreload: false,
    // dist/.vite/manifest.json: the reference server reads it to preload the storefront page's first
    // chunks from the HTML (server/http/first-screen.ts).
    manifest: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: { ...entries, ...demoEntries },
      preserveEntrySignatures: 'exports-only',
      // The contract's modules only declare schemas: a chunk that uses some of them must not carry the
      // others because the contract's index re-exports them (their top-level schema calls look like effects).
      treeshake: { moduleSideEffects: [{ test: /src[\\/]contract[\\/]/, sideEffects: false }] },
      output: {
        minify: true,
        entryFileNames: '[name].js',
        // Distinct names, so each size budget's glob matches exactly the one chunk it means.
        chunkFileNames: (chunk) => `chunks/${distinctChunkName(chunk, sourceBaseNames)}-[hash].js`,
        assetFileNames: 'assets/[name]-[hash][extname]',
        // One stable shared chunk every element needs (React, signals, r2wc, the element runtime with its
        // error boundary, store, i18n, theme): its size has a budget (package.json "size-limit"); screens and widgets split apart.
        advancedChunks: {
          groups: [
            {
              name: 'runtime',
              test: /[\\/](node_modules[\\/](react|react-dom|scheduler|@preact|@r2wc|rosetta|dlv|templite|use-sync-external-store)[\\/]|elements[\\/](define|mount)\.ts|src[\\/](page-singleton\.ts|store[\\/](locale|storage-base|config)\.ts|i18n[\\/](index|parts|locale)\.ts|theme[\\/]|app[\\/]ElementShell\.tsx|kit[\\/](element-context\.tsx|use-sync-external-store-shim\.ts|ErrorBoundary\.tsx|lazy-retry\.ts|error-box\.css)|events\.ts))/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Every test runs once: a flaky test is a bug report (src/no-retries-rule.test.ts keeps it so).
    retry: 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'elements/**/*.test.{ts,tsx}'],
          exclude: [...NODE_UNIT_TESTS, ...configDefaults.exclude],
          environment: 'jsdom',
          // Widgets import their CSS `?inline`; tests need the real text (e.g. the 400 px list height).
          css: true,
          setupFiles: ['src/test-setup.ts'],
          // Form tests type character by character; on two busy cores 5 s was once too short.
          testTimeout: 15_000,
          ...TWO_THREADS,
          sequence: { groupOrder: 0 },
        },
      },
      // The unit tests with no page: pure rules, the server's modules, the build and the repository's own
      // checks. Without jsdom's set-up, about a second per file on these cores.
      {
        extends: true,
        test: {
          name: 'unit-node',
          include: NODE_UNIT_TESTS,
          environment: 'node',
          setupFiles: ['src/test-setup-node.ts'],
          testTimeout: 15_000,
          ...TWO_THREADS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file starts its own server and database; two at a time fits two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      // `npm run test:reliability` (tests/reliability/run.ts): fault, storage, order, security and fuzz suites.
      {
        extends: true,
        test: {
          name: 'reliability-client',
          include: ['tests/reliability/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          css: true,
          setupFiles: ['src/test-setup.ts'],
          testTimeout: 30_000,
          ...TWO_THREADS,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability-server',
          include: ['tests/reliability/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
}));
