import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the auth routes (being written). */
export function registerAuthRoutes(app: Hono<AppEnv>): void {
  void app;
}
