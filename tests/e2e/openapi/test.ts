import { test as base } from '@playwright/test';
import { writeCall } from './call-log.ts';
import { documentOperations, matchOperation } from './operations.ts';
import { routeThroughPrism } from './prism-route.ts';

export { expect } from '@playwright/test';

const operations = documentOperations();

/**
 * Playwright's `test` for the specs the OpenAPI proxy run reuses (`tests/e2e/openapi/specs.ts`). In
 * the `openapi` project (`E2E_OPENAPI=1`) `prismOrigin` names the Prism proxy, and every API call of
 * the test's browser context goes through it ({@link routeThroughPrism}), written down with its
 * operation and Prism's violations for the report (`proxy-report.check.ts`). Anywhere else
 * `prismOrigin` is null and the test runs as it always did.
 */
export const test = base.extend<object, { prismOrigin: string | null }>({
  prismOrigin: [null, { scope: 'worker', option: true }],
  context: async ({ context, prismOrigin }, provide, testInfo) => {
    if (prismOrigin) {
      const name = testInfo.titlePath.join(' › ');
      await routeThroughPrism(context, prismOrigin, (call) => {
        const operation = matchOperation(operations, call.method, new URL(call.url, 'http://any').pathname)?.id;
        writeCall({ test: name, ...call, ...(operation ? { operation } : {}) });
      });
    }
    await provide(context);
    if (prismOrigin) await context.unrouteAll({ behavior: 'ignoreErrors' });
  },
});
