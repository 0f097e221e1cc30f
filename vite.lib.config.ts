import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { elementEntries } from './build/element-entries.ts';
import { messageParts } from './build/message-parts.ts';

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

/**
 * Vite wraps each dynamic import in its `__vitePreload` helper and declares the helper in the chunk.
 * A host app's Vite adds its own `__vitePreload` to the same module when it bundles the package, and
 * the two declarations clash ("Identifier `__vitePreload` has already been declared"). Ours is renamed.
 */
function renamePreloadHelper(): Plugin {
  return {
    name: 'storefront:rename-preload-helper',
    renderChunk(code) {
      return code.includes('__vitePreload') ? { code: code.replaceAll('__vitePreload', '__storefrontPreload'), map: null } : null;
    },
  };
}

export default defineConfig({
  // messageParts: the dictionaries' `?part=` imports (src/i18n/index.ts), as in the standalone build.
  plugins: [react(), messageParts(), renamePreloadHelper()],
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
