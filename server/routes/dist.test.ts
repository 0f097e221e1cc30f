import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/env.ts';
import { registerDist } from './dist.ts';

const distDir = mkdtempSync(path.join(tmpdir(), 'dist-route-'));
mkdirSync(path.join(distDir, 'chunks'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(path.join(distDir, 'cart-button.js'), 'export{};');
// As the build writes them (build/precompress.ts): a brotli copy beside the file.
const RUNTIME_SOURCE = 'export const runtime = "the runtime";';
writeFileSync(path.join(distDir, 'chunks', 'runtime-AbCd1234.js'), RUNTIME_SOURCE);
writeFileSync(path.join(distDir, 'chunks', 'runtime-AbCd1234.js.br'), brotliCompressSync(RUNTIME_SOURCE));
writeFileSync(path.join(distDir, 'assets', 'inter-AbCd1234.woff2'), 'font');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const app = new Hono<AppEnv>();
registerDist(app, distDir);

describe('the built bundle under /dist', () => {
  it('lets any origin load entries, chunks and fonts (module scripts and fonts are fetched in CORS mode)', async () => {
    for (const file of ['/dist/cart-button.js', '/dist/chunks/runtime-AbCd1234.js', '/dist/assets/inter-AbCd1234.woff2']) {
      const response = await app.request(file, { headers: { Origin: 'https://intranet.example' } });
      expect({ file, status: response.status, allowOrigin: response.headers.get('access-control-allow-origin') }).toEqual({ file, status: 200, allowOrigin: '*' });
    }
  });

  it('revalidates entry files and caches content-hashed files for a year', async () => {
    expect((await app.request('/dist/cart-button.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await app.request('/dist/chunks/runtime-AbCd1234.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("serves the release's own path /dist/<version>/, every file immutable, and no other version", async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const file of ['cart-button.js', 'chunks/runtime-AbCd1234.js']) {
      const response = await app.request(`/dist/${version}/${file}`, { headers: { Origin: 'https://intranet.example', 'Accept-Encoding': 'identity' } });
      expect({ file, status: response.status, cache: response.headers.get('cache-control'), allowOrigin: response.headers.get('access-control-allow-origin') }).toEqual({
        file,
        status: 200,
        cache: 'public, max-age=31536000, immutable',
        allowOrigin: '*',
      });
    }
    expect(await (await app.request(`/dist/${version}/chunks/runtime-AbCd1234.js`, { headers: { 'Accept-Encoding': 'identity' } })).text()).toBe(RUNTIME_SOURCE);
    expect((await app.request('/dist/0.0.1/cart-button.js')).status).toBe(404);
  });

  it('adds nothing to a missing file', async () => {
    const response = await app.request('/dist/missing.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the brotli copy to a browser that accepts it, and the plain file to one that does not', async () => {
    const compressed = await app.request('/dist/chunks/runtime-AbCd1234.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('content-type')).toMatch(/javascript/);
    expect(compressed.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(RUNTIME_SOURCE);
    const plain = await app.request('/dist/chunks/runtime-AbCd1234.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(RUNTIME_SOURCE);
  });

  it('answers an unchanged entry file with 304 and no body, keeping its caching and CORS headers', async () => {
    const first = await app.request('/dist/cart-button.js');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await app.request('/dist/cart-button.js', { headers: { 'If-None-Match': tag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
  });
});
