// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/env.ts';
import { registerDist } from './demo.ts';

const distDir = mkdtempSync(path.join(tmpdir(), 'dist-route-'));
mkdirSync(path.join(distDir, 'chunks'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(path.join(distDir, 'cart-button.js'), 'export{};');
writeFileSync(path.join(distDir, 'chunks', 'runtime-AbCd1234.js'), 'export{};');
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

  it('adds nothing to a missing file', async () => {
    const response = await app.request('/dist/missing.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
