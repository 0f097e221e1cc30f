import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import * as v from 'valibot';
import { DeliveryMethodSchema, ProductPageSchema } from '../../src/contract/contract.ts';
import { benchPostgresUrl, postgresAnswers, startBenchServer, type BenchServer } from './server.ts';
import { ensureBuild, isMain, markdownTable, ms, summarise, type BenchOptions, type Benchmark } from './support.ts';

/**
 * The reference server under a bounded load on loopback (issue: "requests per second and
 * p50/p95/p99 for `GET /api/products` and `POST /api/order`, 0 errors"). The server runs as
 * `npm run serve` does, on its own database with {@link PRODUCTS} generated products in globex (the
 * catalogue-search benchmark's shop): first PGlite, then PostgreSQL (a database `bench_<pid>_<n>`
 * created and dropped on the server of {@link benchPostgresUrl}; skipped with a note when none
 * answers). autocannon, in this process, keeps {@link CONNECTIONS}
 * connections busy: {@link SECONDS} seconds per catalogue query and {@link ORDERS} orders, each after
 * {@link WARM_UP_SECONDS} unmeasured seconds (JIT, PGlite's caches). The orders are bounded by count
 * rather than time, so every one of them is answered before the run ends and their number can be
 * checked. One measured run per endpoint: `--rounds` does not apply.
 *
 * Endpoints: the catalogue's first page as the screen asks for it (name order, 24 per page), the same
 * with a search word, and `POST /api/order`: valid orders of buyer@globex.test (invoice payment, so
 * no budget runs out; a mug without stock limit, picked up in Kraków), each with its own
 * Idempotency-Key. After the order run the buyer's order count is compared with the 201 answers: an
 * order lost or placed twice under load would show there.
 *
 * Latency is each response's time from autocannon's `response` event (request written → whole answer
 * read), summarised with nearest-rank percentiles over every request of the run. Server and load
 * generator share the machine's cores, so the figures are a floor for what the server does alone.
 *
 * Then, on PostgreSQL only, the first page of a search in a large catalogue (issue 20: "≤ 30 ms at
 * 50,000 products"): a server over {@link LARGE_PRODUCTS} generated products answers
 * {@link LARGE_REQUESTS} sequential requests per search (one at a time, after
 * {@link LARGE_WARM_UP} unmeasured ones), each timed in this process from `fetch` to the parsed
 * answer: what a client waits for, HTTP and JSON included, not only the query.
 *
 * @module
 */

/** Generated products in the shop (as the catalogue-search benchmark). */
const PRODUCTS = 5000;
const SHOP = 'globex';
const CONNECTIONS = 10;
/** Seconds each catalogue query is measured. */
const SECONDS = 10;
/** Orders placed in the measured order run (about 10 s at the pace of a busy two-core machine). */
const ORDERS = 800;
const WARM_UP_SECONDS = 2;
const BUYER = { email: 'buyer@globex.test', password: 'Passw0rd!' };
/** A product variant without stock limit or group buy, so every order can go through. */
const ORDER_VARIANT = 'GLX-MUG-WHITE';
const SEARCH_WORD = 'premium';
/** Generated products of the large-catalogue search run (PostgreSQL). */
const LARGE_PRODUCTS = 50_000;
const LARGE_WARM_UP = 20;
const LARGE_REQUESTS = 200;
/**
 * Searches of the large run, broad to narrow: a word in about one product in twelve, a short one,
 * two accented words typed with their accents (matched without), and one product's number.
 */
const LARGE_SEARCHES = ['premium', 'mug', 'kubek żółty', '048219'];

/** The part of autocannon 8 used here (it ships no types). */
interface AutocannonRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
}
/** How long a run lasts: seconds, or a number of requests (every one of them answered before the run ends). */
type Bound = { duration: number } | { amount: number };
type Autocannon = (options: { url: string; connections: number; requests: AutocannonRequest[] } & Bound) => AutocannonInstance;

/** autocannon is CommonJS without types: loaded through `require` and given the shape above. */
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function log(line: string): void {
  console.log(`[load] ${line}`);
}

/** One endpoint under load, and how long it is measured. */
interface Endpoint {
  label: string;
  request: AutocannonRequest;
  measure: Bound;
}

/** What one run measured. */
interface Run {
  label: string;
  requests: number;
  seconds: number;
  times: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: string;
}

/** Runs autocannon against one endpoint for as long as `bound` says. */
async function hammer(server: BenchServer, endpoint: Endpoint, bound: Bound): Promise<Run> {
  const times: number[] = [];
  const instance = autocannon({ url: server.origin, connections: CONNECTIONS, requests: [endpoint.request], ...bound });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  return {
    label: endpoint.label,
    requests: times.length,
    seconds: result.duration,
    times,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses: Object.entries(result.statusCodeStats)
      .map(([status, { count }]) => `${count}× ${status}`)
      .join(', '),
  };
}

