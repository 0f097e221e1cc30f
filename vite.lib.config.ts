import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { elementEntries } from './build/element-entries.ts';

/**
 * The module build for bundlers (`package/lib`, `npm run package`): the same element entries as the
 * standalone build, but React, react-dom and `@preact/signals-react` (the package's peer dependencies)
 * and the package's own dependencies stay imports, so a host app's bundler resolves them once for the
 * app and the elements together: one React on the page, one copy of each library. Not minified and
 * `process.env.NODE_ENV` left as it is: the host's bundler does both for its own build.
 */
const manifest = JSON.parse(readFileSync('package/package.json', 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
const externalPackages = [...Object.keys(manifest.peerDependencies ?? {}), ...Object.keys(manifest.dependencies ?? {})];

/** Whether `id` imports one of the packages the host installs (the package itself or a subpath of it). */
export function isExternal(id: string): boolean {
  return externalPackages.some((name) => id === name || id.startsWith(`${name}/`));
}

export default defineConfig({
  plugins: [react()],
  // Relative base: the fonts resolve from `import.meta.url`, which host bundlers understand.
  base: './',
  build: {
    outDir: 'package/lib',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: false,
    copyPublicDir: false,
    minify: false,
    rolldownOptions: {
      input: elementEntries(),
      preserveEntrySignatures: 'exports-only',
      external: isExternal,
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
