import * as v from 'valibot';
import { WebsiteSchema, type Website } from '../contract/contract.ts';

/**
 * The shop's config as the page's server wrote it into the HTML, so the first screen needs no request for it: the reference server's
 * storefront page carries `<script type="application/json" id="shop-config" data-slug="acme">{…}</script>`
 * (server/http/first-screen.ts), so the storefront need not ask `GET /api/slug/website` before it
 * can show anything. Read with the same tolerant contract as the API's answer; anything unusable (no
 * such script, malformed JSON, no id, another shop's config) is ignored and the config is fetched as
 * on any other page.
 *
 * @module
 */

/** The id of the JSON script holding the shop's config. */
export const INLINED_SHOP_ID = 'shop-config';

/**
 * The config of shop `slug` from the page's JSON script in `root`, or null when there is none usable.
 * The script must name the shop (`data-slug`) and the config must be that shop's (or name none, as an
 * API answer without a slug may): a page that carries another shop's config never shows it.
 */
export function readInlinedWebsite(slug: string, root: ParentNode | null = typeof document === 'undefined' ? null : document): Website | null {
  const script = root?.querySelector(`script#${INLINED_SHOP_ID}[type="application/json"]`);
  if (!script || script.getAttribute('data-slug') !== slug) return null;
  let body: unknown;
  try {
    body = JSON.parse(script.textContent ?? '');
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || typeof (body as { id?: unknown }).id !== 'number') return null;
  let parsed: v.SafeParseResult<typeof WebsiteSchema>;
  try {
    parsed = v.safeParse(WebsiteSchema, body);
  } catch {
    // Strict answers (the reference server's tests) throw on a fallback: then the API decides.
    return null;
  }
  if (!parsed.success) return null;
  const website = parsed.output;
  if (website.slug !== '' && website.slug !== slug) return null;
  // As the API's answer is read (src/api/website.ts): a config without its slug or name names the shop asked for.
  const known = website.slug === '' ? { ...website, slug } : website;
  return known.name === '' ? { ...known, name: known.slug } : known;
}
