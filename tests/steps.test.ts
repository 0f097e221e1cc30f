import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, playwrightFailures, vitestFailures } from './steps.ts';

describe('the failures named under the summary', () => {
  it('names failed vitest tests by file and full name, and a file that did not load', () => {
    const json = {
      testResults: [
        { name: path.join(ROOT, 'src/a.test.ts'), status: 'failed', assertionResults: [{ status: 'passed', fullName: 'a works' }, { status: 'failed', fullName: 'a › breaks' }] },
        { name: path.join(ROOT, 'src/b.test.ts'), status: 'failed', message: 'Cannot find module x\n  at …', assertionResults: [] },
        { name: path.join(ROOT, 'src/c.test.ts'), status: 'passed', assertionResults: [{ status: 'passed', fullName: 'c' }] },
      ],
    };
    expect(vitestFailures(json)).toEqual(['src/a.test.ts › a › breaks', 'src/b.test.ts › Cannot find module x']);
  });

  it('names unexpected Playwright outcomes with their suites, not the flaky or skipped ones', () => {
    const json = {
      suites: [
        {
          title: 'catalogue.spec.ts',
          specs: [{ title: 'top level', tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'search',
              specs: [
                { title: 'finds a mug', tests: [{ status: 'unexpected' }] },
                { title: 'pages', tests: [{ status: 'flaky' }] },
                { title: 'skipped', tests: [{ status: 'skipped' }] },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(json)).toEqual(['catalogue.spec.ts › search › finds a mug']);
  });
});
