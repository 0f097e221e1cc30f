import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './support.ts';

/** Ports other runs use on this machine (npm start, the e2e server and its spare): never taken here. */
const RESERVED_PORTS = new Set([4173, 4317, 4318]);

/** The reference server a benchmark runs against, on its own throwaway database. */
export interface BenchServer {
  port: number;
  /** `http://127.0.0.1:<port>`: the API as Node calls it. */
  origin: string;
  /** A shop's storefront, e.g. `http://globex.localhost:<port>` (the browser maps *.localhost to loopback). */
  shopUrl(slug: string, path?: string): string;
  /** Stops the server (its whole process group) and deletes the database folder. */
  stop(): Promise<void>;
}

/** Options of {@link startBenchServer}. */
export interface BenchServerOptions {
  /** Generated products to add (`npm run seed -- --products N`); 0 for the demo data only. */
  products: number;
  /** The shop that gets them. */
  shop: 'acme' | 'globex' | 'initech';
  /** Preferred port; when taken (or 0) a free one is picked. */
  port: number;
  /** Called with each line the server and the seeding print (default: dropped). */
  log?: (line: string) => void;
}

/** Whether `port` can be bound on loopback right now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free loopback port chosen by the system (retried when it lands on a reserved one). */
async function anyFreePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port > 0 && !RESERVED_PORTS.has(port)) return port;
  }
}

/** `preferred` when it is free and not reserved, else any free port. */
export async function freePort(preferred: number): Promise<number> {
  if (preferred > 0 && !RESERVED_PORTS.has(preferred) && (await portFree(preferred))) return preferred;
  return anyFreePort();
}

const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** Processes (each leading its own group) and folders to clean up should this process end early. */
const leftovers = { children: new Set<ChildProcess>(), folders: new Set<string>() };
let exitHook = false;

/**
 * Last resort when the process exits without {@link stopBenchServers} (a crash): kills what is left
 * synchronously, since an 'exit' handler cannot wait and detached groups would outlive us.
 */
function cleanUpOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const child of leftovers.children) {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const folder of leftovers.folders) {
      try {
        rmSync(folder, { recursive: true, force: true });
      } catch {
        // a killed PGlite wrote a file meanwhile: nothing more can be done synchronously
      }
    }
  });
}

/**
 * Stops every server and seeding this process started and deletes their databases: what a run that
 * stops early (deadline, Ctrl+C) calls before exiting. The servers get SIGTERM and close their
 * database first, so nothing writes into a folder while it is deleted.
 */
export async function stopBenchServers(): Promise<void> {
  await Promise.all([...leftovers.children].map((child) => stopGroup(child)));
  for (const folder of leftovers.folders) rmSync(folder, { recursive: true, force: true });
  leftovers.folders.clear();
}

/** Runs a tsx script from the repository root in its own process group, so stopping it stops its children too. */
function tsxScript(args: string[], env: NodeJS.ProcessEnv, log: (line: string) => void): ChildProcess {
  const child = spawn(TSX, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanUpOnExit();
  leftovers.children.add(child);
  child.once('exit', () => leftovers.children.delete(child));
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (text: string) => text.split('\n').filter(Boolean).forEach(log));
  }
  return child;
}

/** Sends SIGTERM to a process group started by {@link tsxScript}; SIGKILL if it is still there after a while. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone in between
    }
  }
}

/** Polls `url` until it answers 200, the process exits, or `timeoutMs` passes. */
async function waitForUrl(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts the reference server as `npm run serve` does (`tsx demo/server/start.ts --no-build`: the
 * built `dist/` is served as it is) on a PGlite database of its own, with `products` generated
 * products in `shop`.
 *
 * The database lives in a temporary folder rather than `memory://`: an in-memory PGlite belongs to
 * one process, and seeding through the documented command (`npm run seed -- --products N --shop S`,
 * `demo/server/seed-cli.ts`) before the server opens the same folder needs no benchmark-only switch
 * in the server. The folder is deleted by {@link BenchServer.stop}.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const log = options.log ?? (() => undefined);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
  // An empty DATABASE_URL keeps a PostgreSQL configured in the environment out of the benchmark.
  const env = { PGLITE_DIR: dataDir, DATABASE_URL: '' };
  leftovers.folders.add(dataDir);
  const cleanup = () => {
    rmSync(dataDir, { recursive: true, force: true });
    leftovers.folders.delete(dataDir);
  };
  try {
    if (options.products > 0) {
      const seed = tsxScript(['demo/server/seed-cli.ts', '--products', String(options.products), '--shop', options.shop], env, log);
      const code = await new Promise<number | null>((resolve) => seed.once('exit', resolve));
      if (code !== 0) throw new Error(`seeding ${options.products} products failed (exit ${code})`);
    }
    const port = await freePort(options.port);
    const server = tsxScript(['demo/server/start.ts', '--no-build'], { ...env, PORT: String(port), ORDER_WAIT_SECONDS: '0' }, log);
    const origin = `http://127.0.0.1:${port}`;
    try {
      await waitForUrl(`${origin}/demo/`, server, 60_000);
    } catch (error) {
      await stopGroup(server);
      throw error;
    }
    return {
      port,
      origin,
      shopUrl: (slug, where = '/') => `http://${slug}.localhost:${port}${where}`,
      stop: async () => {
        await stopGroup(server);
        cleanup();
      },
    };
  } catch (error) {
    cleanup();
    throw error;
  }
}
