import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DIST_DIR, ensureBuild, isMain, kB, markdownTable, ROOT, type Benchmark } from './support.ts';

/**
 * What a page downloads for the elements it uses, from the built `dist/`:
 *
 * - `<shop-cart-button>` alone: `dist/cart-button.js` and every chunk it imports statically, followed
 *   transitively (the browser fetches all of them before the element runs), React included;
 * - the storefront's first route: `dist/storefront.js` with its static imports, plus what the
 *   homepage loads through `import()` before it shows (its screen chunk, the popup dialog when a
 *   popup is due, the element blocks a shop may place on it);
 * - each lazily loaded screen (and other `import()` chunk) of the storefront: what it adds beyond
 *   `storefront.js` and its static imports, on its own (as a deep link to it, or its first visit).
 *
 * Every file is compressed on its own, as a server sends it: brotli at quality 11 (the settings of
 * size-limit's `@size-limit/file`, so the figures match `npm run size`) and gzip at level 9. Fonts
 * (woff2, fetched only for the characters shown) are not JavaScript and not counted.
 *
 * The same file sets are gated in CI by the `"size-limit"` budgets of `package.json` (`npm run size`,
 * part of `npm test`); chunk names carry a content hash, so those budgets name files by glob (one
 * file each: the build names chunks distinctly), and this benchmark checks that each budget's globs
 * match exactly the files measured here (`--check-budgets`, also part of `npm test`). Dictionary
 * parts the elements wait for are loaded through `import()` but before anything shows, so they count.
 *
 * @module
 */

/** The element whose size the issue gives a target for. */
export const SIZE_ENTRY = 'cart-button.js';
/** The target (issue 20): brotli size of `<shop-cart-button>`'s entry with everything it loads before it shows, React included. */
export const SIZE_TARGET_BYTES = 90_000;
/** The storefront's entry. */
export const STOREFRONT_ENTRY = 'storefront.js';
/** The target for the storefront's first route (the homepage), brotli (issue 20). */
export const FIRST_ROUTE_TARGET_BYTES = 120_000;
/** The language the demo pages start in: its dictionary parts are what a page loads first. */
export const START_LANGUAGE = 'en';
/**
 * The dictionary parts (`src/i18n/parts.ts`) each entry's elements wait for before they show: loaded
 * through `import()` as the element starts, so counted with its static imports.
 */
export const START_MESSAGES: Readonly<Record<string, readonly string[]>> = {
  [SIZE_ENTRY]: ['core'],
  'storefront.js': ['core', 'base', 'screens'],
  'index.js': ['core', 'base', 'screens'],
};
/** The entry that defines every element, for a page that uses many (the demo's storefront page loads `storefront.js`). */
export const ALL_ELEMENTS_ENTRY = 'index.js';

