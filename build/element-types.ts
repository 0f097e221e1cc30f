/**
 * The package's typings for host apps, written from `custom-elements.json` (the elements' JSDoc):
 * - `index.d.ts`: one interface per element (its properties), its class, `HTMLElementTagNameMap`,
 *   the typed event map on documents and elements, and each element's attributes;
 * - `<entry>.d.ts`: what each element entry exports;
 * - `jsx.d.ts`: React 19's `JSX.IntrinsicElements`, so `<shop-cart-button shop="acme" />` has its
 *   attributes checked and `onshop-cart-change` its event typed (React 19 listens for `on<event>`
 *   props on custom elements);
 * - `events.d.ts`: the event map, taken from `src/events.ts`.
 * Pure text in, text out: `build/package.ts` reads and writes the files.
 */

/** The parts of a custom-elements manifest this reads. */
export interface ElementsManifest {
  modules: {
    path: string;
    declarations?: {
      name: string;
      tagName?: string;
      description?: string;
      summary?: string;
      attributes?: { name: string; description?: string; type?: { text: string } }[];
      events?: { name: string; description?: string }[];
    }[];
  }[];
}

/** One element as the typings describe it. */
export interface ElementTypeInfo {
  tag: string;
  className: string;
  /** The entry file's name without `.js` (`cart-button`). */
  entry: string;
  summary: string;
  attributes: { name: string; type: string; description: string }[];
  events: string[];
}

/** Attributes every element understands besides its own: `lang` and the page configuration. */
export interface CommonAttribute {
  name: string;
  description: string;
}

