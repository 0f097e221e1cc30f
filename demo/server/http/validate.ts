import type { Context } from 'hono';
import * as v from 'valibot';
import { issueParams, issuePath } from '../../../src/domain/validation.ts';
import { ApiError, fail, type FieldErrors } from './errors.ts';

/**
 * Checks `input` against a contract schema. Rules stop at the first failure per field (spec §5), and
 * a failure becomes a 422 whose `errors` hold the spec's texts per field.
 */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
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
