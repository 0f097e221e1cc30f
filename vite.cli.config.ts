import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * The package's command, `storefront-elements` (`cli/storefront-elements.ts`: `check-provider`),
 * bundled into one plain ESM file with the contract's schemas and valibot inside, so `npx
 * storefront-elements` runs on Node 20 with nothing but Node's built-ins. Written by `npm run package`
 * to `package/bin/` (build/package.ts).
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'package/bin',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      input: { 'storefront-elements': 'cli/storefront-elements.ts' },
      external: (id) => id.startsWith('node:') || builtinModules.includes(id),
      output: { format: 'esm', entryFileNames: '[name].js', codeSplitting: false },
    },
  },
  ssr: { noExternal: true },
});
