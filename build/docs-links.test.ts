import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ as a reader follows them: the README stays short (one screen for a newcomer,
 * the rest in docs/), and every relative link lands on a file of the repository and, with a
 * `#fragment` into a markdown file, on one of its headings (GitHub's slugs) or `<a id>` anchors.
 * Links leaving the repository (the workspace's spec) are not checked.
 */
const files = ['README.md', ...readdirSync('docs').filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)];
const withoutCode = (text: string) => text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');

/** The anchors of a markdown file: its headings as GitHub slugs them (repeats numbered), and `<a id>`. */
function anchors(file: string): Set<string> {
  const text = withoutCode(readFileSync(file, 'utf8'));
  const seen = new Map<string, number>();
  const slugs = text
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => {
      const slug = line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      return count ? `${slug}-${count}` : slug;
    });
  return new Set([...slugs, ...[...text.matchAll(/<a id="([^"]+)"/g)].map((match) => match[1] ?? '')]);
}

describe('the README and docs/', () => {
  it('keep the README to about a screen', () => {
    expect(readFileSync('README.md', 'utf8').split('\n').length).toBeLessThanOrEqual(160);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = withoutCode(readFileSync(file, 'utf8')).replace(/`[^`\n]*`/g, '');
      for (const [, href = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(href)) continue;
        const [target = '', fragment] = href.split('#');
        const resolved = target ? path.normalize(path.join(path.dirname(file), target)) : file;
        if (resolved.startsWith('..')) continue;
        if (!existsSync(resolved)) broken.push(`${file}: ${href} (no ${resolved})`);
        else if (fragment && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchors(resolved).has(fragment)) broken.push(`${file}: ${href} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
