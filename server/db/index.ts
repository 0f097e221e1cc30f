import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Client, Pool, types as pgTypes, type CustomTypesConfig, type PoolClient } from 'pg';

/** Result of one statement: rows already parsed (numeric and bigint become numbers). */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/**
 * The one database interface the server uses. The same SQL runs on embedded PGlite (default,
 * nothing to install) and on PostgreSQL through `pg` (`DATABASE_URL`), so tests can prove
 * concurrency on a real server while a fresh machine still runs the demo.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Whether a database error is a unique-index violation (SQLSTATE 23505, the same on PGlite and pg). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export interface DbOptions {
  /** `postgres://…`; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to work in (created when missing). */
  schema?: string | undefined;
  /** PGlite data folder, or `memory://`. */
  dataDir?: string | undefined;
}

const NUMERIC_OID = 1700;
const INT8_OID = 20;

/** Numbers leave the database as numbers on both drivers (prices are numeric(12,2), counts bigint). */
const toNumber = (value: string): number => Number(value);

/** Opens the database described by `options`. */
export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return openPg(options.databaseUrl, options.schema);
  return openPglite(options.dataDir ?? 'memory://');
}

const SAFE_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

async function runPg<T>(client: Pool | PoolClient, sql: string, params?: unknown[]): Promise<QueryResult<T>> {
  const result = await client.query(sql, params as unknown[]);
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
}

async function openPg(url: string, schema: string | undefined): Promise<Db> {
  if (schema !== undefined && !SAFE_IDENTIFIER.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  const typeParsers = {
    getTypeParser(oid: number, format?: string) {
      if (oid === NUMERIC_OID || oid === INT8_OID) return toNumber;
      return pgTypes.getTypeParser(oid, format as 'text');
    },
  };
  if (schema) {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new Pool({
    connectionString: url,
    max: 20,
    types: typeParsers as CustomTypesConfig,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));

  return {
    kind: 'pg',
    query: (sql, params) => runPg(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (sql, params) => runPg(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

async function wrapPglite<T>(result: Promise<{ rows: unknown[]; affectedRows?: number }>): Promise<QueryResult<T>> {
  const { rows, affectedRows } = await result;
  // PGlite reports affectedRows 0 for SELECT; pg's rowCount counts the rows returned.
  return { rows: rows as T[], rowCount: affectedRows || rows.length };
}

async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir,
    parsers: { [pgliteTypes.NUMERIC]: toNumber, [pgliteTypes.INT8]: toNumber },
    // The catalogue's search index (migration 008) is a pg_trgm index; PGlite loads contrib extensions
    // only when asked, and CREATE EXTENSION needs it loaded.
    extensions: { pg_trgm },
  });
  return {
    kind: 'pglite',
    query: (sql, params) => wrapPglite(db.query(sql, params)),
    transaction: (fn) => db.transaction((tx) => fn({ query: (sql, params) => wrapPglite(tx.query(sql, params)) })),
    async exec(sql) {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}
