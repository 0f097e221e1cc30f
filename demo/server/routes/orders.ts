import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the orders routes (being written). */
export function registerOrderRoutes(app: Hono<AppEnv>): void {
  void app;
}
