import en from '../src/i18n/locales/en.ts';
import type { Operation } from './openapi-operations.ts';

/**
 * The error answers of the OpenAPI document (build/openapi.ts): which codes each call can answer, by
 * status, each with its English text (`code` is an i18n key; the storefront shows it in the user's
 * language), and the answers several calls share, as response components.
 *
 * @module
 */

type Json = Record<string, unknown>;

/** The English text of an i18n key, placeholders written `{qty}` as docs/api.md writes them. */
export function englishText(key: string): string {
  let node: unknown = en;
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Json)[part] : undefined;
  if (typeof node !== 'string') throw new Error(`openapi: no English text for "${key}" (src/i18n/locales/en.ts)`);
  return node.replace(/\{\{(\w+)\}\}/g, '{$1}');
}

export type Status = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500;

/** The error codes a call can answer, by status: those of its kind, then its own. */
export function errorCodes(operation: Operation): Map<Status, string[]> {
  const codes = new Map<Status, string[]>();
  const add = (status: Status, ...list: readonly string[]) => {
    const known = codes.get(status) ?? [];
    codes.set(status, [...known, ...list.filter((code) => !known.includes(code))]);
  };
  if (operation.body) {
    add(400, 'errors.malformed_request');
    add(413, 'errors.payload_too_large');
  }
  if (operation.body || operation.query) add(422, 'validation.invalid');
  if (operation.access === 'shop' || operation.access === 'user' || operation.access === 'coordinator') add(401, 'errors.unauthenticated');
  if (operation.access === 'coordinator') add(403, 'errors.forbidden');
  if (operation.access === 'operator') {
    add(401, 'errors.operator_key');
    add(404, 'errors.not_found');
  }
  if (operation.tenant) {
    add(403, 'errors.no_access');
    add(404, 'errors.store_not_found');
  }
  if (operation.method !== 'get') add(403, 'errors.csrf');
  for (const [status, list] of Object.entries(operation.errors ?? {})) add(Number(status) as Status, ...list);
  add(500, 'errors.something_went_wrong');
  return new Map([...codes].sort(([a], [b]) => a - b).map(([status, list]) => [status, list.sort()]));
}

/** `errors.store_not_found` → `StoreNotFound`. */
function pascalCase(code: string): string {
  return code
    .replace(/^errors\./, '')
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** The answer of one status: its codes with their texts, the error body with `code` one of them. */
function errorResponse(status: Status, codes: readonly string[]): Json {
  return {
    description: codes.map((code) => `- \`${code}\`: ${englishText(code)}`).join('\n'),
    ...(status === 429 ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
    content: {
      'application/json': {
        schema: {
          allOf: [{ $ref: '#/components/schemas/ApiError' }, { type: 'object', required: ['code'], properties: { code: { enum: codes } } }],
        },
      },
    },
  };
}

/** What tells two error answers apart: the status and its codes. */
function answerKey(status: Status, codes: readonly string[]): string {
  return `${status} ${codes.join(' ')}`;
}

/**
 * Each call's error answers by status: an answer two or more calls give alike is a response
 * component (named after its codes, `NoAccessOrCsrf`) and referenced; the others are written out.
 */
export function errorAnswers(operations: readonly Operation[]): { components: Record<string, Json>; of(operation: Operation): Record<string, Json> } {
  const uses = new Map<string, number>();
  for (const operation of operations) for (const [status, codes] of errorCodes(operation)) uses.set(answerKey(status, codes), (uses.get(answerKey(status, codes)) ?? 0) + 1);
  const components: Record<string, Json> = {};
  const names = new Map<string, string>();
  for (const operation of operations) {
    for (const [status, codes] of errorCodes(operation)) {
      const shared = answerKey(status, codes);
      if (names.has(shared) || (uses.get(shared) ?? 0) < 2) continue;
      const base = codes.map(pascalCase).join('Or');
      const name = components[base] ? `${base}${status}` : base;
      names.set(shared, name);
      components[name] = errorResponse(status, codes);
    }
  }
  return {
    components,
    of: (operation) =>
      Object.fromEntries(
        [...errorCodes(operation)].map(([status, codes]) => {
          const name = names.get(answerKey(status, codes));
          return [status, name ? { $ref: `#/components/responses/${name}` } : errorResponse(status, codes)];
        }),
      ),
  };
}

/** Every code the calls can answer, with its statuses and English text, as a Markdown table. */
export function errorCatalogue(operations: readonly Operation[]): string {
  const statuses = new Map<string, Set<Status>>();
  for (const operation of operations) {
    for (const [status, codes] of errorCodes(operation)) for (const code of codes) statuses.set(code, (statuses.get(code) ?? new Set()).add(status));
  }
  const rows = [...statuses]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, of]) => `| \`${code}\` | ${[...of].sort().join(', ')} | ${englishText(code).replace(/\|/g, '\\|')} |`);
  return ['| code | status | English text |', '|---|---|---|', ...rows].join('\n');
}
