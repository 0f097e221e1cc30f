import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../steps.ts';

/**
 * Generates `dist/custom-elements.json` from the JSDoc blocks on the element classes in `elements/`
 * (@custom-elements-manifest/analyzer), then checks it: every element the bundle defines is in it
 * with a description, and every attribute, event, part and CSS property is documented. A tag that is
 * defined but undocumented fails the build step.
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
