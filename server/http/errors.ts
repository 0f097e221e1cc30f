import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { text } from './messages.ts';

/** A field's failed rules as i18n keys with the values for their placeholders. */
export type FieldErrors = Record<string, { key: string; params: Record<string, unknown> }[]>;

/**
 * An error the API answers on purpose: HTTP status, an i18n key as `code` (its English text becomes
 * `message`) and optional extra fields (e.g. `qty` for sale.qty.minimum, `remainingTime`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly params: Record<string, unknown> = {},
    readonly extra: Record<string, unknown> = {},
    readonly fieldErrors?: FieldErrors,
  ) {
    super(text(code, params));
  }

  /** The JSON body of this error (contract `ApiErrorSchema`). */
  toBody(): Record<string, unknown> {
    const body: Record<string, unknown> = { message: this.message, code: this.code, ...this.extra };
    if (this.fieldErrors) {
      body.errors = Object.fromEntries(
        Object.entries(this.fieldErrors).map(([field, list]) => [field, list.map((item) => text(item.key, item.params))]),
      );
      body.error_keys = this.fieldErrors;
    }
    return body;
  }
}

/** Throws an {@link ApiError}; reads as a sentence at call sites: `fail(404, 'errors.not_found')`. */
export function fail(
  status: ContentfulStatusCode,
  code: string,
  params: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): never {
  throw new ApiError(status, code, params, extra);
}

/** A 422 with messages per field (spec §5 texts), e.g. `invalidFields({ email: 'validation.email_taken' })`. */
export function invalidFields(fields: Record<string, string>): ApiError {
  const fieldErrors: FieldErrors = {};
  for (const [field, key] of Object.entries(fields)) fieldErrors[field] = [{ key, params: {} }];
  return new ApiError(422, 'validation.invalid', {}, {}, fieldErrors);
}
