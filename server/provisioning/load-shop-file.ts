import { readFileSync } from 'node:fs';
import { describeSmtp, loadConfig, type ServerConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { loadShop, parseShopFile, WELCOME_LINK_DAYS, type ShopFile } from './shop-file.ts';

/**
 * Loads one shop from a JSON shop file into the configured database: checks the file first (a bad file
 * is refused with every wrong field named, before the database is opened), migrates, loads the shop,
 * and prints what was done, never a secret.
 */
export async function loadShopFile(file: string): Promise<void> {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the shop file ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const shop: ShopFile = parseShopFile(raw, file);
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, dataDir: config.dataDir });
  try {
    console.log(`Database: ${describeDb(config)}`);
    const applied = await migrate(db);
    console.log(applied.length > 0 ? `Migrations applied: ${applied.join(', ')}` : 'Migrations: up to date');
    const loaded = await loadShop(db, shop, config);
    console.log(`Shop ${loaded.slug} loaded (id ${loaded.websiteId}): ${loaded.pages} pages, ${loaded.deliveryMethods} delivery methods, coordinator ${loaded.coordinator}`);
    console.log(
      loaded.newAccount
        ? `A link to choose the coordinator's password was queued in the outbox (valid ${WELCOME_LINK_DAYS} days).`
        : 'The coordinator already had an account: it keeps its password and was told by mail.',
    );
    console.log(
      config.smtpUrl
        ? `The mail goes out through ${describeSmtp(config.smtpUrl)} once the server runs.`
        : 'SMTP_URL is not set here: the mail is sent by a server started with SMTP_URL (until then it waits in the outbox).',
    );
  } finally {
    await db.close();
  }
}

/** The configured database by kind, for the CLIs' first line (no credentials). */
export function describeDb(config: Pick<ServerConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): string {
  return config.databaseUrl ? `PostgreSQL${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}` : `PGlite in ${config.dataDir}`;
}
