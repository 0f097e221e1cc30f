import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DIST_DIR, ensureBuild, isMain, kB, markdownTable, type Benchmark } from './support.ts';

/**
 * What a page downloads for one element: the entry file in `dist/` and every chunk it imports
 * statically, followed transitively (the browser fetches all of them before the element runs), each
 * compressed on its own as a server sends it: brotli at quality 11 and gzip at level 9 (node:zlib).
 * Chunks reached only through `import()` load later (a storefront's route screens, say) and are
 * counted apart. Fonts (woff2, fetched only for the characters shown) are not JavaScript and not
 * counted.
 *
 * @module
 */

/** The element whose size the issue gives a target for. */
export const SIZE_ENTRY = 'cart-button.js';
/** The target: brotli size of `<shop-cart-button>`'s entry with everything it loads, React included. */
export const SIZE_TARGET_BYTES = 75_000;

/** One file of the bundle with its sizes in bytes. */
export interface FileSize {
  /** Path relative to `dist/`. */
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** The files an entry loads before it runs, and the chunks it may load later. */
export interface EntrySize {
  entry: string;
  /** The entry and its static imports, transitively; the entry first, then in discovery order. */
  files: FileSize[];
  total: { raw: number; gzip: number; brotli: number };
  /** Chunks first reached through `import()` (with their own static imports not already loaded). */
  dynamic: FileSize[];
}

/** A leading `import … from "x"`, `import "x"`, `export … from "x"` or `export * from "x"` statement. */
const STATIC_STATEMENT = /^\s*(?:import|export)\s*(?:[^"'`;]*?\bfrom\s*)?(["'])([^"']+)\1\s*;?/;
/** Any `from "./…"` or `import "./…"` anywhere, to check the leading scan missed nothing. */
const STATIC_ANYWHERE = /(?:\bfrom|\bimport)\s*(["'])(\.{1,2}\/[^"']+)\1/g;
/** `import("./…")` with a literal specifier (Rolldown writes it with backticks). */
const DYNAMIC_IMPORT = /\bimport\(\s*(["'`])(\.{1,2}\/[^"'`$]+)\1\s*\)/g;

/**
 * The static and dynamic import specifiers of one built (minified ES module) file. Rolldown hoists
 * static imports and re-exports to the top of a chunk, so they are read as the leading statements;
 * a relative `from "./…"` further down that names an existing file means the scan needs attention,
 * and fails loudly rather than under-count.
 */
export function importsOf(code: string, file: string): { statics: string[]; dynamics: string[] } {
  const statics: string[] = [];
  let rest = code;
  for (let match = STATIC_STATEMENT.exec(rest); match; match = STATIC_STATEMENT.exec(rest)) {
    statics.push(match[2] ?? '');
    rest = rest.slice(match[0].length);
  }
  const dynamics = [...code.matchAll(DYNAMIC_IMPORT)].map((match) => match[2] ?? '');
  for (const match of code.matchAll(STATIC_ANYWHERE)) {
    const specifier = match[2] ?? '';
    const before = code.slice(Math.max(0, (match.index ?? 0) - 7), match.index);
    if (before.endsWith('import(') || statics.includes(specifier) || dynamics.includes(specifier)) continue;
    if (existsSync(path.resolve(path.dirname(file), specifier))) {
      throw new Error(`${path.relative(DIST_DIR, file)}: import of ${specifier} outside the leading import statements; the size scan needs updating`);
    }
  }
  return { statics, dynamics };
}

/** Sizes of one file's bytes. */
function sizeOf(file: string, code: Buffer): FileSize {
  return {
    file: path.relative(DIST_DIR, file),
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: code.length,
      },
    }).length,
  };
}

/** Follows static imports from `start`, adding files not in `seen`; returns the dynamic imports met. */
function collect(start: string, seen: Map<string, FileSize>): Set<string> {
  const dynamic = new Set<string>();
  const queue = [start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${file} is imported but missing: rebuild dist/ (npm run build)`);
    const code = readFileSync(file);
    seen.set(file, sizeOf(file, code));
    const { statics, dynamics } = importsOf(code.toString('utf8'), file);
    for (const specifier of statics) queue.push(path.resolve(path.dirname(file), specifier));
    for (const specifier of dynamics) dynamic.add(path.resolve(path.dirname(file), specifier));
  }
  return dynamic;
}

/** Measures what `dist/<entry>` loads: see the module comment for what is counted. */
export function measureEntry(entry: string, distDir: string = DIST_DIR): EntrySize {
  const loaded = new Map<string, FileSize>();
  const pendingDynamic = [...collect(path.join(distDir, entry), loaded)];
  const files = [...loaded.values()];
  const total = files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip, brotli: sum.brotli + f.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  // Later chunks: what each import() adds beyond what is already loaded.
  const dynamic: FileSize[] = [];
  for (let target = pendingDynamic.shift(); target !== undefined; target = pendingDynamic.shift()) {
    if (loaded.has(target)) continue;
    const before = new Set(loaded.keys());
    pendingDynamic.push(...collect(target, loaded));
    const added = [...loaded.entries()].filter(([file]) => !before.has(file)).map(([, size]) => size);
    dynamic.push(
      added.reduce((sum, f) => ({ file: sum.file, raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip, brotli: sum.brotli + f.brotli }), {
        file: `${path.relative(distDir, target)}${added.length > 1 ? ` (+${added.length - 1} chunks)` : ''}`,
        raw: 0,
        gzip: 0,
        brotli: 0,
      }),
    );
  }
  return { entry, files, total, dynamic };
}

/** The markdown report of one entry: per file, the total against the target, and later chunks. */
export function sizeReport(size: EntrySize, targetBytes: number = SIZE_TARGET_BYTES): string {
  const rows = size.files.map((f) => [`\`${f.file}\``, kB(f.raw), kB(f.gzip), kB(f.brotli)]);
  rows.push([`**total (${size.files.length} files)**`, `**${kB(size.total.raw)}**`, `**${kB(size.total.gzip)}**`, `**${kB(size.total.brotli)}**`]);
  const met = size.total.brotli <= targetBytes;
  const lines = [
    `### \`dist/${size.entry}\` and its static imports (kB = 1000 bytes)`,
    '',
    markdownTable(['file', 'raw', 'gzip -9', 'brotli q11'], rows),
    '',
    `Target: brotli ≤ ${kB(targetBytes)} kB → **${met ? 'met' : 'not met'}** (${kB(size.total.brotli)} kB).`,
  ];
  if (size.dynamic.length > 0) {
    lines.push('', 'Loaded later through `import()` (not in the total):', '', markdownTable(['chunk', 'raw', 'gzip -9', 'brotli q11'], size.dynamic.map((f) => [`\`${f.file}\``, kB(f.raw), kB(f.gzip), kB(f.brotli)])));
  } else {
    lines.push('', 'No `import()` in these files: nothing more loads later.');
  }
  return lines.join('\n');
}

/** The size benchmark for the runner: the cart button's entry with React, from `dist/`. */
export const bundleSizeBenchmark: Benchmark = {
  name: 'bundle-size',
  summary: `brotli and gzip size of dist/${SIZE_ENTRY} with every chunk it imports statically (target ≤ ${kB(SIZE_TARGET_BYTES)} kB brotli)`,
  run: async () => sizeReport(measureEntry(SIZE_ENTRY)),
};

if (isMain(import.meta.url)) {
  await ensureBuild(process.argv.includes('--build'));
  console.log(await bundleSizeBenchmark.run({ rounds: 0, port: 0 }));
}
