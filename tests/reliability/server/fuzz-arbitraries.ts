import * as fc from 'fast-check';
import type * as v from 'valibot';

/**
 * fast-check arbitraries read from the contract's valibot schemas (`src/contract/contract.ts`), for the
 * API fuzzing suite. Three layers:
 * - {@link validValue}: values built from the schema's own rules (types, picklists, regexes, lengths,
 *   integer bounds, ISO dates), with the boundary values of each rule (max length, max length + 1,
 *   min − 1, max + 1) mixed in, and `hints` (ids of the seeded database) for fields whose valid
 *   values a schema cannot tell, so requests also get past validation into the handlers;
 * - {@link hostileValue}: wrong types, nulls, huge and odd strings (NUL, lone surrogates, RTL marks,
 *   SQL and markup), extreme numbers, deep nesting, prototype keys;
 * - {@link fuzzedObject}: whole bodies: valid, with some fields hostile, with keys missing and extra
 *   keys added, or not an object at all.
 *
 * @module
 */

/** Known-good values per field name (e.g. `website_id` → the seeded shops' ids). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** What the walker reads of a valibot schema or action (its public, documented properties). */
interface Node {
  kind: string;
  type: string;
  requirement?: unknown;
  pipe?: Node[];
  entries?: Record<string, Node>;
  wrapped?: Node;
  options?: unknown[];
  literal?: unknown;
  item?: Node;
  value?: Node;
}

const asNode = (schema: v.GenericSchema | Node): Node => schema as unknown as Node;

/** A pipe's steps after its base schema, with nested pipes (e.g. `idField` inside a query pipe) flattened. */
function steps(schema: Node): Node[] {
  const pipe = schema.pipe ?? [];
  const out: Node[] = [];
  pipe.forEach((step, index) => {
    if (index === 0) return;
    if (step.kind === 'schema') out.push(step, ...steps(step));
    else out.push(step);
  });
  return out;
}

const requirementOf = (actions: Node[], type: string): unknown => actions.filter((a) => a.type === type).map((a) => a.requirement).at(-1);

/** Integers or numbers within the rules' bounds, plus the bounds and one step outside each. */
function numberArbitrary(actions: Node[]): fc.Arbitrary<number> {
  const integer = actions.some((a) => a.type === 'integer');
  const min = requirementOf(actions, 'min_value') as number | undefined;
  const max = requirementOf(actions, 'max_value') as number | undefined;
  const low = min ?? -1_000_000;
  const high = max ?? Math.max(low + 1_000_000, 1_000_000);
  const inside = integer ? fc.integer({ min: Math.max(low, -(2 ** 31)), max: Math.min(high, 2 ** 31 - 1) }) : fc.double({ min: low, max: high, noNaN: true });
  const edges = [low, high, low - 1, high + 1, ...(integer ? [low + 0.5] : [])];
  return fc.oneof({ arbitrary: inside, weight: 4 }, { arbitrary: fc.constantFrom(...edges), weight: 1 });
}

/** Whether fast-check can generate strings for a regex (it cannot for lookaheads, e.g. the password rule). */
function matchable(regex: RegExp): boolean {
  try {
    fc.stringMatching(regex);
    return true;
  } catch {
    return false;
  }
}

/** Strings that follow the rules (regex, ISO date, length), plus strings at and over the length bound. */
function stringArbitrary(actions: Node[]): fc.Arbitrary<string> {
  const regex = requirementOf(actions, 'regex') as RegExp | undefined;
  const maxLength = requirementOf(actions, 'max_length') as number | undefined;
  const nonEmpty = actions.some((a) => a.type === 'non_empty' || a.type === 'min_length');
  const choices: fc.Arbitrary<string>[] = [];
  if (actions.some((a) => a.type === 'iso_timestamp')) {
    choices.push(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()));
  } else if (regex && matchable(regex)) {
    choices.push(fc.stringMatching(regex).map((s) => (maxLength === undefined ? s : s.slice(0, maxLength))));
  } else {
    choices.push(fc.string({ minLength: nonEmpty ? 1 : 0, maxLength: Math.min(maxLength ?? 40, 40) }));
  }
  if (maxLength !== undefined) choices.push(fc.constantFrom('x'.repeat(maxLength), 'x'.repeat(maxLength + 1)));
  return fc.oneof(...choices);
}

/**
 * Values the schema could accept. A string piped through `toNumber` (query parameters, multipart
 * fields) is generated as the number's text.
 */
export function validValue(schema: v.GenericSchema | Node, hints: Hints = {}, key?: string): fc.Arbitrary<unknown> {
  const node = asNode(schema);
  const derived = derive(node, hints);
  const hint = key === undefined ? undefined : hints[key];
  return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: derived, weight: 1 }) : derived;
}

