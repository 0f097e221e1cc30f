import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The parts of a chunk's description its file name is made from (Rolldown's `PreRenderedChunk`). */
export interface ChunkInfo {
  name: string;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
}

/** Names (without extension) of source files (modules and stylesheets) that occur more than once under `dirs`. */
export function sharedBaseNames(dirs: readonly string[]): Set<string> {
  const seen = new Map<string, number>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (/\.(ts|tsx|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const base = stem(entry.name);
        seen.set(base, (seen.get(base) ?? 0) + 1);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return new Set([...seen].filter(([, count]) => count > 1).map(([base]) => base));
}

/** `orders` of `…/orders.css?inline` or `orders.ts`. */
function stem(file: string): string {
  return path.basename(file.split('?')[0] ?? '').replace(/\.(ts|tsx|css)$/, '');
}

/** `…/src/i18n/locales/pl.ts?part=base`. */
const MESSAGE_PART = /[\\/]locales[\\/]([a-z]+)\.ts\?part=([a-z]+)$/;

/**
 * A chunk name no other chunk has, so a size budget's glob (`dist/chunks/<name>-????????.js`) matches
 * exactly one file: Rolldown names a chunk after its first module's file name, and `store/checkout.ts`
 * and `domain/checkout.ts` would both give `checkout-….js`. A chunk named after a file name that occurs
 * twice in the sources (`shared`) takes its folder as a prefix (`store-checkout`); a dictionary part is
 * `messages-<lang>-<part>`.
 */
export function distinctChunkName(chunk: ChunkInfo, shared: ReadonlySet<string>): string {
  const part = MESSAGE_PART.exec(chunk.facadeModuleId ?? '') ?? chunk.moduleIds.map((id) => MESSAGE_PART.exec(id)).find(Boolean);
  if (part) return `messages-${part[1]}-${part[2]}`;
  if (!shared.has(chunk.name)) return chunk.name;
  const named = [chunk.facadeModuleId, ...chunk.moduleIds].find((id) => id && stem(id) === chunk.name);
  return named ? `${path.basename(path.dirname(named.split('?')[0] ?? ''))}-${chunk.name}` : chunk.name;
}