/** The elements of a manifest, ordered by tag. */
export function elementsOf(manifest: ElementsManifest): ElementTypeInfo[] {
  return manifest.modules
    .flatMap((module) =>
      (module.declarations ?? [])
        .filter((declaration) => declaration.tagName)
        .map((declaration) => ({
          tag: declaration.tagName ?? '',
          className: declaration.name,
          entry: module.path.replace(/^\/?elements\//, '').replace(/\.ts$/, ''),
          summary: (declaration.summary ?? declaration.description ?? '').split('\n')[0] ?? '',
          attributes: (declaration.attributes ?? []).map((attribute) => ({ name: attribute.name, type: attribute.type?.text ?? 'string', description: attribute.description ?? '' })),
          events: (declaration.events ?? []).map((event) => event.name),
        })),
    )
    .sort((a, b) => a.tag.localeCompare(b.tag));
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
const quote = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const doc = (text: string, indent = '  ') => (text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : '');

/** The TypeScript type an attribute takes in markup (JSX), from the manifest's type text. */
export function attributeType(name: string, type: string): string {
  if (name === 'lang') return "'en' | 'pl'";
  if (type === 'number') return 'number | `${number}`';
  if (type === 'boolean') return 'boolean';
  if (type === 'string' || type === '') return 'string';
  // A union of string literals ('a' | 'b') is kept; anything else is taken as text.
  return /^('[^']*'\s*\|\s*)*'[^']*'$/.test(type.trim()) ? type.trim() : 'string';
}

/** The TypeScript type of the matching property on the element. */
function propertyType(name: string, type: string): string {
  if (name === 'lang') return 'string';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  return attributeType(name, type) === 'string' ? 'string' : attributeType(name, type);
}

/** Every element's own attributes, without the common ones (they come from `ShopCommonAttributes`). */
function ownAttributes(element: ElementTypeInfo, common: readonly CommonAttribute[]) {
  const commonNames = new Set(['lang', ...common.map((attribute) => attribute.name)]);
  return element.attributes.filter((attribute) => !commonNames.has(attribute.name));
}

const attributesName = (element: ElementTypeInfo) => element.className.replace(/Element$/, 'Attributes');

/** `index.d.ts`. */
export function indexTypes(elements: readonly ElementTypeInfo[], common: readonly CommonAttribute[]): string {
  const lines: string[] = [
    '/* Written by build/element-types.ts from custom-elements.json: do not edit. */',
    "import type { ShopEventMap } from './events.js';",
    "export type { ShopEventMap, ShopEventName, ShopEventDetail } from './events.js';",
    '',
    '/** Attributes every shop element understands (the first element on the page that sets a page setting wins). */',
    'export interface ShopCommonAttributes {',
    "  /** Language to start in, for every element on the page. */\n  lang?: 'en' | 'pl';",
    ...common.map((attribute) => `${doc(attribute.description).trimEnd()}\n  ${quote(attribute.name)}?: string;`),
    '}',
    '',
    '/** Properties every shop element has (they reflect the attributes above). */',
    'export interface ShopCommonProperties {',
    ...common.map((attribute) => `  ${camel(attribute.name)}?: string;`),
    '}',
    '',
  ];
  for (const element of elements) {
    const own = ownAttributes(element, common);
    lines.push(`/** Attributes of \`<${element.tag}>\`. */`);
    lines.push(`export interface ${attributesName(element)} extends ShopCommonAttributes {`);
    for (const attribute of own) lines.push(`${doc(attribute.description).trimEnd()}`, `  ${quote(attribute.name)}?: ${attributeType(attribute.name, attribute.type)};`);
    lines.push('}', '');
    lines.push(`/** \`<${element.tag}>\`: ${element.summary.replace(/\*\//g, '')} Events: ${element.events.map((name) => `\`${name}\``).join(', ') || 'none'}. */`);
    lines.push(`export interface ${element.className} extends HTMLElement, ShopCommonProperties {`);
    for (const attribute of own) lines.push(`  ${camel(attribute.name)}?: ${propertyType(attribute.name, attribute.type)};`);
    lines.push('}');
    lines.push(`export declare const ${element.className}: { prototype: ${element.className}; new (): ${element.className} };`, '');
  }
  lines.push('/** Each element\'s attributes by tag, for frameworks\' typings (see `jsx.d.ts`). */');
  lines.push('export interface ShopElementAttributes {');
  for (const element of elements) lines.push(`  '${element.tag}': ${attributesName(element)};`);
  lines.push('}', '');
  lines.push('declare global {');
  lines.push('  interface HTMLElementTagNameMap {');
  for (const element of elements) lines.push(`    '${element.tag}': ${element.className};`);
  lines.push('  }');
  lines.push('  // Events bubble and are composed, so a host can listen on any ancestor, even `document`.');
  lines.push('  interface DocumentEventMap extends ShopEventMap {}');
  lines.push('  interface HTMLElementEventMap extends ShopEventMap {}');
  lines.push('}', '');
  return `${lines.join('\n')}`;
}

/** `<entry>.d.ts` for each element entry. */
export function entryTypes(element: ElementTypeInfo): string {
  return `/* Written by build/element-types.ts: do not edit. Importing this entry defines <${element.tag}>. */\nexport { ${element.className} } from './index.js';\nexport type { ${attributesName(element)} } from './index.js';\n`;
}

/** `jsx.d.ts`: React 19's intrinsic elements. */
export function jsxTypes(elements: readonly ElementTypeInfo[]): string {
  return `/* Written by build/element-types.ts: do not edit. Add \`import type {} from 'storefront-elements/jsx';\` once in a React app. */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ShopElementAttributes, ShopEventMap } from './index.js';

/** React 19 adds a listener for \`on<event name>\` props on custom elements: \`onshop-cart-change={…}\`. */
export type ShopEventProps = { [K in keyof ShopEventMap as \`on\${K}\`]?: (event: ShopEventMap[K]) => void };

/** A shop element in JSX: the usual HTML props, the element's attributes (checked), its events. */
export type ShopJsxProps<A> = Omit<DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>, keyof A> & A & ShopEventProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${elements.map((element) => `      '${element.tag}': ShopJsxProps<ShopElementAttributes['${element.tag}']>;`).join('\n')}
    }
  }
}
`;
}

/**
 * `events.d.ts` from the source of `src/events.ts`: its event map and the two type helpers (the
 * dispatching code there is the elements' own, not the package's).
 */
export function eventTypes(source: string): string {
  const start = source.indexOf('export interface ShopEventMap');
  const endMarker = 'export type ShopEventDetail';
  const end = source.indexOf('\n', source.indexOf(endMarker));
  if (start === -1 || end === -1) throw new Error('src/events.ts: ShopEventMap or ShopEventDetail not found');
  return `/* Written by build/element-types.ts from src/events.ts: do not edit. */\n${source.slice(start, end + 1)}`;
}
