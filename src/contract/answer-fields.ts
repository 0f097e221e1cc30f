import * as v from 'valibot';
import { listOf, orDefault } from './tolerant.ts';

/**
 * The small pieces the contract's answer schemas are built from: texts, flags, numbers and dates read
 * tolerantly (a missing or malformed value gets its default, warned once, `./tolerant.ts`), and the
 * page of a list. Request schemas use `./fields.ts` instead, which refuses what it cannot use.
 *
 * @module
 */

/** Text or `null`, strictly. */
export const nullableString = v.nullable(v.string());
/** Text of an answer that may vary: `fallback` when missing or not text. */
export const textOr = (field: string, fallback = '') => orDefault(field, v.string(), fallback);
/** Text or `null` in an answer: `null` when missing or not text. */
export const nullableTextOr = (field: string) => orDefault(field, nullableString, null);
/** A yes/no of an answer: `fallback` when missing or not a boolean. */
export const flagOr = (field: string, fallback: boolean) => orDefault(field, v.boolean(), fallback);
/** A number or `null` in an answer: `null` (the documented default) when missing or not a number. */
export const nullableNumberOr = (field: string) => orDefault(field, v.nullable(v.number()), null);
/** A date and time as ISO 8601 text. */
export const isoDate = v.pipe(v.string(), v.isoTimestamp());
/** An amount: money, or points in a points shop. */
export const money = v.number();

/**
 * A page of a list: an unusable item is left out (the rest still shows); a missing or broken `meta`
 * reads as one page holding what came.
 */
export const paged = <T extends v.GenericSchema>(field: string, item: T) =>
  v.pipe(
    v.object({
      data: listOf(field, item),
      meta: orDefault(`${field} meta`, v.nullable(v.object({ total: v.number(), page: v.number(), per_page: v.number() })), null),
    }),
    v.transform(({ data, meta }) => ({ data, meta: meta ?? { total: data.length, page: 1, per_page: Math.max(data.length, 1) } })),
  );
