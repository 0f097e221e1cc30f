import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema, type OverrideActionContext } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { oneLine } from '../src/contract/fields.ts';
import { englishText } from './openapi-errors.ts';
import type { ParameterSchema } from './openapi-operations.ts';

/**
 * The schemas of the OpenAPI document (build/openapi.ts): valibot schemas converted to JSON Schema
 * by `@valibot/to-json-schema`, the contract's named schemas as components.
 *
 * What the converter cannot express is handled here, on purpose, rather than left to a lenient mode:
 * - the answers' tolerant lists (`listOf` in src/contract/tolerant.ts) are a lenient read behind a
 *   transform; on the wire they are arrays of their items ({@link wireSchemas}); `oneLine`, a
 *   transform of text to text, is skipped so the rules after it are described too;
 * - `v.fallback` (the answers' defaults) copies the schema it wraps; a copy of a named schema is
 *   referenced as that schema;
 * - requests and answers are described as sent (`typeMode: 'input'`): trimming and upper-casing
 *   change no type and are left out, a check the converter cannot write as JSON Schema is named in
 *   the description with its English text, and a case-insensitive pattern is spelt out;
 * - a query value (or a form field) that the server parses to a number is described as that number:
 *   OpenAPI writes a parameter's value as text (`style: form`), so its schema names the value.
 * Anything else the converter refuses still throws, so a new kind of rule cannot slip in unnoticed.
 *
 * @module
 */

export type Json = Record<string, unknown>;
type Schema = v.GenericSchema;
/** A valibot schema seen as the plain object it is, for the walk of {@link wireSchemas}. */
type SchemaNode = Json & { kind: 'schema'; type: string };

export const SCHEMA_REF = '#/components/schemas/';
const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);
const WRAPPER_TYPES = new Set(['optional', 'exact_optional', 'nullable', 'nullish', 'undefinedable', 'non_nullable', 'non_nullish', 'non_optional']);
const OPTION_TYPES = new Set(['union', 'variant', 'intersect']);
const OPTIONAL_TYPES = new Set(['optional', 'exact_optional', 'nullish']);

/** Whether an object entry may be left out. */
export function isOptional(schema: Schema): boolean {
  return OPTIONAL_TYPES.has(schema.type);
}

/** What identifies a schema's contents: a `v.fallback` copy shares it with the schema it wraps. */
function contentsOf(schema: SchemaNode): unknown {
  return schema.pipe ?? schema.entries ?? schema.wrapped ?? schema.options ?? schema.item ?? schema;
}

/**
 * The schemas as they are on the wire: each `listOf` becomes an array of its item, and a
 * `v.fallback` copy of a named schema becomes that schema (so it is referenced, not repeated). Every
 * other schema is rebuilt around its rewritten parts; the same schema always gives the same result,
 * so a named schema's rewrite is found again wherever it is used.
 */
function wireSchemas(named: readonly Schema[]): (schema: Schema) => Schema {
  const done = new Map<Schema, Schema>();
  const namedByContents = new Map(named.map((schema) => [contentsOf(schema as unknown as SchemaNode), schema]));
  const wire = (schema: Schema): Schema => {
    const known = done.get(schema);
    if (known) return known;
    const node = schema as unknown as SchemaNode;
    const origin = 'fallback' in node ? namedByContents.get(contentsOf(node)) : undefined;
    const wired = origin && origin !== schema ? wire(origin) : rebuild(node);
    done.set(schema, wired);
    return wired;
  };
  const rebuild = (node: SchemaNode): Schema => {
    const each = (schemas: Record<string, Schema>) => Object.fromEntries(Object.entries(schemas).map(([key, schema]) => [key, wire(schema)]));
    let rebuilt: Json = node;
    if ('listItem' in node) return v.array(wire(node.listItem as Schema));
    if (Array.isArray(node.pipe)) {
      // `oneLine` turns text into text: dropped, so the rules after it are described too.
      const pipe = (node.pipe as SchemaNode[]).filter((item) => item !== (oneLine as unknown));
      rebuilt = { ...node, pipe: pipe.map((item) => (item.kind === 'schema' ? wire(item as unknown as Schema) : item)) };
    } else if (OBJECT_TYPES.has(node.type)) rebuilt = { ...node, entries: each(node.entries as Record<string, Schema>), ...(node.rest ? { rest: wire(node.rest as Schema) } : {}) };
    else if (node.type === 'array') rebuilt = { ...node, item: wire(node.item as Schema) };
    else if (node.type === 'record') rebuilt = { ...node, key: wire(node.key as Schema), value: wire(node.value as Schema) };
    else if (WRAPPER_TYPES.has(node.type)) rebuilt = { ...node, wrapped: wire(node.wrapped as Schema) };
    else if (OPTION_TYPES.has(node.type)) rebuilt = { ...node, options: (node.options as Schema[]).map(wire) };
    return rebuilt as unknown as Schema;
  };
  return wire;
}

/**
 * `pattern` with the `i` flag spelt out: each ASCII letter also matches its other case, in and out of
 * character classes (`[a-f]` → `[a-fA-F]`, `x` → `[xX]`). JSON Schema patterns take no flags.
 */