/** One file of the bundle with its sizes in bytes. */
export interface FileSize {
  /** Path relative to `dist/`. */
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Raw, gzip and brotli bytes of a set of files. */
export interface Totals {
  raw: number;
  gzip: number;
  brotli: number;
}

/** The files an entry loads before it runs, and the chunks it may load later. */
export interface EntrySize {
  entry: string;
  /** The entry and its static imports, transitively; the entry first, then in discovery order. */
  files: FileSize[];
  total: Totals;
  /** Chunks reached through `import()`, each with what it adds beyond `files` (measured on its own). */
  dynamic: LazyChunk[];
}

/** A chunk reached through `import()` and what loading it adds beyond what is already loaded. */
export interface LazyChunk {
  /** The chunk `import()` names, relative to `dist/`. */
  chunk: string;
  /** It and its static imports not already loaded. */
  files: FileSize[];
  total: Totals;
}

/** A leading `import … from "x"`, `import "x"`, `export … from "x"` or `export * from "x"` statement. */
const STATIC_STATEMENT = /^\s*(?:import|export)\s*(?:[^"'`;]*?\bfrom\s*)?(["'])([^"']+)\1\s*;?/;
/** Any `from "./…"` or `import "./…"` anywhere, to check the leading scan missed nothing. */
const STATIC_ANYWHERE = /(?:\bfrom|\bimport)\s*(["'])(\.{1,2}\/[^"']+)\1/g;
/** A bare `import"./x.js";`, and a line made only of them (the hoisted transitive imports). */
const BARE_IMPORT = /import(["'])(\.{1,2}\/[^"']+)\1;/g;
const HOISTED_LINE = /^(?:import(["'])\.{1,2}\/[^"']+\1;)+$/;
/** `import("./…")` with a literal specifier (Rolldown writes it with backticks). */
const DYNAMIC_IMPORT = /\bimport\(\s*(["'`])(\.{1,2}\/[^"'`$]+)\1\s*\)/g;

/**
 * The static and dynamic import specifiers of one built (minified ES module) file. Rolldown hoists
 * static imports and re-exports to the top of a chunk, so they are read as the leading statements,
 * plus the last line of bare imports the build appends;
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
  // The build appends the chunk's transitive imports as a last line of bare imports (build/hoist-transitive-imports.ts).
  const lastLine = code.trimEnd().split('\n').at(-1) ?? '';
  if (HOISTED_LINE.test(lastLine)) for (const match of lastLine.matchAll(BARE_IMPORT)) statics.push(match[2] ?? '');
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

/** Sizes of one file's bytes, compressed as `@size-limit/file` does (brotli q11, generic mode; gzip -9). */
function sizeOf(file: string, code: Buffer, distDir: string): FileSize {
  return {
    file: path.relative(distDir, file),
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: code.length } }).length,
  };
}

/** The sum of some files' sizes. */
export function totalOf(files: readonly FileSize[]): Totals {
  return files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip, brotli: sum.brotli + f.brotli }), { raw: 0, gzip: 0, brotli: 0 });
}

/** A built file: its sizes and the files it imports (absolute paths). */
interface BuiltFile {
  size: FileSize;
  statics: string[];
  dynamics: string[];
}

/** The built bundle's import graph, read file by file on demand (each file read and compressed once). */
export class BundleGraph {
  private readonly files = new Map<string, BuiltFile>();

  constructor(readonly distDir: string = DIST_DIR) {}

  /** The absolute path of a file named relative to `dist/`. */
  resolve(relative: string): string {
    return path.join(this.distDir, relative);
  }

  /** One file, read and measured the first time it is asked for. */
  file(absolute: string): BuiltFile {
    const known = this.files.get(absolute);
    if (known) return known;
    if (!existsSync(absolute)) throw new Error(`${absolute} is imported but missing: rebuild dist/ (npm run build)`);
    const code = readFileSync(absolute);
    const { statics, dynamics } = importsOf(code.toString('utf8'), absolute);
    const dir = path.dirname(absolute);
    const built = { size: sizeOf(absolute, code, this.distDir), statics: statics.map((s) => path.resolve(dir, s)), dynamics: dynamics.map((s) => path.resolve(dir, s)) };
    this.files.set(absolute, built);
    return built;
  }

  /**
   * `starts` and their static imports, transitively, leaving out `loaded` (already on the page):
   * the files the browser fetches before the first of `starts` runs, in discovery order.
   */
  closure(starts: readonly string[], loaded: ReadonlySet<string> = new Set()): string[] {
    const seen = new Set<string>();
    const queue = [...starts];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (seen.has(file) || loaded.has(file)) continue;
      seen.add(file);
      queue.push(...this.file(file).statics);
    }
    return [...seen];
  }

  /** The chunks `files` name in `import()`, not among `files` themselves. */
  dynamicsOf(files: readonly string[]): string[] {
    const inside = new Set(files);
    return [...new Set(files.flatMap((file) => this.file(file).dynamics))].filter((target) => !inside.has(target));
  }

  /** The sizes of some files. */
  sizes(files: readonly string[]): FileSize[] {
    return files.map((file) => this.file(file).size);
  }

  /** What `import()` of `chunk` adds to a page that already loaded `loaded`. */
  lazyChunk(chunk: string, loaded: ReadonlySet<string>): LazyChunk {
    const files = this.sizes(this.closure([chunk], loaded));
    return { chunk: path.relative(this.distDir, chunk), files, total: totalOf(files) };
  }

  /**
   * Every chunk reachable through `import()` from `files`, also through other lazy chunks (a screen
   * that lazily loads a part), each with what it adds beyond `files` alone.
   */
  lazyChunks(files: readonly string[]): LazyChunk[] {
    const loaded = new Set(files);
    const found = new Set<string>();
    const queue = this.dynamicsOf(files);
    for (let chunk = queue.shift(); chunk !== undefined; chunk = queue.shift()) {
      if (found.has(chunk) || loaded.has(chunk)) continue;
      found.add(chunk);
      queue.push(...this.dynamicsOf(this.closure([chunk], loaded)));
    }
    return [...found].map((chunk) => this.lazyChunk(chunk, loaded)).sort((a, b) => b.total.brotli - a.total.brotli);
  }
}

/** The chunk among the `import()`s of `files` named `name` (its hash aside), or an error naming what is missing. */
function lazyChunkNamed(graph: BundleGraph, files: readonly string[], name: string, what: string): string {
  const chunk = chunkNamed(graph.dynamicsOf(graph.closure(files)), name);
  if (!chunk) throw new Error(`no chunk ${name} among the import()s of ${what}: the size measure needs updating`);
  return chunk;
}

/**
 * `entry`'s static imports and the dictionary parts its elements wait for ({@link START_MESSAGES}) in
 * `lang`: the files a page fetches before the element shows.
 */
export function startFiles(graph: BundleGraph, entry: string, lang: string = START_LANGUAGE): string[] {
  const statics = graph.closure([graph.resolve(entry)]);
  const parts = (START_MESSAGES[entry] ?? []).map((part) => lazyChunkNamed(graph, statics, `messages-${lang}-${part}`, entry));
  return [...statics, ...graph.closure(parts, new Set(statics))];
}

/** Measures what `dist/<entry>` loads: see the module comment for what is counted. */
export function measureEntry(entry: string, graph: BundleGraph = new BundleGraph(), lang: string = START_LANGUAGE): EntrySize {
  const closure = startFiles(graph, entry, lang);
  const files = graph.sizes(closure);
  return { entry, files, total: totalOf(files), dynamic: graph.lazyChunks(closure) };
}

/** The storefront's first route, part by part: what shows the homepage. */
export interface FirstRoute {
  /** `storefront.js` and its static imports (the shell every route needs). */
  shell: EntrySize;
  /** The dictionary parts the storefront waits for, in {@link START_LANGUAGE}. */
  messages: FileSize[];
  /** The HTML sanitiser, loaded by the first shop HTML shown (the demo homepages' rich text and popup). */
  sanitizer: LazyChunk | undefined;
  /** The homepage screen's chunk with its static imports beyond the shell. */
  homepage: LazyChunk;
  /** The popup dialog (loaded with the first popup; the demo shops show one on the homepage). */
  popup: LazyChunk | undefined;
  /** The element blocks the homepage may place (catalogue, product, cart button), together, beyond the above. */
  elementBlocks: LazyChunk[];
  /** Shell + homepage + popup: the homepage as the demo shops' pages load it (no element blocks). */
  demoFiles: string[];
  /** Every file of the first route, element blocks included. */
  allFiles: string[];
}

/** The chunk among `chunks` whose file name starts with `prefix-` (Rolldown names chunks after their first module). */
function chunkNamed(chunks: readonly string[], prefix: string): string | undefined {
  const matches = chunks.filter((chunk) => chunkBaseName(chunk) === prefix);
  if (matches.length > 1) throw new Error(`several chunks named ${prefix}: ${matches.join(', ')}`);
  return matches[0];
}

/** `Homepage` of `/…/chunks/Homepage-IBFC3Ztx.js`; the entry's own name for an entry file. */
export function chunkBaseName(file: string): string {
  return path.basename(file, '.js').replace(/-[\w-]{8}$/, '');
}

/**
 * The storefront's first route: `storefront.js` with its static imports, the homepage's screen chunk
 * (`import()`ed by the route table), the popup dialog and the homepage's own `import()`s (the
 * element blocks), each beyond what came before.
 */
export function measureFirstRoute(graph: BundleGraph = new BundleGraph()): FirstRoute {
  const shellFiles = graph.closure([graph.resolve(STOREFRONT_ENTRY)]);
  const shell: EntrySize = { entry: STOREFRONT_ENTRY, files: graph.sizes(shellFiles), total: totalOf(graph.sizes(shellFiles)), dynamic: [] };
  const lazy = graph.dynamicsOf(shellFiles);
  const homepageChunk = chunkNamed(lazy, 'Homepage');
  if (!homepageChunk) throw new Error(`no Homepage chunk among the import()s of ${STOREFRONT_ENTRY}: the first-route measure needs updating`);
  const messageFiles = startFiles(graph, STOREFRONT_ENTRY).filter((file) => !shellFiles.includes(file));
  const loaded = new Set([...shellFiles, ...messageFiles]);
  const homepage = graph.lazyChunk(homepageChunk, loaded);
  const homepageFiles = graph.closure([homepageChunk], loaded);
  for (const file of homepageFiles) loaded.add(file);
  const popupChunk = chunkNamed(lazy, 'PopupDialog');
  const popup = popupChunk ? graph.lazyChunk(popupChunk, loaded) : undefined;
  const popupFiles = popupChunk ? graph.closure([popupChunk], loaded) : [];
  for (const file of popupFiles) loaded.add(file);
  // The demo homepages show rich text (and the popup HTML): the sanitiser loads before either shows.
  const sanitizerChunk = chunkNamed(graph.dynamicsOf([...loaded]), 'sanitize');
  const sanitizer = sanitizerChunk ? graph.lazyChunk(sanitizerChunk, loaded) : undefined;
  for (const file of sanitizerChunk ? graph.closure([sanitizerChunk], loaded) : []) loaded.add(file);
  const demoFiles = [...loaded];
  const elementBlocks: LazyChunk[] = [];
  for (const block of graph.dynamicsOf(homepageFiles)) {
    if (loaded.has(block)) continue;
    const added = graph.lazyChunk(block, loaded);
    for (const file of graph.closure([block], loaded)) loaded.add(file);
    elementBlocks.push(added);
  }
  return { shell, messages: graph.sizes(messageFiles), sanitizer, homepage, popup, elementBlocks, demoFiles, allFiles: [...loaded] };
}

/** A kB cell, bold when asked. */
function cells(totals: Totals, bold = false): string[] {
  const mark = bold ? '**' : '';
  return [totals.raw, totals.gzip, totals.brotli].map((bytes) => `${mark}${kB(bytes)}${mark}`);
}

/** "met" / "not met" for a brotli total against a target. */
function verdict(brotli: number, target: number): string {
  return brotli <= target ? 'met' : '**not met**';
}

/** The per-file report of one entry: every file, the total against the target, and its lazy chunks. */
export function sizeReport(size: EntrySize, targetBytes: number = SIZE_TARGET_BYTES): string {
  const rows = size.files.map((f) => [`\`${f.file}\``, ...cells(f)]);
  rows.push([`**total (${size.files.length} files)**`, ...cells(size.total, true)]);
  const lines = [
    `### \`dist/${size.entry}\` with its static imports and the dictionary parts it waits for (${START_LANGUAGE}; kB = 1000 bytes)`,
    '',
    markdownTable(['file', 'raw', 'gzip -9', 'brotli q11'], rows),
    '',
    `Target: brotli ≤ ${kB(targetBytes)} kB → ${verdict(size.total.brotli, targetBytes)} (${kB(size.total.brotli)} kB).`,
  ];
  if (size.dynamic.length > 0) {
    lines.push('', 'Loaded later through `import()` (not in the total):', '', markdownTable(['chunk', 'files', 'raw', 'gzip -9', 'brotli q11'], size.dynamic.map((c) => [`\`${c.chunk}\``, String(c.files.length), ...cells(c.total)])));
  } else {
    lines.push('', 'No `import()` in these files: nothing more loads later.');
  }
  return lines.join('\n');
}

/** A row of the first-route table. */
function partRow(label: string, files: readonly FileSize[], bold = false): string[] {
  return [label, String(files.length), ...cells(totalOf(files), bold)];
}

/** The first route's report: each part, the two totals against the target. */
export function firstRouteReport(route: FirstRoute, graph: BundleGraph): string {
  const demo = totalOf(graph.sizes(route.demoFiles));
  const all = totalOf(graph.sizes(route.allFiles));
  const rows = [
    partRow(`\`dist/${STOREFRONT_ENTRY}\` and its static imports (the shell of every route)`, route.shell.files),
    partRow(`+ the dictionary parts it waits for (${route.messages.map((f) => `\`${chunkBaseName(f.file)}\``).join(', ')})`, route.messages),
    partRow(`+ homepage screen \`${route.homepage.chunk}\` and what it imports beyond the shell`, route.homepage.files),
    ...(route.popup ? [partRow(`+ popup dialog \`${route.popup.chunk}\` (a popup is due on the demo shops' homepages)`, route.popup.files)] : []),
    ...(route.sanitizer ? [partRow(`+ HTML sanitiser \`${route.sanitizer.chunk}\` (the demo homepages show rich text)`, route.sanitizer.files)] : []),
    partRow('**= the homepage as the demo shops show it**', graph.sizes(route.demoFiles), true),
    ...route.elementBlocks.map((block) => partRow(`+ element block \`${block.chunk}\` (only where the homepage places one)`, block.files)),
    partRow('**= with every element block the homepage can place**', graph.sizes(route.allFiles), true),
  ];
  return [
    `### The storefront's first route: \`dist/${STOREFRONT_ENTRY}\` up to the homepage shown (kB = 1000 bytes)`,
    '',
    markdownTable(['part', 'files', 'raw', 'gzip -9', 'brotli q11'], rows),
    '',
    `Target: brotli ≤ ${kB(FIRST_ROUTE_TARGET_BYTES)} kB → as the demo shops show it ${verdict(demo.brotli, FIRST_ROUTE_TARGET_BYTES)} (${kB(demo.brotli)} kB), with every element block ${verdict(all.brotli, FIRST_ROUTE_TARGET_BYTES)} (${kB(all.brotli)} kB).`,
    `Of the shell, \`${route.shell.files.find((f) => chunkBaseName(f.file) === 'runtime')?.file ?? 'runtime'}\` (React, signals, the element runtime, store core, i18n, theme) is ${kB(route.shell.files.find((f) => chunkBaseName(f.file) === 'runtime')?.brotli ?? 0)} kB.`,
  ].join('\n');
}

/** The lazy screens' report: each `import()` chunk of the storefront with what it adds to the shell. */
export function lazyScreensReport(chunks: readonly LazyChunk[]): string {
  return [
    `### Lazily loaded screens and parts of the storefront: what each adds to \`dist/${STOREFRONT_ENTRY}\` and its static imports`,
    '',
    'Each measured on its own (a deep link to it, or its first visit): chunks two screens share count in both. Largest first.',
    '',
    markdownTable(
      ['chunk', 'files', 'raw', 'gzip -9', 'brotli q11'],
      chunks.map((c) => [`\`${c.chunk}\``, String(c.files.length), ...cells(c.total)]),
    ),
  ].join('\n');
}

/** One `"size-limit"` check of `package.json`, as far as this benchmark reads it. */
interface SizeLimitCheck {
  name?: string;
  path?: string | string[];
  limit?: string;
}

/** A glob of size-limit (`*`, `?` within one path segment; tinyglobby) as a regular expression. */
function globToRegExp(glob: string): RegExp {
  const source = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${source}$`);
}

/** Every file under `dist/`, relative to the repository root (`dist/chunks/x.js`). */
function distFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? distFiles(full) : [repoPath(full)];
  });
}

/** An absolute path relative to the repository root, with forward slashes (as size-limit globs are written). */
function repoPath(absolute: string): string {
  return path.relative(ROOT, absolute).split(path.sep).join('/');
}

/** The length of Rolldown's content hash in chunk names (`chunks/[name]-[hash].js`). */
const HASH_LENGTH = 8;

/**
 * A glob for a built file that survives rebuilds: an entry (`dist/cart-button.js`) as it is, a chunk
 * (`dist/chunks/Drawer-BfV8wblP.js`) with its hash as eight `?`, so `auth-????????.js` does not
 * also catch `auth-rules-….js`. The build names every chunk distinctly (`build/chunk-names.ts`), so
 * each glob matches one file; a glob that matches two fails `--check-budgets`.
 */
export function budgetGlob(absolute: string): string {
  const relative = repoPath(absolute);
  if (!relative.includes('/chunks/')) return relative;
  return `${path.posix.dirname(relative)}/${chunkBaseName(absolute)}-${'?'.repeat(HASH_LENGTH)}.js`;
}

/** A file set measured here that a size-limit budget gates. */
export interface BudgetSet {
  /** The start of the budget's `name` in `package.json`. */
  label: string;
  /** The files, absolute. */
  files: readonly string[];
}

/** How a budget of `package.json` compares with the files measured here. */
export interface BudgetCoverage {
  label: string;
  /** The budget's limit, or undefined when `package.json` has no budget with this label. */
  limit: string | undefined;
  /** Files measured here that the budget's globs miss (it under-counts: out of date). */
  missing: string[];
  /** Files the globs match that are neither measured here nor a same-name sibling of one (out of date). */
  extra: string[];
  /** Same-name siblings the globs also count (none while the build names chunks distinctly; a failure). */
  siblings: string[];
  /** Brotli bytes of the files the globs match (what size-limit reports) and of the files measured. */
  budgetBrotli: number;
  measuredBrotli: number;
  /** The globs that would cover the files measured, for pasting into `package.json`. */
  globs: string[];
}

/**
 * Whether each budget's globs in `package.json` still cover exactly the files measured here: chunk
 * names carry a content hash and the chunking may change, so a glob can come to miss a chunk (the
 * budget then under-counts without failing: size-limit sums what its globs match, nothing when they
 * match nothing) or catch a new one.
 */
export function budgetCoverage(sets: readonly BudgetSet[], graph: BundleGraph): BudgetCoverage[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { 'size-limit'?: SizeLimitCheck[] };
  const checks = pkg['size-limit'] ?? [];
  const all = distFiles(graph.distDir);
  return sets.map((set) => {
    // Entries first, then chunks by name: a stable order for package.json.
    const globs = [...new Set(set.files.map(budgetGlob))].sort((a, b) => Number(a.includes('/chunks/')) - Number(b.includes('/chunks/')) || a.localeCompare(b));
    const measured = new Set(set.files.map(repoPath));
    const check = checks.find((candidate) => candidate.name?.startsWith(set.label));
    const patterns = (check ? (Array.isArray(check.path) ? check.path : [check.path ?? '']) : globs).map(globToRegExp);
    const matched = all.filter((file) => patterns.some((pattern) => pattern.test(file)));
    const ownGlobs = globs.map(globToRegExp);
    const outside = matched.filter((file) => !measured.has(file));
    return {
      label: set.label,
      limit: check?.limit,
      missing: check ? [...measured].filter((file) => !matched.includes(file)) : [...measured],
      extra: outside.filter((file) => !ownGlobs.some((pattern) => pattern.test(file))),
      siblings: outside.filter((file) => ownGlobs.some((pattern) => pattern.test(file))),
      budgetBrotli: totalOf(graph.sizes(matched.map((file) => path.join(ROOT, file)))).brotli,
      measuredBrotli: totalOf(graph.sizes(set.files)).brotli,
      globs,
    };
  });
}

/**
 * Whether a budget's globs need updating: they miss a file, catch one not measured, or catch a
 * same-name sibling (the build names every chunk distinctly, `build/chunk-names.ts`, so a glob that
 * matches two files means a budget counts more than the page loads).
 */
function outOfDate(coverage: BudgetCoverage): boolean {
  return coverage.limit === undefined || coverage.missing.length > 0 || coverage.extra.length > 0 || coverage.siblings.length > 0;
}

/**
 * Writes each budget's `path` in `package.json` from the files measured (their limits and names stay):
 * after a change of the chunking, `tsx tests/bench/bundle-size.ts --write-budgets`, then review the diff.
 */
export function writeBudgetPaths(coverages: readonly BudgetCoverage[]): number {
  const file = path.join(ROOT, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { 'size-limit'?: SizeLimitCheck[] };
  let changed = 0;
  for (const check of pkg['size-limit'] ?? []) {
    const coverage = coverages.find((c) => check.name?.startsWith(c.label));
    if (!coverage || JSON.stringify(check.path) === JSON.stringify(coverage.globs)) continue;
    check.path = coverage.globs;
    changed += 1;
  }
  if (changed > 0) writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return changed;
}

/** The coverage as markdown: one line a budget, with the globs to paste where one is out of date. */
export function coverageReport(coverages: readonly BudgetCoverage[]): string {
  const lines = coverages.map((c) => {
    const head = `- ${c.label}: measured ${kB(c.measuredBrotli)} kB brotli`;
    if (c.limit === undefined) return `${head}; **no budget** in package.json`;
    if (!outOfDate(c)) return `${head}; the budget's globs match exactly these files (limit ${c.limit})`;
    return `${head}; **globs out of date**${c.missing.length ? `: missing ${c.missing.join(', ')}` : ''}${c.extra.length ? `; extra ${c.extra.join(', ')}` : ''}${c.siblings.length ? `; also match ${c.siblings.join(', ')}` : ''}`;
  });
  const stale = coverages.filter(outOfDate);
  if (stale.length > 0) {
    lines.push('', 'Globs covering the files measured (the `path` of each budget):', '', '```json', JSON.stringify(Object.fromEntries(stale.map((c) => [c.label, c.globs])), null, 2), '```');
  }
  return ['### size-limit budgets (`package.json`) against the files measured', '', ...lines].join('\n');
}

