import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * One config for the library build and the test projects.
 * - `unit`: pure rules and components beside their code (`src/**\/*.test.ts(x)`), under jsdom.
 * - `server`: the reference API over real HTTP on a fresh database (`tests/api`), in Node.
 */
const elementEntry = 'elements/index.ts';

export default defineConfig({
  build: existsSync(elementEntry)
    ? {
        lib: { entry: { index: elementEntry }, formats: ['es'] },
        outDir: 'dist',
        emptyOutDir: true,
      }
    : { outDir: 'dist' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'demo/**/*.test.ts', 'elements/**/*.test.ts'],
          environment: 'jsdom',
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
    ],
  },
});
