import type { ServerPlugin } from '../plugin.ts';
import type { Db } from './index.ts';
import { migrate } from './migrate.ts';

/**
 * What the server does to its database at start: applies the migrations, then lets each plugin prepare
 * it (the demo seeds an empty database; production has no plugin, and its shops come only from shop
 * files, `npm run provision`). Returns the migrations applied now.
 */
export async function prepareDatabase(db: Db, plugins: readonly ServerPlugin[]): Promise<string[]> {
  const applied = await migrate(db);
  for (const plugin of plugins) await plugin.prepareDatabase?.(db);
  return applied;
}
