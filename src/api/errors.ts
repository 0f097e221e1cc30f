import * as v from 'valibot';
import { hasMessage, t as translate, type MessageParams } from '../i18n/index.ts';
import { ApiErrorSchema } from '../contract/contract.ts';

/**
 * Every failure of a provider call becomes one {@link ApiClientError}, so a store or screen handles
 * all of them the same way: by `kind` (what went wrong on the way), `status` and `code` (an i18n key,
 * shown in the user's language by {@link errorMessage}). Nothing a provider answers can crash the page.
 */

/**
 * - `http`: the provider answered an error status (4xx/5xx);
 * - `network`: no answer at all (offline, DNS, connection reset, CORS refusal);
 * - `timeout`: no answer within the client's timeout;
 * - `malformed`: a success status whose body is not the JSON the contract promises;
 * - `aborted`: the caller cancelled the call (its `AbortSignal`); usually not shown to the user.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'malformed' | 'aborted';

/** One field error as an i18n key with its placeholders (the server's `error_keys`). */
export interface FieldErrorKey {
  key: string;
  params: Record<string, unknown>;
}

/** The generic code of an error answer that carries no usable `code`. */
export const GENERIC_ERROR_CODE = 'errors.something_went_wrong';

const CODE_BY_KIND: Record<Exclude<ApiErrorKind, 'http'>, string> = {
  network: 'errors.network',
  timeout: 'errors.timeout',
  malformed: 'errors.malformed_response',
  aborted: GENERIC_ERROR_CODE,
};

/** What an {@link ApiClientError} is built from. */
export interface ApiClientErrorInit {
  kind: ApiErrorKind;
  status?: number | null;
  /** i18n key; defaults by kind (`errors.network`, …, `errors.something_went_wrong`). */
  code?: string;
  /** The provider's own text (English), used when this client has no text for `code`. */
  serverMessage?: string;
  params?: MessageParams;
  fieldErrors?: Record<string, string[]>;
  fieldKeys?: Record<string, FieldErrorKey[]>;
  retryAfter?: number;
  remainingTime?: number;
  qty?: number;
  cause?: unknown;
}

/** A failed provider call: see {@link ApiErrorKind}. */
export class ApiClientError extends Error {
  readonly kind: ApiErrorKind;
  /** The HTTP status when there was an answer (`http`, `malformed`), else `null`. */
  readonly status: number | null;
  /** An i18n key: the server's `code`, or the generic/kind key. */
  readonly code: string;
  /** Placeholders of the code's text: `qty`, `seconds` (from `retry_after` or `remainingTime`). */
  readonly params: MessageParams;
  /** The provider's text, when it sent one. */
  readonly serverMessage: string | undefined;
  /** Field texts of a 422, as the provider wrote them (English). */
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** Field errors as i18n keys with params, to show them in the user's language. */
  readonly fieldKeys: Record<string, FieldErrorKey[]> | undefined;
  /** Seconds to wait before trying again (429: `retry_after` or the `Retry-After` header). */
  readonly retryAfter: number | undefined;
  /** Seconds until the next order may be placed (429 `errors.order_wait`). */
  readonly remainingTime: number | undefined;
  /** The quantity of `sale.qty.minimum` / `sale.qty.exceeded`. */
  readonly qty: number | undefined;

  constructor(init: ApiClientErrorInit) {
    const code = init.code ?? (init.kind === 'http' ? GENERIC_ERROR_CODE : CODE_BY_KIND[init.kind]);
    const status = init.status ?? null;
    super(init.serverMessage ?? `${init.kind}${status === null ? '' : ` ${status}`}: ${code}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiClientError';
    this.kind = init.kind;
    this.status = status;
    this.code = code;
    this.params = init.params ?? {};
    this.serverMessage = init.serverMessage;
    this.fieldErrors = init.fieldErrors;
    this.fieldKeys = init.fieldKeys;
    this.retryAfter = init.retryAfter;
    this.remainingTime = init.remainingTime;
    this.qty = init.qty;
  }
}

/** Whether `error` is an {@link ApiClientError} (of `kind`, when given). */
export function isApiClientError(error: unknown, kind?: ApiErrorKind): error is ApiClientError {
  return error instanceof ApiClientError && (kind === undefined || error.kind === kind);
}

/** Seconds of a `Retry-After` header; only the delta-seconds form (the provider never sends a date). */
function retryAfterHeaderSeconds(header: string | null | undefined): number | undefined {
  if (!header || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header);
}

/**
 * The error for an answer with an error status. A body that is the contract's `ApiErrorSchema`
 * gives code, text, field errors and wait times; anything else (an HTML error page of a proxy, an
 * empty body) still gives a usable error with the generic code.
 */
export function httpError(status: number, body: unknown, retryAfterHeader?: string | null): ApiClientError {
  const parsed = v.safeParse(ApiErrorSchema, body);
  const headerSeconds = retryAfterHeaderSeconds(retryAfterHeader);
  if (!parsed.success) return new ApiClientError({ kind: 'http', status, retryAfter: headerSeconds });
  const error = parsed.output;
  const retryAfter = error.retry_after ?? headerSeconds;
  const params: MessageParams = {};
  if (error.qty !== undefined) params.qty = error.qty;
  const seconds = retryAfter ?? error.remainingTime;
  if (seconds !== undefined) params.seconds = Math.ceil(seconds);
  return new ApiClientError({
    kind: 'http',
    status,
    code: error.code || GENERIC_ERROR_CODE,
    serverMessage: error.message || undefined,
    params,
    fieldErrors: error.errors,
    fieldKeys: error.error_keys,
    retryAfter,
    remainingTime: error.remainingTime,
    qty: error.qty,
  });
}

/** A translation function: the i18n `t`, or a component's own. */
export type Translate = (key: string, params?: MessageParams) => string;

/**
 * The text to show the user for a failed call, in the current locale: this client's text for the
 * error's code (with `qty`/`seconds` filled in) when it has one; else the provider's own message
 * (a code newer than this client); else "Something went wrong!". Anything that is not an
 * {@link ApiClientError} (a bug) also gets the generic text, never a stack trace.
 */
export function errorMessage(error: unknown, t: Translate = translate): string {
  if (!(error instanceof ApiClientError)) return t(GENERIC_ERROR_CODE);
  if (hasMessage(error.code)) return t(error.code, error.params);
  if (error.serverMessage) return error.serverMessage;
  return t(GENERIC_ERROR_CODE);
}
