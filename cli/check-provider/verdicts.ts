import * as v from 'valibot';
import { ApiErrorSchema } from '../../src/contract/contract.ts';
import { collectFallbacks } from '../../src/contract/tolerant.ts';
import type { CallAnswer } from './http.ts';

/**
 * How the provider check judges one answer: against the storefront's own answer schema (the tolerant
 * reading of src/contract, with its fallbacks reported rather than applied silently), or as the error
 * answer with the code the storefront shows (spec §8).
 */

/** A row's result: `warn` is an answer the storefront reads only by falling back to a default. */
export type RowStatus = 'pass' | 'fail' | 'warn' | 'skip';

/** A row's result and what the reader needs to know about it. */
export interface Verdict {
  status: RowStatus;
  detail: string;
}

/** An answer read with a schema: the verdict, and the value when it could be read. */
export interface Reading<T> {
  verdict: Verdict;
  value?: T;
}

export const pass = (detail = ''): Verdict => ({ status: 'pass', detail });
export const fail = (detail: string): Verdict => ({ status: 'fail', detail });

/** The first issues of a failed parse, with where they are: `data.0.calculated_price: Invalid type: …`. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], most = 2): string {
  const described = issues.slice(0, most).map((issue) => {
    const where = (issue.path ?? []).map((item) => String(item.key)).join('.');
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  return described.join('; ') + (issues.length > most ? ` (and ${issues.length - most} more)` : '');
}

/** What came instead of the expected status, for a row's detail: `answered 404 errors.not_found`. */
export function describeAnswer(answer: CallAnswer): string {
  if (answer.status === 0) return answer.failure ?? 'no answer';
  if (!v.is(ApiErrorSchema, answer.body)) return `answered ${answer.status}`;
  const { code, errors } = answer.body;
  const field = Object.entries(errors ?? {})[0];
  return `answered ${answer.status}${code ? ` ${code}` : ''}${field ? ` (${field[0]}: ${field[1].join(' ')})` : ''}`;
}

/** Reads a success answer: status `status`, a JSON body the schema accepts; fallbacks make it a warning. */
export function readAnswer<TSchema extends v.GenericSchema>(answer: CallAnswer, status: number, schema: TSchema): Reading<v.InferOutput<TSchema>> {
  if (answer.status !== status) return { verdict: fail(`${describeAnswer(answer)}, expected ${status}`) };
  if (answer.text !== undefined) return { verdict: fail(`the answer is not JSON: ${JSON.stringify(answer.text)}`) };
  const { value: result, fallbacks } = collectFallbacks(() => v.safeParse(schema, answer.body));
  if (!result.success) return { verdict: fail(`the storefront cannot read it: ${describeIssues(result.issues)}`) };
  if (fallbacks.length > 0) {
    const more = fallbacks.length > 1 ? ` (and ${fallbacks.length - 1} more)` : '';
    return { verdict: { status: 'warn', detail: `read with a default: ${fallbacks[0]}${more}` }, value: result.output };
  }
  return { verdict: pass(), value: result.output };
}

/** Judges an error answer: status `status`, the error body (spec §8) with code `code`. */
export function readError(answer: CallAnswer, status: number, code: string): Verdict {
  if (answer.status !== status) return fail(`${describeAnswer(answer)}, expected ${status} ${code}`);
  const body = v.safeParse(ApiErrorSchema, answer.body);
  if (!body.success) return fail(`the error answer is not {message, code}: ${answer.text === undefined ? describeIssues(body.issues) : 'not JSON'}`);
  if (body.output.code === undefined) return fail(`answered ${status} without an error code, expected ${code}`);
  if (body.output.code !== code) return fail(`answered ${status} ${body.output.code}, expected ${code}`);
  return pass(`${status} ${code}`);
}

/** `verdict`, or a failure when it passed but `problem` names something else wrong. */
export function also(verdict: Verdict, problem: string | null): Verdict {
  return verdict.status !== 'fail' && problem ? fail(problem) : verdict;
}
