import { readFileSync } from 'node:fs';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { MESSAGE_PARTS } from '../src/i18n/parts.ts';

/** `…/src/i18n/locales/en.ts?part=base`: one part of one language's dictionary. */
const PART_ID = /[\\/]src[\\/]i18n[\\/]locales[\\/]([a-z]+)\.ts\?part=([a-z]+)$/;

interface Node {
  type: string;
  start: number;
  end: number;
  key?: { type: string; name?: string; value?: unknown };
  init?: Node | null;
  declarations?: Node[];
  properties?: Node[];
  expression?: Node;
}

/** The top-level properties of the dictionary object (`const en = { … }`), each with its source text. */
export function dictionaryAreas(source: string, file: string): Map<string, string> {
  const ast = parseAst(source, { lang: 'ts' }, file) as unknown as { body: Node[] };
  const declaration = ast.body.find((node) => node.type === 'VariableDeclaration');
  let object = declaration?.declarations?.[0]?.init ?? undefined;
  // `{ … } satisfies X` / `{ … } as X`
  while (object && object.type !== 'ObjectExpression' && object.expression) object = object.expression;
  if (!object || object.type !== 'ObjectExpression' || !object.properties) throw new Error(`${file}: expected \`const <lang> = { … }\` as the first declaration`);
  const areas = new Map<string, string>();
  for (const property of object.properties) {
    const name = property.key?.type === 'Identifier' ? property.key.name : typeof property.key?.value === 'string' ? property.key.value : undefined;
    if (property.type !== 'Property' || !name) throw new Error(`${file}: a top-level entry that is not a plain \`area: { … }\``);
    areas.set(name, source.slice(property.start, property.end));
  }
  return areas;
}

/** The module text of one part: the areas it lists, cut from the dictionary's source. */
export function partModule(source: string, file: string, part: string): string {
  const areas = dictionaryAreas(source, file);
  const listed = MESSAGE_PARTS[part as keyof typeof MESSAGE_PARTS] as readonly string[] | undefined;
  if (!listed) throw new Error(`${file}?part=${part}: no such part in src/i18n/parts.ts`);
  const all = Object.values(MESSAGE_PARTS).flat() as string[];
  const unlisted = [...areas.keys()].filter((area) => !all.includes(area));
  if (unlisted.length > 0) throw new Error(`${file}: area(s) ${unlisted.join(', ')} in no part of src/i18n/parts.ts: add each to one`);
  const missing = listed.filter((area) => !areas.has(area));
  if (missing.length > 0) throw new Error(`${file}: part ${part} lists area(s) ${missing.join(', ')} the dictionary lacks`);
  return `export default {\n${listed.map((area) => areas.get(area)).join(',\n')}\n};\n`;
}

/**
 * Serves `src/i18n/locales/<lang>.ts?part=<part>`: only the top-level areas that part lists
 * (`src/i18n/parts.ts`), as its own module, so each language's dictionary splits into chunks a page
 * loads as it needs them, while the dictionary stays one typed file per language (the compiler
 * checks Polish against English; the server reads English whole).
 */
export function messageParts(): Plugin {
  return {
    name: 'storefront:message-parts',
    enforce: 'pre',
    load(id) {
      const match = PART_ID.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      return { code: partModule(readFileSync(file, 'utf8'), file, match[2] ?? ''), moduleType: 'js' };
    },
  };
}
