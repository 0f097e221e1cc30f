import type * as v from 'valibot';
import { isApiClientError } from '../../../api/errors.ts';
import { issueParams, issuePath } from '../../../contract/fields.ts';
import { t, type MessageParams } from '../../../i18n/index.ts';

/**
 * The coordinator's forms' field errors, from either side: the contract schema's parse before a
 * request is sent, and the server's 422 `error_keys` after. Both end up keyed the same way (the
 * request body's field names) so a form shows them in one place.
 *
 * @module
 */

/** One field's message: an i18n key with its placeholders. */
export interface FieldIssue {
  key: string;
  params: MessageParams;
}

/** A form's messages, keyed by the request body's field name (`budget_id`, `reason`, …). */
export type FieldIssues = Record<string, FieldIssue>;

/** First issue per field of a contract schema's parse, keyed like the server's `error_keys`. */
export function schemaIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of issues) {
    const path = issuePath(issue);
    if (out[path]) continue;
    // A missing value reads "required"; the contract's own messages are i18n keys; anything else
    // (a valibot default text) is not fit to show, so it reads "invalid".
    const key = issue.input === undefined ? 'validation.required' : /^[a-z_]+(\.[a-z_]+)+$/.test(issue.message) ? issue.message : 'validation.invalid';
    out[path] = { key, params: issueParams(issue) as MessageParams };
  }
  return out;
}

/** The server's field errors of a 422 (`error_keys`), first per field; `{}` for any other failure. */
export function serverIssues(error: unknown): FieldIssues {
  const out: FieldIssues = {};
  if (!isApiClientError(error, 'http') || !error.fieldKeys) return out;
  for (const [field, list] of Object.entries(error.fieldKeys)) {
    const first = list[0];
    if (first) out[field] = { key: first.key, params: first.params as MessageParams };
  }
  return out;
}

/** A field's message as text for its `error` prop; `undefined` (no error shown) without one. */
export const issueText = (issue: FieldIssue | undefined): string | undefined => (issue ? t(issue.key, issue.params) : undefined);
