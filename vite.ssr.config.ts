import { builtinModules } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { messageParts } from './build/message-parts.ts';
import clientConfig from './vite.config.ts';

/**
 * The storefront's server renderer (`npm run build`, after the elements): `elements/storefront-server.tsx`
 * compiled for Node into `dist-ssr/`, with the same module resolution as the browser build (the
 * dictionaries' parts, the CSS the components register, ofetch's cut helpers), so the server renders
 * exactly the components the browser hydrates. The reference server imports it when it is there
 * (server/http/server-render.ts), from source (tsx) and from its own build alike. React, jsdom and
 * DOMPurify stay imports: one React for the renderer and `react-dom/server`.
 */
const RUNTIME_PACKAGES = /^(react|react-dom|scheduler|jsdom|dompurify)(\/|$)/;

export default defineConfig((env) => {
  const client = typeof clientConfig === 'function' ? clientConfig(env) : clientConfig;
  return {
    plugins: [messageParts(), react()],
    resolve: client.resolve,
    define: client.define,
    publicDir: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      target: 'node20',
      outDir: 'dist-ssr',
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        input: { 'storefront-server': 'elements/storefront-server.tsx' },
        external: (id: string) => id.startsWith('node:') || builtinModules.includes(id) || RUNTIME_PACKAGES.test(id),
        output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    ssr: { noExternal: true },
  };
});
