import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../root-dir.ts';
import type { Db } from './index.ts';

/** The SQL files, found from the repository root: the same folder from source and from the built server (dist-server/). */
const MIGRATIONS_DIR = path.join(ROOT_DIR, 'server', 'db', 'migrations');

/** Arbitrary constant shared by every instance, so two servers starting together migrate once. */
const MIGRATION_LOCK = 4173_0001;

/**
 * Applies `migrations/NNN_name.sql` in file-name order, each once, inside one transaction that holds
 * an advisory lock: instances starting side by side on one PostgreSQL never race each other.
 * @returns the names of the migrations applied now.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      // Statements are run one by one: pg's extended protocol (used inside transactions) takes one at a time.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** Splits a migration on semicolons that end a line; migrations keep to that style (no functions). */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, '')
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
