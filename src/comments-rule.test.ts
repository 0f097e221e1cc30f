import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A source comment says why, not which ticket: "issue 26" tells a reader nothing once the tracker has
 * moved on, while "against login CSRF" or "so a typed search is never overwritten" stays true. Tests
 * and docs may cite issues; product and server source may not.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = ['src', 'server', 'elements', 'build', 'demo'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-server', '.data']);
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TEST = /\.(test|spec)\.tsx?$|(^|\/)test-|-test-helpers\.ts$|(^|\/)test-support\//;

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [entry];
  return readdirSync(full).flatMap((name) => (SKIPPED_DIRS.has(name) ? [] : files(path.join(entry, name))));
}

/** "issue 7", "issues 22 and 26", "Issue #19", also when the number wraps to the next line. */
const ISSUE_REFERENCE = /\bissues?\s*(?:\n\s*\*\s*)?#?\d+/gi;

/** Where a source names an issue, as "file:line: text". */
export function issueReferences(file: string, source: string): string[] {
  return [...source.matchAll(ISSUE_REFERENCE)].map((match) => {
    const line = source.slice(0, match.index).split('\n').length;
    return `${file}:${line}: ${match[0].replace(/\s+/g, ' ')}`;
  });
}

describe('source comments', () => {
  it('should name no issue in product, server, build or demo source', () => {
    const offenders = SCANNED.flatMap(files)
      .filter((file) => SOURCE.test(file) && !TEST.test(file))
      .flatMap((file) => issueReferences(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it.each([
    ['a plain reference', ' * The cart (spec §2 `/cart`, issue 5).', 1],
    ['a hash', '// see Issue #19', 1],
    ['a reference wrapped over two lines', ' * asks first (issue\n * 26: a link someone else made)', 1],
    ['two issues', ' * (issues 22 and 26)', 1],
    ['a word that only starts the same', ' * issues a one-time code for the session', 0],
  ])('should find %s', (_kind, text, count) => {
    expect(issueReferences('x.ts', text)).toHaveLength(count);
  });
});
