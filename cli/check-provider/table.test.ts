import { describe, expect, it } from 'vitest';
import type { CheckRow } from './checks.ts';
import { formatRow, formatSummary, formatTable } from './table.ts';

const row = (overrides: Partial<CheckRow>): CheckRow => ({ id: 'x', call: 'GET /api/user', checks: 'the account', status: 'pass', detail: '', ...overrides });

describe('the provider check table', () => {
  it('should give a row a line, and a second line with the reason when it did not pass', () => {
    expect(formatRow(row({}), 0)).toBe(` 1  PASS    ${'GET /api/user'.padEnd(56)}  the account`);
    expect(formatRow(row({ status: 'fail', detail: 'answered 500' }), 11).split('\n')).toEqual([`12  FAIL    ${'GET /api/user'.padEnd(56)}  the account`, `${' '.repeat(12)}answered 500`]);
    expect(formatRow(row({ status: 'pass', detail: 'placed X-1' }), 0)).not.toContain('placed');
  });

  it('should cut a long call and show a dash for a call not made', () => {
    const long = formatRow(row({ call: `GET /api/products?${'a'.repeat(100)}` }), 0);
    expect(long).toContain(`${'a'.repeat(37)}…  the account`);
    expect(formatRow(row({ call: '', status: 'skip', detail: 'read-only' }), 0)).toContain(`skip    ${'—'.padEnd(56)}`);
  });

  it('should count each result', () => {
    const rows = [row({}), row({ status: 'fail' }), row({ status: 'warn' }), row({ status: 'skip' }), row({ status: 'skip' })];
    expect(formatSummary(rows)).toBe('1 passed, 1 failed, 1 warned, 2 skipped');
    expect(formatTable(rows).split('\n').at(-1)).toBe('1 passed, 1 failed, 1 warned, 2 skipped');
  });
});
