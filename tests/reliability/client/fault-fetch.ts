import { vi } from 'vitest';
import { errorMessage, isApiClientError } from '../../../src/api/errors.ts';
import { dictionaries, t } from '../../../src/i18n/index.ts';
import type { Locale } from '../../../src/store/locale.ts';
import { isAnswered, type Fault } from './fault-cases.ts';

/** jsdom side of the fault matrix: a fake `fetch` that plays a fault, and the message checks. */

/** What a fake `fetch` is given, with the URL parsed. */
export type FetchHandler = (url: URL, init: RequestInit | undefined) => Promise<Response>;

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
function hangUntilAborted(init: RequestInit | undefined): Promise<Response> {
  return new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** What the browser's `fetch` does under `fault`. */
export function playFault(fault: Fault, init: RequestInit | undefined): Promise<Response> {
  if (isAnswered(fault)) {
    // A Response cannot carry a body with some statuses; none of the faults is one of those.
    return Promise.resolve(new Response(fault.body, { status: fault.status, headers: { 'Content-Type': fault.contentType, ...fault.headers } }));
  }
  if (fault.kind === 'timeout') return hangUntilAborted(init);
  // What Chromium's fetch rejects with when the connection is reset.
  return Promise.reject(new TypeError('Failed to fetch'));
}

/** Replaces the global `fetch` with `handler` (restore with `vi.unstubAllGlobals()`). */
export function installFetch(handler: FetchHandler): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return handler(new URL(raw, window.location.href), init);
    }),
  );
}

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The dictionary's own text of a dotted `key` in `lang` (no fallback to English), or null. */
export function ownText(lang: Locale, key: string): string | null {
  let node: unknown = dictionaries[lang];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.trim() !== '' ? node : null;
}

/**
 * Why the message the user would read for `error` is not a real text in both languages, or null when
 * it is: the error is an `ApiClientError`, its code has its own text in English and in Polish, and the
 * text `errorMessage` gives in each language is that text (placeholders filled), never the bare key.
 */
export function messageProblem(error: unknown): string | null {
  if (!isApiClientError(error)) return `not an ApiClientError: ${String(error)}`;
  for (const lang of ['en', 'pl'] as const) {
    if (!ownText(lang, error.code)) return `no ${lang} text for ${error.code}`;
    const shown = errorMessage(error, (key, params) => t(key, params, lang));
    if (shown.trim() === '' || shown === error.code || /\{\{/.test(shown)) return `${lang} message "${shown}" for ${error.code}`;
  }
  return null;
}
