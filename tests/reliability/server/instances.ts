import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../../../server/app.ts';
import { loadConfig, type ServerConfig } from '../../../server/config.ts';
import { openDb, type Db } from '../../../server/db/index.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { seedDemo } from '../../../demo/seed/index.ts';
import { loadPlugins } from '../../../server/plugins.ts';
import { httpClient, type HttpClient } from '../../api/harness.ts';

/**
 * Several reference-server instances on ONE PostgreSQL schema, as the API is deployed behind a load
 * balancer (docs/deploying.md "Several instances on one PostgreSQL"): each instance is its own
 * `createApp` with its own `openDb` connection pool, so nothing is shared between them but the
 * database. The schema is created fresh, migrated by every instance at once (the migration lock must
 * make that safe), seeded once, and dropped on close.
 *
 * @module
 */

/** The PostgreSQL the scale-out checks run on; empty when none answered (`tests/reliability/run.ts`). */
export const RELIABILITY_DATABASE_URL = process.env.RELIABILITY_DATABASE_URL || undefined;

/** One running instance: its HTTP client and its own connection pool. */
export interface Instance extends HttpClient {
  /** `A`, `B`, … in start order, for messages. */
  name: string;
  db: Db;
}

/** Instances sharing one schema. */
export interface Cluster {
  schema: string;
  instances: Instance[];
  /** Shop ids by slug (`acme`, `globex`, `initech`). */
  shops: Record<string, number>;
  /** A pool of its own on the schema, for the checks' SQL (what the instances cannot see in memory). */
  db: Db;
  /** Stops every instance, drops the schema and closes every pool. */
  close(): Promise<void>;
}

async function listen(db: Db, config: ServerConfig): Promise<ServerType> {
  const app = createApp({ db, config, plugins: await loadPlugins(config) });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
  });
}

/**
 * Starts `count` instances on a fresh schema of the PostgreSQL at `databaseUrl`. Each listens on a
 * free loopback port (as the API test harness does). `overrides` apply to every instance's config.
 */
export async function startCluster(databaseUrl: string, count: number, overrides: Partial<ServerConfig> = {}): Promise<Cluster> {
  const schema = `rel_${randomBytes(6).toString('hex')}`;
  // The first pool creates the schema; the others then find it (two CREATE SCHEMA IF NOT EXISTS at once can collide).
  const checks = await openDb({ databaseUrl, schema });
  const instancePools = await Promise.all(Array.from({ length: count }, () => openDb({ databaseUrl, schema })));
  const servers: ServerType[] = [];
  const close = async () => {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    await Promise.all(instancePools.map((pool) => pool.close()));
    await checks.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await checks.close();
  };
  try {
    // Every instance migrates on start-up, as `npm start` does: at once, on one schema.
    await Promise.all(instancePools.map((pool) => migrate(pool)));
    await seedDemo(checks);
    const { rows } = await checks.query<{ id: number; slug: string }>('SELECT id, slug FROM websites');
    const shops = Object.fromEntries(rows.map((row) => [row.slug, row.id]));
    const instances: Instance[] = [];
    for (const [index, pool] of instancePools.entries()) {
      const config = loadConfig({ port: 0, databaseUrl, databaseSchema: schema, dataDir: 'memory://', orderWaitSeconds: 0, ...overrides });
      const server = await listen(pool, config);
      servers.push(server);
      config.port = (server.address() as AddressInfo).port;
      const name = String.fromCharCode(65 + index);
      instances.push({ name, db: pool, ...httpClient(`http://127.0.0.1:${config.port}`, shops) });
    }
    return { schema, instances, shops, db: checks, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
