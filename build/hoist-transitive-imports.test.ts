import { describe, expect, it } from 'vitest';
import { relativeSpecifier, transitiveImports } from './hoist-transitive-imports.ts';

const graph: Record<string, string[]> = {
  'entry.js': ['chunks/a.js', 'chunks/b.js'],
  'chunks/a.js': ['chunks/c.js'],
  'chunks/b.js': ['chunks/c.js', 'chunks/d.js'],
  'chunks/c.js': ['chunks/d.js'],
  'chunks/d.js': ['entry.js'],
};
const importsOf = (file: string): readonly string[] => graph[file] ?? [];

describe('transitiveImports', () => {
  it('should list every chunk reached, dependencies first, once each, without the start', () => {
    expect(transitiveImports('entry.js', importsOf)).toEqual(['chunks/d.js', 'chunks/c.js', 'chunks/a.js', 'chunks/b.js']);
  });

  it('should list nothing for a chunk without imports', () => {
    expect(transitiveImports('chunks/x.js', importsOf)).toEqual([]);
  });
});

describe('relativeSpecifier', () => {
  it('should name a chunk from the output root and from the chunks folder', () => {
    expect(relativeSpecifier('.', 'chunks/a.js')).toBe('./chunks/a.js');
    expect(relativeSpecifier('chunks', 'chunks/a.js')).toBe('./a.js');
    expect(relativeSpecifier('chunks', 'b.js')).toBe('../b.js');
  });
});
