import type { BrowserContext, Request } from '@playwright/test';

/** Headers that belong to one connection, or that fetch sets itself from the body. */
const NOT_FORWARDED = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect', 'te', 'trailer', 'proxy-connection']);

/**
 * The headers of the page's request as the server should get them through Prism: all of them (the
 * bearer token, `X-XSRF-TOKEN`, `Origin`…) but those of the connection, with the cookies the browser
 * holds for its URL when the intercepted request does not list them yet.
 */
export async function forwardedHeaders(context: BrowserContext, request: Request): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(await request.allHeaders())) {
    if (!NOT_FORWARDED.has(name) && !name.startsWith(':')) headers[name] = value;
  }
  if (!headers.cookie) {
    const cookies = await context.cookies(request.url());
    if (cookies.length) headers.cookie = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }
  return headers;
}

/**
 * Prism's answer headers for the page: without Prism's verdict (`sl-violations`) or what belongs to
 * the connection, and with each cookie of `Set-Cookie` on a line of its own, which Playwright sends as
 * one header each ({@link splitFoldedSetCookie}).
 */
export function pageHeaders(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name === 'sl-violations' || name === 'content-length' || name === 'set-cookie' || NOT_FORWARDED.has(name)) return;
    result[name] = value;
  });
  const cookies = headers.getSetCookie().flatMap(splitFoldedSetCookie);
  if (cookies.length) result['set-cookie'] = cookies.join('\n');
  return result;
}

/**
 * The cookies of one `Set-Cookie` value that Prism's proxy folded together. Prism joins the server's
 * several `Set-Cookie` headers into one with commas, which a browser reads as a single cookie (a known
 * Prism bug, open for 5.14.2: https://github.com/stoplightio/prism/issues/2676): the value is split
 * again where a comma starts a new `name=`, which the comma of an `Expires` date
 * (`Expires=Sun, 29 Nov 2026 …`) never does.
 */
export function splitFoldedSetCookie(value: string): string[] {
  return value
    .split(/,(?=\s*[^;,=\s]+=)/)
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie !== '');
}
