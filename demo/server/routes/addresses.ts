import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the addresses routes (being written). */
export function registerAddressRoutes(app: Hono<AppEnv>): void {
  void app;
}
