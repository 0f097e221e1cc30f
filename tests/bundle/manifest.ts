import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { elementsReference, type ReferenceManifest } from '../../build/elements-doc.ts';
import { commonAttributes } from '../../build/package.ts';
import { ROOT } from '../steps.ts';

/**
 * Generates `dist/custom-elements.json` from the JSDoc blocks on the element classes in `elements/`
 * (@custom-elements-manifest/analyzer), then checks it: every element the bundle defines is in it
 * with a description, and every attribute, event, part and CSS property is documented. A tag that is
 * defined but undocumented fails the build step. Last, `docs/elements.md` must be what
 * `build/elements-doc.ts` writes from this manifest (`--write` rewrites it).
 */
const outdir = path.join(ROOT, 'dist');
execFileSync(
  path.join(ROOT, 'node_modules', '.bin', 'cem'),
  ['analyze', '--globs', 'elements/*.ts', '--exclude', 'elements/define.ts', 'elements/types.ts', 'elements/index.ts', 'elements/*.test.*', '--outdir', 'dist'],
  { cwd: ROOT, stdio: 'inherit' },
);

interface Declaration {
  name: string;
  tagName?: string;
  description?: string;
  attributes?: { name: string; description?: string }[];
  events?: { name: string; description?: string }[];
  cssParts?: { name: string; description?: string }[];
  cssProperties?: { name: string; description?: string }[];
}
const manifestPath = path.join(outdir, 'custom-elements.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { modules: { path: string; declarations?: Declaration[] }[] };
const elements = manifest.modules.flatMap((module) => (module.declarations ?? []).filter((d) => d.tagName).map((d) => ({ ...d, path: module.path })));

const problems: string[] = [];
const definedTags = new Set<string>();
for (const module of manifest.modules) {
  const source = readFileSync(path.join(ROOT, module.path), 'utf8');
  for (const match of source.matchAll(/defineOnce\('([a-z-]+)'/g)) if (match[1]) definedTags.add(match[1]);
}
for (const tag of definedTags) {
  const element = elements.find((e) => e.tagName === tag);
  if (!element) {
    problems.push(`${tag}: not in the manifest (JSDoc @tag missing on its class?)`);
    continue;
  }
  if (!element.description?.trim()) problems.push(`${tag}: no description`);
  for (const [kind, list] of [
    ['attribute', element.attributes],
    ['event', element.events],
    ['part', element.cssParts],
    ['CSS property', element.cssProperties],
  ] as const) {
    for (const item of list ?? []) if (!item.description?.trim()) problems.push(`${tag}: ${kind} ${item.name} has no description`);
  }
}
if (problems.length) {
  console.error(`custom-elements.json: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`custom-elements.json: ${elements.length} element(s) documented (${[...definedTags].join(', ') || 'none'})`);
if (!existsSync(manifestPath)) process.exit(1);

// The element reference: `lang` as the elements describe it, then the page configuration attributes.
const lang = elements.flatMap((element) => element.attributes ?? []).find((attribute) => attribute.name === 'lang');
const shared = [{ name: 'lang', description: lang?.description ?? '' }, ...commonAttributes(readFileSync(path.join(ROOT, 'src', 'store', 'config.ts'), 'utf8'))];
const reference = elementsReference(manifest as ReferenceManifest, shared);
const referencePath = path.join(ROOT, 'docs', 'elements.md');
if (process.argv.includes('--write')) {
  writeFileSync(referencePath, reference);
  console.log('docs/elements.md written');
} else if (!existsSync(referencePath) || readFileSync(referencePath, 'utf8') !== reference) {
  console.error('docs/elements.md is not what custom-elements.json says: run `npx tsx tests/bundle/manifest.ts --write` and commit it.');
  process.exit(1);
}
