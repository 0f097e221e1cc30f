import type { Website } from '../contract/contract.ts';

/** Marks the live-chat `<script>` the elements added, so a second element or bundle finds it. */
export const LIVECHAT_MARKER = 'data-shop-livechat';

/**
 * Where the shop's live-chat script is loaded from (`livechat_script`, docs/api.md): an absolute
 * http(s) URL, or a path on the provider's origin (`/storage/…`), resolved against the API base.
 * Anything else (`javascript:`, `data:`, protocol-relative, inline code) is refused.
 */
export function liveChatScriptUrl(script: string | null | undefined, apiBase: string): string | null {
  const value = script?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return safeUrl(value);
  if (value.startsWith('/') && !value.startsWith('//')) return safeUrl(new URL(value, apiBase).href);
  return null;
}

function safeUrl(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The nonce the host page's Content Security Policy lets scripts run with: the `nonce` of a script
 * already on the page (browsers hide the attribute's value but keep the property), else the
 * `<meta property="csp-nonce">` convention. `undefined` when the page uses none.
 */
export function hostPageNonce(doc: Document): string | undefined {
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]');
  const fromScript = script?.nonce || script?.getAttribute('nonce');
  if (fromScript) return fromScript;
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || meta?.content || undefined;
}

/**
 * Adds the shop's live-chat script to the page when `livechat_enabled` (spec §2 "Optional live-chat
 * script injection"): once per page, whatever number of elements or bundles ask, as an external
 * `<script>` carrying the host page's CSP nonce. Content HTML never adds scripts (it is sanitised), so
 * this is the only way a shop's script runs. Returns whether a script was added now.
 */
export function injectLiveChat(website: Website, apiBase: string, doc: Document = document): boolean {
  if (!website.livechat_enabled) return false;
  const src = liveChatScriptUrl(website.livechat_script, apiBase);
  if (!src || doc.querySelector(`script[${LIVECHAT_MARKER}]`)) return false;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.setAttribute(LIVECHAT_MARKER, website.slug);
  const nonce = hostPageNonce(doc);
  if (nonce) script.nonce = nonce;
  doc.head.append(script);
  return true;
}