export function caseInsensitivePattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at]!;
    if (char === '\\') {
      out += pattern.slice(at, at + 2);
      at += 1;
    } else if (inClass) {
      const range = /^([a-zA-Z])-([a-zA-Z])/.exec(pattern.slice(at));
      if (range) {
        const [text, from, to] = range as unknown as [string, string, string];
        const other = from === from.toLowerCase() ? `${from.toUpperCase()}-${to.toUpperCase()}` : `${from.toLowerCase()}-${to.toLowerCase()}`;
        out += text + other;
        at += text.length - 1;
      } else {
        out += /[a-zA-Z]/.test(char) ? char + (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()) : char;
        if (char === ']') inClass = false;
      }
    } else if (char === '[') {
      out += char;
      inClass = true;
      if (pattern[at + 1] === '^') {
        out += '^';
        at += 1;
      }
    } else {
      out += /[a-zA-Z]/.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char;
    }
  }
  return out;
}

/** The converter's answer for a rule it cannot write as JSON Schema (see the module's comment). */
function overrideAction({ valibotAction, jsonSchema }: OverrideActionContext): JsonSchema | undefined {
  const action = valibotAction as { type: string; message?: unknown; requirement?: unknown };
  switch (action.type) {
    case 'trim':
    case 'to_upper_case':
      return jsonSchema;
    case 'to_number':
      // Only met when a value is described as parsed (`typeMode: 'output'`) and no number schema follows.
      return { type: 'number' };
    case 'check':
    case 'partial_check': {
      if (typeof action.message !== 'string') return undefined;
      const rule = `Also checked: "${englishText(action.message)}" (\`${action.message}\`).`;
      if (jsonSchema.description?.includes(rule)) return jsonSchema;
      return { ...jsonSchema, description: jsonSchema.description ? `${jsonSchema.description} ${rule}` : rule };
    }
    case 'regex': {
      const { flags, source } = action.requirement as RegExp;
      // JSON Schema patterns are Unicode-aware already; only a case-insensitive one needs rewriting.
      if (flags === 'u') return { ...jsonSchema, pattern: source };
      if (flags === 'i') return { ...jsonSchema, pattern: caseInsensitivePattern(source) };
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Drops what a schema inside the document does not need: the dialect, the definitions (components), empty `required`. */
function tidy(schema: JsonSchema): Json {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, item]) => !(key === 'required' && Array.isArray(item) && item.length === 0))
        .map(([key, item]) => [key, walk(item)]),
    );
  };
  const { $schema: _dialect, $defs: _definitions, ...rest } = schema;
  return walk(rest) as Json;
}

/** Whether the server parses this value from text to a number (`v.toNumber` in its pipe). */
function parsesNumber(schema: Schema): boolean {
  const node = schema as unknown as SchemaNode;
  if (node.type === 'to_number') return true;
  if (Array.isArray(node.pipe)) return (node.pipe as Schema[]).some(parsesNumber);
  return node.wrapped ? parsesNumber(node.wrapped as Schema) : false;
}

/** Turns valibot schemas into JSON Schema, with the contract's named schemas as components. */
export class Converter {
  private readonly wire: (schema: Schema) => Schema;
  private readonly definitions: Record<string, Schema>;
  private readonly base: ConversionConfig = {
    target: 'draft-2020-12',
    overrideAction,
    overrideRef: ({ referenceId }) => `${SCHEMA_REF}${referenceId}`,
  };

  constructor(named: Record<string, Schema>) {
    // One name per schema (the first in alphabetical order), and the components in that order.
    const unique = new Map<Schema, string>();
    for (const [name, schema] of Object.entries(named).sort(([a], [b]) => (a < b ? -1 : 1))) if (!unique.has(schema)) unique.set(schema, name);
    this.wire = wireSchemas([...unique.keys()]);
    this.definitions = Object.fromEntries([...unique].map(([schema, name]) => [name, this.wire(schema)]));
  }

  /** Every named schema, converted (those no call uses are dropped later). */
  components(): Record<string, Json> {
    const converted = toJsonSchemaDefs(this.definitions, { ...this.base, typeMode: 'input' });
    return Object.fromEntries(Object.entries(converted).map(([name, schema]) => [name, tidy(schema)]));
  }

  /** A body or an answer as sent, named schemas referenced. */
  sent(schema: Schema): Json {
    return tidy(toJsonSchema(this.wire(schema), { ...this.base, typeMode: 'input', definitions: this.definitions }));
  }

  /**
   * A parameter or form field: the value the server parses it to when it parses text to a number,
   * else the text as sent; `default` is what the server takes when it is left out.
   */
  value(schema: Schema): Json {
    const converted = tidy(toJsonSchema(this.wire(schema), { ...this.base, typeMode: parsesNumber(schema) ? 'output' : 'input' }));
    delete converted.default;
    const parsed = v.safeParse(schema, undefined);
    return parsed.success && parsed.output !== undefined ? { ...converted, default: parsed.output as Json[string] } : converted;
  }

  /** A parameter's schema: a valibot schema's value, or the text a pattern allows. */
  parameter(schema: ParameterSchema | 'text'): Json {
    if (schema === 'text') return { type: 'string' };
    if (schema instanceof RegExp) return { type: 'string', pattern: schema.source };
    return this.value(schema);
  }
}
