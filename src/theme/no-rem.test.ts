import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Host CSS cannot resize the elements (issue 16): every length inside an element is a multiple of the
 * root's base size `--_u` (`--shop-font-size`, default 16px; see tokens.css), never `rem`, which
 * follows the host document's root font size (`* { font-size: 40px !important }` on an intranet page).
 * `rem` stays only in `@media` conditions, where it means the browser's initial font size, which page
 * CSS cannot change. `@container` conditions use `em` (the container's font size, the shop's base).
 * This walks the source and names every `rem` that came back.
 */
const SRC = 'src';

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full, keep);
    return keep(name) ? [full] : [];
  });
}

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));

/** `file:line: text` for each `rem` length outside an `@media` condition. */
function remOutsideMedia(file: string, css: string): string[] {
  const found: string[] = [];
  const source = withoutComments(css);
  // Blank out @media preludes (from `@media` to its `{`), keeping line numbers.
  const checked = source.replace(/@media[^{]*\{/g, (prelude) => prelude.replace(/[^\n]/g, ' '));
  for (const match of checked.matchAll(/(?<![\w.-])-?\d*\.?\d+rem\b/g)) {
    const line = checked.slice(0, match.index).split('\n').length;
    found.push(`${file}:${line}: ${css.split('\n')[line - 1]?.trim()}`);
  }
  return found;
}

describe('no rem inside the elements', () => {
  it('should size everything in the component CSS from the root base, with rem only in @media conditions', () => {
    const cssFiles = files(SRC, (name) => name.endsWith('.css'));
    expect(cssFiles.length).toBeGreaterThan(30);
    expect(cssFiles.flatMap((file) => remOutsideMedia(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('should use no rem in the lengths the code sets (inline styles, theme values), media query strings aside', () => {
    const codeFiles = files(SRC, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
    const offenders = codeFiles.flatMap((file) => {
      const source = withoutComments(readFileSync(file, 'utf8')).replace(/\/\/.*$/gm, '');
      const lines = source.split('\n');
      return lines.flatMap((text, index) => {
        const lengths = text.replace(/\((?:max|min)-(?:width|height):\s*[\d.]+rem\)/g, '').match(/(?<![\w.-])\d*\.?\d+rem\b/g);
        return lengths ? [`${file}:${index + 1}: ${text.trim()}`] : [];
      });
    });
    expect(offenders).toEqual([]);
  });

  it('should find a rem that slips back in, and leave @media conditions and comments alone', () => {
    const css = '/* 48rem */\n.a { padding: 0.5rem; }\n@media (max-width: 30rem) {\n  .b { width: calc(2 * var(--_u)); }\n}\n.c { margin: -1rem; }';
    expect(remOutsideMedia('x.css', css)).toEqual(['x.css:2: .a { padding: 0.5rem; }', 'x.css:6: .c { margin: -1rem; }']);
  });

  it('should set the root base from --shop-font-size (16px by default, not rem) and size the root with it', () => {
    const tokens = readFileSync(path.join(SRC, 'theme/tokens.css'), 'utf8');
    const root = /\.shop-root \{([^}]*)\}/.exec(withoutComments(tokens))?.[1] ?? '';
    expect(root).toContain('--_u: var(--shop-font-size, 16px);');
    expect(root).toContain('font-size: var(--_u);');
    expect(root).toContain('all: initial;');
  });
});
