import * as v from 'valibot';
import { pageSingleton } from '../page-singleton.ts';

/**
 * Reading provider answers tolerantly, so that one odd field does not hide a whole page: what must be there (ids, names, prices) is checked
 * as before, and what may vary gets the spec's default instead of failing the whole answer. An enum
 * value the storefront does not know, a field left out, `null` where a value was due: the field takes
 * its default ({@link orDefault}); an item of a list that is unusable (a product without a price, a
 * page of an unknown type) is left out of the list ({@link listOf}). Every fallback is logged once
 * with `console.warn` ({@link warnOnce}), so a provider's mistake is visible without flooding the
 * console for a list of 5000 products.
 *
 * The reference server's tests read its answers in strict mode ({@link setStrictAnswers}): there a
 * fallback is a failure, so the reference provider still has to answer the whole contract.
 */

/** At most this many distinct warnings a page; then one last line says that more were left out. */
export const MAX_DISTINCT_WARNINGS = 100;

/** What this page warned about: one page's log, shared by every copy of the bundle. */
const warnings = pageSingleton('answerWarnings', () => ({ warned: new Set<string>(), silenced: false }));
let strict = false;
/** While a provider check reads an answer: the fallbacks it met, reported instead of warned or thrown. */
let collected: string[] | null = null;

/**
 * Logs `message` with `console.warn` the first time `key` is seen on this page (keys name a field
 * and the value that was replaced, e.g. `website.lang="de"`). After {@link MAX_DISTINCT_WARNINGS}
 * distinct keys it logs once that further ones are not logged, and then nothing.
 */
export function warnOnce(key: string, message: string): void {
  const { warned } = warnings;
  if (warned.has(key) || warnings.silenced) return;
  if (warned.size >= MAX_DISTINCT_WARNINGS) {
    warnings.silenced = true;
    console.warn(`Provider answers: more than ${MAX_DISTINCT_WARNINGS} different fallbacks; further ones are not logged.`);
    return;
  }
  warned.add(key);
  console.warn(message);
}


/**
 * Strict mode: a fallback or a dropped item throws instead of warning. The reference server's tests
 * switch it on (`tests/api/harness.ts`), so they still check its answers against the whole contract.
 */
export function setStrictAnswers(on: boolean): void {
  strict = on;
}

/** A short, log-safe description of an answer's value. */
export function describeValue(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Runs `read` (a synchronous parse of one answer) with every fallback recorded instead of warned or
 * thrown, for the provider check (`storefront-elements check-provider`), which reports them on the
 * call's row. Returns what `read` returned and the fallbacks' messages in the order they came.
 */
export function collectFallbacks<T>(read: () => T): { value: T; fallbacks: string[] } {
  const outer = collected;
  const fallbacks: string[] = [];
  collected = fallbacks;
  try {
    return { value: read(), fallbacks };
  } finally {
    collected = outer;
  }
}

function fallBack(key: string, message: string): void {
  if (collected) {
    collected.push(message);
    return;
  }
  if (strict) throw new Error(`${message} (strict mode: the answer breaks the contract)`);
  warnOnce(key, message);
}

/**
 * `schema`, or `fallback` when the field is missing or its value does not fit (`field` names it in
 * the warning, e.g. `website.lang`). The output type is the schema's own.
 */
export function orDefault<const TSchema extends v.GenericSchema>(field: string, schema: TSchema, fallback: v.InferOutput<TSchema>) {
  return v.fallback(schema, (dataset?: v.OutputDataset<v.InferOutput<TSchema>, v.InferIssue<TSchema>>) => {
    const value = dataset === undefined ? 'missing' : describeValue(dataset.value);
    fallBack(`${field}=${value}`, `Provider answer: ${field} ${dataset === undefined ? 'is missing' : `is ${value}`}; using ${describeValue(fallback)}.`);
    return fallback;
  });
}

/** The first issue's path without list positions (`variants.quantity_in_box`), for a warning's key. */
function issueWhere(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  if (!first) return '(item)';
  const path = (first.path ?? []).map((item) => item.key).filter((key) => typeof key === 'string');
  return `${path.join('.') || '(item)'}: ${first.message}`;
}

/**
 * A list whose unusable items are left out (each kind of problem warned once): the list itself must
 * be an array, its items are read with `item`. `field` names the list in the warning.
 *
 * The schema carries `item` as `listItem`: the transform hides it, and the OpenAPI document
 * (build/openapi.ts) describes the list on the wire as an array of `item`.
 */
export function listOf<const TSchema extends v.GenericSchema>(field: string, item: TSchema) {
  const list = v.pipe(
    v.array(v.unknown()),
    v.transform((items) => {
      const kept: v.InferOutput<TSchema>[] = [];
      for (const raw of items) {
        const result = v.safeParse(item, raw);
        if (result.success) kept.push(result.output);
        else {
          const where = issueWhere(result.issues);
          fallBack(`${field}[] ${where}`, `Provider answer: left out an unusable item of ${field} (${where}).`);
        }
      }
      return kept;
    }),
  );
  return Object.assign(list, { listItem: item });
}
