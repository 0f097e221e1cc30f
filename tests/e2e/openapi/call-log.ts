import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Violation } from './violations.ts';

/**
 * Where the proxied calls of a run are written, one JSON line per call, one file per worker process:
 * under Playwright's output folder, which it empties when a run starts, so a run reads only its own.
 */
export const CALL_LOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results/openapi-proxy');

/** One API call of the browser that went through Prism, with what Prism found wrong in it. */
export interface ProxiedCall {
  /** The test that made it (file › describe › title). */
  test: string;
  method: string;
  /** Path and query as the page asked for them. */
  url: string;
  /** The operation of the document the call names; undefined when it names none. */
  operation?: string;
  status: number;
  violations: Violation[];
  /** Prism (or the forwarding) failed, so the page got no answer of the server. */
  failure?: string;
}

/** Adds a call to this worker's file. */
export function writeCall(call: ProxiedCall): void {
  mkdirSync(CALL_LOG_DIR, { recursive: true });
  appendFileSync(path.join(CALL_LOG_DIR, `calls-${process.pid}.jsonl`), `${JSON.stringify(call)}\n`);
}

/** Every call the run's workers wrote. */
export function readCalls(): ProxiedCall[] {
  if (!existsSync(CALL_LOG_DIR)) return [];
  return readdirSync(CALL_LOG_DIR)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(path.join(CALL_LOG_DIR, name), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ProxiedCall);
}
