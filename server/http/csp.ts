import { randomBytes } from 'node:crypto';

/** A fresh nonce for one response's Content-Security-Policy (128 bits, base64). */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of the storefront page the server sends on every shop host:
 * - `default-src 'self'`: whatever no directive below names (fonts, frames, media, workers, manifests)
 *   comes from this origin only; the elements' fonts are files of the bundle under /dist;
 * - `script-src 'self' 'nonce-…'`: the bundle under /dist (and the live-chat script under /storage)
 *   from this origin, and a shop's live-chat script from elsewhere only through the page's nonce,
 *   which the elements hand to the `<script>` they add (src/store/livechat.ts). No inline script and
 *   no `eval`: nothing the shop's content or an injected string holds can run;
 * - `style-src 'self' 'unsafe-inline'`: the elements declare their font faces in a `<style>` on the
 *   document (`@font-face` is ignored inside shadow roots) and theme through inline custom properties;
 * - `connect-src 'self'`: the storefront calls only its own API (the provider's, on this origin), so
 *   an injected script could not send what it read anywhere else;
 * - `img-src 'self' https:`: product pictures, logos and the favicon from /storage, and the absolute
 *   https pictures a shop's content may name (spec §7: absolute URLs pass through); no `data:` (the
 *   content sanitiser drops it too) and no plain http;
 * - `form-action 'self'`: the storefront's forms are sent by script to its API; a form injected into
 *   the page cannot post credentials elsewhere;
 * - a shop's live chat served from another https origin (`chatOrigin`, see {@link liveChatOrigin}) may also connect, frame,
 *   style and load fonts from that origin, as chat widgets do; one on this origin needs nothing more;
 * - `object-src 'none'`, `base-uri 'none'`: no plugins, no `<base>` re-pointing relative URLs;
 * - `frame-ancestors`: only the store designers (`DESIGNER_ORIGINS`) may frame a shop, `'none'` when
 *   there are none, so no other site can overlay its "Place order" button (clickjacking).
 */
export function storefrontCsp(nonce: string, designerOrigins: readonly string[], chatOrigin: string | null = null): string {
  const origins = designerOrigins.filter(isExactOrigin);
  const ancestors = origins.length > 0 ? origins.join(' ') : "'none'";
  const chat = chatOrigin !== null && isExactOrigin(chatOrigin) && chatOrigin.startsWith('https:') ? ` ${chatOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'unsafe-inline'${chat}`,
    `connect-src 'self'${chat}`,
    "img-src 'self' https:",
    `font-src 'self'${chat}`,
    `frame-src 'self'${chat}`,
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/**
 * The origin of a shop's live-chat script when it is enabled and served from another https origin
 * (`livechat_script`, docs/api.md), else null: a script under this origin's /storage needs no more.
 */
export function liveChatOrigin(website: { livechat_enabled: boolean; livechat_script: string | null }): string | null {
  if (!website.livechat_enabled || !website.livechat_script) return null;
  try {
    const url = new URL(website.livechat_script);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
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
