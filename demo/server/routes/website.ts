import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the website routes (being written). */
export function registerWebsiteRoutes(app: Hono<AppEnv>): void {
  void app;
}
