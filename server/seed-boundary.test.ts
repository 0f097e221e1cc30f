// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The serving code (routes, services, HTTP plumbing) stands without the demo seed (issue 28 §6): a
 * rule the routes and the seed share lives in `src/domain` (e.g. the catalogue search's
 * `search-text.ts`), so a deployment with its own data never loads the demo's catalogue to answer.
 */

const SERVER = import.meta.dirname;

/** Every non-test TypeScript module under `dir`. */
function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return modules(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('the seed boundary', () => {
  it('should keep routes, services and the HTTP layer free of imports from the demo seed', () => {
    const seed = path.join(SERVER, 'seed');
    const crossings = ['routes', 'services', 'http'].flatMap((dir) =>
      modules(path.join(SERVER, dir)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"?]+)/g)]
          .map((match) => path.resolve(path.dirname(file), match[1] ?? ''))
          .filter((target) => target.startsWith(`${seed}${path.sep}`))
          .map((target) => `${path.relative(SERVER, file)} → ${path.relative(SERVER, target)}`),
      ),
    );
    expect(crossings).toEqual([]);
  });
});
