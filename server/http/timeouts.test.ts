import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { httpServerOptions } from './timeouts.ts';

let server: Server | undefined;

afterEach(async () => {
  vi.unstubAllEnvs();
  if (!server) return;
  const closing = new Promise((resolve) => server?.close(resolve));
  server.closeAllConnections();
  await closing;
  server = undefined;
});

/** A server with the options `npm start` gives it, answering every request with "ok". */
async function listen(keepAliveMs: number): Promise<number> {
  const config = loadConfig({ httpTimeouts: { headersMs: 20_000, requestMs: 120_000, keepAliveMs } });
  server = createServer(httpServerOptions(config), (_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends one kept-alive request on a fresh connection and answers how long after the answer the server closed it (capped at `observeMs`). */
function idleUntilClosedMs(port: number, observeMs: number): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n'));
    let answered = 0;
    const cap = setTimeout(() => {
      socket.destroy();
      resolve(observeMs);
    }, observeMs);
    socket.on('data', () => {
      answered ||= Date.now();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(cap);
      resolve(answered ? Date.now() - answered : -1);
    });
  });
}

describe('HTTP server timeouts', () => {
  it('should keep idle connections for 65 s by default, longer than the 60 s of the proxies in front, and read KEEP_ALIVE_TIMEOUT_SECONDS', () => {
    expect(httpServerOptions(loadConfig({})).keepAliveTimeout).toBe(65_000);
    vi.stubEnv('KEEP_ALIVE_TIMEOUT_SECONDS', '120');
    expect(httpServerOptions(loadConfig({})).keepAliveTimeout).toBe(120_000);
    vi.stubEnv('KEEP_ALIVE_TIMEOUT_SECONDS', '0');
    expect(httpServerOptions(loadConfig({})).keepAliveTimeout).toBe(1000);
  });

  it('should keep the headers and request timeouts that cut slow clients', () => {
    vi.stubEnv('HEADERS_TIMEOUT_SECONDS', '10');
    vi.stubEnv('REQUEST_TIMEOUT_SECONDS', '30');
    const options = httpServerOptions(loadConfig({}));
    expect(options).toMatchObject({ headersTimeout: 10_000, requestTimeout: 30_000 });
  });

  it('should close an idle connection once its keep-alive time is over, and not before', async () => {
    const port = await listen(600);
    const closedAfter = await idleUntilClosedMs(port, 6000);
    expect(closedAfter).toBeGreaterThanOrEqual(500);
    // Node 20 closes a second after the time it announces (`Keep-Alive: timeout=`); another second of
    // slack covers a busy machine. Its own default would have been 5 s.
    expect(closedAfter).toBeLessThan(3000);
  });
});
