import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the contact routes (being written). */
export function registerContactRoutes(app: Hono<AppEnv>): void {
  void app;
}
