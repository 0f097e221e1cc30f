/**
 * `docs/elements.md`, the element reference, written from `custom-elements.json` (the elements' JSDoc
 * blocks): the attributes every element takes, then each element with its entry, attributes and their
 * properties, events with their details, parts, CSS properties and a minimal example. Pure text in,
 * text out; `tests/bundle/manifest.ts` compares the file with it after each build (and `--write`
 * rewrites it), so the reference cannot fall behind the JSDoc.
 */

/** The parts of a custom-elements manifest the reference reads. */
export interface ReferenceManifest {
  modules: {
    path: string;
    declarations?: {
      name: string;
      tagName?: string;
      summary?: string;
      description?: string;
      attributes?: { name: string; description?: string; type?: { text: string } }[];
      events?: { name: string; description?: string; type?: { text: string } }[];
      cssParts?: { name: string; description?: string }[];
      cssProperties?: { name: string; description?: string }[];
    }[];
  }[];
}

/** An attribute every element understands (`lang` and the page configuration), with its meaning. */
export interface SharedAttribute {
  name: string;
  description: string;
}

/** Where the reference's example loads the standalone build from. */
export const EXAMPLE_ORIGIN = 'https://shop.example';

const camel = (name: string) => name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
/** A table cell: one line, pipes escaped. */
const cell = (text: string | undefined) => (text ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
/** Code in a table cell: GitHub's tables take `\|` inside code spans too. */
const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;

function table(header: string[], rows: string[][]): string[] {
  if (!rows.length) return [];
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`), ''];
}

/** The first example value an attribute's description gives (`e.g. \`12\``), if any. */
export function exampleValue(description: string | undefined): string | undefined {
  return /e\.g\. `([^`]+)`/.exec(description ?? '')?.[1];
}

/** The reference as markdown. `shared` lists the attributes every element takes, described once. */
export function elementsReference(manifest: ReferenceManifest, shared: readonly SharedAttribute[]): string {
  const sharedNames = new Set(shared.map((attribute) => attribute.name));
  const elements = manifest.modules
    .flatMap((module) => (module.declarations ?? []).filter((declaration) => declaration.tagName).map((declaration) => ({ ...declaration, entry: module.path.replace(/^\/?elements\//, '').replace(/\.ts$/, '') })))
    .sort((a, b) => (a.tagName ?? '').localeCompare(b.tagName ?? ''));
  const lines = [
    '# Element reference',
    '',
    '<!-- Written by build/elements-doc.ts from custom-elements.json (the JSDoc on each class in elements/): do not edit; `npm run build` checks it, `tsx tests/bundle/manifest.ts --write` rewrites it. -->',
    '',
    `Every element of the package, from the JSDoc its custom-elements manifest is made of. Each is an entry of its own: \`import 'storefront-elements/<entry>'\` in a bundler (the module build), or \`<script type="module" src=".../dist/<entry>.js">\` for the standalone build (React inside). Importing an entry defines its element; on a server, where there is no DOM, it defines nothing. Properties mirror attributes (\`product-id\` is \`productId\`). Events are \`CustomEvent\`s that bubble and are composed, so a listener on \`document\` hears them. Parts are for \`::part()\`; CSS properties can be set on the element or any ancestor.`,
    '',
    '## Attributes every element takes',
    '',
    'The first element on the page that sets one of these wins (the page has one shop, one API and one language).',
    '',
    ...table(
      ['attribute', 'property', 'meaning'],
      shared.map((attribute) => [code(attribute.name), code(camel(attribute.name)), cell(attribute.description)]),
    ),
    '## Elements',
    '',
    ...elements.map((element) => `- [\`<${element.tagName}>\`](#${element.tagName}): ${cell(element.summary)}`),
    '',
  ];
  for (const element of elements) {
    const tag = element.tagName ?? '';
    const own = (element.attributes ?? []).filter((attribute) => !sharedNames.has(attribute.name));
    const examples = own.flatMap((attribute) => {
      const value = exampleValue(attribute.description);
      return value === undefined ? [] : [` ${attribute.name}="${value}"`];
    });
    lines.push(
      `<a id="${tag}"></a>`,
      '',
      `## \`<${tag}>\``,
      '',
      cell(element.summary),
      '',
      (element.description ?? '').trim(),
      '',
      `Entry: \`storefront-elements/${element.entry}\` (standalone: \`dist/${element.entry}.js\`); class \`${element.name}\`.`,
      '',
      '```html',
      `<script type="module" src="${EXAMPLE_ORIGIN}/dist/${element.entry}.js"></script>`,
      `<${tag} shop="acme" api-base="${EXAMPLE_ORIGIN}"${examples.join('')}></${tag}>`,
      '```',
      '',
    );
    if (own.length) {
      lines.push('**Attributes**', '', ...table(['attribute', 'property', 'type', 'meaning'], own.map((attribute) => [code(attribute.name), code(camel(attribute.name)), code(attribute.type?.text ?? 'string'), cell(attribute.description)])));
    } else {
      lines.push('**Attributes**: only those [every element takes](#attributes-every-element-takes).', '');
    }
    lines.push(
      ...(element.events?.length ? ['**Events**', '', ...table(['event', 'detail', 'when'], element.events.map((event) => [code(event.name), code(detailOf(event.type?.text)), cell(event.description)]))] : []),
      ...(element.cssParts?.length ? ['**Parts**', '', ...table(['part', 'what'], element.cssParts.map((part) => [code(part.name), cell(part.description)]))] : []),
      ...(element.cssProperties?.length ? ['**CSS properties**', '', ...table(['property', 'what'], element.cssProperties.map((property) => [code(property.name), cell(property.description)]))] : []),
    );
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

/** `CustomEvent<{count: number}>` → `{count: number}`. */
function detailOf(type: string | undefined): string {
  const match = /^CustomEvent<(.*)>$/s.exec(type ?? '');
  return match?.[1] ?? type ?? 'unknown';
}
