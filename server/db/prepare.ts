import type { ServerConfig } from '../config.ts';
import { seedDemo } from '../../demo/seed/index.ts';
import type { Db } from './index.ts';
import { migrate } from './migrate.ts';

/**
 * What the server does to its database at start: applies the migrations, then seeds the demo data on
 * an empty database, except in production, where shops come only from shop files
 * (`npm run seed -- --shop-file`). Returns the migrations applied now.
 */
export async function prepareDatabase(db: Db, config: Pick<ServerConfig, 'production'>): Promise<string[]> {
  const applied = await migrate(db);
  if (!config.production) await seedDemo(db);
  return applied;
}
