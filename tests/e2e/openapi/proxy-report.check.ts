import { expect, test } from '@playwright/test';
import { readCalls, type ProxiedCall } from './call-log.ts';
import { documentOperations } from './operations.ts';
import { BUYER_SESSION_OPERATIONS, PROXIED_JOURNEYS } from './specs.ts';

/**
 * The verdict of the OpenAPI proxy run, after every proxied spec (project `openapi-report`, which
 * depends on `openapi`): prints which operations of the document the browser's calls covered and which
 * it did not, then fails on any call Prism found breaking the document (request or response) or could
 * not carry, when a call of a buyer's session never went through the proxy, and when a chosen journey
 * sent nothing through it (its spec does not take `test` from `./openapi/test.ts`).
 */
test('every API call of the proxied journeys keeps to docs/openapi.json', () => {
  const calls = readCalls();
  const operations = documentOperations();
  const counts = new Map<string, number>();
  for (const call of calls) if (call.operation) counts.set(call.operation, (counts.get(call.operation) ?? 0) + 1);
  const covered = operations.filter((operation) => counts.has(operation.id));
  const missed = operations.filter((operation) => !counts.has(operation.id));
  console.log(`\n[openapi proxy] ${calls.length} calls through Prism; ${covered.length} of ${operations.length} operations covered`);
  for (const operation of covered) console.log(`  covered  ${operation.id.padEnd(28)} ${operation.method} ${operation.path} (${counts.get(operation.id)})`);
  for (const operation of missed) console.log(`  not run  ${operation.id.padEnd(28)} ${operation.method} ${operation.path}`);

  const broken = findings(calls);
  for (const line of broken) console.log(`  BROKEN   ${line}`);
  expect(broken, 'calls that break the document, or that Prism could not carry').toEqual([]);
  expect(covered.map((operation) => operation.id)).toEqual(expect.arrayContaining([...BUYER_SESSION_OPERATIONS]));
  const silent = Object.values(PROXIED_JOURNEYS)
    .flat()
    .filter((title) => !calls.some((call) => call.test.endsWith(` › ${title}`)));
  expect(silent, 'chosen journeys that sent no call through Prism').toEqual([]);
});

/** Each distinct finding once (operation, status, where, what), with how many calls had it and the first test that did. */
function findings(calls: ProxiedCall[]): string[] {
  const seen = new Map<string, { count: number; test: string }>();
  for (const call of calls) {
    const what = call.failure ? [call.failure] : call.violations.map((violation) => `${violation.location.join('.')}: ${violation.message}`);
    for (const found of what) {
      const key = `${call.method} ${call.operation ?? new URL(call.url, 'http://any').pathname} → ${call.status}, ${found}`;
      const entry = seen.get(key) ?? { count: 0, test: call.test };
      seen.set(key, { ...entry, count: entry.count + 1 });
    }
  }
  return [...seen].map(([key, { count, test: first }]) => `${key} (${count} call${count === 1 ? '' : 's'}, first in ${first})`);
}
