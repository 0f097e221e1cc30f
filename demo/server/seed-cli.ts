/**
 * `npm run seed -- [--products N] [--shop acme] [--seed 1]`: migrates the configured database
 * (PGlite in `.data/pglite`, or `DATABASE_URL` / `DATABASE_SCHEMA`), seeds the demo data when the
 * database is empty, then adds N generated products to one shop for benchmarks.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { generateProducts } from './seed/generate.ts';
import { seedDemo } from './seed/index.ts';

const USAGE = 'Usage: npm run seed -- [--products N] [--shop acme|globex|initech] [--seed N]';

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got "${raw}"\n${USAGE}`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      shop: { type: 'string', default: 'acme' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const products = wholeNumber('products', values.products, 0);
  const seed = wholeNumber('seed', values.seed, 1);
  const shop = values.shop ?? 'acme';

  const config = loadConfig();
  const where = config.databaseUrl
    ? `PostgreSQL${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}`
    : `PGlite in ${config.dataDir}`;
  const db = await openDb({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir });
  try {
    console.log(`Database: ${where}`);
    const applied = await migrate(db);
    console.log(applied.length > 0 ? `Migrations applied: ${applied.join(', ')}` : 'Migrations: up to date');

    const before = await count(db, 'websites');
    let started = performance.now();
    await seedDemo(db);
    if (before === 0) {
      console.log(`Demo data seeded in ${Math.round(performance.now() - started)} ms: ${await summary(db)}`);
    } else {
      console.log(`Demo data already present (${await summary(db)}); left unchanged`);
    }

    if (products > 0) {
      started = performance.now();
      const inserted = await generateProducts(db, shop, products, { seed });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const { rows } = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM products p JOIN websites w ON w.id = p.website_id WHERE w.slug = $1',
        [shop],
      );
      console.log(`Generated ${inserted} products in ${shop} in ${seconds} s (seed ${seed}); ${shop} now has ${rows[0]?.total ?? 0} products`);
    }
  } finally {
    await db.close();
  }
}

async function count(db: Db, table: 'websites' | 'products' | 'users' | 'orders'): Promise<number> {
  const { rows } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table}`);
  return rows[0]?.total ?? 0;
}

async function summary(db: Db): Promise<string> {
  const [websites, products, users, orders] = await Promise.all([
    count(db, 'websites'),
    count(db, 'products'),
    count(db, 'users'),
    count(db, 'orders'),
  ]);
  return `${websites} shops, ${products} products, ${users} accounts, ${orders} orders`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
