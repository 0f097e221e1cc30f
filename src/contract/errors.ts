import * as v from 'valibot';

/**
 * The body every failed call answers with, as the client reads it and the reference server writes it.
 *
 * @module
 */

/** Error body of every failed call: `code` is an i18n key; `errors` holds field texts (422). */
export const ApiErrorSchema = v.object({
  message: v.string(),
  code: v.optional(v.string()),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  error_keys: v.optional(v.record(v.string(), v.array(v.object({ key: v.string(), params: v.record(v.string(), v.unknown()) })))),
  qty: v.optional(v.number()),
  remainingTime: v.optional(v.number()),
  retry_after: v.optional(v.number()),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorSchema>;
