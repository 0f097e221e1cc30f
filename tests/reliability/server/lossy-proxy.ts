import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a server that loses what a flaky network loses, at a chosen moment of one
 * HTTP exchange. The client then sees what it would see in real life (`fetch` rejects: the socket
 * closed), and the server sees what it would see (its client went away), with nothing mocked.
 *
 * - `drop-response`: the request reaches the server whole; as soon as the server's answer starts
 *   coming back, both connections are cut, so the server finished its work and the client never
 *   learns the outcome (a lost response);
 * - `hang-up-after-request`: the whole request is forwarded, then both connections are cut at once,
 *   while the server is still working on it (a client that gave up or lost its network mid-call).
 *
 * One request per connection is expected (each `fetch` through the proxy opens its own, since every
 * connection is cut after its first exchange).
 *
 * @module
 */
export type Loss = 'drop-response' | 'hang-up-after-request';

/** A running proxy. */
export interface LossyProxy {
  /** `http://127.0.0.1:<port>`: send requests here instead of to the server. */
  url: string;
  close(): Promise<void>;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** The length of the first complete HTTP request in `buffer` (head and Content-Length body), or null while incomplete. */
export function completeRequestLength(buffer: Buffer): number | null {
  const end = buffer.indexOf(HEADER_END);
  if (end < 0) return null;
  const head = buffer.subarray(0, end).toString('latin1');
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  const total = end + HEADER_END.length + Number(length ?? 0);
  return buffer.length >= total ? total : null;
}

function cut(...sockets: Socket[]): void {
  for (const socket of sockets) socket.destroy();
}

/** Forwards one connection to `target`, losing traffic as `loss` says. */
function relay(client: Socket, target: AddressInfo, loss: Loss): void {
  const upstream = connect(target.port, target.address);
  const received: Buffer[] = [];
  let forwarded = false;
  client.on('data', (chunk: Buffer) => {
    if (loss === 'drop-response') {
      upstream.write(chunk);
      return;
    }
    if (forwarded) return;
    received.push(chunk);
    const whole = Buffer.concat(received);
    if (completeRequestLength(whole) === null) return;
    forwarded = true;
    // Written to the kernel, then both ends close: the server gets the request, then its client is gone.
    upstream.write(whole, () => cut(client, upstream));
  });
  upstream.on('data', () => cut(client, upstream));
  client.on('error', () => cut(upstream));
  upstream.on('error', () => cut(client));
  client.on('close', () => {
    if (loss === 'drop-response') upstream.end();
  });
}

/** Starts a proxy on a free loopback port in front of the server at `targetUrl`. */
export async function startLossyProxy(targetUrl: string, loss: Loss): Promise<LossyProxy> {
  const parsed = new URL(targetUrl);
  const target = { address: parsed.hostname, port: Number(parsed.port), family: 'IPv4' } satisfies AddressInfo;
  const server = createServer((client) => relay(client, target, loss));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
