import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.ts';

/**
 * The server as production runs it (docs/deploying.md): compiled by `npm run build` into
 * `dist-server/`, started with plain `node` (no tsx, no TypeScript), `NODE_ENV=production`, PGlite in a
 * folder of its own, the shop loaded by the compiled provisioning CLI. It must serve the storefront
 * page and the API, and none of the demo's routes.
 */

const run = promisify(execFile);
const EXAMPLE_SHOP = path.join(ROOT_DIR, 'docs', 'examples', 'shop.json');
const PROVIDER_DOMAIN = 'shops.test';

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A GET with its own Host header (fetch cannot set one). */
function get(port: number, pathname: string, host = `127.0.0.1:${port}`): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built server in production mode', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'built-server-'));
  let port = 0;
  let server: ChildProcess | undefined;
  let log = '';

  beforeAll(async () => {
    await run(process.execPath, [path.join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '-c', 'vite.server.config.ts'], { cwd: ROOT_DIR });
    port = await freePort();
    // PGlite whatever the caller's environment says: no DATABASE_URL.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PGLITE_DIR: dataDir, PROVIDER_DOMAIN, SMTP_URL: 'smtp://127.0.0.1:1', PORT: String(port), DATABASE_URL: '' };
    // The shop goes in through the compiled provisioning CLI, as the deploy recipe loads it.
    await run(process.execPath, ['dist-server/provision.js', '--shop-file', EXAMPLE_SHOP], { cwd: ROOT_DIR, env });
    server = spawn(process.execPath, ['dist-server/start.js'], { cwd: ROOT_DIR, env });
    const child = server;
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        log += chunk.toString();
        // Ready once the start-up log is whole: its last line lists the shops (it may come in a later chunk).
        if (/\n {2}(shops:|no shops yet)[^\n]*\n/.test(log)) resolve();
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => reject(new Error(`the built server exited (${code}):\n${log}`)));
    });
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should start in production mode from plain JavaScript and list the shop it was given', () => {
    expect(log).toContain('production mode, PGlite');
    expect(log).toContain(`https://northwind.${PROVIDER_DOMAIN}/`);
  });

  it('should answer the API', async () => {
    const { status, type, body } = await get(port, '/api/slug/website?slug=northwind');
    expect({ status, type }).toEqual({ status: 200, type: 'application/json' });
    expect(JSON.parse(body)).toMatchObject({ name: 'Northwind Traders' });
  });

  it("should serve the storefront page on the shop's host", async () => {
    // Northwind requires login: a guest's page is its login screen (another path is a 302 to it).
    const { status, body } = await get(port, '/login', `northwind.${PROVIDER_DOMAIN}`);
    expect(status).toBe(200);
    expect(body).toContain('<shop-storefront');
    expect(body).toContain('Northwind Traders');
  });

  it("should serve none of the demo's routes", async () => {
    for (const pathname of ['/demo/', '/demo/outbox', '/demo/outbox.json', '/demo/pay/NW-1?token=x', '/demo/designer.html']) {
      expect({ pathname, status: (await get(port, pathname)).status }).toEqual({ pathname, status: 404 });
    }
    expect((await get(port, '/')).status).toBe(404);
  });
});
