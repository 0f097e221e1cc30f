import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, e2e, reachablePostgres, reliabilitySuites, summarise, type StepResult } from '../steps.ts';
import type { Tally } from './report.ts';

/**
 * `npm run test:reliability [-- --no-browser]`: the reliability suites (docs/reliability.md): the
 * client suites under jsdom, the server suites against the reference server on PGlite (and the
 * scale-out suite on PostgreSQL when one answers), then the browser suites in `tests/e2e/reliability/`
 * after a build. Every check records what it tried and what got through; the run ends with those
 * figures as markdown tables, the form docs/reliability.md quotes.
 */
const noBrowser = process.argv.includes('--no-browser');
const dir = mkdtempSync(path.join(tmpdir(), 'reliability-'));
const reportFile = path.join(dir, 'tallies.jsonl');
const env = { RELIABILITY_REPORT: reportFile };

const results: StepResult[] = [];
const postgres = await reachablePostgres();
results.push(await reliabilitySuites(postgres, env));
if (!noBrowser) {
  const built = await build();
  results.push(built);
  if (built.ok) results.push(await e2e(['tests/e2e/reliability/'], env));
}
printTallies(reportFile);
rmSync(dir, { recursive: true, force: true });
process.exit(summarise(results));

/** Prints the recorded tallies as one markdown table per suite, with totals. */
function printTallies(file: string): void {
  if (!existsSync(file)) {
    console.log('\n(no tallies recorded)');
    return;
  }
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Tally);
  const suites = [...new Set(entries.map((e) => e.suite))];
  console.log(`\n# Reliability figures (${new Date().toISOString()})`);
  for (const suite of suites) {
    const rows = entries.filter((e) => e.suite === suite);
    const tried = rows.reduce((sum, e) => sum + e.tried, 0);
    const through = rows.reduce((sum, e) => sum + e.gotThrough, 0);
    console.log(`\n## ${suite}\n\n| check | tried | got through | note |\n| --- | --- | --- | --- |`);
    for (const e of rows) console.log(`| ${e.check} | ${e.tried} | ${e.gotThrough} | ${e.note ?? ''} |`);
    console.log(`| **total** | **${tried}** | **${through}** | |`);
  }
}
