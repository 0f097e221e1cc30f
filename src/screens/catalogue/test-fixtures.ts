import { vi } from 'vitest';
import type { Product } from '../../contract/contract.ts';
import { productFixture } from '../../contract/test-fixtures.ts';

/** @internal Fixtures and a fetch stub shared by the catalogue's tests (store, price, screen, element). */

export { GROSS_SHOP, NET_SHOP, POINTS_SHOP, productFixture as product } from '../../contract/test-fixtures.ts';

/** `count` products with ids from `firstId`. */
export function products(count: number, firstId = 1): Product[] {
  return Array.from({ length: count }, (_, index) => productFixture({ id: firstId + index }));
}

/** A real JSON `Response`. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A `GET /api/products` answer. */
export function pageOf(data: readonly Product[], meta: Partial<{ total: number; page: number; per_page: number }> = {}): Response {
  return json({ data, meta: { total: meta.total ?? data.length, page: meta.page ?? 1, per_page: meta.per_page ?? 24 } });
}

/** One catalogue request the stub received: its query parameters and its abort signal. */
export interface CatalogueCall {
  path: string;
  params: URLSearchParams;
  signal: AbortSignal | null;
}

type Answer = (call: CatalogueCall) => Response | Promise<Response>;

/**
 * Stubs `fetch`: every call is recorded, and answered by `answer` (default: an empty page). The
 * returned list grows as calls come in.
 */
export function stubCatalogue(answer: Answer = () => pageOf([])): CatalogueCall[] {
  const calls: CatalogueCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const call = { path: url.pathname, params: url.searchParams, signal: init.signal ?? null };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/**
 * An answer to a page request that serves a catalogue of `total` products `perPage` at a time, so
 * paging a 5,000-product shop can be tested without building 5,000 products.
 */
export function catalogueOf(total: number): Answer {
  return ({ params }) => {
    const page = Number(params.get('page') ?? '1');
    const perPage = Number(params.get('per_page') ?? '24');
    const first = (page - 1) * perPage;
    const count = Math.max(0, Math.min(perPage, total - first));
    return pageOf(products(count, first + 1), { total, page, per_page: perPage });
  };
}

/** An answer the test releases later; like the real fetch it fails when its request is aborted. */
export function deferred(): { answer: Answer; resolve: (response: Response) => void } {
  let release: ((response: Response) => void) | undefined;
  return {
    answer: ({ signal }) =>
      new Promise<Response>((resolve, reject) => {
        release = resolve;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    resolve: (response) => release?.(response),
  };
}

/** Lets pending promises (fetch, body parsing, signal updates) settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise<void>((resolve) => queueMicrotask(resolve));
}
