/**
 * `npm run seed -- [--products N] [--shop acme] [--seed 1]`: migrates the configured database
 * (PGlite in `.data/pglite`, or `DATABASE_URL` / `DATABASE_SCHEMA`), seeds the demo data when the
 * database is empty, then adds N generated products to one shop for benchmarks.
 *
 * `npm run seed -- --shop-file shop.json`: the same as `npm run provision -- --shop-file shop.json`
 * (server/provisioning/cli.ts), kept so the demo's one seeding command can load a shop too. Never
 * seeds the demo data. This is the only form allowed with `NODE_ENV=production`.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config.ts';
import { openDb, type Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { generateProducts } from './generate.ts';
import { seedDemo } from './index.ts';
import { describeDb, loadShopFile } from '../../server/provisioning/load-shop-file.ts';

const USAGE = 'Usage: npm run seed -- [--products N] [--shop acme|globex|initech] [--seed N]\n       npm run seed -- --shop-file shop.json';

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
      'shop-file': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const shopFile = values['shop-file'];
  if (shopFile !== undefined) {
    if (values.products !== undefined) throw new Error(`--shop-file loads one shop; --products is for the demo shops\n${USAGE}`);
    await loadShopFile(shopFile);
    return;
  }
  if (loadConfig().production) {
    throw new Error(`NODE_ENV=production: the demo data is never seeded. Load a shop with --shop-file (docs/deploying.md).\n${USAGE}`);
  }
  const products = wholeNumber('products', values.products, 0);
  const seed = wholeNumber('seed', values.seed, 1);
  const shop = values.shop ?? 'acme';

  const config = loadConfig();
  const where = describeDb(config);
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
      // After a bulk load the planner needs fresh statistics to choose the catalogue's indexes (the
      // search's trigram index, migration 008), the trigram index's pending list is merged (searches
      // read it through), and a vacuumed table lets the page's count read only the index.
      // PostgreSQL's autovacuum would get there some time later; PGlite has no autovacuum at all, so
      // without this its catalogue would be planned blind.
      await db.exec('VACUUM ANALYZE products, product_variants, product_tiers');
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
