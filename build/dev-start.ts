/**
 * `npm start`: builds the elements bundle with Vite (when there are elements to build), then starts
 * the server from source (server/start.ts). The build lives here, not in the server: a production
 * install has no Vite, and its server serves the `dist/` that `npm run build` made.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');

if (existsSync(path.join(ROOT_DIR, 'elements', 'index.ts'))) {
  const t0 = Date.now();
  await build({ root: ROOT_DIR, logLevel: 'warn' });
  // The storefront's server renderer (dist-ssr/), which the server uses when SERVER_RENDER is on.
  await build({ root: ROOT_DIR, configFile: path.join(ROOT_DIR, 'vite.ssr.config.ts'), logLevel: 'error' });
  console.log(`[build] dist/ built in ${Date.now() - t0} ms`);
} else {
  console.log('[build] no elements entry yet (elements/index.ts): serving the API and demo pages only');
}
await import('../server/start.ts');
