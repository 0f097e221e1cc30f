import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Repository root: the nearest folder above this module holding package.json, so the server works from
 * any working directory, both from source (server/root-dir.ts) and built (dist-server/start.js).
 */
export const ROOT_DIR = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(dir: string): string {
  if (existsSync(path.join(dir, 'package.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('package.json not found above the server');
  return findRoot(parent);
}
