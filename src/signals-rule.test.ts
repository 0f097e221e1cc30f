import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project tracks signals one way: `useSignals()` at the top of every component that reads one.
 * `t()` reads the locale signal, so a component calling it without `useSignals()` would not follow a
 * language switch. This walks the source and names every component file that breaks the rule.
 */
const ROOTS = ['src', 'demo/widgets'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('signal tracking rule', () => {
  it('should call useSignals() in every component file that translates or reads a signal value', () => {
    const offenders = ROOTS.flatMap(sourceFiles).filter((file) => {
      const source = readFileSync(file, 'utf8');
      const readsSignals = /(^|[^\w.])t\(\s*['`]/m.test(source) || /\b[a-z]\w*\.value\b/.test(source.replace(/event\.target\.value|currentTarget\.value|input\.value|target\.value|option\.value|item\.value|node\.value|\w+Ref\.current\.value/g, ''));
      return readsSignals && !source.includes('useSignals()');
    });
    expect(offenders).toEqual([]);
  });
});
