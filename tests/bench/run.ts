import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { bundleSizeBenchmark } from './bundle-size.ts';
import { cartLinesBenchmark } from './cart-lines.ts';
import { catalogueSearchBenchmark, largeCatalogueSearchBenchmark } from './catalogue-search.ts';
import { lighthouseBenchmark } from './lighthouse.ts';
import { loadBenchmark } from './load.ts';
import { stopBenchServers } from './server.ts';
import { ensureBuild, type Benchmark } from './support.ts';
import { widgetReadyBenchmark } from './widget-ready.ts';

/**
 * `npm run bench [-- --only NAME] [--build] [--rounds N] [--port N]`: runs the benchmarks one after
 * another and prints their figures as markdown (for `docs/benchmarks.md`). Benchmarks measure the
 * built bundle in `dist/` (built first when missing, or with `--build`); they report, never fail on a
 * figure, and are not part of `npm test`. A run stops by itself with an error once it takes longer
 * than {@link deadlineMs} (about 4 minutes a benchmark with the default 3 rounds, 16 for
 * `lighthouse`, which measures fifteen pages a round; all of them usually take about 15 minutes).
 */
const BENCHMARKS: readonly Benchmark[] = [
  bundleSizeBenchmark,
  catalogueSearchBenchmark,
  largeCatalogueSearchBenchmark,
  widgetReadyBenchmark,
  cartLinesBenchmark,
  loadBenchmark,
  lighthouseBenchmark,
];

/**
 * How long a run may take before it counts as stuck: start-up, then for each benchmark a minute plus
 * its {@link Benchmark.roundMinutes} (default one) a round.
 */
function deadlineMs(rounds: number, benchmarks: readonly Benchmark[]): number {
  return 90_000 + benchmarks.reduce((sum, benchmark) => sum + 60_000 + rounds * (benchmark.roundMinutes ?? 1) * 60_000, 0);
}

const USAGE = `Usage: npm run bench -- [--only NAME]… [--build] [--rounds N] [--port N]
  --only NAME   run only this benchmark (repeatable): ${BENCHMARKS.map((b) => b.name).join(', ')}
  --build       run \`npm run build\` first (otherwise dist/ is measured as it is, built when missing)
  --rounds N    measured rounds per setting (default 3)
  --port N      loopback port for the benchmark's server (default 4399; a free one when taken)

${BENCHMARKS.map((b) => `  ${b.name}: ${b.summary}`).join('\n')}`;

/** The machine's load average (1, 5, 15 min): part of the figures, since a busy machine slows the browser and the server alike. */
function load(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
}

/** A wrong command line: printed without a stack trace. */
class UsageError extends Error {}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      build: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '3' },
      port: { type: 'string', default: '4399' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const rounds = Number(values.rounds);
  const port = Number(values.port);
  if (!Number.isInteger(rounds) || rounds < 1) throw new UsageError(`--rounds must be a whole number ≥ 1\n${USAGE}`);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--port must be a port number\n${USAGE}`);
  const unknown = (values.only ?? []).filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) throw new UsageError(`no benchmark named ${unknown.join(', ')}\n${USAGE}`);
  const chosen = values.only ? BENCHMARKS.filter((b) => values.only?.includes(b.name)) : BENCHMARKS;
  const limit = deadlineMs(rounds, chosen);
  setTimeout(() => void stopEarly(2, `still running after ${(limit / 60_000).toFixed(1)} minutes`), limit).unref();

  await ensureBuild(values.build);
  const header = `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), load average before: ${load()}`;
  const sections: string[] = [];
  for (const benchmark of chosen) {
    console.log(`\n[bench] ${benchmark.name}: ${benchmark.summary}`);
    const t0 = Date.now();
    sections.push(`## ${benchmark.name}\n\n${await benchmark.run({ rounds, port })}\n\n(${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  console.log(`\n# Benchmark results (${new Date().toISOString()})\n\n${header}; after: ${load()}\n\n${sections.join('\n\n')}`);
  return 0;
}

let stopping = false;

/**
 * Ends a run early: stops the benchmark's server (its own process group, which Ctrl+C does not reach)
 * and deletes its database, then exits; Playwright kills the browser on exit. Asynchronous on
 * purpose: tsx's wrapper kills a child that does not answer a relayed signal within 60 ms, and a
 * synchronous clean-up would not answer.
 */
async function stopEarly(code: number, reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.error(`[bench] ${reason}: stopping`);
  await stopBenchServers().catch((error: unknown) => console.error(error));
  process.exit(code);
}

// `on`, not `once`: a second Ctrl+C (npm and tsx relay it too) must not end the process halfway through.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopEarly(130, signal));

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof UsageError ? error.message : error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
