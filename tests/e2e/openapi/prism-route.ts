import type { BrowserContext } from '@playwright/test';
import type { ProxiedCall } from './call-log.ts';
import { forwardedHeaders, pageHeaders } from './headers.ts';
import { parseViolations, prismFailure } from './violations.ts';

/**
 * Sends every call of `context`'s pages to the API (`/api/…` on any host) through the Prism proxy at
 * `prismOrigin` instead, and answers the page with what came back: the page stays on its own origin
 * and sends what it always sends (its cookies, `X-XSRF-TOKEN`, the bearer token, the body as bytes).
 * Prism forwards the call to the server, validates both sides against the document and says what it
 * found in `sl-violations`; `onCall` hears each call with that verdict. A call Prism could not carry
 * is aborted and reported as a failure.
 */
export async function routeThroughPrism(context: BrowserContext, prismOrigin: string, onCall: (call: Omit<ProxiedCall, 'test' | 'operation'>) => void): Promise<void> {
  await context.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const asked = { method: request.method(), url: `${url.pathname}${url.search}` };
      const sent = request.postDataBuffer();
      let answer: Response;
      let body: Buffer;
      try {
        answer = await fetch(`${prismOrigin}${asked.url}`, { method: asked.method, headers: await forwardedHeaders(context, request), body: sent ? new Uint8Array(sent) : undefined, redirect: 'manual' });
        body = Buffer.from(await answer.arrayBuffer());
      } catch (error) {
        onCall({ ...asked, status: 0, violations: [], failure: `not carried through Prism: ${String(error)}` });
        await settleQuietly(() => route.abort('failed'));
        return;
      }
      const failure = prismFailure(answer.headers.get('content-type'), body);
      onCall({ ...asked, status: answer.status, violations: parseViolations(answer.headers.get('sl-violations')), ...(failure ? { failure } : {}) });
      await settleQuietly(() => route.fulfill({ status: answer.status, headers: pageHeaders(answer.headers), body }));
    },
  );
}

/**
 * Answers the page, unless it no longer waits: a call it cancelled (a search overtaken by the next
 * keystroke) or one still under way when its test ended is already settled by Playwright. Prism's
 * verdict on such a call was written all the same.
 */
async function settleQuietly(answer: () => Promise<void>): Promise<void> {
  try {
    await answer();
  } catch {
    // The page went away or gave up on the call first.
  }
}