function derive(node: Node, hints: Hints): fc.Arbitrary<unknown> {
  const actions = steps(node);
  switch (node.type) {
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
      return fc.option(validValue(node.wrapped!, hints), { nil: undefined, freq: 4 });
    case 'nullable':
    case 'nullish':
      return fc.option(validValue(node.wrapped!, hints), { nil: null, freq: 4 });
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return objectOf(node, hints, (entry, name) => validValue(entry, hints, name));
    case 'string': {
      const toNumber = actions.findIndex((a) => a.type === 'to_number');
      if (toNumber >= 0) return numberArbitrary(actions.slice(toNumber + 1)).map(String);
      return stringArbitrary(actions);
    }
    case 'number':
      return numberArbitrary(actions);
    case 'boolean':
      return fc.boolean();
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...(node.options as unknown[]));
    case 'literal':
      return fc.constant(node.literal);
    case 'array': {
      const max = (requirementOf(actions, 'max_length') as number | undefined) ?? 4;
      const min = (requirementOf(actions, 'min_length') as number | undefined) ?? 0;
      return fc.array(validValue(node.item!, hints), { minLength: min, maxLength: Math.max(min, Math.min(max, 4)) });
    }
    case 'variant':
    case 'union':
      return fc.oneof(...(node.options as Node[]).map((option) => validValue(option, hints)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), validValue(node.value!, hints), { maxKeys: 3 });
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** An object of the schema's keys: required ones always there, optional ones sometimes left out. */
function objectOf(node: Node, hints: Hints, field: (entry: Node, name: string) => fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(node.entries ?? {});
  return fc.tuple(...entries.map(([name, entry]) => field(entry, name))).map((values) => {
    const out: Record<string, unknown> = {};
    entries.forEach(([name], index) => {
      const value = values[index];
      if (value !== undefined) out[name] = value;
    });
    return out;
  });
}

/** Characters and strings that break naive code: NUL, lone surrogates, RTL marks, SQL, markup, emoji. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202E\u0644\u0627',
  '\uFEFF',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '{{constructor.constructor("return 1")()}}',
  '%00',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '١٢٣',
  '𝟙𝟚𝟛',
  '👩‍👩‍👧‍👦'.repeat(50),
  'ǅ'.repeat(1000),
];

/** Numbers at the edges of every numeric type the server or the database has. */
const ODD_NUMBERS = [0, -0, -1, 1, 0.5, -0.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, -1e308, Number.MIN_VALUE];

/** A JSON value nested `depth` levels deep. */
export function nested(depth: number, inner: unknown = 1, asArray = true): unknown {
  let value = inner;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Anything a field should not hold. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(...ODD_NUMBERS),
    fc.constantFrom(...ODD_STRINGS),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.integer({ min: 1000, max: 50_000 }).map((n) => 'x'.repeat(n)),
    fc.integer({ min: 50, max: 3000 }).chain((depth) => fc.boolean().map((asArray) => nested(depth, 1, asArray))),
    fc.anything({ maxDepth: 3, withNullPrototype: false }),
    fc.constant(JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')),
    fc.array(fc.integer(), { maxLength: 5 }),
  );
}

/** Characters that pass a schema's string rules yet trip a database or an encoder. */
const ODD_CHARACTERS = ['\u0000', '\uD800', '\uDC00', '\u202E', '\r\n', '\t', '\u2028', '😀', '\u0301', "'", '\\', '%'];

/** A valid value, with an odd character put into it when it is a string. */
function withOddCharacters(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.constantFrom(...ODD_CHARACTERS), fc.nat()).map(([value, odd, at]) => {
    if (typeof value !== 'string') return value;
    const index = value.length === 0 ? 0 : at % value.length;
    return `${value.slice(0, index)}${odd}${value.slice(index)}`;
  });
}

/** Extra keys a client might add: prototype keys, look-alikes of real fields, random names. */
const EXTRA_KEY = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'id', 'user_id', 'role', 'price', 'total', 'is_admin'), fc.string({ maxLength: 12 }));

/**
 * Whole request bodies for an object schema: mostly valid ones (so the handlers run), some with
 * hostile fields, some with keys dropped and extra keys added, and some that are no object at all.
 */
