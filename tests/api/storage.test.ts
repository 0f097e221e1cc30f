import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storagePath } from '../../server/routes/storage.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // Rows whose paths a traversal would reach if it were not refused before the lookup.
  await server.db.query(
    `INSERT INTO files (path, content_type, data) VALUES
       ('../secret.txt', 'text/plain', convert_to('top secret', 'UTF8')),
       ('products/../secret.txt', 'text/plain', convert_to('top secret', 'UTF8')),
       ('products\\secret.txt', 'text/plain', convert_to('top secret', 'UTF8')),
       ('test/page.html', 'text/html', convert_to('<script>alert(1)</script>', 'UTF8'))`,
  );
});

afterAll(async () => {
  await server?.close();
});

/** A GET with the path sent exactly as written: `fetch` would resolve `..` before sending. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SVG = '/storage/products/tshirt-black.svg';

describe('GET /storage/*', () => {
  it('should serve a stored SVG with its type, caching and safety headers', async () => {
    const response = await server.request(SVG);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    const body = Buffer.from(await response.arrayBuffer());
    const { rows } = await server.db.query<{ data: Uint8Array }>('SELECT data FROM files WHERE path = $1', ['products/tshirt-black.svg']);
    expect(body.equals(Buffer.from(rows[0]!.data))).toBe(true);
    expect(body.toString('utf8')).toContain('<svg');
  });

  it('should answer 304 without a body when the ETag still matches', async () => {
    const etag = (await server.request(SVG)).headers.get('etag') ?? '';
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await server.request(SVG, { headers: { 'if-none-match': header } });
      expect({ header, status: response.status }).toEqual({ header, status: 304 });
      expect(await response.text()).toBe('');
      expect(response.headers.get('etag')).toBe(etag);
    }
    const changed = await server.request(SVG, { headers: { 'if-none-match': '"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it('should answer HEAD with the headers and no body', async () => {
    const response = await server.request(SVG, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('etag')).toMatch(/^"/);
    expect(await response.text()).toBe('');
  });

  it('should give different files different ETags and the same file the same one', async () => {
    const first = (await server.request(SVG)).headers.get('etag');
    const again = (await server.request(SVG)).headers.get('etag');
    const other = (await server.request('/storage/products/tshirt-white.svg')).headers.get('etag');
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('should keep a stored HTML file from running script', async () => {
    const response = await server.request('/storage/test/page.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('should answer 404 for an unknown path', async () => {
    const response = await server.request('/storage/products/missing.svg');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).not.toBe('public, max-age=86400');
    expect((await server.request('/storage/')).status).toBe(404);
  });

  it('should refuse traversal, backslashes and NUL with 404', async () => {
    const attempts = [
      '/storage/../secret.txt',
      '/storage/..%2fsecret.txt',
      '/storage/%2e%2e/secret.txt',
      '/storage/%2e%2e%2fsecret.txt',
      '/storage/%2E%2E%2Fsecret.txt',
      '/storage/products/../secret.txt',
      '/storage/products/..%2fsecret.txt',
      '/storage/products/%2e%2e%2fsecret.txt',
      '/storage/products%5csecret.txt',
      '/storage/products/tshirt-black.svg%00',
      '/storage/products/tshirt-black.svg%00.png',
      '/storage//products/tshirt-black.svg',
      '/storage/%ZZ',
    ];
    for (const path of attempts) {
      const { status, body } = await rawGet(path);
      expect({ path, status }).toEqual({ path, status: 404 });
      expect(body).not.toContain('top secret');
    }
  });

  it('should never serve a path with a raw backslash', async () => {
    // Node's HTTP parser may refuse the request line itself (400) before the route sees it.
    const { status, body } = await rawGet('/storage/products\\secret.txt');
    expect([400, 404]).toContain(status);
    expect(body).not.toContain('top secret');
  });

  it('should accept only plain relative paths', () => {
    expect(storagePath('/storage/products/tshirt-black.svg')).toBe('products/tshirt-black.svg');
    expect(storagePath('/storage/logos/acme%20logo.svg')).toBe('logos/acme logo.svg');
    expect(storagePath('/storage/..%2fsecret.txt')).toBeNull();
    expect(storagePath('/storage/a/%2E%2E/b')).toBeNull();
    expect(storagePath('/storage/a%5cb')).toBeNull();
    expect(storagePath('/storage/a%00b')).toBeNull();
    expect(storagePath('/storage/a//b')).toBeNull();
    expect(storagePath('/storage/./a')).toBeNull();
    expect(storagePath('/storage/%E0%A4%A')).toBeNull();
    expect(storagePath('/other/a')).toBeNull();
  });
});
