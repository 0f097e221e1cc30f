import type { CheckRow } from './checks.ts';
import type { RowStatus } from './verdicts.ts';

/**
 * The provider check's table as text: one row a call (number, result, call, what was checked, and
 * why when it did not pass), then the count of each result. Plain text with no colours, so it reads
 * the same in a terminal, a CI log and a file.
 */

const LABELS: Record<RowStatus, string> = { pass: 'PASS  ', fail: 'FAIL  ', warn: 'WARN  ', skip: 'skip  ' };

/** Longest call shown in full; longer ones are cut in the middle of their query. */
const CALL_WIDTH = 56;

function fit(text: string, width: number): string {
  return text.length <= width ? text.padEnd(width) : `${text.slice(0, width - 1)}…`;
}

/** One line of the table (without the detail line). */
export function formatRow(row: CheckRow, index: number): string {
  const number = String(index + 1).padStart(2);
  const head = `${number}  ${LABELS[row.status]}  ${fit(row.call || '—', CALL_WIDTH)}  ${row.checks}`;
  return row.detail && row.status !== 'pass' ? `${head}\n${' '.repeat(12)}${row.detail}` : head;
}

/** How many rows have each result. */
export function countRows(rows: readonly CheckRow[]): Record<RowStatus, number> {
  const counts: Record<RowStatus, number> = { pass: 0, fail: 0, warn: 0, skip: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** The heading line of the table. */
export function formatHeading(): string {
  return ` #  result  ${'call'.padEnd(CALL_WIDTH)}  checks`;
}

/** The summary line: `21 passed, 1 failed, 0 warned, 5 skipped`. */
export function formatSummary(rows: readonly CheckRow[]): string {
  const counts = countRows(rows);
  return `${counts.pass} passed, ${counts.fail} failed, ${counts.warn} warned, ${counts.skip} skipped`;
}

/** The whole table: heading, rows, summary. */
export function formatTable(rows: readonly CheckRow[]): string {
  return [formatHeading(), ...rows.map(formatRow), '', formatSummary(rows)].join('\n');
}