export function fuzzedObject(schema: v.GenericSchema, hints: Hints = {}, base?: Record<string, unknown>): fc.Arbitrary<unknown> {
  const root = objectRoot(asNode(schema));
  const valid = validValue(root, hints);
  const withHostileFields = objectOf(root, hints, (entry, name) =>
    fc.oneof(
      { arbitrary: validValue(entry, hints, name), weight: 3 },
      { arbitrary: withOddCharacters(validValue(entry, hints, name)), weight: 1 },
      { arbitrary: hostileValue(), weight: 1 },
    ),
  );
  const reshaped = fc
    .tuple(valid, fc.array(fc.nat(), { maxLength: 4 }), fc.array(fc.tuple(EXTRA_KEY, hostileValue()), { maxLength: 4 }))
    .map(([value, drops, extras]) => {
      const object = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(object);
      for (const drop of drops) if (keys.length > 0) delete object[keys[drop % keys.length]!];
      // defineProperty, so `__proto__` becomes an own key that JSON.stringify sends, as an attacker's body would.
      for (const [key, extra] of extras) Object.defineProperty(object, key, { value: extra, enumerable: true, configurable: true, writable: true });
      return object;
    });
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: withHostileFields, weight: 3 },
    { arbitrary: reshaped, weight: 2 },
    { arbitrary: hostileValue(), weight: 1 },
    ...(base ? [{ arbitrary: fc.constant(base), weight: 1 }, { arbitrary: oneLeafChanged(base), weight: 5 }] : []),
  );
}

/** Every leaf of a JSON value as a path of keys (array indexes included). */
function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Object.entries(value);
  return entries.length === 0 ? [path] : entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
}

/** A copy of `value` with the leaf at `path` replaced (or removed when `replacement` is undefined). */
function withLeaf(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...(value as Record<string, unknown>) };
  const next = withLeaf(copy[head], rest, replacement);
  if (next === undefined && !Array.isArray(copy)) delete copy[head];
  else copy[head] = next;
  return copy;
}

/**
 * A known-good request with one leaf changed: dropped, given odd characters, or made hostile. Such
 * requests get past every other rule, so they reach the code behind the one rule they break.
 */
function oneLeafChanged(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths = leafPaths(base);
  return fc.tuple(fc.constantFrom(...paths), fc.oneof(hostileValue(), withOddCharacters(fc.constant('valid')), fc.constant(undefined))).chain(([path, replacement]) => {
    const leaf = path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], base);
    const odd = typeof leaf === 'string' ? withOddCharacters(fc.constant(leaf)) : fc.constant(replacement);
    return fc.oneof(fc.constant(replacement), odd).map((value) => withLeaf(base, path, value));
  });
}

/** The object schema under a `pipe` (e.g. the request schemas with cross-field checks). */
function objectRoot(node: Node): Node {
  if (node.type === 'object' || node.type === 'strict_object' || node.type === 'loose_object') return node;
  const base = node.pipe?.[0];
  if (base) return objectRoot(base);
  throw new Error(`not an object schema: ${node.type}`);
}

/** Longest generated query string (Node's own limit on a request head is 16 kB). */
const MAX_QUERY_LENGTH = 8000;

/**
 * Query strings for an object schema of string fields: values as the schema wants them, hostile
 * values as text, keys dropped and extra keys added.
 */
export function fuzzedQuery(schema: v.GenericSchema, hints: Hints = {}, base?: Record<string, string>): fc.Arbitrary<string> {
  return fuzzedObject(schema, hints, base).map((value) => {
    const pairs: [string, string][] =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item : (JSON.stringify(item) ?? '')])
        : [['q', JSON.stringify(value) ?? '']];
    let text = new URLSearchParams(pairs).toString();
    // Node refuses a request head over 16 kB itself (431, sometimes by dropping the connection): keep
    // URLs under that, so the checks reach the API; long values are still long.
    if (text.length > MAX_QUERY_LENGTH) {
      const share = Math.floor(MAX_QUERY_LENGTH / (pairs.length * 9));
      text = new URLSearchParams(pairs.map(([key, item]) => [key.slice(0, share), item.slice(0, share)])).toString();
    }
    return text === '' ? '' : `?${text}`;
  });
}

/** A path segment for an id: real ids, numbers at the edges, and text that is no id at all. */
export function fuzzedId(valid: fc.Arbitrary<number>): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: valid.map(String), weight: 3 },
    { arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '0x1F', '2147483648', '999999999', '9999999999999999999999', ' 1', '1 ', '01', '+1'), weight: 2 },
    { arbitrary: fc.constantFrom(...ODD_STRINGS).filter((s) => s !== ''), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), weight: 1 },
  ).map(encodeSegment);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A path segment percent-encoded; a lone surrogate (which `encodeURIComponent` refuses) becomes bytes that are no UTF-8. */
function encodeSegment(segment: string): string {
  return segment.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');
}
