import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const committed = JSON.parse(readFileSync(path.join(ROOT_DIR, 'docs', 'openapi.json'), 'utf8')) as { openapi: string; paths: Record<string, unknown> };

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/openapi.json', () => {
  it('should answer docs/openapi.json as JSON, public and cacheable, with an ETag', async () => {
    const response = await server.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('etag')).toMatch(/^(W\/)?"[0-9a-f]{40}"$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await response.json();
    expect(body).toEqual(committed);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toContain('/api/openapi.json');
  });

  it('should read no credentials and set no cookie, so any cache may keep it', async () => {
    const response = await server.request('/api/openapi.json', { headers: { authorization: 'Bearer not-a-session-token-at-all', cookie: 'XSRF-TOKEN=abc' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual(committed);
  });

  it('should answer 304 without a body when If-None-Match names its tag', async () => {
    const first = await server.request('/api/openapi.json');
    const tag = first.headers.get('etag') ?? '';
    const again = await server.request('/api/openapi.json', { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await again.text()).toBe('');
  });

  it('should leave every other API answer uncacheable', async () => {
    const response = await server.request('/api/user');
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = await server.request('/api/slug/website?slug=globex');
    expect(config.headers.get('cache-control')).toBe('no-store');
  });
});