async function getJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The order body and headers, built through the API as the storefront builds them. */
async function orderRequest(server: BenchServer, websiteId: number): Promise<{ token: string; request: AutocannonRequest }> {
  const login = (await getJson(`${server.origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BUYER.email, password: BUYER.password, website_id: websiteId }),
  })) as { access_token: string };
  const token = login.access_token;
  const page = v.parse(ProductPageSchema, await getJson(`${server.origin}/api/products?website_id=${websiteId}&search=mug&per_page=100`));
  const product = page.data.find((candidate) => candidate.variants.some((variant) => variant.code === ORDER_VARIANT));
  const variant = product?.variants.find((candidate) => candidate.code === ORDER_VARIANT);
  if (!product || !variant) throw new Error(`${ORDER_VARIANT} not found in ${SHOP}`);
  const items = [{ product_id: product.id, variant_id: variant.id, quantity: 1 }];
  const methods = v.parse(
    v.array(DeliveryMethodSchema),
    await getJson(`${server.origin}/api/delivery-methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ website_id: websiteId, items }),
    }),
  );
  const pickup = methods.find((method) => method.type === 'self_pickup');
  if (!pickup) throw new Error(`${SHOP} offers no self-pickup`);
  const body = JSON.stringify({
    website_id: websiteId,
    items,
    delivery_method_id: pickup.id,
    billing_same_as_delivery: false,
    billing_address: { name: 'John', surname: 'Smith', company: 'Globex Sp. z o.o.', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
    payment_method: 'invoice',
    contact: { name: 'John', surname: 'Smith', email: 'john.smith@example.com', phone: '+48 600 100 200' },
  });
  return {
    token,
    request: {
      method: 'POST',
      path: '/api/order',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
      body,
      // Every order its own attempt, as the storefront sends it.
      setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': `load-${randomUUID()}` } }),
    },
  };
}

/** The buyer's order count in the shop. */
async function orderCount(server: BenchServer, websiteId: number, token: string): Promise<number> {
  const page = (await getJson(`${server.origin}/api/user/orders?website_id=${websiteId}&per_page=1`, { headers: { authorization: `Bearer ${token}` } })) as {
    meta: { total: number };
  };
  return page.meta.total;
}

/**
 * The buyer's order count once it stops moving. autocannon ends a timed run (the warm-up) without
 * waiting for the requests still in flight, and the server still places those orders: counted as
 * "before" too early, they would show up as orders nobody got a 201 for.
 */
async function settledOrderCount(server: BenchServer, websiteId: number, token: string): Promise<number> {
  let last = await orderCount(server, websiteId, token);
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await orderCount(server, websiteId, token);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** Nearest-rank percentile `q` of sorted values (as `summarise`). */
function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1] ?? Number.NaN;
}

