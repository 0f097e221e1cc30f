import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the catalogue routes (being written). */
export function registerCatalogueRoutes(app: Hono<AppEnv>): void {
  void app;
}
