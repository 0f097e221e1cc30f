import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { elementEntries } from './element-entries.ts';
import { BIN, GENERATED, packagedDistFile } from './package.ts';

/** The publishable package's manifest (`package/package.json`), kept by hand, against the repository. */
interface Manifest {
  name: string;
  version: string;
  license: string;
  type: string;
  private?: boolean;
  exports: Record<string, string | { types?: string; default?: string }>;
  types: string;
  files: string[];
  bin: Record<string, string>;
  sideEffects: string[];
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync('package/package.json', 'utf8')) as Manifest;
const root = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;

describe('package/package.json', () => {
  it('should be publishable, at the repository version, under the stated licence', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.name).toBe('storefront-elements');
    expect(manifest.version).toBe(root.version);
    // The page-singleton registry's key is built from this copy of the version.
    expect(readFileSync('src/package-version.ts', 'utf8')).toContain(`export const PACKAGE_VERSION = '${root.version}';`);
    expect(manifest.version).toMatch(/^[1-9]\d*\.\d+\.\d+$/);
    expect(manifest.license).toBe('MIT');
    expect(root.license).toBe('MIT');
    expect(readFileSync('LICENSE', 'utf8')).toMatch(/^MIT License/);
    expect(readFileSync('CHANGELOG.md', 'utf8')).toContain(`## ${manifest.version} — `);
  });

  it('should export one entry per element, define-all, the typings, the manifest and the API document', () => {
    const elements = Object.keys(elementEntries()).filter((name) => name !== 'index');
    expect(elements.length).toBeGreaterThan(10);
    for (const element of elements) expect(manifest.exports[`./${element}`]).toEqual({ types: `./types/${element}.d.ts`, default: `./lib/${element}.js` });
    expect(manifest.exports['./define-all']).toEqual({ types: './types/index.d.ts', default: './lib/index.js' });
    expect(manifest.exports['.']).toEqual(manifest.exports['./define-all']);
    expect(manifest.exports['./jsx']).toEqual({ types: './types/jsx.d.ts' });
    expect(manifest.exports['./custom-elements.json']).toBe('./custom-elements.json');
    // The provider API's OpenAPI document, copied in by build/package.ts from docs/openapi.json.
    expect(manifest.exports['./openapi.json']).toBe('./openapi.json');
    expect(GENERATED).toContain('openapi.json');
    expect(manifest.types).toBe('./types/index.d.ts');
    // The command (`npx storefront-elements check-provider`), built by build/package.ts into a shipped folder.
    expect(manifest.bin).toEqual({ 'storefront-elements': `./${BIN}` });
    expect(GENERATED).toContain('bin');
    expect(manifest.files).toContain('bin');
    // Every export points into a folder the package ships.
    for (const target of Object.values(manifest.exports).flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value)))) {
      expect(manifest.files.some((file) => target === `./${file}` || target.startsWith(`./${file}/`) || target === './package.json')).toBe(true);
    }
  });

  it('should mark only the element entries as having side effects (they define elements)', () => {
    expect(manifest.sideEffects).toEqual(['./lib/*.js', './dist/*.js']);
  });

  it("should take React, react-dom and signals as peers and the rest as dependencies, at the repository's ranges", () => {
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(['@preact/signals-react', 'react', 'react-dom']);
    for (const [name, range] of Object.entries({ ...manifest.peerDependencies, ...manifest.dependencies })) expect({ name, range }).toEqual({ name, range: root.dependencies[name] });
  });

  it('should leave compressed copies, the build manifest and the demo gallery out of the standalone files', () => {
    expect(packagedDistFile('cart-button.js')).toBe(true);
    expect(packagedDistFile('chunks/runtime-AbCd1234.js')).toBe(true);
    expect(packagedDistFile('cart-button.js.br')).toBe(false);
    expect(packagedDistFile('chunks/runtime-AbCd1234.js.gz')).toBe(false);
    expect(packagedDistFile('widget-gallery.js')).toBe(false);
    // The build manifest the reference server reads for its preloads.
    expect(packagedDistFile('.vite/manifest.json')).toBe(false);
  });
});
