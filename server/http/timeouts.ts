import type { ServerOptions } from 'node:http';
import type { ServerConfig } from '../config.ts';

/**
 * Node's HTTP server options that cut requests which trickle in (slowloris): a client gets
 * `config.httpTimeouts.headersMs` to send its headers and `requestMs` for the whole request, body
 * included; past that Node answers 408 and closes the connection. Node checks open connections
 * only every `connectionsCheckingInterval` (30 s by default), so the interval follows the shorter
 * timeout, or a short timeout would go unchecked for that long.
 */
export function httpServerOptions(config: ServerConfig): ServerOptions {
  const { headersMs, requestMs } = config.httpTimeouts;
  return {
    headersTimeout: headersMs,
    requestTimeout: requestMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersMs / 4))),
  };
}
