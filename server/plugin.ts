import type { Hono } from 'hono';
import type { Db } from './db/index.ts';
import type { AppEnv } from './http/env.ts';

/**
 * An online-payment provider the storefront sends a buyer to after placing an order paid `online`.
 * Without one, `online` is not offered and an `online` order is refused: nothing could take the payment.
 */
export interface PaymentProvider {
  /** The absolute page where the buyer pays order `orderName` with its secret `token`; `origin` is this server's as the buyer reached it. */
  paymentPageUrl(origin: string, orderName: string, token: string): string;
}

/**
 * Something the server is extended with at start: routes of its own, an online-payment provider, work
 * on the database after the migrations. The demo (demo/plugin) is one, registered only outside
 * production (`loadPlugins`, server/plugins.ts); production runs with none.
 */
export interface ServerPlugin {
  /** Names the plugin in logs. */
  name: string;
  /** Registers the plugin's routes, before the storefront page answers every other path on shop hosts. */
  registerRoutes?(app: Hono<AppEnv>): void;
  /** Where `/` on the provider's own host (no shop there) redirects; without it, a 404. */
  home?: string;
  /** The online-payment provider the plugin brings. */
  payment?: PaymentProvider;
  /** Runs after the migrations at start (the demo seeds an empty database). */
  prepareDatabase?(db: Db): Promise<void>;
}

/** The online-payment provider among `plugins`, or null (the first one wins). */
export function paymentProvider(plugins: readonly ServerPlugin[]): PaymentProvider | null {
  return plugins.find((plugin) => plugin.payment)?.payment ?? null;
}

/** The home redirect among `plugins`, or null. */
export function homePath(plugins: readonly ServerPlugin[]): string | null {
  return plugins.find((plugin) => plugin.home)?.home ?? null;
}
