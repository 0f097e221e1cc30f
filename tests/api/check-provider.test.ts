import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IDS, checkProvider, type CheckRow } from '../../cli/check-provider/checks.ts';
import type { ProviderConfig } from '../../cli/check-provider/config.ts';
import { TEST_ORDER_COMMENT } from '../../cli/check-provider/test-order.ts';
import { main } from '../../cli/storefront-elements.ts';
import { startBrokenProvider, type BrokenProvider } from './broken-provider.ts';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './harness.ts';

/**
 * `storefront-elements check-provider` against the reference server, where every row passes (read-only
 * in each demo shop, and with the sandbox order), and against a stand-in that gets three things wrong,
 * where exactly those three rows fail.
 */

const ORIGIN = 'https://intranet.example';
const SANDBOX_ROWS = ['order-no-key', 'order-place', 'order-retry', 'order-changed', 'order-listed'];

let server: TestServer;
let broken: BrokenProvider;

beforeAll(async () => {
  server = await startTestServer({ corsOrigins: [ORIGIN] });
  broken = await startBrokenProvider(server.url);
});

afterAll(async () => {
  await broken?.close();
  await server?.close();
});

async function firstProduct(shop: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM products WHERE website_id = $1 ORDER BY id LIMIT 1', [server.shops[shop]]);
  return rows[0]!.id;
}

async function configFor(shop: string, sandbox = false): Promise<ProviderConfig> {
  return { shop, buyer: { email: `buyer@${shop}.test`, password: DEMO_PASSWORD }, product_id: await firstProduct(shop), sandbox, origin: ORIGIN, order: {} };
}

function byStatus(rows: readonly CheckRow[], status: CheckRow['status']): string[] {
  return rows.filter((row) => row.status === status).map((row) => row.id);
}

async function ordersOf(email: string): Promise<{ name: string; comment: string }[]> {
  const { rows } = await server.db.query<{ name: string; comment: string }>(
    'SELECT o.name, o.comment FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1 ORDER BY o.id',
    [email],
  );
  return rows;
}

describe('check-provider against the reference server', () => {
  it.each(['acme', 'globex', 'initech'])('should pass every row read-only in %s, and place nothing', async (shop) => {
    const before = await ordersOf(`buyer@${shop}.test`);
    const rows = await checkProvider({ base: server.url, config: await configFor(shop) });
    expect(rows.map((row) => row.id)).toEqual(CHECK_IDS);
    expect(rows.filter((row) => row.status !== 'pass' && row.status !== 'skip')).toEqual([]);
    expect(byStatus(rows, 'skip')).toEqual(SANDBOX_ROWS);
    expect(await ordersOf(`buyer@${shop}.test`)).toEqual(before);
  });

  it.each(['acme', 'globex', 'initech'])('should place exactly one order in %s with the sandbox flag, and pass every row', async (shop) => {
    const before = await ordersOf(`buyer@${shop}.test`);
    const rows = await checkProvider({ base: server.url, config: await configFor(shop, true) });
    expect(rows.filter((row) => row.status !== 'pass')).toEqual([]);
    const after = await ordersOf(`buyer@${shop}.test`);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.comment).toBe(TEST_ORDER_COMMENT);
    expect(rows.find((row) => row.id === 'order-place')?.detail).toBe(`placed ${after.at(-1)?.name}`);
  });

  it('should report the session it signed out of as ended', async () => {
    const rows = await checkProvider({ base: server.url, config: await configFor('acme') });
    const { rows: sessions } = await server.db.query<{ count: string }>(
      "SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'buyer@acme.test' AND s.revoked_at IS NULL",
    );
    expect(rows.find((row) => row.id === 'logout')?.status).toBe('pass');
    expect(Number(sessions[0]?.count)).toBe(0);
  });
});

