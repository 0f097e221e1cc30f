import * as fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/contract/contract.ts';
import { confirmRegistrationByMail, startTestServer, type TestServer } from '../../api/harness.ts';
import { tally } from '../report.ts';
import { fuzzEndpoints, loadFuzzWorld, RAW_BODIES, type FuzzEndpoint, type FuzzRequest } from './fuzz-endpoints.ts';
import { registeredApiRoutes, type RouteKey } from './security-helpers.ts';

/**
 * API fuzzing of the reference server (docs/reliability.md): for every endpoint that takes input,
 * requests generated with fast-check from the contract's request schemas (valid values and their
 * boundaries, wrong types, missing and extra keys, huge and odd strings, nulls, deep nesting), sent
 * with a valid session where the endpoint needs one, plus bodies that are not JSON at all. Checks:
 * no answer ≥ 500; every 2xx passes the contract's response schema; every 4xx of the API has the
 * API's error shape; a redirect (the demo payment page's) never leaves the provider's domain. Bounded: a fixed seed (FUZZ_SEED, printed) and FUZZ_RUNS requests per endpoint.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);

/** Endpoints without any input (no body, query or path id): nothing to fuzz. */
const NO_INPUT: RouteKey[] = [
  'GET /api/user',
  'POST /api/logout',
  'POST /api/user/email/cancel',
  'GET /api/coordinator/registrations',
  'GET /api/coordinator/buyers',
  'GET /api/coordinator/budgets',
  'GET /api/openapi.json',
];

let server: TestServer;
let endpoints: FuzzEndpoint[];

beforeAll(async () => {
  // Throttles out of the way: thousands of wrong passwords are the point here, not a limit to hit.
  server = await startTestServer({ loginThrottle: { perPair: 1_000_000, perEmail: 1_000_000, perIp: 1_000_000, windowSeconds: 900 } });
  const [buyer, profile, coordinator] = await Promise.all([
    server.login('buyer@acme.test', 'acme'),
    server.login('nobudget@acme.test', 'acme'),
    server.login('coordinator@acme.test', 'acme'),
  ]);
  // Registration requests for the coordinator's approve and reject calls to find.
  for (const n of [1, 2, 3, 4]) {
    const answer = await server.json('/api/register', {
      method: 'POST',
      body: {
        website_id: server.shops.acme,
        name: `Fuzz ${n}`,
        surname: 'Applicant',
        email: `fuzz-${n}@example.test`,
        password: 'Str0ngPassw0rd',
        password_confirmation: 'Str0ngPassw0rd',
        coordinator_email: 'coordinator@acme.test',
        cost_center: 'MPK-1',
        job_title: 'Tester',
        buyer_id: `FZ-${n}`,
      },
    });
    if (answer.status !== 201) throw new Error(`registration ${n}: ${answer.status}`);
    // Issue 26: the coordinator sees a request once its address is confirmed.
    const confirmed = await confirmRegistrationByMail(server, `fuzz-${n}@example.test`, server.shops.acme);
    if (confirmed.status !== 200) throw new Error(`confirmation ${n}: ${confirmed.status}`);
  }
  endpoints = fuzzEndpoints(await loadFuzzWorld(server, { buyer, profile, coordinator }, await onlineOrder()));
  console.log(`[fuzz] seed ${SEED}, ${RUNS} generated requests per endpoint (FUZZ_SEED, FUZZ_RUNS to change)`);
});

