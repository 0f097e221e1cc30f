import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Registers the delivery routes (being written). */
export function registerDeliveryRoutes(app: Hono<AppEnv>): void {
  void app;
}
