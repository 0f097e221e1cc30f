import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The build's entries, one per element file in `elements/` (`cart-button` → `elements/cart-button.ts`)
 * plus `index` (every element), for the standalone build (`vite.config.ts`) and the module build for
 * bundlers (`vite.lib.config.ts`) alike. `define.ts` and `mount.ts` are the runtime, `types.ts` the typings, not entries.
 */
export function elementEntries(root = '.'): Record<string, string> {
  const dir = path.join(root, 'elements');
  return Object.fromEntries(
    (existsSync(dir) ? readdirSync(dir) : [])
      .filter((file) => /^[a-z][a-z0-9-]*\.ts$/.test(file) && !file.endsWith('.test.ts') && !['define.ts', 'mount.ts', 'types.ts'].includes(file))
      .sort()
      .map((file) => [file.replace(/\.ts$/, ''), `elements/${file}`]),
  );
}
