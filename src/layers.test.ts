import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of `src` (README "Layout"), checked on the import statements themselves, static and
 * dynamic. From the bottom: the API contract (`src/contract`), the pure rules (`src/domain`), the HTTP
 * client (`src/api`), the signal store (`src/store`), the kit screens and widgets share (`src/kit`),
 * the widgets, the screens, and on top the composition (`src/app`: router, storefront, shell) with the
 * element definitions (`elements/`). A layer imports only from below it; test files and test helpers
 * may reach anywhere.
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

const ABOVE_DOMAIN = ['src/api', 'src/store', 'src/kit', 'src/widgets', 'src/screens', 'src/app', 'elements'];

describe('layers', () => {
  it('should keep the contract at the bottom: it imports no other layer', () => {
    expect(crossings(['src/contract'], ['src/domain', ...ABOVE_DOMAIN])).toEqual([]);
  });

  it('should keep the domain pure: contract and domain only', () => {
    expect(crossings(['src/domain'], ABOVE_DOMAIN)).toEqual([]);
  });

  it('should keep the HTTP client below the store and the interface', () => {
    expect(crossings(['src/api'], ABOVE_DOMAIN.filter((layer) => layer !== 'src/api'))).toEqual([]);
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
