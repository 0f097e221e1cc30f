import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the demo routes (being written). */
export function registerDemoRoutes(app: Hono<AppEnv>): void {
  void app;
}
