import { call, type CallRequest } from './http.ts';
import type { ProviderConfig } from './config.ts';
import { NEED_NAMES, type Learnt, type Step } from './step.ts';
import { SANDBOX_STEPS } from './steps-sandbox.ts';
import { SESSION_STEPS, SIGN_OUT_STEPS } from './steps-session.ts';
import { SHOP_STEPS } from './steps-shop.ts';
import type { RowStatus } from './verdicts.ts';

/**
 * The provider check's calls, in the order a buyer's session makes them: the shop config, CORS for a
 * page origin, the sign-in (wrong, malformed, right), the account, the catalogue, the address book,
 * delivery and payment methods, the wait and the order history; in a sandbox one order, sent again
 * with its idempotency key and once changed; last the logout. One row per call. Each answer is read
 * with the schema the storefront reads it with (src/contract), each error answer checked for the code
 * the storefront shows. Read-only unless the config allows the sandbox order: the only writes then are
 * the session the check opens and closes itself.
 */

/** One row of the check's table. */
export interface CheckRow {
  /** Stable name of the check, e.g. `product` or `cors`. */
  id: string;
  /** The call as it went out: `GET /api/products/12?website_id=1`. */
  call: string;
  /** What was checked. */
  checks: string;
  status: RowStatus;
  detail: string;
}

/** What the check needs to run. */
export interface ProviderCheckOptions {
  /** The API base: the origin (and path, if any) that `/api/...` is appended to. */
  base: string;
  config: ProviderConfig;
  /** Each row as soon as it is decided, for a live table. */
  onRow?: (row: CheckRow) => void;
}

/** The check's calls in order (see the module comment). */
const STEPS: readonly Step[] = [...SESSION_STEPS, ...SHOP_STEPS, ...SANDBOX_STEPS, ...SIGN_OUT_STEPS];

/** The ids of every row, in order (the tests and the docs name rows by them). */
export const CHECK_IDS: readonly string[] = STEPS.map((step) => step.id);

/** How a request is shown in its row: method, path and query. */
export function describeCall(request: CallRequest): string {
  const query = Object.entries(request.query ?? {})
    .filter((entry) => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&');
  return `${request.method} ${request.path}${query ? `?${query}` : ''}`;
}

/**
 * Runs the check against the API at `base`: every row in order, never throwing (a failing call is a
 * failing row). Sandbox rows are skipped unless `config.sandbox`.
 */
export async function checkProvider({ base, config, onRow }: ProviderCheckOptions): Promise<CheckRow[]> {
  const learnt: Learnt = {};
  const rows: CheckRow[] = [];
  const api = (request: CallRequest) => call(base, request);
  const add = (row: CheckRow) => {
    rows.push(row);
    onRow?.(row);
  };
  for (const step of STEPS) {
    const row = { id: step.id, checks: step.checks };
    if (step.sandbox && !config.sandbox) {
      add({ ...row, call: '', status: 'skip', detail: 'read-only: set "sandbox": true to place one order' });
      continue;
    }
    const missing = (step.needs ?? []).filter((need) => learnt[need] === undefined);
    if (missing.length > 0) {
      add({ ...row, call: '', status: 'skip', detail: `needs ${missing.map((need) => NEED_NAMES[need]).join(', ')}` });
      continue;
    }
    const request = step.request(learnt, config);
    if ('skip' in request) {
      add({ ...row, call: '', status: 'skip', detail: request.skip });
      continue;
    }
    if ('fail' in request) {
      add({ ...row, call: '', status: 'fail', detail: request.fail });
      continue;
    }
    const answer = await api(request);
    const verdict = await step.judge({ answer, request, learnt, config, api });
    add({ ...row, call: describeCall(request), ...verdict });
  }
  return rows;
}