function row(run: Run): string[] {
  const sorted = [...run.times].sort((a, b) => a - b);
  const s = summarise(sorted);
  return [
    run.label,
    String(run.requests),
    (run.requests / run.seconds).toFixed(0),
    ms(s.median),
    ms(s.p95),
    ms(percentile(sorted, 0.99)),
    ms(s.max),
    String(run.non2xx),
    String(run.errors + run.timeouts),
    run.statuses,
  ];
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

/** The catalogue's first page (name order, 24 per page) of shop `websiteId`, as the screen asks for it. */
const cataloguePath = (websiteId: number) => `/api/products?website_id=${websiteId}&sort=name_asc&page=1&per_page=24`;

/** The three endpoints under load on one server (PGlite, or PostgreSQL at `postgres`): a section of the report. */
async function loadOn(postgres: string | undefined, port: number): Promise<string> {
  const driver = postgres ? 'PostgreSQL' : 'PGlite';
  log(`${driver}: seeding ${PRODUCTS} products in ${SHOP} and starting the server`);
  const server = await startBenchServer({ products: PRODUCTS, shop: SHOP, port, postgres, log: (line) => log(`  ${line}`) });
  try {
    const website = (await getJson(`${server.origin}/api/slug/website?slug=${SHOP}`)) as { id: number };
    const catalogue = cataloguePath(website.id);
    const order = await orderRequest(server, website.id);
    const total = v.parse(ProductPageSchema, await getJson(server.origin + catalogue)).meta.total;
    const endpoints: Endpoint[] = [
      {
        label: `GET /api/products: catalogue page 1 (name order, 24 of ${total})`,
        request: { method: 'GET', path: catalogue, headers: { accept: 'application/json' } },
        measure: { duration: SECONDS },
      },
      {
        label: `GET /api/products: search "${SEARCH_WORD}" (page 1, 24 per page)`,
        request: { method: 'GET', path: `${catalogue}&search=${SEARCH_WORD}`, headers: { accept: 'application/json' } },
        measure: { duration: SECONDS },
      },
      { label: 'POST /api/order: invoice order, own Idempotency-Key each', request: order.request, measure: { amount: ORDERS } },
    ];
    const runs: Run[] = [];
    let ordersPlaced = 0;
    let created = 0;
    for (const endpoint of endpoints) {
      const measured = 'amount' in endpoint.measure ? `${endpoint.measure.amount} requests` : `${endpoint.measure.duration} s`;
      log(`${driver}, ${endpoint.label}: ${WARM_UP_SECONDS} s warm-up, then ${measured} measured (load average ${load()})`);
      await hammer(server, endpoint, { duration: WARM_UP_SECONDS });
      const before = endpoint.request.method === 'POST' ? await settledOrderCount(server, website.id, order.token) : 0;
      const run = await hammer(server, endpoint, endpoint.measure);
      if (endpoint.request.method === 'POST') {
        ordersPlaced = (await orderCount(server, website.id, order.token)) - before;
        created = run.times.length - run.non2xx;
      }
      runs.push(run);
    }
    const headers = ['endpoint', 'requests', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors', 'statuses'];
    return [
      `### ${driver}`,
      '',
      `Reference server (\`npm run serve\`, ${driver}, ${PRODUCTS} generated products in ${SHOP}) on loopback; autocannon in the benchmark's process, ${CONNECTIONS} connections, ${SECONDS} s per catalogue query and ${ORDERS} orders, each after ${WARM_UP_SECONDS} s of warm-up. Load average after: ${load()}.`,
      '',
      markdownTable(headers, runs.map(row)),
      '',
      `Orders placed during the measured order run: ${ordersPlaced}, 201 answers: ${created}${ordersPlaced === created ? ' (equal: none lost, none doubled)' : ' (**differ**)'}.`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}

/** The first page of each of {@link LARGE_SEARCHES} over {@link LARGE_PRODUCTS} products on PostgreSQL, in sequential requests. */
async function largeSearchOn(postgres: string, port: number): Promise<string> {
  log(`PostgreSQL: seeding ${LARGE_PRODUCTS} products in ${SHOP} and starting the server`);
  const server = await startBenchServer({ products: LARGE_PRODUCTS, shop: SHOP, port, postgres, log: (line) => log(`  ${line}`) });
  try {
    const website = (await getJson(`${server.origin}/api/slug/website?slug=${SHOP}`)) as { id: number };
    const catalogue = cataloguePath(website.id);
    const all = v.parse(ProductPageSchema, await getJson(server.origin + catalogue)).meta.total;
    const rows: string[][] = [];
    for (const search of LARGE_SEARCHES) {
      const url = `${server.origin}${catalogue}&search=${encodeURIComponent(search)}`;
      log(`search "${search}": ${LARGE_WARM_UP} unmeasured, then ${LARGE_REQUESTS} sequential requests (load average ${load()})`);
      let total = 0;
      const times: number[] = [];
      for (let i = 0; i < LARGE_WARM_UP + LARGE_REQUESTS; i++) {
        const started = performance.now();
        const page = v.parse(ProductPageSchema, await getJson(url));
        if (i >= LARGE_WARM_UP) times.push(performance.now() - started);
        total = page.meta.total;
      }
      const sorted = times.sort((a, b) => a - b);
      const s = summarise(sorted);
      rows.push([`"${search}"`, String(total), String(times.length), ms(s.median), ms(s.p95), ms(percentile(sorted, 0.99)), ms(s.max)]);
    }
    return [
      `### First page of a search, ${LARGE_PRODUCTS.toLocaleString('en')} products, PostgreSQL`,
      '',
      `Reference server on PostgreSQL, ${LARGE_PRODUCTS} generated products in ${SHOP} (${all} in the shop); \`GET /api/products?…&sort=name_asc&page=1&per_page=24&search=…\`, ${LARGE_REQUESTS} sequential requests per search after ${LARGE_WARM_UP} unmeasured, each timed from \`fetch\` to the parsed answer. Load average after: ${load()}.`,
      '',
      markdownTable(['search', 'matches', 'requests', 'median ms', 'p95 ms', 'p99 ms', 'max ms'], rows),
    ].join('\n');
  } finally {
    await server.stop();
  }
}

/** Where the PostgreSQL server is, without user or password. */
function describeServer(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
}

/** The load benchmark for the runner (see the module comment). */
export const loadBenchmark: Benchmark = {
  name: 'server-load',
  summary: `reference server under load on loopback, ${CONNECTIONS} connections, on PGlite and on PostgreSQL: GET /api/products ${SECONDS} s each for two queries, POST /api/order ${ORDERS} orders; requests/s, p50/p95/p99, non-2xx and errors (target 0); then search page 1 at ${LARGE_PRODUCTS} products on PostgreSQL`,
  async run(options: BenchOptions): Promise<string> {
    const sections = [await loadOn(undefined, options.port)];
    const postgres = benchPostgresUrl();
    const answer = await postgresAnswers(postgres);
    if (answer === true) {
      sections.push(await loadOn(postgres, options.port), await largeSearchOn(postgres, options.port));
    } else {
      const note = `PostgreSQL: skipped, no server answered at ${describeServer(postgres)} (${answer}). Set BENCH_DATABASE_URL to measure one.`;
      log(note);
      sections.push(`### PostgreSQL\n\n${note}`);
    }
    return sections.join('\n\n');
  },
};

if (isMain(import.meta.url)) {
  await ensureBuild(process.argv.includes('--build'));
  console.log(await loadBenchmark.run({ rounds: 1, port: 4515 }));
}