/** The lazy screens with a size-limit budget of their own: the largest ones, by chunk name. */
export const BUDGETED_SCREENS = ['Delivery', 'Summary', 'Product'] as const;

/** The file sets the size-limit budgets gate, measured from `dist/`. */
export function budgetSets(graph: BundleGraph, cartButton: EntrySize, route: FirstRoute, screens: readonly LazyChunk[]): BudgetSet[] {
  return [
    { label: `${SIZE_ENTRY} with its static imports`, files: cartButton.files.map((f) => graph.resolve(f.file)) },
    { label: 'storefront first route', files: route.demoFiles },
    ...BUDGETED_SCREENS.map((name) => {
      const screen = screens.find((candidate) => chunkBaseName(candidate.chunk) === name);
      if (!screen) throw new Error(`no lazy screen chunk named ${name}: update BUDGETED_SCREENS`);
      return { label: `lazy screen ${name}`, files: screen.files.map((f) => graph.resolve(f.file)) };
    }),
  ];
}

/** Every figure of this benchmark, as markdown, and the budgets' coverage. */
export function measureAll(graph: BundleGraph = new BundleGraph()): { report: string; coverage: BudgetCoverage[] } {
  const cartButton = measureEntry(SIZE_ENTRY, graph);
  const cartButtonPolish = measureEntry(SIZE_ENTRY, graph, 'pl');
  const route = measureFirstRoute(graph);
  const screens = graph.lazyChunks(route.shell.files.map((f) => graph.resolve(f.file)));
  const everything = measureEntry(ALL_ELEMENTS_ENTRY, graph);
  const coverage = budgetCoverage(budgetSets(graph, cartButton, route, screens), graph);
  const report = [
    `${sizeReport(cartButton)}\n\nOn a Polish page (\`lang="pl"\`) the button waits for \`messages-pl-core\` instead: ${kB(cartButtonPolish.total.brotli)} kB brotli, ${verdict(cartButtonPolish.total.brotli, SIZE_TARGET_BYTES)}.`,
    firstRouteReport(route, graph),
    lazyScreensReport(screens),
    `### \`dist/${ALL_ELEMENTS_ENTRY}\` (every element, for a page that uses many)\n\n${everything.files.length} files before any screen: ${kB(everything.total.raw)} kB raw, ${kB(everything.total.gzip)} kB gzip, ${kB(everything.total.brotli)} kB brotli.`,
    coverageReport(coverage),
  ].join('\n\n');
  return { report, coverage };
}

