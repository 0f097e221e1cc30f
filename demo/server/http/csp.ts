import { randomBytes } from 'node:crypto';

/** A fresh nonce for one response's Content-Security-Policy (128 bits, base64). */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of the storefront page the server sends on every shop host:
 * - `script-src 'self' 'nonce-…'`: the bundle under /dist (and the live-chat script under /storage)
 *   from this origin, and a shop's live-chat script from elsewhere only through the page's nonce,
 *   which the elements hand to the `<script>` they add (src/store/livechat.ts). No inline script and
 *   no `eval`: nothing the shop's content or an injected string holds can run;
 * - `style-src 'self' 'unsafe-inline'`: the elements declare their font faces in a `<style>` on the
 *   document (`@font-face` is ignored inside shadow roots) and theme through inline custom properties;
 * - `object-src 'none'`, `base-uri 'none'`: no plugins, no `<base>` re-pointing relative URLs;
 * - `frame-ancestors`: only the store designers (`DESIGNER_ORIGINS`) may frame a shop, `'none'` when
 *   there are none, so no other site can overlay its "Place order" button (clickjacking).
 */
export function storefrontCsp(nonce: string, designerOrigins: readonly string[]): string {
  const origins = designerOrigins.filter(isExactOrigin);
  const ancestors = origins.length > 0 ? origins.join(' ') : "'none'";
  return [
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** `https://designer.example` exactly (no path, no stray characters): nothing else may enter the header. */
function isExactOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}
