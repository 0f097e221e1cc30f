import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the user routes (being written). */
export function registerUserRoutes(app: Hono<AppEnv>): void {
  void app;
}
