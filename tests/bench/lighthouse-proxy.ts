import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { freePort } from './server.ts';

/**
 * A compressing reverse proxy in front of the reference server, standing for the CDN or web server a
 * deployment puts before the bundle and the API: `npm start` serves every answer uncompressed, which
 * on Lighthouse's simulated mobile network (1.6 Mbit/s) weighs more than anything the page does.
 * Text answers go out brotli-compressed (gzip when the browser does not accept brotli: Chromium
 * offers `br` only to secure contexts); the built bundle under `/dist/` at brotli's highest quality,
 * once per file (as a CDN serving precompressed files), anything else at a fast quality per request.
 * The `Host` header passes through unchanged, so shop hosts (`acme.localhost:<proxy port>`) work.
 *
 * @module
 */

/** The proxy. */
export interface CompressingProxy {
  port: number;
  /** A shop's storefront through the proxy, e.g. `http://globex.localhost:<port>/products`. */
  shopUrl(slug: string, path?: string): string;
  stop(): Promise<void>;
}

/** Content types worth compressing (what a CDN compresses by default). */
const TEXT = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

/** Reads a whole stream. */
async function bodyOf(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The encoding to answer with, from the request's `Accept-Encoding`. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '').split(',').map((part) => part.trim().split(';')[0]);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/** Compresses `body`: brotli q11 for immutable files (done once), q5 otherwise; gzip -9 / -6. */
function compress(body: Buffer, encoding: 'br' | 'gzip', best: boolean): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: best ? 9 : 6 });
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/** Headers of an answer, minus those the proxy rewrites. */
function passHeaders(upstream: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || ['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) continue;
    headers[name] = value;
  }
  return headers;
}

/** Options of {@link startCompressingProxy}. */
export interface ProxyOptions {
  /**
   * Changes every HTML page on the way (e.g. the storefront page loading `storefront.js` instead
   * of `index.js`): to measure a change to a page without changing the page.
   */
  rewriteHtml?: (html: string) => string;
}

/**
 * Starts the proxy on a loopback port (`preferred` when free) in front of the server on
 * `127.0.0.1:<upstreamPort>`.
 */
export async function startCompressingProxy(preferred: number, upstreamPort: number, options: ProxyOptions = {}): Promise<CompressingProxy> {
  const cache = new Map<string, Buffer>();
  const handle = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: upstreamPort, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, 'accept-encoding': 'identity' } },
      (answer) => {
        void (async () => {
          const encoding = encodingFor(incoming.headers['accept-encoding']);
          const type = String(answer.headers['content-type'] ?? '');
          const original = await bodyOf(answer);
          const body = options.rewriteHtml && type.startsWith('text/html') ? Buffer.from(options.rewriteHtml(original.toString('utf8'))) : original;
          const headers = passHeaders(answer);
          if (encoding && TEXT.test(type) && body.length > 1024 && !answer.headers['content-encoding']) {
            const immutable = /\/dist\//.test(incoming.url ?? '') && answer.statusCode === 200;
            const key = `${encoding} ${incoming.url ?? ''}`;
            const compressed = (immutable ? cache.get(key) : undefined) ?? compress(body, encoding, immutable);
            if (immutable) cache.set(key, compressed);
            outgoing.writeHead(answer.statusCode ?? 502, { ...headers, 'content-encoding': encoding, 'content-length': compressed.length, vary: 'Accept-Encoding' });
            outgoing.end(compressed);
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': body.length });
          outgoing.end(body);
        })().catch((error: unknown) => outgoing.destroy(error instanceof Error ? error : new Error(String(error))));
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  };
  const server: Server = createServer(handle);
  const port = await freePort(preferred);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    shopUrl: (slug, where = '/') => `http://${slug}.localhost:${port}${where}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
