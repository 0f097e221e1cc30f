import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitFoldedSetCookie } from './e2e/openapi/headers.ts';
import { DOCUMENT_PATH, documentOperations, matchOperation } from './e2e/openapi/operations.ts';
import { parseViolations, prismFailure } from './e2e/openapi/violations.ts';

/** The pure parts of the OpenAPI proxy run (tests/e2e/openapi): Prism's verdict, cookies, operations. */
describe('the OpenAPI proxy run', () => {
  it('reads the violations of an sl-violations header, a cut one and an unreadable one', () => {
    expect(parseViolations(null)).toEqual([]);
    const one = { location: ['response', 'body', 'name'], severity: 'Error', code: 'type', message: 'Response body property name must be integer' };
    expect(parseViolations(JSON.stringify([one]))).toEqual([one]);
    expect(parseViolations(`Too many violations! ${JSON.stringify([one, one])}`)[0]?.message).toMatch(/^Too many violations! /);
    expect(parseViolations('{oops')[0]?.message).toMatch(/^unreadable sl-violations header/);
  });

  it("tells Prism's own problem answer from the server's", () => {
    expect(prismFailure('application/problem+json', Buffer.from('{"type":"https://stoplight.io/prism/errors#UPSTREAM_NOT_IMPLEMENTED"}'))).toMatch(/^Prism answered/);
    expect(prismFailure('application/json', Buffer.from('{"code":"errors.not_found"}'))).toBeUndefined();
  });

  it('splits the Set-Cookie headers Prism folded into one, not at the comma of a date', () => {
    const folded = 'XSRF-TOKEN=abc; Path=/; SameSite=Lax,KNOWN-DEVICE=def; Max-Age=15552000; Path=/api/; HttpOnly, Old=1; Expires=Sun, 29 Nov 2026 07:49:31 GMT; Path=/';
    expect(splitFoldedSetCookie(folded)).toEqual(['XSRF-TOKEN=abc; Path=/; SameSite=Lax', 'KNOWN-DEVICE=def; Max-Age=15552000; Path=/api/; HttpOnly', 'Old=1; Expires=Sun, 29 Nov 2026 07:49:31 GMT; Path=/']);
    expect(splitFoldedSetCookie('A=1; Path=/')).toEqual(['A=1; Path=/']);
  });

  it("names each call's operation, a literal path before a parameter, and none for a path the document lacks", () => {
    const operations = documentOperations();
    expect(matchOperation(operations, 'GET', '/api/user/order/7')?.id).toBe('getOrder');
    expect(matchOperation(operations, 'GET', '/api/user/orders')?.id).toBe('listOrders');
    expect(matchOperation(operations, 'post', '/api/user/addresses')?.id).toBe('createAddress');
    expect(matchOperation(operations, 'DELETE', '/api/user/addresses/3')?.id).toBe('deleteAddress');
    expect(matchOperation(operations, 'GET', '/api/nothing')).toBeUndefined();
    for (const operation of operations) {
      expect(matchOperation(operations, operation.method, operation.path.replace(/\{[^}]+\}/g, '12'))?.id).toBe(operation.id);
    }
  });

  // Prism 5.14 validates a schema of an OpenAPI 3.1 document that names no `$schema` with its draft-07
  // Ajv, not 2020-12 (a known Prism bug, open: https://github.com/stoplightio/prism/issues/2797): a
  // keyword draft-07 lacks would be skipped silently, and draft-07 ignores what stands beside a `$ref`.
  // The proxy run is a real check only while the document uses neither.
  it('uses only JSON Schema keywords that Prism 5.14 validates (draft-07 alike), none beside a $ref', () => {
    const document = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as unknown;
    expect(keywordsPrismWouldSkip(document)).toEqual([]);
  });
});

const NOT_IN_DRAFT_07 = new Set(['prefixItems', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor', '$anchor', 'unevaluatedProperties', 'unevaluatedItems', 'dependentSchemas', 'dependentRequired', 'minContains', 'maxContains', 'contentSchema']);
const ANNOTATIONS = new Set(['$ref', 'description', 'summary', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

/** Where the document uses a keyword draft-07 lacks, or a constraint beside a `$ref`, as JSON pointers. */
function keywordsPrismWouldSkip(node: unknown, at = '', names = false): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => keywordsPrismWouldSkip(item, `${at}/${index}`));
  if (node === null || typeof node !== 'object') return [];
  const entries = Object.entries(node);
  const found = names ? [] : entries.filter(([key]) => NOT_IN_DRAFT_07.has(key) || ('$ref' in node && !ANNOTATIONS.has(key))).map(([key]) => `${at}/${key}`);
  // The keys of `properties` (and of the document's name maps) are names, not keywords.
  return [...found, ...entries.flatMap(([key, value]) => keywordsPrismWouldSkip(value, `${at}/${key}`, key === 'properties' && !names))];
}
