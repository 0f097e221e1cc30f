import type { Context } from 'hono';
import * as v from 'valibot';
import { issueParams, issuePath } from '../shared.ts';
import { ApiError, fail, type FieldErrors } from './errors.ts';

/**
 * Checks `input` against a contract schema. Rules stop at the first failure per field (spec §5), and
 * a failure becomes a 422 whose `errors` hold the spec's texts per field.
 */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const unstorable = unstorableTextPath(input);
  if (unstorable !== null) throw new ApiError(422, 'validation.invalid', {}, {}, { [unstorable]: [{ key: 'validation.invalid', params: {} }] });
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.issues) {
    const path = issuePath(issue);
    const list = (fieldErrors[path] ??= []);
    // One message per field: the first rule that failed.
    if (list.length === 0) list.push({ key: issueKey(issue), params: issueParams(issue) });
  }
  throw new ApiError(422, 'validation.invalid', {}, {}, fieldErrors);
}

/** An unpaired UTF-16 surrogate: no character at all, and no valid JSON escape for PostgreSQL's jsonb. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The dotted path (`items.0.name`, `_` for the value itself) of the first string in `input` that no
 * PostgreSQL column can take, or null when there is none: U+0000 (text refuses it) and unpaired
 * surrogates (jsonb refuses their escapes; a browser never sends them). A query given one fails, so
 * such input is refused as invalid before it reaches one. Walked without recursion, as a request body
 * may nest deeper than the call stack allows.
 */
export function unstorableTextPath(input: unknown): string | null {
  // Each entry: a value, the index of its parent entry and its key there; the path is built only for a hit.
  const seen: { value: unknown; parent: number; key: string }[] = [{ value: input, parent: -1, key: '' }];
  for (let index = 0; index < seen.length; index += 1) {
    const { value } = seen[index]!;
    if (typeof value === 'string') {
      if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return pathOf(seen, index);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) seen.push({ value: item, parent: index, key });
    }
  }
  return null;
}

/** The dotted path of entry `index` of {@link unstorableTextPath}'s walk, from its chain of parents. */
function pathOf(seen: readonly { parent: number; key: string }[], index: number): string {
  const keys: string[] = [];
  for (let at = index; at > 0; at = seen[at]!.parent) keys.push(seen[at]!.key);
  return keys.length === 0 ? '_' : keys.reverse().join('.');
}

/**
 * The i18n key of an issue: a field left out entirely is "This element is required" like an empty
 * one; valibot's own messages (a wrong type without a custom message) map to the generic key.
 */
function issueKey(issue: v.BaseIssue<unknown>): string {
  if (issue.input === undefined) return 'validation.required';
  return /^[a-z_]+(\.[a-z_]+)+$/.test(issue.message) ? issue.message : 'validation.invalid';
}

/** Reads and checks a JSON body; unreadable JSON is a 400, not a crash. */
export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let input: unknown;
  try {
    input = await c.req.json();
  } catch {
    fail(400, 'errors.malformed_request');
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) fail(400, 'errors.malformed_request');
  return parseWith(schema, input);
}

/** Reads and checks the query string. */
export function queryParams<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}

/** A positive integer route parameter, or 404. */
export function idParam(c: Context, name: string): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) fail(404, 'errors.not_found');
  return id;
}