/** A globex order paid online: its name and the payment token from its payment URL. */
async function onlineOrder(): Promise<{ name: string; token: string }> {
  const { rows } = await server.db.query<{ product_id: number; variant_id: number; method: number }>(
    `SELECT p.id AS product_id, v.id AS variant_id,
            (SELECT id FROM delivery_methods WHERE website_id = p.website_id AND type = 'self_pickup') AS method
       FROM products p JOIN product_variants v ON v.product_id = p.id WHERE v.code = 'GLX-MUG-WHITE'`,
  );
  const row = rows[0]!;
  const answer = await server.json('/api/order', {
    method: 'POST',
    token: await server.login('buyer@globex.test', 'globex'),
    headers: { 'Idempotency-Key': 'fuzz-online-order' },
    body: {
      website_id: server.shops.globex,
      items: [{ product_id: row.product_id, variant_id: row.variant_id, quantity: 1 }],
      delivery_method_id: row.method,
      billing_same_as_delivery: false,
      billing_address: { name: 'John', surname: 'Smith', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
      payment_method: 'online',
      contact: { name: 'John', surname: 'Smith', email: 'john@example.com', phone: '+48 601 200 300' },
    },
  });
  if (answer.status !== 201) throw new Error(`online order: ${answer.status} ${JSON.stringify(answer.body)}`);
  const url = new URL(answer.body.payment_url as string);
  return { name: answer.body.order.name as string, token: url.searchParams.get('token') ?? '' };
}

afterAll(async () => {
  await server?.close();
});

/** The status recorded when no answer came (the connection dropped). */
const DROPPED = 599;

/** An answer; status {@link DROPPED} stands for none. */
interface Answer {
  status: number;
  text: string;
  location?: string | null;
}

async function send(request: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  let body: FormData | string | undefined;
  if (request.form) body = request.form;
  else if (typeof request.body === 'string') body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  try {
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    // Redirects are answers to judge (the payment page's 303 back to the shop), not to follow.
    const response = await fetch(server.url + request.path, { method: request.method, headers: { accept: 'application/json', ...headers }, redirect: 'manual', ...(body !== undefined ? { body } : {}) });
    return { status: response.status, text: await response.text(), location: response.headers.get('location') };
  } catch (error) {
    // No answer at all (the connection dropped): as bad as a 5xx.
    return { status: DROPPED, text: `no answer: ${String((error as { cause?: unknown }).cause ?? error)}` };
  }
}

/** Checks one answer against the endpoint's contract. */
function judge(endpoint: FuzzEndpoint, request: FuzzRequest, answer: Answer): string | null {
  const { status, text } = answer;
  if (status >= 500) return `server error ${status}: ${text.slice(0, 200)}`;
  const api = request.path.startsWith('/api/');
  if (status >= 200 && status < 300) {
    if (endpoint.ok === 'html') return null;
    if (endpoint.ok === null) return text === '' ? null : `a body on ${status}`;
    const parsed = parseJson(text);
    if (parsed === undefined) return `non-JSON ${status}`;
    const result = v.safeParse(endpoint.ok, parsed);
    return result.success ? null : `${status} breaks the response schema: ${result.issues.map((issue) => `${v.getDotPath(issue) ?? '_'} ${issue.message}`).slice(0, 3).join('; ')}`;
  }
  if (status >= 400 && api) {
    const parsed = parseJson(text);
    if (parsed === undefined) return `non-JSON ${status}`;
    return v.safeParse(ApiErrorSchema, parsed).success ? null : `${status} without the error shape: ${text.slice(0, 200)}`;
  }
  if (status >= 300 && status < 400 && api) return `redirect ${status} from the API`;
  if (status >= 300 && status < 400) return openRedirect(answer.location ?? null);
  return null;
}

/** A redirect must stay on the provider's own domain (`localhost` and its shop subdomains here). */
function openRedirect(location: string | null): string | null {
  if (location === null) return 'a redirect without Location';
  let url: URL;
  try {
    url = new URL(location, 'http://localhost');
  } catch {
    return `a redirect to an unreadable Location: ${location.slice(0, 100)}`;
  }
  const own = (url.protocol === 'http:' || url.protocol === 'https:') && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) && url.username === '';
  return own ? null : `open redirect to ${location.slice(0, 100)}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A request in a failure report: short enough to read, enough to replay. */
function describeRequest(request: FuzzRequest): string {
  const body = request.form ? '[multipart]' : JSON.stringify(request.body)?.slice(0, 300);
  return `${request.method} ${request.path.slice(0, 200)}${body ? ` ${body}` : ''}`;
}

describe('fuzzing: generated requests against every endpoint that takes input', () => {
  it('should fuzz every registered endpoint that takes input', () => {
    const fuzzed = endpoints.map((endpoint) => endpoint.route);
    expect([...fuzzed, ...NO_INPUT].sort()).toEqual(registeredApiRoutes(server));
  });

  it('should answer no request with a server error, a 2xx outside the contract or a 4xx without the error shape', async () => {
    const failures: string[] = [];
    const rows: string[] = [];
    for (const [index, endpoint] of endpoints.entries()) {
      const requests = fc.sample(endpoint.requests, { seed: SEED + index, numRuns: RUNS });
      // Bodies that are not JSON, once each, for the endpoints that read JSON.
      const sample = requests.find((request) => request.body !== undefined);
      if (sample && !sample.form) {
        for (const raw of RAW_BODIES) requests.push({ ...sample, body: raw, headers: { ...sample.headers, 'content-type': 'application/json' } });
      }
      const statuses = new Map<number, number>();
      let through = 0;
      let drops = 0;
      for (const request of requests) {
        let answer = await send(request);
        if (answer.status === DROPPED) {
          // A connection dropped before the answer arrived: under load Node may close a socket whose
          // unread body it gave up draining. Once is the transport; twice in a row counts.
          drops += 1;
          answer = await send(request);
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = judge(endpoint, request, answer);
        if (problem) {
          through += 1;
          if (failures.length < 30) failures.push(`${endpoint.route}: ${problem}\n    request: ${describeRequest(request)}`);
        }
      }
      const spread = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
      rows.push(`${endpoint.route}: ${requests.length} requests, ${through} broke a check (${spread})${drops > 0 ? `, ${drops} retried` : ''}`);
      const retried = drops > 0 ? `; ${drops} dropped connection(s) retried once` : '';
      tally({ suite: 'fuzzing', check: endpoint.route, tried: requests.length, gotThrough: through, note: `answers ${spread}${retried}` });
    }
    console.log(`[fuzz] seed ${SEED}\n${rows.join('\n')}`);
    expect(failures).toEqual([]);
  });
});
