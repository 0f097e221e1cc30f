import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of `src` (docs/architecture.md "Layout"), checked on the import statements themselves, static and
 * dynamic. From the bottom: `page-singleton.ts` (one store per page) and `events.ts` (the shop events'
 * names and details), which import nothing of ours; the API contract (`src/contract`); the pure rules
 * (`src/domain`); translation with the page's language signal (`src/i18n`) and the theme (`src/theme`),
 * each on the contract, the domain and `page-singleton.ts` only; the HTTP client (`src/api`), which
 * never reaches the store, not even through another module; the signal store (`src/store`); the kit
 * screens and widgets share (`src/kit`); the widgets, the screens, and on top the composition
 * (`src/app`: router, storefront, shell) with the element definitions (`elements/`). A layer imports
 * only from below it; test files and test helpers may reach anywhere.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/** Every non-test TypeScript module under `dir`, as a path relative to the repository. */
function modules(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return modules(relative);
    const isSource = /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/test-(fixtures|helpers|page|window)|designer-test-window/.test(name);
    return isSource ? [relative] : [];
  });
}

/** The repository paths a module imports (relative specifiers only, static and dynamic). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"?]+)/g)) {
    found.push(path.normalize(path.join(path.dirname(file), match[1] ?? '')));
  }
  return found;
}

/** Each import from a module in `from` into one of `forbidden`, as "module → import". */
function crossings(from: string[], forbidden: string[]): string[] {
  return from.flatMap(modules).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((layer) => target === layer || target.startsWith(`${layer}/`)))
      .map((target) => `${file} → ${target}`),
  );
}

/** Each import from a module in `from` that lands outside `allowed` (folders or files), as "module → import". */
function outside(from: string[], allowed: string[]): string[] {
  return from.flatMap(modules).flatMap((file) =>
    importsOf(file)
      .filter((target) => !allowed.some((layer) => target === layer || target.startsWith(`${layer}/`)))
      .map((target) => `${file} → ${target}`),
  );
}

/** The TypeScript module an import names, or null (a stylesheet, an asset). */
function moduleFile(target: string): string | null {
  if (!/\.tsx?$/.test(target)) return null;
  return statSync(path.join(ROOT, target), { throwIfNoEntry: false })?.isFile() ? target : null;
}

/**
 * Every module the modules in `dirs` reach through imports, however indirectly, each with the chain
 * that first reached it ("a → b → c"). Type-only imports count too: they would make a layer's types
 * depend on one above it.
 */
function reachable(dirs: string[]): Map<string, string> {
  const chains = new Map<string, string>(dirs.flatMap(modules).map((file) => [file, file]));
  const queue = [...chains.keys()];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const target of importsOf(file).map(moduleFile)) {
      if (target === null || chains.has(target)) continue;
      chains.set(target, `${chains.get(file)} → ${target}`);
      queue.push(target);
    }
  }
  return chains;
}

/** The foundations every layer may use; they import nothing of ours. */
const FOUNDATIONS = ['src/page-singleton.ts', 'src/package-version.ts', 'src/events.ts'];
const ABOVE_DOMAIN = ['src/i18n', 'src/theme', 'src/api', 'src/store', 'src/kit', 'src/widgets', 'src/screens', 'src/app', 'elements'];

/** Whether an import is code: the package's version is data (the page-singleton key carries its major). */
const isCode = (target: string) => target !== 'package.json' && target !== 'src/package-version.ts';

describe('layers', () => {
  it('should keep page-singleton.ts and events.ts at the very bottom: they import no code of ours', () => {
    expect(FOUNDATIONS.flatMap((file) => importsOf(file).filter(isCode).map((target) => `${file} → ${target}`))).toEqual([]);
  });

  it('should keep the contract at the bottom: it imports no other layer, only page-singleton.ts (its one warnings log per page)', () => {
    expect(crossings(['src/contract'], ['src/domain', 'src/events.ts', ...ABOVE_DOMAIN])).toEqual([]);
  });

  it('should keep the domain pure: contract and domain only', () => {
    expect(outside(['src/domain'], ['src/contract', 'src/domain'])).toEqual([]);
  });

  it('should keep i18n on the contract, the domain and page-singleton.ts only', () => {
    expect(outside(['src/i18n'], ['src/i18n', 'src/contract', 'src/domain', 'src/page-singleton.ts'])).toEqual([]);
  });

  it('should keep the theme on the contract, the domain and page-singleton.ts only', () => {
    expect(outside(['src/theme'], ['src/theme', 'src/contract', 'src/domain', 'src/page-singleton.ts'])).toEqual([]);
  });

  it('should keep the HTTP client below the store and the interface', () => {
    expect(crossings(['src/api'], ABOVE_DOMAIN.filter((layer) => layer !== 'src/api' && layer !== 'src/i18n'))).toEqual([]);
  });

  it('should keep the HTTP client clear of the store and the interface even through other modules', () => {
    const above = ['src/store', 'src/kit', 'src/widgets', 'src/screens', 'src/app', 'elements'];
    const reached = [...reachable(['src/api'])].filter(([file]) => above.some((layer) => file.startsWith(`${layer}/`)));
    expect(reached.map(([, chain]) => chain)).toEqual([]);
  });

  it('should follow imports through other modules when it checks the HTTP client', () => {
    // The walk itself, on today's graph: the client's errors translate their codes, and the texts read
    // the page's language (update the example if that path changes).
    expect(reachable(['src/api']).get('src/i18n/locale.ts')).toBe('src/api/errors.ts → src/i18n/index.ts → src/i18n/locale.ts');
  });

  it('should keep the store below the interface', () => {
    expect(crossings(['src/store'], ['src/kit', 'src/widgets', 'src/screens', 'src/app', 'elements'])).toEqual([]);
  });

  it('should never let screens, widgets or the kit import the composition', () => {
    expect(crossings(['src/screens', 'src/widgets', 'src/kit'], ['src/app', 'elements'])).toEqual([]);
  });

  it('should keep widgets and the kit free of screens', () => {
    expect(crossings(['src/widgets', 'src/kit'], ['src/screens'])).toEqual([]);
  });

  it('should give widgets an element context that does not reach the store', () => {
    const context = importsOf('src/kit/element-context.tsx');
    expect(context.filter((target) => target.startsWith('src/store/'))).toEqual([]);
  });

  it('should have no import circle between two store modules, dynamic imports included', () => {
    const graph = new Map(modules('src/store').map((file) => [file, importsOf(file).filter((target) => target.startsWith('src/store/'))]));
    const circles: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) if (graph.get(target)?.includes(file) && file < target) circles.push(`${file} ↔ ${target}`);
    }
    expect(circles).toEqual([]);
  });
});
