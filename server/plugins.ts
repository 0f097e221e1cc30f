import type { ServerConfig } from './config.ts';
import type { ServerPlugin } from './plugin.ts';

/**
 * The plugins a server with `config` runs: the demo (its pages, outbox, payment provider and seed)
 * outside production, none in production. The demo is imported only here and only then, so a
 * production server never loads its code or its data.
 */
export async function loadPlugins(config: Pick<ServerConfig, 'production'>): Promise<ServerPlugin[]> {
  if (config.production) return [];
  const { demoPlugin } = await import('../demo/plugin/index.ts');
  return [demoPlugin];
}
