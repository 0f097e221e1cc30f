import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Subresource integrity for the standalone build: `dist/integrity.json` holds the `sha384-…` value of
 * every JavaScript file, and the entries' values are printed, for `<script type="module" integrity>`
 * from a CDN (`/dist/<version>/…` is immutable, so its hashes never change). A module script's
 * integrity covers that file; the chunks it imports are checked when the page preloads them with
 * `<link rel="modulepreload" integrity>` or lists them in an import map's `integrity`.
 */

/** The SRI value of `content`. */
export function integrityOf(content: Buffer | string): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** Every `.js` file under `dir` (relative, `/`-separated), sorted. */
function scripts(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? scripts(path.join(dir, entry.name), `${prefix}${entry.name}/`) : entry.name.endsWith('.js') ? [`${prefix}${entry.name}`] : []))
    .sort();
}

/** Writes `integrity.json` into `dir` and answers it. */
export function writeIntegrity(dir: string, version: string): { version: string; algorithm: 'sha384'; files: Record<string, string> } {
  const files = Object.fromEntries(scripts(dir).map((file) => [file, integrityOf(readFileSync(path.join(dir, file)))]));
  const manifest = { version, algorithm: 'sha384' as const, files };
  writeFileSync(path.join(dir, 'integrity.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const manifest = writeIntegrity(path.join(root, 'dist'), version);
  const entries = Object.entries(manifest.files).filter(([file]) => !file.includes('/') && file !== 'widget-gallery.js');
  console.log(`integrity: dist/integrity.json (${Object.keys(manifest.files).length} files); entries of /dist/${version}/:`);
  for (const [file, hash] of entries) console.log(`  ${file.padEnd(22)} ${hash}`);
}
