import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * The reference server's production build (`npm run build`, after the elements): `server/start.ts`
 * and the shop-provisioning CLI compiled to plain ESM JavaScript in `dist-server/`, so production runs
 * them with `node` after `npm ci --omit=dev` (docs/deploying.md) instead of through tsx. Not in
 * `dist/`: that folder is served to browsers under `/dist`. The server's own code and what it uses of
 * `src/` are bundled; the runtime dependencies of package.json and Node's built-ins stay imports. The
 * demo plugin is a chunk of its own, loaded only outside production (server/plugins.ts).
 */
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies?: Record<string, string> };
const runtimePackages = Object.keys(manifest.dependencies ?? {});

/** Whether `id` is a Node built-in or one of the runtime dependencies (or a subpath of one). */
function isExternal(id: string): boolean {
  if (id.startsWith('node:') || builtinModules.includes(id)) return true;
  return runtimePackages.some((name) => id === name || id.startsWith(`${name}/`));
}

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist-server',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: { start: 'server/start.ts', provision: 'server/provisioning/cli.ts' },
      external: isExternal,
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { noExternal: true },
});
