import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the storage routes (being written). */
export function registerStorageRoutes(app: Hono<AppEnv>): void {
  void app;
}
