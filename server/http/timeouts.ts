import type { ServerOptions } from 'node:http';
import type { ServerConfig } from '../config.ts';

/**
 * Node's HTTP server options. They cut requests which trickle in (slowloris): a client gets
 * `config.httpTimeouts.headersMs` to send its headers and `requestMs` for the whole request, body
 * included; past that Node answers 408 and closes the connection. Node checks open connections
 * only every `connectionsCheckingInterval` (30 s by default), so the interval follows the shorter
 * timeout, or a short timeout would go unchecked for that long.
 *
 * And they keep an idle connection open for `keepAliveMs` (65 s by default) instead of Node's 5 s. A
 * client or proxy that reuses a connection the server is closing at that moment gets a reset
 * (ECONNRESET; a 502 from nginx or a load balancer, whose idle timeouts are 60 s): the server must be
 * the side that waits longer.
 */
export function httpServerOptions(config: ServerConfig): ServerOptions {
  const { headersMs, requestMs, keepAliveMs } = config.httpTimeouts;
  return {
    headersTimeout: headersMs,
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersMs / 4))),
  };
}