describe('check-provider against a broken stand-in', () => {
  it('should fail exactly the rows of its three faults, saying what is wrong', async () => {
    const rows = await checkProvider({ base: broken.url, config: await configFor('acme') });
    expect(byStatus(rows, 'fail')).toEqual(['cors', 'product', 'product-unknown']);
    expect(byStatus(rows, 'warn')).toEqual([]);
    expect(byStatus(rows, 'skip')).toEqual(SANDBOX_ROWS);
    const detail = (id: string) => rows.find((row) => row.id === id)?.detail;
    expect(detail('cors')).toBe('preflight: no Access-Control-Allow-Origin');
    expect(detail('product')).toMatch(/^the storefront cannot read it: calculated_price: Invalid type: Expected number but received "\d+\.\d\d"$/);
    expect(detail('product-unknown')).toBe('answered 404 without an error code, expected errors.not_found');
  });

  it('should fail every call that needs an answer when nothing listens', async () => {
    const rows = await checkProvider({ base: 'http://127.0.0.1:9', config: await configFor('acme') });
    expect(rows[0]).toMatchObject({ id: 'website', status: 'fail' });
    expect(rows[0]?.detail).toMatch(/^no answer/);
    expect(byStatus(rows, 'pass')).toEqual([]);
  });
});

/** The command's output, kept line by line. */
function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

describe('the storefront-elements command', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-provider-'));

  async function writeConfig(name: string, content: unknown): Promise<string> {
    const file = path.join(dir, name);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  }

  it('should print the table and exit 0 against the reference server, 1 against the stand-in', async () => {
    const file = await writeConfig('acme.json', { shop: 'acme', buyer: { email: 'buyer@acme.test', password: DEMO_PASSWORD }, product_id: await firstProduct('acme') });
    const good = capture();
    expect(await main(['check-provider', server.url, '--config', file, '--origin', ORIGIN], good.output)).toBe(0);
    const table = good.out.join('\n');
    expect(table).toMatch(/^ 1 {2}PASS {4}GET \/api\/slug\/website\?slug=acme/m);
    expect(table).toContain('21 passed, 0 failed, 0 warned, 5 skipped');
    const bad = capture();
    expect(await main(['check-provider', broken.url, '--config', file, '--origin', ORIGIN], bad.output)).toBe(1);
    expect(bad.out.join('\n')).toMatch(/FAIL {4}GET \/api\/products\/2147483647\?website_id=\d+ .*\n {12}answered 404 without an error code/);
    expect(bad.out.join('\n')).toContain('18 passed, 3 failed, 0 warned, 5 skipped');
  });

  it('should answer JSON with --json', async () => {
    const file = await writeConfig('json.json', { shop: 'globex', buyer: { email: 'buyer@globex.test', password: DEMO_PASSWORD }, product_id: await firstProduct('globex') });
    const run = capture();
    expect(await main(['check-provider', server.url, '--config', file, '--json'], run.output)).toBe(0);
    const report = JSON.parse(run.out.join('\n')) as { shop: string; rows: CheckRow[] };
    expect(report.shop).toBe('globex');
    expect(report.rows.find((row) => row.id === 'cors')).toMatchObject({ status: 'skip', detail: 'no page origin given (--origin, or "origin" in the config)' });
  });

  it('should exit 2 with a clear message for a bad config or bad arguments', async () => {
    const cases: [string[], RegExp][] = [
      [['check-provider', server.url, '--config', await writeConfig('broken.json', '{ "shop": ')], /cannot read .*broken\.json/],
      [['check-provider', server.url, '--config', await writeConfig('wrong.json', { shop: 'acme', buyer: { email: 'a@b.c', password: 'x' }, product_id: 'one' })], /product_id: Invalid type/],
      [['check-provider', server.url, '--config', await writeConfig('nopass.json', { shop: 'acme', buyer: { email: 'a@b.c' }, product_id: 1 })], /buyer\.password is missing/],
      [['check-provider', '--config', 'x.json'], /the API base is missing/],
      [['check-provider', 'ftp://x', '--config', 'x.json'], /must be an http or https URL/],
      [['check-provider', server.url, '--config', 'x.json', '--origin', 'https://a.example/path'], /--origin must be an origin/],
      [['check-provider', server.url], /--config <provider\.json> is missing/],
      [['publish'], /unknown command publish/],
    ];
    for (const [argv, message] of cases) {
      const run = capture();
      expect({ argv, code: await main(argv, run.output) }).toEqual({ argv, code: 2 });
      expect(run.err.join('\n')).toMatch(message);
    }
  });
});
