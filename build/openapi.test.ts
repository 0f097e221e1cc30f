import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { loadPlugins } from '../server/plugins.ts';
import { OPENAPI_FILE, openApiText } from './openapi.ts';
import { errorCodes } from './openapi-errors.ts';
import { OPERATIONS } from './openapi-operations.ts';
import { caseInsensitivePattern } from './openapi-schemas.ts';

/**
 * docs/openapi.json against what it describes: it is what build/openapi.ts writes today (so a changed
 * schema or call without `npm run openapi` fails here), it names exactly the `/api/` routes the Hono
 * app registers and every error the server fails with, and Redocly's linter passes it.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const text = openApiText();
// oxlint-disable-next-line typescript/no-explicit-any -- a JSON document, read by key
const document: any = JSON.parse(text);
const tmp = mkdtempSync(path.join(tmpdir(), 'openapi-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** "METHOD /path" of every documented operation. */
function documentedCalls(): string[] {
  return Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([route, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
  );
}

/** Runs a command; resolves with its exit code and output whatever the code. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Every non-test TypeScript module under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('docs/openapi.json', () => {
  it('should be what build/openapi.ts writes from today\'s schemas and calls (npm run openapi rewrites it)', () => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    expect(committed === text ? 'up to date' : 'docs/openapi.json is out of date: run `npm run openapi` and commit it').toBe('up to date');
  });

  it('should document every /api/ route the server registers, and no other', async () => {
    const config = loadConfig({ production: false });
    const app = createApp({ db: {} as never, config, plugins: await loadPlugins(config) });
    const served = new Set(
      app.routes.filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL').map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(documentedCalls().sort()).toEqual([...served].sort());
    expect(new Set(documentedCalls()).size).toBe(OPERATIONS.length);
  });

  it('should name every error the server fails with, under its status', () => {
    const documented = new Set(OPERATIONS.flatMap((operation) => [...errorCodes(operation)].flatMap(([status, codes]) => codes.map((code) => `${status} ${code}`))));
    const thrown = new Set(
      sources(path.join(ROOT, 'server')).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/(?:fail|new ApiError)\(\s*(\d{3}),\s*'([\w.]+)'/g)].map((match) => `${match[1]} ${match[2]}`),
      ),
    );
    expect(thrown.size).toBeGreaterThan(30);
    expect([...thrown].filter((error) => !documented.has(error)).sort()).toEqual([]);
  });

  it('should give every call but the document itself an error answer of 4xx (the linter rule is off for that one)', () => {
    const without = documentedCalls().filter((call) => {
      const [method, route] = call.split(' ') as [string, string];
      return !Object.keys(document.paths[route][method.toLowerCase()].responses).some((status) => status.startsWith('4'));
    });
    expect(without).toEqual(['GET /api/openapi.json']);
  });

  it('should say who may call: a bearer token where a user is needed, optional where a guest may call, nothing for the document', () => {
    const security = (route: string, method = 'get') => document.paths[route][method].security;
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(security('/api/user')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/coordinator/buyers')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/products')).toEqual([{}, { bearerAuth: [] }, { previewSession: [] }]);
    expect(security('/api/login', 'post')).toEqual([{}, { bearerAuth: [] }]);
    expect(security('/api/designer/{slug}')).toEqual([{ operatorKey: [] }]);
    expect(security('/api/openapi.json')).toEqual([]);
    const writesWithoutXsrf = documentedCalls().filter((call) => {
      const [method, route] = call.split(' ') as [string, string];
      const parameters: unknown[] = document.paths[route][method.toLowerCase()].parameters ?? [];
      return method !== 'GET' && !parameters.some((parameter) => (parameter as { $ref?: string }).$ref === '#/components/parameters/XsrfToken');
    });
    expect(writesWithoutXsrf).toEqual([]);
  });

  it('should ask for the Idempotency-Key when an order is placed', () => {
    expect(document.paths['/api/order'].post.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,200}$' } }),
    );
  });

  it('should describe answers as sent: tolerant lists as arrays of their items, defaults left to the reader', () => {
    const { schemas } = document.components;
    expect(schemas.Product.properties.variants).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Variant' } });
    expect(schemas.Website.properties.settings).toEqual({ $ref: '#/components/schemas/WebsiteSettings' });
    expect(document.paths['/api/payment'].post.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PaymentMethodList' });
    expect(schemas.PaymentMethodList).toEqual({ type: 'array', items: { $ref: '#/components/schemas/PaymentMethod' } });
  });

  it('should describe a query value as the number the server parses it to, with its default', () => {
    const page = document.paths['/api/products'].get.parameters.find((parameter: { name: string }) => parameter.name === 'page');
    expect(page).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } });
  });

  it('should list the error codes of each answer with their English texts', () => {
    const answer = document.paths['/api/order'].post.responses['422'];
    expect(answer.description).toContain('- `budgets.error.insufficient`: Insufficient budget left - refresh page and try again');
    expect(answer.content['application/json'].schema.allOf[1].properties.code.enum).toContain('sale.qty.exceeded');
    expect(document.components.responses.Unauthenticated.description).toBe('- `errors.unauthenticated`: Please log in to continue.');
  });

  it(
    'should pass Redocly lint with redocly.yaml, without a problem or an unknown rule',
    async () => {
      const file = path.join(tmp, 'openapi.json');
      writeFileSync(file, text);
      const cli = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const { code, stdout, stderr } = await run(process.execPath, [cli, 'lint', file, '--config', 'redocly.yaml', '--format=json'], {
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_TELEMETRY: 'off',
      });
      const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };
      expect(report.problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect(stderr).not.toContain('Unused rules');
      expect(code).toBe(0);
    },
    30_000,
  );
});

describe('caseInsensitivePattern', () => {
  it('should let each ASCII letter match both cases, in character classes and out', () => {
    expect(caseInsensitivePattern('^#[0-9a-f]{6}$')).toBe('^#[0-9a-fA-F]{6}$');
    expect(caseInsensitivePattern('^[a-z0-9][a-z0-9/._-]*$')).toBe('^[a-zA-Z0-9][a-zA-Z0-9/._-]*$');
    expect(caseInsensitivePattern('^ab\\d[^x]$')).toBe('^[aA][bB]\\d[^xX]$');
  });
});