/** The size benchmark for the runner: cart button, first route, lazy screens, budget coverage. */
export const bundleSizeBenchmark: Benchmark = {
  name: 'bundle-size',
  summary: `brotli and gzip sizes: dist/${SIZE_ENTRY} with its static imports (target ≤ ${kB(SIZE_TARGET_BYTES)} kB), the storefront's first route (≤ ${kB(FIRST_ROUTE_TARGET_BYTES)} kB), each lazy screen; checks the size-limit budgets' globs`,
  run: async () => {
    const { report } = measureAll();
    return report;
  },
};

/**
 * `tsx tests/bench/bundle-size.ts [--build] [--check-budgets] [--write-budgets]`: prints the report;
 * with `--check-budgets` (run by `npm test` after size-limit), exits 1 when a size-limit budget's globs
 * do not match exactly the files measured, which size-limit cannot notice by itself; with
 * `--write-budgets`, rewrites the budgets' `path` lists in `package.json` from the files measured.
 */
if (isMain(import.meta.url)) {
  await ensureBuild(process.argv.includes('--build'));
  const { report, coverage } = measureAll();
  console.log(report);
  if (process.argv.includes('--write-budgets')) console.log(`\npackage.json: ${writeBudgetPaths(coverage)} budget path list(s) rewritten`);
  else if (process.argv.includes('--check-budgets') && coverage.some(outOfDate)) process.exitCode = 1;
}
