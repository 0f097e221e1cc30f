import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
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
  /** The database the server runs on: `PGlite`, or `PostgreSQL` (a throwaway database of its own). */
  driver: 'PGlite' | 'PostgreSQL';
  /** Stops the server (its whole process group) and deletes its database (folder or PostgreSQL database). */
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
  /**
   * A PostgreSQL server to run on instead of PGlite (see {@link benchPostgresUrl}): a database of the
   * benchmark's own (`bench_<pid>_<n>`) is created there and dropped by {@link BenchServer.stop}.
   */
  postgres?: string;
  /**
   * More environment for the server process (not the seeding), e.g. `{ SERVER_RENDER: 'off' }` to
   * measure a setting against the default; it overrides this process's environment.
   */
  env?: Readonly<Record<string, string>>;
}

/**
 * The PostgreSQL server the benchmarks may use: `BENCH_DATABASE_URL`, else the test suite's
 * `TEST_DATABASE_URL`, else the local server the tests use. Only its host, port and user matter: the
 * benchmarks create (and drop) databases of their own and never touch the one named here.
 */
export function benchPostgresUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

/** Whether a PostgreSQL server answers at `url` (within a few seconds); the reason when it does not. */
export async function postgresAnswers(url: string): Promise<true | string> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `url` pointing at database `name` on the same server. */
function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

let databaseCount = 0;

/** Creates an empty database `bench_<pid>_<n>` on the server at `url`; its name and URL. */
async function createBenchDatabase(url: string): Promise<{ name: string; url: string }> {
  databaseCount += 1;
  const name = `bench_${process.pid}_${databaseCount}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  leftovers.databases.set(name, url);
  return { name, url: withDatabase(url, name) };
}

/** Drops a database made by {@link createBenchDatabase}, closing whatever connection is left to it. */
async function dropBenchDatabase(name: string): Promise<void> {
  const url = leftovers.databases.get(name);
  if (url === undefined) return;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    leftovers.databases.delete(name);
  } finally {
    await admin.end();
  }
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

/**
 * Processes (each leading its own group), folders and PostgreSQL databases (name → the URL they were
 * created through) to clean up should this process end early.
 */
const leftovers = { children: new Set<ChildProcess>(), folders: new Set<string>(), databases: new Map<string, string>() };
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
    // Dropping a database needs a connection, which an 'exit' handler cannot wait for: say what is left.
    for (const name of leftovers.databases.keys()) console.error(`[bench] PostgreSQL database ${name} was left behind: DROP DATABASE ${name}`);
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
  for (const name of leftovers.databases.keys()) await dropBenchDatabase(name).catch((error: unknown) => console.error(error));
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
 * Starts the reference server as `npm run serve` does (`tsx server/start.ts`: the
 * built `dist/` is served as it is) on a database of its own, with `products` generated products in
 * `shop`: PGlite, or with `options.postgres` a PostgreSQL database created for it.
 *
 * The PGlite database lives in a temporary folder rather than `memory://`: an in-memory PGlite belongs
 * to one process, and seeding through the documented command (`npm run seed -- --products N --shop S`,
 * `demo/seed/cli.ts`) before the server opens the same folder needs no benchmark-only switch
 * in the server. The folder (or the PostgreSQL database) is deleted by {@link BenchServer.stop}.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const log = options.log ?? (() => undefined);
  let env: NodeJS.ProcessEnv;
  let cleanup: () => Promise<void>;
  if (options.postgres) {
    const database = await createBenchDatabase(options.postgres);
    // An empty DATABASE_SCHEMA: the database is the benchmark's own, its public schema is used.
    env = { DATABASE_URL: database.url, DATABASE_SCHEMA: '' };
    cleanup = () => dropBenchDatabase(database.name);
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
    // An empty DATABASE_URL keeps a PostgreSQL configured in the environment out of the benchmark.
    env = { PGLITE_DIR: dataDir, DATABASE_URL: '' };
    leftovers.folders.add(dataDir);
    cleanup = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      leftovers.folders.delete(dataDir);
    };
  }
  try {
    if (options.products > 0) {
      const seed = tsxScript(['demo/seed/cli.ts', '--products', String(options.products), '--shop', options.shop], env, log);
      const code = await new Promise<number | null>((resolve) => seed.once('exit', resolve));
      if (code !== 0) throw new Error(`seeding ${options.products} products failed (exit ${code})`);
    }
    const port = await freePort(options.port);
    const server = tsxScript(['server/start.ts'], { ...env, ...options.env, PORT: String(port), ORDER_WAIT_SECONDS: '0' }, log);
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
      driver: options.postgres ? 'PostgreSQL' : 'PGlite',
      shopUrl: (slug, where = '/') => `http://${slug}.localhost:${port}${where}`,
      stop: async () => {
        await stopGroup(server);
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
