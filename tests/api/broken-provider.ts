import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A provider that gets exactly three things wrong, for the provider check's tests: it stands in front
 * of a reference server and passes every call through, except that
 * - it sends no CORS headers at all, and answers a preflight with 204 and nothing else;
 * - one product (`GET /api/products/{id}`) carries `calculated_price` as text ("12.50"), a wrong type;
 * - an unknown product's 404 comes without its error `code`, only a message.
 * Everything else (the catalogue list, the sign-in, the orders) is the reference server's answer.
 */
export interface BrokenProvider {
  url: string;
  close(): Promise<void>;
}

const PRODUCT_PATH = /^\/api\/products\/\d+$/;

/** Starts the stand-in on a free loopback port in front of the provider at `upstream`. */
export async function startBrokenProvider(upstream: string): Promise<BrokenProvider> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value);
      }
      const answer = await fetch(upstream + (request.url ?? '/'), {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      let body = await answer.text();
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      if (PRODUCT_PATH.test(path) && answer.status === 200) {
        const product = JSON.parse(body) as { calculated_price: number };
        body = JSON.stringify({ ...product, calculated_price: product.calculated_price.toFixed(2) });
      } else if (PRODUCT_PATH.test(path) && answer.status === 404) {
        const { message } = JSON.parse(body) as { message: string };
        body = JSON.stringify({ message });
      }
      const kept: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!name.startsWith('access-control-') && name !== 'content-length' && name !== 'content-encoding') kept[name] = value;
      });
      response.writeHead(answer.status, kept).end(body);
    })().catch((error: unknown) => response.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
