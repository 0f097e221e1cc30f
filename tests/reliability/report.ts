import { appendFileSync } from 'node:fs';

/**
 * The reliability suites' figures. Each check records what it tried and how many of those got
 * through (an attack that succeeded, a crash, a lost cart, a server error, an answer breaking the
 * schema: whatever "failure" means for that check; the target is always 0). The test itself still
 * asserts; the tally is for `docs/reliability.md`. When `RELIABILITY_REPORT` names a file (set by
 * `npm run test:reliability`), each tally is appended to it as one JSON line, so vitest workers and
 * Playwright workers in other processes can all write to one report; otherwise it is dropped.
 */
export interface Tally {
  /** The suite's section in docs/reliability.md, e.g. `fault matrix`, `security`, `fuzzing`. */
  suite: string;
  /** What was checked, e.g. `cross-tenant: globex token on acme endpoints`. */
  check: string;
  /** How many cases were tried. */
  tried: number;
  /** How many of them got through (failed the check); the target is 0. */
  gotThrough: number;
  /** Anything a reader needs to read the figure (units, what "got through" means here). */
  note?: string;
}

/** Records one tally (see {@link Tally}). */
export function tally(entry: Tally): void {
  const file = process.env.RELIABILITY_REPORT;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}
