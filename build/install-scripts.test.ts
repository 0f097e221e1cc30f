import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * npm runs no dependency's install script the project has not allowed, and ends `npm install` with a
 * list of the ones it skipped. Each is decided in `allowScripts` (and why in docs/architecture.md), so
 * a fresh install is quiet; a new dependency with a script fails here until it is decided.
 */
describe('install scripts of the dependencies', () => {
  it('are each allowed or denied in package.json', () => {
    const out = execFileSync('npm', ['install-scripts', 'ls'], { encoding: 'utf8' });
    expect(out.trim()).toBe('No packages with unreviewed install scripts.');
  });

  it('are denied for esbuild and rs-module-lexer, whose binaries come as packages', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> };
    expect(manifest.allowScripts).toMatchObject({ esbuild: false, 'rs-module-lexer': false });
  });
});
