import * as fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/api/contract.ts';
import { startTestServer, type TestServer } from '../../api/harness.ts';
import { tally } from '../report.ts';
import { fuzzEndpoints, loadFuzzWorld, RAW_BODIES, type FuzzEndpoint, type FuzzRequest } from './fuzz-endpoints.ts';
import { registeredApiRoutes, type RouteKey } from './security-helpers.ts';

/**
 * API fuzzing of the reference server (docs/reliability.md): for every endpoint that takes input,
 * requests generated with fast-check from the contract's request schemas (valid values and their
 * boundaries, wrong types, missing and extra keys, huge and odd strings, nulls, deep nesting), sent
 * with a valid session where the endpoint needs one, plus bodies that are not JSON at all. Checks:
 * no answer ≥ 500; every 2xx passes the contract's response schema; every 4xx of the API has the
 * API's error shape. Bounded: a fixed seed (FUZZ_SEED, printed) and FUZZ_RUNS requests per endpoint.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);

/** Endpoints without any input (no body, query or path id): nothing to fuzz. */
const NO_INPUT: RouteKey[] = ['GET /api/user', 'POST /api/logout', 'GET /api/coordinator/registrations', 'GET /api/coordinator/buyers', 'GET /api/coordinator/budgets'];

let server: TestServer;
let endpoints: FuzzEndpoint[];

beforeAll(async () => {
  // Throttles out of the way: thousands of wrong passwords are the point here, not a limit to hit.
  server = await startTestServer({ loginThrottle: { perEmail: 1_000_000, perIp: 1_000_000, windowSeconds: 900 } });
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
  }
  endpoints = fuzzEndpoints(await loadFuzzWorld(server, { buyer, profile, coordinator }));
  console.log(`[fuzz] seed ${SEED}, ${RUNS} generated requests per endpoint (FUZZ_SEED, FUZZ_RUNS to change)`);
});

afterAll(async () => {
  await server?.close();
});

/** The status recorded when no answer came (the connection dropped). */
const DROPPED = 599;

/** An answer; status {@link DROPPED} stands for none. */
interface Answer {
  status: number;
  text: string;
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
    const response = await server.request(request.path, { method: request.method, ...(body !== undefined ? { body } : {}), ...(request.token ? { token: request.token } : {}), headers });
    return { status: response.status, text: await response.text() };
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
  return null;
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
