import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_ATTRIBUTES } from '../src/store/config.ts';
import { elementsOf, entryTypes, eventTypes, indexTypes, jsxTypes, type CommonAttribute, type ElementsManifest } from './element-types.ts';

/**
 * `npm run package`: the publishable package in `package/` and its tarball (`npm pack`).
 * - `package/dist`: the standalone build (`npm run build`: React inside, for `<script type="module">`
 *   from a CDN), without the precompressed copies and the demo's widget gallery;
 * - `package/lib`: the module build for bundlers (`vite.lib.config.ts`: React, react-dom and
 *   `@preact/signals-react` are peer dependencies, the other libraries dependencies);
 * - `package/types`: typings written from `custom-elements.json` (`build/element-types.ts`);
 * - `custom-elements.json`, `LICENSE` and `CHANGELOG.md` copied in, and `openapi.json`, the provider
 *   API's OpenAPI document (`docs/openapi.json`, build/openapi.ts);
 * - `package/bin/storefront-elements.js`: the package's command (`check-provider`), one bundled file
 *   (`vite.cli.config.ts`), marked executable.
 * `package/package.json` (exports, files, sideEffects, peer dependencies) and `package/README.md` are
 * kept by hand; `build/package-manifest.test.ts` checks them against the repository.
 *
 * Options: `--no-build` reuses `dist/` as it is (the test run built it already); `--pack-destination
 * <dir>` writes the tarball there (default: the repository's root). Prints the tarball's path last.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE_DIR = path.join(ROOT, 'package');
const DIST = path.join(ROOT, 'dist');

/** The package's command, as `bin` in package/package.json names it. */
export const BIN = 'bin/storefront-elements.js';

/** The generated parts of `package/` (the rest is kept in git). */
export const GENERATED = ['dist', 'lib', 'types', 'bin', 'custom-elements.json', 'openapi.json', 'LICENSE', 'CHANGELOG.md'] as const;

/** The page configuration attributes with their descriptions, read from `PageConfig`'s doc comments. */
export function commonAttributes(configSource: string): CommonAttribute[] {
  const described = new Map([...configSource.matchAll(/\/\*\* ([^*]+?) \*\/\s*\n\s*(\w+):/g)].map((match) => [match[2] ?? '', match[1] ?? '']));
  return Object.entries(CONFIG_ATTRIBUTES).map(([key, name]) => ({ name, description: described.get(key) ?? '' }));
}

/** Files of the standalone build that the package leaves out: compressed copies and demo-only entries. */
export function packagedDistFile(relative: string): boolean {
  return !/\.(br|gz)$/.test(relative) && !/^widget-gallery\.js$/.test(relative) && !relative.startsWith('.vite');
}

function run(command: string, args: string[], cwd = ROOT): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function writeTypes(): number {
  const manifest = JSON.parse(readFileSync(path.join(DIST, 'custom-elements.json'), 'utf8')) as ElementsManifest;
  const elements = elementsOf(manifest);
  const common = commonAttributes(readFileSync(path.join(ROOT, 'src', 'store', 'config.ts'), 'utf8'));
  const dir = path.join(PACKAGE_DIR, 'types');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'events.d.ts'), eventTypes(readFileSync(path.join(ROOT, 'src', 'events.ts'), 'utf8')));
  writeFileSync(path.join(dir, 'index.d.ts'), indexTypes(elements, common));
  writeFileSync(path.join(dir, 'jsx.d.ts'), jsxTypes(elements));
  for (const element of elements) writeFileSync(path.join(dir, `${element.entry}.d.ts`), entryTypes(element));
  return elements.length;
}

function main(argv: string[]): void {
  const started = Date.now();
  const destinationAt = argv.indexOf('--pack-destination');
  const destination = destinationAt === -1 ? ROOT : path.resolve(argv[destinationAt + 1] ?? ROOT);
  if (!argv.includes('--no-build') || !existsSync(path.join(DIST, 'custom-elements.json'))) run('npm', ['run', 'build']);

  for (const generated of GENERATED) rmSync(path.join(PACKAGE_DIR, generated), { recursive: true, force: true });
  run(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '-c', 'vite.lib.config.ts', '--logLevel', 'warn']);
  run(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '-c', 'vite.cli.config.ts', '--logLevel', 'warn']);
  chmodSync(path.join(PACKAGE_DIR, BIN), 0o755);
  cpSync(DIST, path.join(PACKAGE_DIR, 'dist'), { recursive: true, filter: (source) => statSync(source).isDirectory() || packagedDistFile(path.relative(DIST, source)) });
  cpSync(path.join(DIST, 'custom-elements.json'), path.join(PACKAGE_DIR, 'custom-elements.json'));
  cpSync(path.join(ROOT, 'docs', 'openapi.json'), path.join(PACKAGE_DIR, 'openapi.json'));
  for (const file of ['LICENSE', 'CHANGELOG.md']) cpSync(path.join(ROOT, file), path.join(PACKAGE_DIR, file));
  const count = writeTypes();

  mkdirSync(destination, { recursive: true });
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', destination], PACKAGE_DIR)) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
  const tarball = packed[0];
  if (!tarball) throw new Error('npm pack wrote no tarball');
  const file = path.join(destination, tarball.filename);
  console.log(
    `package: ${count} elements, lib ${readdirSync(path.join(PACKAGE_DIR, 'lib')).length} entries and folders, ${tarball.entryCount} files, ` +
      `${(tarball.size / 1000).toFixed(1)} kB packed, ${(tarball.unpackedSize / 1000).toFixed(1)} kB unpacked (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(file);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
