import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import { deleteOldAttachments } from './contact-attachments.ts';
import { forgetOldRateEvents, longestRateWindow } from './rate-limit.ts';
import { forgetExpiredRegistrations } from './registrations.ts';

/** How often the running server tidies up (rate-limit events and old attachments only matter slowly). */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * The running server's periodic tidying, every `intervalMs`: rate-limit events of addresses and IPs
 * that never came back are forgotten once their window passed, and contact-form attachments older
 * than `attachmentRetentionDays` are deleted (services/contact-attachments.ts), and registration requests
 * whose confirmation link expired unconfirmed are forgotten (services/registrations.ts). The timer is unref'd,
 * a round still running when the next tick comes is not doubled, and a failure is logged and tried
 * again on the next tick. Returns the function that stops it.
 */
export function startMaintenance(db: Db, config: ServerConfig, intervalMs: number = MAINTENANCE_INTERVAL_MS, log: (message: string) => void = console.error): () => void {
  let running = false;
  const round = async () => {
    await forgetOldRateEvents(db, longestRateWindow(config)).catch((error: unknown) => log(`[maintenance] pruning rate limits failed: ${describe(error)}`));
    await deleteOldAttachments(db, config.attachmentRetentionDays).catch((error: unknown) => log(`[maintenance] deleting old attachments failed: ${describe(error)}`));
    await forgetExpiredRegistrations(db).catch((error: unknown) => log(`[maintenance] forgetting expired registrations failed: ${describe(error)}`));
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void round().finally(() => {
      running = false;
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
