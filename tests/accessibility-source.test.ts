import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor } from '../src/theme/colour.ts';

/**
 * Facts of the storefront's own source that the conformance report (docs/accessibility.md) rests on
 * and that no browser test would notice going away: it draws no picture of its own (so none of text),
 * binds no key page-wide but Escape, and its default colours give control edges, the focus
 * ring and error states 3:1 against the page.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['src', 'elements'];
const TEST = /\.(test|spec)\.tsx?$|(^|\/)test-/;

function files(entry: string): string[] {
  const stat = statSync(path.join(ROOT, entry), { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [entry];
  return readdirSync(path.join(ROOT, entry)).flatMap((name) => files(path.join(entry, name)));
}

const shipped = SOURCE_DIRS.flatMap(files).filter((file) => !TEST.test(file));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('what the storefront draws and listens for', () => {
  it('ships no picture of its own: every <img> shows a URL the shop provides, so no image of text (WCAG 1.4.5)', () => {
    expect(shipped.filter((file) => /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i.test(file))).toEqual([]);
    const literal: string[] = [];
    for (const file of shipped.filter((name) => name.endsWith('.tsx'))) {
      for (const match of read(file).matchAll(/<img\b[^>]*?\bsrc=(["'])/g)) literal.push(`${file}: ${match[0]}`);
    }
    expect(literal).toEqual([]);
    // The icons are inline SVG drawn in the text's colour, never a picture file.
    expect(shipped.filter((file) => file.endsWith('.tsx') && /<svg\b/.test(read(file))).length).toBeGreaterThan(0);
  });

  it('binds no action to a key page-wide but Escape, which closes the open layer, and F8, which moves focus to the toasts: no character key shortcuts (WCAG 2.1.4)', () => {
    // (The popups' turn also hears key presses on the document, through a list of event types, only to
    // know that someone is typing; it acts on none.)
    const listeners = shipped.filter((file) => /\.(ts|tsx)$/.test(file) && /addEventListener\(\s*['"]key(down|up|press)['"]/.test(read(file)));
    expect(listeners).toEqual(['src/widgets/alert-toast/toast-focus.ts', 'src/widgets/shared/use-dismiss.ts']);
    const handler = read('src/widgets/shared/use-dismiss.ts');
    const keys = [...handler.matchAll(/\.key\s*[!=]==?\s*'([^']+)'/g)].map((match) => match[1]);
    expect(new Set(keys)).toEqual(new Set(['Escape']));
    // The toasts' F8 (a function key, not a character key) only moves focus to them.
    const toasts = read('src/widgets/alert-toast/toast-focus.ts');
    expect(toasts).toContain("export const TOAST_HOTKEY = 'F8';");
    expect([...toasts.matchAll(/\.key\s*[!=]==?\s*(\w+)/g)].map((match) => match[1])).toEqual(['TOAST_HOTKEY']);
  });

  it('draws control edges, the focus ring and the error state at 3:1 at least against the page in its default colours (WCAG 1.4.11)', () => {
    const tokens = read('src/theme/tokens.css');
    const token = (name: string) => {
      const value = new RegExp(`--${name}: var\\(--shop-${name}, (#[0-9a-f]{3,8})\\)`, 'i').exec(tokens)?.[1];
      const colour = value ? parseColor(value) : null;
      if (!colour) throw new Error(`tokens.css has no default colour for --${name}`);
      return colour;
    };
    const backgrounds = { surface: token('surface'), 'surface-alt': token('surface-alt') };
    const low: string[] = [];
    for (const edge of ['border-strong', 'focus', 'danger', 'text']) {
      for (const [name, background] of Object.entries(backgrounds)) {
        const ratio = contrastRatio(token(edge), background);
        if (ratio < 3) low.push(`--${edge} on --${name}: ${ratio.toFixed(2)}:1`);
      }
    }
    expect(low).toEqual([]);
    // The controls draw their edges with those tokens, and the focus ring is 3 px of --focus.
    expect(read('src/widgets/field/field.css')).toMatch(/\.shop-control \{[^}]*border: 1px solid var\(--border-strong\)/);
    expect(read('src/widgets/select-button/select-button.css')).toMatch(/border: 1px solid var\(--border-strong\)/);
    expect(tokens).toMatch(/\.shop-root :focus-visible \{\s*outline: 3px solid var\(--focus\);/);
  });
});
