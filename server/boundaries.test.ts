import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's two boundaries. It reaches the storefront's shared code (`src/`: the contract, the
 * domain rules) through one module, `server/shared.ts`, not through deep relative imports scattered
 * over every file. And it stands without the demo: its pages, payment provider and seed are a plugin (demo/plugin)
 * that server/plugins.ts alone imports, and only outside production. A rule the server and the demo
 * seed share lives in the server or in `src/domain` (e.g. the catalogue search's `search-text.ts`), so
 * a deployment with its own data never loads the demo's code or catalogue to answer.
 */

const SERVER = import.meta.dirname;
const DEMO = path.resolve(SERVER, '..', 'demo');
const SRC = path.resolve(SERVER, '..', 'src');
/** The one module allowed to reach `src/`. */
const SHARED = path.join(SERVER, 'shared.ts');
/** The one module allowed to reach the demo: it loads the plugin outside production. */
const GATE = path.join(SERVER, 'plugins.ts');

/** Every non-test TypeScript module under `dir`. */
function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return modules(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The relative import targets of `file`, resolved. */
function importTargets(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"?]+)/g)].map((match) =>
    path.resolve(path.dirname(file), match[1] ?? ''),
  );
}

describe('the shared-code boundary', () => {
  it('should reach src/ from server modules only through server/shared.ts', () => {
    const crossings = modules(SERVER)
      .filter((file) => file !== SHARED)
      .flatMap((file) =>
        importTargets(file)
          .filter((target) => target.startsWith(`${SRC}${path.sep}`))
          .map((target) => `${path.relative(SERVER, file)} → ${path.relative(SERVER, target)}`),
      );
    expect(crossings).toEqual([]);
  });

  it('should let server/shared.ts only re-export from src/, so it stays a list of what the server uses', () => {
    const targets = importTargets(SHARED);
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((target) => !target.startsWith(`${SRC}${path.sep}`))).toEqual([]);
  });
});

describe('the demo boundary', () => {
  it('should keep every server module but the plugin gate free of imports from demo/', () => {
    const crossings = modules(SERVER)
      .filter((file) => file !== GATE)
      .flatMap((file) =>
        importTargets(file)
          .filter((target) => target.startsWith(`${DEMO}${path.sep}`))
          .map((target) => `${path.relative(SERVER, file)} → ${path.relative(SERVER, target)}`),
      );
    expect(crossings).toEqual([]);
  });

  it('should let the gate load the demo plugin only by a dynamic import', () => {
    const source = readFileSync(GATE, 'utf8');
    expect(source).not.toMatch(/^import [^;]*from ['"][^'"]*demo\//m);
    expect(source).toMatch(/await import\(['"]\.\.\/demo\/plugin\/index\.ts['"]\)/);
  });
});
