/**
 * Typed values read from environment variables for the server's configuration (config.ts): each
 * refuses a malformed value with the variable's name, so a typo stops the start-up instead of
 * running with a default.
 *
 * @module
 */

/** A non-negative whole number from the environment, or `fallback` when the variable is unset or empty. */
export function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A whole percentage from 1 to 100 (a share of 0 % would forbid what the setting only means to limit). */
export function percentFromEnv(name: string, fallback: number): number {
  const value = intFromEnv(name, fallback);
  if (value < 1 || value > 100) throw new Error(`${name} must be a whole percentage from 1 to 100, got "${value}"`);
  return value;
}

/** A comma-separated list from the environment; `undefined` when the variable is not set. */
export function listFromEnv(name: string): string[] | undefined {
  const raw = process.env[name];
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * HEADERS_TIMEOUT_SECONDS and REQUEST_TIMEOUT_SECONDS, at least one second each, headers within the
 * request's time; KEEP_ALIVE_TIMEOUT_SECONDS, at least one second.
 */
export function httpTimeoutsFromEnv(): { headersMs: number; requestMs: number; keepAliveMs: number } {
  const requestMs = Math.max(1, intFromEnv('REQUEST_TIMEOUT_SECONDS', 120)) * 1000;
  return {
    headersMs: Math.min(requestMs, Math.max(1, intFromEnv('HEADERS_TIMEOUT_SECONDS', 20)) * 1000),
    requestMs,
    keepAliveMs: Math.max(1, intFromEnv('KEEP_ALIVE_TIMEOUT_SECONDS', 65)) * 1000,
  };
}
