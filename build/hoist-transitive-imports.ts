import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Adds every transitive static import of an entry chunk (and of each lazily loaded chunk) to the chunk
 * itself as a bare `import"./x.js"`, after its own imports: what Rollup's `hoistTransitiveImports`
 * does, which Rolldown lacks. Without it the browser discovers the module graph one level at a time
 * (fetch the entry, parse it, fetch its imports, parse those…): five round trips for
 * `<shop-cart-button>`. With it, parsing the entry requests the whole graph at once.
 *
 * Appended last, the added imports change nothing about evaluation order: a module is evaluated
 * once, after its own dependencies, and every added module is already a dependency of one of the
 * chunk's own imports, so by the time the added request's turn comes it has been evaluated.
 */
export function hoistTransitiveImports(): Plugin {
  return {
    name: 'storefront:hoist-transitive-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      const importsOf = (file: string): readonly string[] => {
        const chunk = bundle[file];
        return chunk?.type === 'chunk' ? chunk.imports : [];
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.isDynamicEntry)) continue;
        const hoisted = transitiveImports(chunk.fileName, importsOf).filter((file) => !chunk.imports.includes(file));
        if (hoisted.length === 0) continue;
        const from = path.posix.dirname(chunk.fileName);
        const statements = hoisted.map((file) => `import${JSON.stringify(relativeSpecifier(from, file))};`).join('');
        chunk.code = `${chunk.code.replace(/\n?$/, '')}\n${statements}\n`;
      }
    },
  };
}

/** Every chunk `file` reaches through static imports, dependencies before their importers, without `file`. */
export function transitiveImports(file: string, importsOf: (file: string) => readonly string[]): string[] {
  const seen = new Set<string>([file]);
  const order: string[] = [];
  const visit = (current: string): void => {
    for (const next of importsOf(current)) {
      if (seen.has(next)) continue;
      seen.add(next);
      visit(next);
      order.push(next);
    }
  };
  visit(file);
  return order;
}

/** `./x.js` or `../chunks/x.js`: how a chunk in `fromDir` names `file` (both relative to the output folder). */
export function relativeSpecifier(fromDir: string, file: string): string {
  const relative = path.posix.relative(fromDir, file);
  return relative.startsWith('.') ? relative : `./${relative}`;
}
